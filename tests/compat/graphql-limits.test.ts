/**
 * GraphQL limits: a query nested or aliased into millions of fields is refused, before it runs,
 * with a GraphQL error naming the limit, while other people's requests are served as usual; a
 * refused document never reaches graphql's own validation, so refusing it costs little.
 */
import * as graphql from 'graphql';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RENDERED_BYTES, RENDERED_TOO_LARGE, RenderedBudget, bytesInAnswer, costRule } from '../../src/compat/graphql-limits.js';
import { startServer, type Server } from '../server/support.js';
import { guest, type Session } from './protocol-client.js';

// graphql's own `validate`, watched: a refused document must never reach it.
vi.mock('graphql', async (importOriginal) => {
  const actual = await importOriginal<typeof graphql>();
  return { ...actual, validate: vi.fn(actual.validate) };
});
const validated = vi.mocked(graphql.validate);

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
beforeEach(() => {
  validated.mockClear();
});

const aliased = (times: number, body: string) => `{ ${Array.from({ length: times }, (_, i) => `a${i}: ${body}`).join(' ')} }`;
const BOMB = aliased(10, 'lobbies { host { games(first: 50) { renderedGame } } }');

describe('GraphQL limits', () => {
  it('the bomb of ten aliased lobbies { host { games(first: 50) { renderedGame } } } is refused before it runs; another user is served meanwhile', async () => {
    const [bomb, bystander] = await Promise.all([host.graphql(BOMB), other.graphql('{ lobbies { id host { name } } }')]);
    // Refused from the document alone (what it could ask for), with no data: nothing was rendered.
    // How long refusing takes is measured by the benchmarks, not asserted here.
    expect(bomb.json.data).toBeUndefined();
    expect(bomb.json.errors[0].message).toMatch(/^renderedGame is served for at most 5 games per request, and this query could ask for 100000:/);
    expect(bystander.json.errors).toBeUndefined();
    expect(bystander.json.data.lobbies).toHaveLength(5);
  });

  it('depth, aliases and cost each have a limit with its own message', async () => {
    const deep = await host.graphql('{ lobbies { host { games { players { user { games { players { user { games { id } } } } } } } } } }');
    expect(deep.json.errors[0].message).toBe('Syntax Error: Query depth limit of 8 exceeded, found 10.');
    const aliases = await host.graphql(aliased(16, `user(id: "${host.userID}") { name }`));
    expect(aliases.json.errors[0].message).toBe('Syntax Error: Aliases limit of 15 exceeded, found 16.');
    const costly = await host.graphql(aliased(15, 'lobbies { players { id name profilePictureURL subtitle isDev } }'));
    expect(costly.json.errors[0].message).toMatch(/^This query could ask for \d+ fields, more than the 20000 a request may/);
    // Each user's games cost database queries whatever is asked of them: the same id 200 times,
    // each game's players' games, is refused before it runs (it once held the server for 6 s).
    const ids = JSON.stringify(Array.from({ length: 200 }, () => host.userID));
    const lists = await host.graphql(`{ users(ids: ${ids}) { games(first: 3) { players { user { games(first: 1) { id } } } } } }`);
    expect(lists.json.data).toBeUndefined();
    expect(lists.json.errors[0].message).toBe(
      "games is served for at most 20 users per request, and this query could ask for 5000: ask for a few users' games at a time, not under lobbies, users(ids), devUsers or other games' players.",
    );
    // Fragments count as what they spread.
    const fragments = await host.graphql('query { lobbies { ...L } } fragment L on Lobby { host { games(first: 50) { renderedGame } } }');
    expect(fragments.json.errors[0].message).toMatch(/^renderedGame is served for at most 5 games per request/);
  });

  it('nested fragment spreads are counted once each: forty fragments, each spreading the next twice (2^40 fields), are refused at once', () => {
    // Through HTTP the depth limit refuses this shape first; the cost rule must not hang on it
    // either (it walked a fragment again at every spread: 2^40 steps), so it is checked alone.
    const schema = buildSchema('type User { id: ID! } type Query { me: User! }');
    const chain = (n: number) => `{ me { ...F0 } } ${Array.from({ length: n }, (_, i) => `fragment F${i} on User { ...F${i + 1} ...F${i + 1} }`).join(' ')} fragment F${n} on User { id }`;
    expect(validate(schema, parse(chain(40)), [costRule]).map((e) => e.message)).toEqual([
      'This query could ask for more than a billion fields, more than the 20000 a request may: ask for fewer lists, or fewer fields in them.',
    ]);
    // Spreads count what they hold: 2^14 ids and me are within the limit, 2^15 are not.
    expect(validate(schema, parse(chain(14)), [costRule])).toEqual([]);
    expect(validate(schema, parse(chain(15)), [costRule]).map((e) => e.message)).toEqual([
      'This query could ask for 32769 fields, more than the 20000 a request may: ask for fewer lists, or fewer fields in them.',
    ]);
  });

  it('a document of more than 2000 tokens is refused before it is validated', async () => {
    const long = await host.graphql(`{ me { ${'id '.repeat(2_000)} } }`);
    expect(long.status).toBe(400);
    expect(long.json.errors[0].message).toBe('Syntax Error: Document contains more that 2000 tokens. Parsing aborted.');
    const under = await host.graphql(`{ me { ${'id '.repeat(149)} } }`);
    expect(under.json.errors).toBeUndefined();
  });

  it('a document of more than 150 fields and fragments is refused before graphql validates it', async () => {
    // The probe's document: 7 KB, within the token limit, and 100 ms or more of graphql's validation
    // (every two of the 490 fields of the same name compared) before the cost rule refused it. That
    // validation never runs is what bounds the refusal's cost (a CPU time asserted here failed on a
    // loaded machine: timings belong to the benchmarks).
    const probe = `{ ${'lobbies{id} '.repeat(490)} }`;
    const refusal = 'This query has 980 selections (fields and fragments), more than the 150 a request may: ask for each field once, and for fewer fields.';
    const answer = await host.graphql(probe);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ errors: [{ message: refusal }] });
    expect(validated).not.toHaveBeenCalled();
    // Fragments count as written, each spread once: 150 is within the limit, 151 is not.
    const spreads = (n: number) => `{ me { ...F } } fragment F on User { ${'id '.repeat(n - 2)} }`;
    expect((await host.graphql(spreads(150))).json.errors).toBeUndefined();
    expect(validated).toHaveBeenCalledTimes(1);
    expect((await host.graphql(spreads(151))).json.errors).toEqual([{ message: refusal.replace('980', '151') }]);
    expect(validated).toHaveBeenCalledTimes(1);
  });

  it('renderedGame answers are bounded: at most 2 MB of games a request, counted as they go out in the answer', () => {
    const game = JSON.stringify({ name: 'Zoë "the bold"', path: 'a\\b' });
    // What a string adds to a JSON answer is exactly what JSON.stringify makes of it.
    expect(bytesInAnswer(game)).toBe(Buffer.byteLength(JSON.stringify(game)));
    const budget = new RenderedBudget();
    const large = JSON.stringify({ events: 'x'.repeat(MAX_RENDERED_BYTES / 2) });
    expect(budget.take(large)).toBe(large);
    expect(() => budget.take(large)).toThrow(RENDERED_TOO_LARGE);
    expect(RENDERED_TOO_LARGE).toBe(
      "renderedGame is served for at most 2 MB of games per request, and this request's games hold more: ask for fewer of them with a smaller games(first: ...).",
    );
  });

  it('what the documented clients ask is served: one user\'s games with renderedGame, the whole lobby list', async () => {
    const profile = await other.graphql('query ($id: ID!) { user(id: $id) { games(first: 5) { id renderedGame } } }', { id: host.userID });
    expect(profile.json.errors).toBeUndefined();
    expect(profile.json.data.user.games).toHaveLength(5);
    const lobbies = await other.graphql('{ lobbies { id sequenceID name host { id name } players { id name profilePictureURL } options modules playerIDToBotType { playerID botType } game { id endTimestamp } creationDate status } }');
    expect(lobbies.json.errors).toBeUndefined();
  });
});
