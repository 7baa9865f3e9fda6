/**
 * An unexpected failure (here a database that stops answering, simulated by making its queries on
 * one table throw) is logged with its cause and answered as each transport's internal error: never
 * as "not found", never as a `null`, and never with the cause's message, which may name hosts,
 * queries or data.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import { channel, guest, type Session } from '../compat/protocol-client.js';
import { refused } from './roles.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

const CAUSE = 'connection to 10.1.2.3:5432 terminated: password authentication failed for user "mythos"';
const INTERNAL = 'Something went wrong on our side.';

/** Every log line the server writes, parsed. */
const lines: { level: number; msg: string; err?: { message: string } }[] = [];
let server: Server;
let host: Guest;
let session: Session;
let lobbyID: string;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  server = await startServer({}, { logger: pino({ level: 'warn' }, sink) });
  host = await signInGuest(server, 'Hana');
  session = await guest(server.url, 'Sol');
  lobbyID = (await host.client.lobbies.create.mutate()).id;
});
afterAll(async () => {
  host.close();
  await server.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** From now on every query that starts at `table` fails as an unreachable database would. */
function breakTable(table: keyof Database): void {
  const kysely = server.app.services.db.kysely as Kysely<Database>;
  const selectFrom = kysely.selectFrom.bind(kysely);
  vi.spyOn(kysely, 'selectFrom').mockImplementation(((from: keyof Database) => {
    if (from === table) throw new Error(CAUSE);
    return selectFrom(from);
  }) as typeof kysely.selectFrom);
}

/** The error lines logged since `from`, each with the cause it carries. */
const loggedErrors = (from: number) => lines.slice(from).filter((line) => line.level >= 50);

describe('an unexpected failure', () => {
  test('in the GraphQL lobby resolver is a GraphQL error, not a null lobby, and is logged', async () => {
    const from = lines.length;
    breakTable('lobbies');
    const answer = await session.graphql('query ($id: ID!) { lobby(id: $id) { id name } }', { id: lobbyID });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ data: { lobby: null }, errors: [{ message: INTERNAL, locations: [{ line: 1, column: 20 }], path: ['lobby'] }] });
    expect(answer.text).not.toContain('10.1.2.3');
    expect(loggedErrors(from)).toEqual([expect.objectContaining({ msg: 'GraphQL resolver failed', err: expect.objectContaining({ message: CAUSE }) })]);

    // A lobby that does not exist is still simply null, with no error.
    vi.restoreAllMocks();
    const missing = await session.graphql('{ lobby(id: "l_nowhere") { id } }');
    expect(missing.json).toEqual({ data: { lobby: null } });
  });

  test('in a REST route is a 500 with the internal message, logged, not a 404', async () => {
    const from = lines.length;
    breakTable('games');
    const answer = await session.call('GET', '/api/game/g_anything/state');
    expect([answer.status, answer.json]).toEqual([500, { ok: false, error: INTERNAL }]);
    expect(loggedErrors(from)).toEqual([expect.objectContaining({ msg: 'request failed', err: expect.objectContaining({ message: CAUSE }) })]);
  });

  test('in a tRPC procedure is INTERNAL_SERVER_ERROR with the internal message, logged', async () => {
    const from = lines.length;
    breakTable('lobbies');
    expect(await refused(host.client.lobbies.get.query({ lobbyID }))).toEqual({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, message: INTERNAL, ruleCode: null });
    expect(loggedErrors(from)).toEqual([expect.objectContaining({ msg: 'tRPC procedure failed', err: expect.objectContaining({ message: CAUSE }) })]);
  });

  test('in a /channel message is an error message with the internal message, logged; the socket still works', async () => {
    const socket = await channel(server.url, { jwt: session.jwt });
    const from = lines.length;
    breakTable('lobbies');
    expect(await socket.ask({ type: 'subscribe', topic: `lobby/${lobbyID}` })).toEqual({ type: 'error', message: INTERNAL });
    expect(loggedErrors(from)).toEqual([expect.objectContaining({ msg: 'channel message failed', err: expect.objectContaining({ message: CAUSE }) })]);
    vi.restoreAllMocks();
    expect(await socket.quiet({ type: 'subscribe', topic: `lobby/${lobbyID}` })).toEqual([]);
    await socket.close();
  });

  test('refusals are not logged as failures: a missing lobby is NOT_FOUND everywhere', async () => {
    const from = lines.length;
    expect(await refused(host.client.lobbies.get.query({ lobbyID: 'l_nowhere' }))).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, message: 'Lobby l_nowhere not found.' });
    const rest = await session.call('POST', '/api/lobby/l_nowhere/join', {});
    expect([rest.status, rest.json]).toEqual([404, { ok: false, error: 'Lobby l_nowhere not found.' }]);
    expect(loggedErrors(from)).toEqual([]);
  });
});
