/**
 * The lobby setting "Show odds to players": off by default, changed by the host alone (the same
 * refusals as the other lobby settings), seen by everyone in the lobby's view over tRPC, GraphQL
 * and REST, and carried into the game: `games.settings` tells the game screen whether its seated
 * players see the odds.
 */
import { describe, expect, test } from 'vitest';
import { caller, guest, type Session } from '../compat/protocol-client.js';
import { DATABASES, useServer } from './databases.js';
import { GAME_STARTED, HOST_ONLY, LOGIN_REQUIRED, openLobby, refused, signInRoles, type Roles } from './roles.js';

describe.each(DATABASES)('show odds to players on %s', (database) => {
  const suite = useServer<Roles>(database, { setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;

  test('tRPC: off by default; only the host turns it on; the game started from the lobby carries it', async () => {
    const { host, member, outsider, anonymous } = roles();
    const lobbyID = await openLobby(host, member);
    expect((await member.client.lobbies.get.query({ lobbyID })).showOddsToPlayers).toBe(false);

    expect(await refused(member.client.lobbies.setShowOdds.mutate({ lobbyID, value: true }))).toMatchObject(HOST_ONLY);
    expect(await refused(anonymous.lobbies.setShowOdds.mutate({ lobbyID, value: true }))).toMatchObject(LOGIN_REQUIRED);
    expect(await refused(host.client.lobbies.setShowOdds.mutate({ lobbyID, value: 'yes' as unknown as boolean }))).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
    const before = (await outsider.client.lobbies.get.query({ lobbyID })).sequenceID;
    await host.client.lobbies.setShowOdds.mutate({ lobbyID, value: true });
    const after = await outsider.client.lobbies.get.query({ lobbyID });
    expect(after).toMatchObject({ showOddsToPlayers: true, sequenceID: before + 1 });
    // A lobby setting, not a game option: the options the engine gets are untouched.
    expect(Object.keys(after.options)).not.toContain('showOddsToPlayers');

    const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
    expect(await refused(host.client.lobbies.setShowOdds.mutate({ lobbyID, value: false }))).toMatchObject(GAME_STARTED);
    for (const who of [host, member, outsider]) expect(await who.client.games.settings.query({ gameID })).toEqual({ showOddsToPlayers: true, turnTimerOn: true, turnTimerSeconds: 90 });

    // Another lobby left alone: its game's players do not see the odds.
    const plain = await openLobby(host, member);
    const { gameID: plainGame } = await host.client.lobbies.start.mutate({ lobbyID: plain });
    expect(await member.client.games.settings.query({ gameID: plainGame })).toEqual({ showOddsToPlayers: false, turnTimerOn: true, turnTimerSeconds: 90 });
    expect(await refused(member.client.games.settings.query({ gameID: 'g_nothing' }))).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, message: 'Game g_nothing not found.' });
  });

  test("games.settings says whether the game's turn timer is on: 'Automatic' with two people or more, 'On', never 'Off'", async () => {
    const { host, member } = roles();
    const timerOn = async (turnTimer: 'auto' | 'on' | 'off', ...members: (typeof member)[]) => {
      const lobbyID = await openLobby(host, ...members);
      await host.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer });
      if (members.length === 0) await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
      return (await host.client.games.settings.query({ gameID })).turnTimerOn;
    };
    expect(await timerOn('auto', member)).toBe(true);
    expect(await timerOn('auto')).toBe(false);
    expect(await timerOn('on')).toBe(true);
    expect(await timerOn('off', member)).toBe(false);
  });
});

describe('show odds to players over REST and GraphQL', () => {
  const suite = useServer<{ host: Session; other: Session }>('sqlite', {
    setup: async (server) => ({ host: await guest(server.url, 'Rhea'), other: await guest(server.url, 'Otto') }),
  });

  test('POST /api/lobby/{id}/set_show_odds: the host only, a boolean only; GraphQL Lobby.showOddsToPlayers shows it', async () => {
    const { host, other } = suite().data;
    const lobbyID = (await host.call('POST', '/api/lobby/create')).json.id as string;
    expect((await other.call('POST', `/api/lobby/${lobbyID}/join`, {})).status).toBe(200);
    const shown = async () => (await other.graphql('query ($id: ID!) { lobby(id: $id) { showOddsToPlayers } }', { id: lobbyID })).json;
    expect(await shown()).toEqual({ data: { lobby: { showOddsToPlayers: false } } });

    const notHost = await other.call('POST', `/api/lobby/${lobbyID}/set_show_odds`, { value: true });
    expect([notHost.status, notHost.json]).toEqual([403, { ok: false, error: 'Only the host can do that.' }]);
    const anonymous = await caller(suite().server.url, null).call('POST', `/api/lobby/${lobbyID}/set_show_odds`, { value: true });
    expect([anonymous.status, anonymous.json]).toEqual([401, { ok: false, error: 'You must be logged in.' }]);
    const notBoolean = await host.call('POST', `/api/lobby/${lobbyID}/set_show_odds`, { value: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.json).toEqual({ ok: false, error: 'Invalid value: Invalid input: expected boolean, received string' });

    const set = await host.call('POST', `/api/lobby/${lobbyID}/set_show_odds`, { value: true });
    expect([set.status, set.json]).toEqual([200, { ok: true }]);
    expect(await shown()).toEqual({ data: { lobby: { showOddsToPlayers: true } } });
  });
});
