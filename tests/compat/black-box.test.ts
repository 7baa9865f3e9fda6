/**
 * A black-box client of the documented protocol: plain fetch and a plain websocket (the compat
 * tests' protocol client, which knows nothing of the server's code), no project code beyond
 * starting the server. It signs in as a guest, sets up a lobby,
 * plays a whole game with add_action while receiving its updates on /channel, then reads the
 * history list and the GraphQL profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from '../server/support.js';
import { caller, channel, type Caller } from './protocol-client.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

/** Signs in as a guest through POST /auth/guest, as a browser's form does, and keeps the cookie. */
async function guest(name: string): Promise<Caller> {
  const login = await fetch(`${server.url}/auth/guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: 'guest', redirect: '/lobby-list' }),
    redirect: 'manual',
  });
  expect(login.status).toBe(303);
  expect(login.headers.get('location')).toBe('/lobby-list');
  return caller(server.url, login.headers.get('set-cookie')!.split(';')[0]!);
}

describe('a black-box client', () => {
  it('plays a whole game through the documented calls', async () => {
    const me = await guest('Black Box');
    const token = await me.raw('GET', '/auth/jwt', undefined, { 'x-mythos-client': 'black-box' });
    expect([token.status, token.contentType]).toEqual([200, 'application/json; charset=utf-8']);
    expect(token.json).toEqual({ ok: true, jwt: expect.any(String) });
    const jwt: string = token.json.jwt;
    expect(jwt.split('.')).toHaveLength(3);

    const definitions = await me.call('GET', '/api/game_definitions');
    expect(definitions.json.cardDefs.length).toBeGreaterThan(150);
    expect(definitions.json.modules.map((m: { key: string }) => m.key)).toEqual(['conquest', 'beta', 'altleaders', 'noupgrade', 'legacy']);

    const { id: lobbyID } = (await me.call('POST', '/api/lobby/create')).json;
    const ws = await channel(server.url, { jwt });
    ws.send({ type: 'subscribe', topic: `lobby/${lobbyID}` });
    ws.send({ type: 'subscribe', topic: 'lobby_list' });
    // A lobby's subscribe has no answer: the changes below wait until the server has handled it.
    await ws.handled();
    expect((await me.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'easy_bot' })).status).toBe(200);
    expect((await me.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'basic_bot' })).status).toBe(200);
    expect((await me.call('POST', `/api/lobby/${lobbyID}/set_game_option`, { option: 'tradeRowSlide', value: true })).status).toBe(200);
    expect((await me.call('POST', `/api/lobby/${lobbyID}/set_module`, { module: 'altleaders', enabled: true })).status).toBe(200);
    const lobbyUpdate = await ws.until((m) => m.type === 'topic' && m.topic === `lobby/${lobbyID}` && m.data.sequenceID >= 5);
    expect(lobbyUpdate.data).toEqual({ lobbyID, sequenceID: 5 });
    await ws.until((m) => m.type === 'topic' && m.topic === 'lobby_list');

    const { gameID } = (await me.call('POST', `/api/lobby/${lobbyID}/start`, {})).json;
    expect(gameID).toMatch(/^g_/);
    const meID = (await me.call('GET', `/api/game/${gameID}/state`)).json.viewerID;
    ws.send({ type: 'subscribe', topic: `game/${gameID}` });
    ws.send({ type: 'subscribe', topic: `inbox/${meID}/game/${gameID}` });
    await ws.until((m) => m.topic === `game/${gameID}`);

    let state = (await me.call('GET', `/api/game/${gameID}/state`)).json;
    expect(state.options.tradeRowSlide).toBe(true);
    expect(state.modules).toEqual(['altleaders']);
    let moves = 0;
    while (state.gameEndTimestamp === null) {
      const player = state.players.find((p: { userID: string }) => p.userID === meID);
      let action: unknown;
      if (state.phase === 'PLANNING') action = { type: 'BID', bid: { military: player.counters.military, tradeRowIndex: moves % state.tableIDs.length } };
      else if (state.phase === 'WAR') action = { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: state.rerollRound } };
      else {
        const won = player.selectedCard;
        const card = (id: number) => state.cardsByID[id];
        const affordable = (id: number) => card(id).cost <= player.counters.gold && (card(id).additionalCosts?.warTokens ?? 0) <= player.counters.warTokens;
        const free = state.basicPile.find((id: number) => card(id).cost === 0 && !card(id).additionalCosts?.warTokens);
        action = { type: 'RESOLVE', resolve: { cardIDToGain: won !== null && affordable(won) ? won : free } };
      }
      const result = await me.call('POST', `/api/game/${gameID}/add_action`, { action });
      expect(result.json, result.text).toMatchObject({ ok: true });
      state = (await me.call('GET', `/api/game/${gameID}/state`)).json;
      moves++;
    }
    expect(moves).toBeGreaterThanOrEqual(30);
    const last = await ws.until((m) => m.type === 'topic' && m.topic === `game/${gameID}` && m.data.game.gameEndTimestamp !== null);
    expect(last.data.game.winnerIDs).toEqual(state.winnerIDs);
    await ws.until((m) => m.type === 'topic' && m.topic === `inbox/${meID}/game/${gameID}` && m.data.game.gameEndTimestamp !== null);

    const history = (await me.call('GET', `/api/game_history_list?includeBots=1&userID=${meID}`)).json;
    expect(history[0]).toMatchObject({ id: gameID, players: expect.arrayContaining([{ userID: meID }]) });
    expect(history[0].gameEndTimestamp).toBe(state.gameEndTimestamp);
    expect((await me.call('GET', `/api/game_history_list?userID=${meID}`)).json).toEqual([]);

    const query = `query Profile($id: ID!) { user(id: $id) { name statsJSON games(first: 5) { id endTimestamp players { user { id name } gameStatsJSON } renderedGame } } }`;
    const graph = await me.call('GET', `/api/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ id: meID }))}`);
    expect(graph.json.errors).toBeUndefined();
    const profile = graph.json.data.user;
    expect(profile.name).toBe('Black Box');
    // Each player's game stats are the game's own end: their final favor as score (made of its
    // four parts), and a win exactly for the players with the most favor.
    const finalFavor = new Map<string, number>(state.players.map((p: { userID: string; counters: { favor: number } }) => [p.userID, p.counters.favor]));
    const most = Math.max(...finalFavor.values());
    expect([...finalFavor.keys()].filter((id) => finalFavor.get(id) === most).sort()).toEqual([...state.winnerIDs].sort());
    expect(profile.games[0].id).toBe(gameID);
    expect(profile.games[0].players).toHaveLength(3);
    for (const p of profile.games[0].players) {
      const stats = JSON.parse(p.gameStatsJSON);
      expect(stats.score, p.user.name).toBe(finalFavor.get(p.user.id));
      expect(stats.scoreFromCards + stats.scoreFromProphecies + stats.scoreFromTributes + stats.scoreFromResources, p.user.name).toBe(stats.score);
      expect(stats.won, p.user.name).toBe(state.winnerIDs.includes(p.user.id));
    }
    expect(JSON.parse(profile.statsJSON)).toMatchObject({ gamesPlayed: 1, gamesWon: state.winnerIDs.includes(meID) ? 1 : 0, score: finalFavor.get(meID) });
    expect(JSON.parse(profile.games[0].renderedGame).winnerIDs).toEqual(state.winnerIDs);
    await ws.close();
  });
});
