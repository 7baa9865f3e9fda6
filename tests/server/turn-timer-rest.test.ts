/**
 * The turn timer and its pace over the documented protocol: REST's set_turn_timer and
 * set_turn_pace (the host alone, the listed values alone, as the other lobby settings), and
 * GraphQL's Lobby.turnTimer, turnPace and turnTimerSeconds showing them.
 */
import { describe, expect, test } from 'vitest';
import { caller, guest, type Session } from '../compat/protocol-client.js';
import { useServer } from './databases.js';

describe('the turn timer over REST and GraphQL', () => {
  const suite = useServer<{ host: Session; other: Session }>('sqlite', {
    config: { turnTimerSeconds: 90 },
    setup: async (server) => ({ host: await guest(server.url, 'Tara'), other: await guest(server.url, 'Tomas') }),
  });

  test('POST /api/lobby/{id}/set_turn_timer and /set_turn_pace: the host only, a listed value only; GraphQL shows them', async () => {
    const { host, other } = suite().data;
    const lobbyID = (await host.call('POST', '/api/lobby/create')).json.id as string;
    expect((await other.call('POST', `/api/lobby/${lobbyID}/join`, {})).status).toBe(200);
    const shown = async () => (await other.graphql('query ($id: ID!) { lobby(id: $id) { turnTimer turnPace turnTimerSeconds } }', { id: lobbyID })).json;
    expect(await shown()).toEqual({ data: { lobby: { turnTimer: 'auto', turnPace: 'normal', turnTimerSeconds: 90 } } });

    for (const [path, value] of [['set_turn_timer', 'on'], ['set_turn_pace', 'fast']] as const) {
      const notHost = await other.call('POST', `/api/lobby/${lobbyID}/${path}`, { value });
      expect([notHost.status, notHost.json]).toEqual([403, { ok: false, error: 'Only the host can do that.' }]);
      const anonymous = await caller(suite().server.url, null).call('POST', `/api/lobby/${lobbyID}/${path}`, { value });
      expect([anonymous.status, anonymous.json]).toEqual([401, { ok: false, error: 'You must be logged in.' }]);
    }
    const badTimer = await host.call('POST', `/api/lobby/${lobbyID}/set_turn_timer`, { value: 'sometimes' });
    expect([badTimer.status, badTimer.json]).toEqual([400, { ok: false, error: 'Invalid value: Invalid option: expected one of "auto"|"on"|"off"' }]);
    const badPace = await host.call('POST', `/api/lobby/${lobbyID}/set_turn_pace`, { value: 'blitz' });
    expect([badPace.status, badPace.json]).toEqual([400, { ok: false, error: 'Invalid value: Invalid option: expected one of "fast"|"normal"|"slow"' }]);
    expect(await shown()).toEqual({ data: { lobby: { turnTimer: 'auto', turnPace: 'normal', turnTimerSeconds: 90 } } });

    expect((await host.call('POST', `/api/lobby/${lobbyID}/set_turn_timer`, { value: 'on' })).json).toEqual({ ok: true });
    expect((await host.call('POST', `/api/lobby/${lobbyID}/set_turn_pace`, { value: 'slow' })).json).toEqual({ ok: true });
    expect(await shown()).toEqual({ data: { lobby: { turnTimer: 'on', turnPace: 'slow', turnTimerSeconds: 180 } } });

    // Once the game has started, the lobby takes no change.
    expect((await host.call('POST', `/api/lobby/${lobbyID}/start`)).status).toBe(200);
    const late = await host.call('POST', `/api/lobby/${lobbyID}/set_turn_pace`, { value: 'fast' });
    expect([late.status, late.json]).toEqual([409, { ok: false, error: 'The game has already started.' }]);
  });
});
