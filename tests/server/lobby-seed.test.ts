/**
 * Dice the server cannot choose, on the server: a lobby shows the commitment to its secret from
 * its creation, on tRPC and GraphQL; seated people give values for the seed (tRPC and REST),
 * with their seat or after, public once given, refused with a sentence when the seed cannot take them; the game started
 * from the lobby has the seed the published function gives of the secret and the values, and
 * reveals a secret that matches the commitment the lobby showed before any value was given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { commitmentOf, isSeed, mixedSeed } from '../../src/engine/index.js';
import { caller } from '../compat/protocol-client.js';
import { databaseBefore } from './migrations.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

let server: Server;
let ann: Guest;
let bea: Guest;
let cat: Guest;

beforeAll(async () => {
  server = await startServer();
  [ann, bea, cat] = await Promise.all([signInGuest(server, 'Ann'), signInGuest(server, 'Bea'), signInGuest(server, 'Cat')]);
});

afterAll(async () => {
  for (const guest of [ann, bea, cat]) guest?.close();
  await server?.close();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { message: string; data?: { code?: string } }) => ({ code: error.data?.code, message: error.message }),
  );

describe("a lobby's commitment and its people's values", () => {
  it('starts a game whose seed is the published function of the secret and the values, and reveals the secret the lobby committed to', async () => {
    const created = await ann.client.lobbies.create.mutate();
    const lobbyID = created.id;
    // Before anyone gives a value: the commitment, on tRPC and GraphQL alike, and in create's answer.
    const fresh = await ann.client.lobbies.get.query({ lobbyID });
    const shown = fresh.serverSecretCommitment;
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    expect(created.serverSecretCommitment).toBe(shown);
    expect(fresh.players).toEqual([expect.objectContaining({ id: ann.userID, seedValue: null })]);
    const graphql = await caller(server.url, ann.cookie).graphql('query ($id: ID!) { lobby(id: $id) { serverSecretCommitment players { id seedValue } } }', { id: lobbyID });
    expect(graphql.json).toEqual({ data: { lobby: { serverSecretCommitment: shown, players: [{ id: ann.userID, seedValue: null }] } } });

    await bea.client.lobbies.join.mutate({ lobbyID });
    await cat.client.lobbies.join.mutate({ lobbyID });
    await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    await ann.client.lobbies.contribute.mutate({ lobbyID, value: 'first try' });
    await ann.client.lobbies.contribute.mutate({ lobbyID, value: 'c0ffee c0ffee!' });
    // REST, as the documented protocol's clients call it.
    const rest = await caller(server.url, bea.cookie).call('POST', `/api/lobby/${lobbyID}/contribute`, { value: '7f3a9d' });
    expect([rest.status, rest.json]).toEqual([200, { ok: true }]);

    // Values are public once given; Cat gave none, the bot's seat never has one; the commitment stands.
    const lobby = await cat.client.lobbies.get.query({ lobbyID });
    expect(lobby.serverSecretCommitment).toBe(shown);
    expect(lobby.players.map((p) => p.seedValue)).toEqual(['c0ffee c0ffee!', '7f3a9d', null, null]);
    const botID = lobby.playerIDToBotType[0]![0];

    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    const game = (await server.app.services.games.get(gameID))!;
    const contributions = [
      { userID: ann.userID, value: 'c0ffee c0ffee!' },
      { userID: bea.userID, value: '7f3a9d' },
      { userID: cat.userID, value: '' },
      { userID: botID, value: '' },
    ];
    expect(isSeed(game.serverSecret)).toBe(true);
    expect(commitmentOf(game.serverSecret!)).toBe(shown);
    expect(game.seed).toBe(mixedSeed({ serverSecret: game.serverSecret!, contributions }));
    expect(game).toMatchObject({ serverSecretCommitment: shown, seedContributions: contributions, seedCommitment: commitmentOf(game.seed as string) });

    // The view: the commitments and the values from the start; neither the secret nor the seed.
    const { game: view } = await bea.client.games.state.query({ gameID });
    expect(view).toMatchObject({ serverSecretCommitment: shown, seedContributions: contributions, serverSecret: null, seed: null });
    expect(JSON.stringify(view)).not.toContain(game.serverSecret!);
    const state = await caller(server.url, cat.cookie).call('GET', `/api/game/${gameID}/state`);
    expect(state.json).toMatchObject({ serverSecretCommitment: shown, seedContributions: contributions, serverSecret: null });

    // Once the game has started, no value changes.
    expect(await refusal(ann.client.lobbies.contribute.mutate({ lobbyID, value: 'late' }))).toEqual({ code: 'CONFLICT', message: 'The game has already started.' });
  });

  it('gives each lobby a secret of its own, its commitment in the answer to REST create too', async () => {
    const [a, b] = await Promise.all([ann.client.lobbies.create.mutate(), caller(server.url, ann.cookie).call('POST', '/api/lobby/create')]);
    const [first, second] = await Promise.all([ann.client.lobbies.get.query({ lobbyID: a.id }), ann.client.lobbies.get.query({ lobbyID: b.json.id as string })]);
    expect(first.serverSecretCommitment).not.toBe(second.serverSecretCommitment);
    expect(b.json).toEqual({ id: second.id, serverSecretCommitment: second.serverSecretCommitment });
  });

  it('refuses a value the seed cannot take, and a value from someone not seated, with a sentence', async () => {
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    const give = (value: string, who: Guest = ann) => refusal(who.client.lobbies.contribute.mutate({ lobbyID, value }));
    expect(await give('')).toEqual({ code: 'BAD_REQUEST', message: 'Enter a value for the dice: 1 to 64 letters, digits or punctuation.' });
    // Spaces alone would show in the lobby as no value at all.
    expect(await give('   ')).toEqual({ code: 'BAD_REQUEST', message: 'Enter a value for the dice: 1 to 64 letters, digits or punctuation.' });
    expect(await give('x'.repeat(65))).toEqual({ code: 'BAD_REQUEST', message: 'A value for the dice has at most 64 characters.' });
    expect(await give('dé')).toEqual({
      code: 'BAD_REQUEST',
      message: 'A value for the dice may use only plain ASCII letters, digits, spaces and punctuation: "é" is not one.',
    });
    expect(await give('mine', bea)).toEqual({ code: 'FORBIDDEN', message: 'Join the lobby to give a value for the dice.' });
    expect(await refusal(ann.client.lobbies.contribute.mutate({ lobbyID: 'l_nope', value: 'x' }))).toEqual({ code: 'NOT_FOUND', message: 'Lobby l_nope not found.' });
    const rest = caller(server.url, bea.cookie);
    expect((await rest.call('POST', `/api/lobby/${lobbyID}/contribute`, { value: 'mine' })).json).toEqual({ ok: false, error: 'Join the lobby to give a value for the dice.' });
    expect((await rest.call('POST', `/api/lobby/${lobbyID}/contribute`, { value: 7 })).json).toEqual({
      ok: false,
      error: 'Invalid value: Invalid input: expected string, received number',
    });
    expect((await ann.client.lobbies.get.query({ lobbyID })).players[0]!.seedValue).toBeNull();
  });

  it('takes a value with the seat (tRPC and REST), so that it is in the seed when the host starts at once; a bad one refuses the seat', async () => {
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    const shown = (await ann.client.lobbies.get.query({ lobbyID })).serverSecretCommitment!;
    const join = (value: unknown, who: Guest = bea) => caller(server.url, who.cookie).call('POST', `/api/lobby/${lobbyID}/join`, { value });
    // Refused as contribute refuses it, and the person is not seated.
    expect(await refusal(bea.client.lobbies.join.mutate({ lobbyID, value: 'dé' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A value for the dice may use only plain ASCII letters, digits, spaces and punctuation: "é" is not one.',
    });
    expect((await join('')).json).toEqual({ ok: false, error: 'Enter a value for the dice: 1 to 64 letters, digits or punctuation.' });
    expect((await join(7)).json).toEqual({ ok: false, error: 'Invalid value: Invalid input: expected string, received number' });
    expect((await ann.client.lobbies.get.query({ lobbyID })).players.map((p) => p.id)).toEqual([ann.userID]);

    await bea.client.lobbies.join.mutate({ lobbyID, value: 'bea sits' });
    expect([(await join('cat sits', cat)).status]).toEqual([200]);
    // The host starts the moment they sit, with nothing in between: both values are in the seed.
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    const game = (await server.app.services.games.get(gameID))!;
    const contributions = [
      { userID: ann.userID, value: '' },
      { userID: bea.userID, value: 'bea sits' },
      { userID: cat.userID, value: 'cat sits' },
    ];
    expect(game.seedContributions).toEqual(contributions);
    expect(commitmentOf(game.serverSecret!)).toBe(shown);
    expect(game.seed).toBe(mixedSeed({ serverSecret: game.serverSecret!, contributions }));
  });

  it("drops a person's value when they leave: it is theirs, not the seat's", async () => {
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await bea.client.lobbies.join.mutate({ lobbyID });
    await bea.client.lobbies.contribute.mutate({ lobbyID, value: 'bea was here' });
    await bea.client.lobbies.leave.mutate({ lobbyID });
    await bea.client.lobbies.join.mutate({ lobbyID });
    expect((await ann.client.lobbies.get.query({ lobbyID })).players.map((p) => p.seedValue)).toEqual([null, null]);
  });
});

describe('the migration', () => {
  it('gives the open lobbies made before it a secret, and leaves those with a game without', async () => {
    const db = await databaseBefore('sqlite', '2026-11-28-006-lobby-seed-secret');
    try {
      await sql`insert into users (id, name, provider, stats_json, created_at) values ('u_1', 'Ann', 'guest', '{}', 0)`.execute(db.kysely);
      for (const [id, game] of [['l_open', null], ['l_played', 'g_1']] as const) {
        await sql`insert into lobbies (id, name, host_id, sequence_id, options_json, modules_json, game_id, created_at, updated_at)
                  values (${id}, 'x', 'u_1', 1, '{}', '[]', ${game}, 0, 0)`.execute(db.kysely);
      }
      await db.upgrade('2026-11-28-006-lobby-seed-secret');
      const rows = await sql<{ id: string; seed_secret: string | null }>`select id, seed_secret from lobbies order by id`.execute(db.kysely);
      expect(rows.rows[0]!.id).toBe('l_open');
      expect(isSeed(rows.rows[0]!.seed_secret)).toBe(true);
      expect(rows.rows[1]).toEqual({ id: 'l_played', seed_secret: null });
    } finally {
      await db.close();
    }
  });
});
