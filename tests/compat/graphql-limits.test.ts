/**
 * GraphQL limits: a query nested or aliased into millions of fields is refused, before it runs,
 * with a GraphQL error naming the limit, while other people's requests are served as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from '../server/support.js';
import { guest, type Session } from './protocol-client.js';

let server: Server;
let host: Session;
let other: Session;

beforeAll(async () => {
  server = await startServer();
  host = await guest(server.url, 'Hoster');
  other = await guest(server.url, 'Bystander');
  // Lobbies whose host has played games: each lobby's host { games } then has games to render.
  for (let i = 0; i < 5; i++) {
    const lobbyID = (await host.call('POST', '/api/lobby/create')).json.id as string;
    await host.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'basic_bot' });
    expect((await host.call('POST', `/api/lobby/${lobbyID}/start`, {})).status).toBe(200);
  }
});
afterAll(async () => server.close());

const aliased = (times: number, body: string) => `{ ${Array.from({ length: times }, (_, i) => `a${i}: ${body}`).join(' ')} }`;
const BOMB = aliased(10, 'lobbies { host { games(first: 50) { renderedGame } } }');

describe('GraphQL limits', () => {
  it('the bomb of ten aliased lobbies { host { games(first: 50) { renderedGame } } } is refused within a second; another user is served meanwhile', async () => {
    const started = performance.now();
    const [bomb, bystander] = await Promise.all([host.graphql(BOMB), other.graphql('{ lobbies { id host { name } } }')]);
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(1_000);
    expect(bomb.json.data).toBeUndefined();
    expect(bomb.json.errors[0].message).toMatch(/^renderedGame is served for at most 50 games per request, and this query could ask for 100000:/);
    expect(bystander.json.errors).toBeUndefined();
    expect(bystander.json.data.lobbies).toHaveLength(5);
  });

  it('depth, aliases and cost each have a limit with its own message', async () => {
    const deep = await host.graphql('{ lobbies { host { games { players { user { games { players { user { games { id } } } } } } } } } }');
    expect(deep.json.errors[0].message).toBe('Syntax Error: Query depth limit of 8 exceeded, found 10.');
    const aliases = await host.graphql(aliased(16, `user(id: "${host.userID}") { name }`));
    expect(aliases.json.errors[0].message).toBe('Syntax Error: Aliases limit of 15 exceeded, found 16.');
    const costly = await host.graphql('{ lobbies { host { games(first: 50) { players { user { name } } } } } }');
    expect(costly.json.errors[0].message).toMatch(/^This query could ask for \d+ fields, more than the 20000 a request may/);
    // Fragments count as what they spread.
    const fragments = await host.graphql('query { lobbies { ...L } } fragment L on Lobby { host { games(first: 50) { renderedGame } } }');
    expect(fragments.json.errors[0].message).toMatch(/^renderedGame is served for at most 50 games per request/);
  });

  it('what the documented clients ask is served: one user\'s games with renderedGame, the whole lobby list', async () => {
    const profile = await other.graphql('query ($id: ID!) { user(id: $id) { games(first: 50) { id renderedGame } } }', { id: host.userID });
    expect(profile.json.errors).toBeUndefined();
    expect(profile.json.data.user.games).toHaveLength(5);
    const lobbies = await other.graphql('{ lobbies { id sequenceID name host { id name } players { id name profilePictureURL } options modules playerIDToBotType { playerID botType } game { id endTimestamp } creationDate status } }');
    expect(lobbies.json.errors).toBeUndefined();
  });
});
