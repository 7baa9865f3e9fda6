/**
 * "Who am I": a client with a cookie asks the server instead of decoding the JWT, on tRPC
 * (`session.me`) and on GraphQL (`me`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, clientFor, startServer, type Server } from '../server/support.js';
import { caller, guest, requestJWT, type Session } from './protocol-client.js';
import { endableGame, saveEnd } from '../server/endable-games.js';

let server: Server;
let ann: Session;

beforeAll(async () => {
  server = await startServer();
  ann = await guest(server.url, 'Ann');
});
afterAll(async () => server.close());

describe('me', () => {
  it('GraphQL answers the signed-in user', async () => {
    const reply = await ann.graphql('{ me { id name isDev canChangeName } }');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ data: { me: { id: ann.userID, name: 'Ann', isDev: false, canChangeName: true } } });
    const byPost = await ann.call('POST', '/api/graphql', { query: '{ me { id } }' });
    expect(byPost.json).toEqual({ data: { me: { id: ann.userID } } });
  });

  it('GraphQL without a session is refused like every other query', async () => {
    const stranger = await caller(server.url, null).graphql('{ me { id } }');
    const other = await caller(server.url, null).graphql('{ lobbies { id } }');
    expect(stranger.status).toBe(other.status);
    expect(stranger.json).toEqual(other.json);
  });

  it('over HTTP a JWT signs in nothing, and the schema says so: its description of me once named the JWT beside the cookie', async () => {
    const jwt = await requestJWT(server.url, ann.cookie);
    const bearer = await fetch(`${server.url}/api/graphql?query=${encodeURIComponent('{ me { id } }')}`, { headers: { authorization: `Bearer ${jwt}` } });
    const stranger = await caller(server.url, null).graphql('{ me { id } }');
    expect(bearer.status).toBe(stranger.status);
    expect(await bearer.json()).toEqual(stranger.json);
    const schema = await ann.graphql('{ __type(name: "Query") { fields { name description } } }');
    const fields = (schema.json as { data: { __type: { fields: { name: string; description: string | null }[] } } }).data.__type.fields;
    expect(fields.find((f) => f.name === 'me')?.description).toBe('The signed-in user: who the session cookie of this request belongs to (over HTTP a JWT signs in nothing).');
  });

  it('tRPC session.me answers the same user, and null to a stranger', async () => {
    const signedIn = clientFor(server, ann.cookie, null);
    const stranger = anonymous(server);
    try {
      expect(await signedIn.client.session.me.query()).toMatchObject({ id: ann.userID, name: 'Ann' });
      expect(await stranger.client.session.me.query()).toBeNull();
    } finally {
      signedIn.close();
      stranger.close();
    }
  });

  it("tRPC session.me says whether the user has finished a game (the game screen's first-game hint goes to those who have not)", async () => {
    const bea = await guest(server.url, 'Bea');
    const signedIn = clientFor(server, bea.cookie, null);
    try {
      expect(await signedIn.client.session.me.query()).toMatchObject({ id: bea.userID, finishedAGame: false });
      const game = await endableGame(server, 'g_me_first', [{ userID: bea.userID, bot: null }, { userID: 'u_me_bot', bot: 'easy_bot' }]);
      // Started, not finished: still none.
      expect((await signedIn.client.session.me.query())!.finishedAGame).toBe(false);
      expect(await saveEnd(server, game)).toBe(true);
      expect((await signedIn.client.session.me.query())!.finishedAGame).toBe(true);
    } finally {
      signedIn.close();
    }
  });
});
