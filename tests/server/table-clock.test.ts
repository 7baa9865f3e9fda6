/**
 * The table beside a game: every seat's deadline (the server's clock, the same for everyone),
 * the stand-in that takes one decision whose time ran out and says so in the log, who is here,
 * away or gone, and leaving a game. Deadlines are kept with the game: a restarted server has the
 * same ones.
 */
import { once } from 'node:events';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { GameDefinitions, GameEvent } from '../../src/engine/index.js';
import type { SeatView } from '../../src/server/services/attendance.js';
import type { WireDelivery } from '../../src/server/services/game-views.js';
import { CARD_DEAL_MS, DELAY_STEP_MS, newRowDealtAt, planAnimations } from '../../src/shared/animation-plan.js';
import { clashDisplayMs } from '../../src/shared/clash-timing.js';
import { requestJWT } from '../compat/protocol-client.js';
import { feed, gameFeed } from './feeds.js';
import { decisionNow, definitionsOf, simpleAction } from './play.js';
import { perTest } from './databases.js';
import { clientFor, type Guest, type Server } from './support.js';

const { serve, guest, closeLater, stopLast } = perTest();

async function twoPeople(server: Server, turnTimer: 'auto' | 'on' | 'off' = 'auto', { unbid = false, pace = 'normal' as 'fast' | 'normal' | 'slow' } = {}) {
  const ann = await guest(server, 'Ann');
  const bob = await guest(server, 'Bob');
  const { id: lobbyID } = await ann.client.lobbies.create.mutate();
  await bob.client.lobbies.join.mutate({ lobbyID });
  await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer });
  if (pace !== 'normal') await ann.client.lobbies.setTurnPace.mutate({ lobbyID, pace });
  if (unbid) await ann.client.lobbies.setOption.mutate({ lobbyID, option: 'unbid', value: true });
  const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
  return { ann, bob, lobbyID, gameID, definitions: await definitionsOf(ann.client) };
}

async function play(who: Guest, gameID: string, definitions: GameDefinitions): Promise<void> {
  const { decision } = await decisionNow(who.client, gameID, definitions, who.userID);
  await who.client.games.act.mutate({ gameID, action: simpleAction(decision)! });
}

/** How long the screen rolls the dice of the clashes settled at `at`, before the decision they lead to. */
const diceOf = (events: readonly GameEvent[], at: number) => Math.max(0, ...events.map((e) => (e.type === 'CONFLICT_RESULTS' && e.timestamp === at ? clashDisplayMs(e.payload.rounds.length) : 0)));
const seatOf = (seats: readonly SeatView[], userID: string) => seats.find((s) => s.userID === userID)!;
type StandIn = Extract<GameEvent, { type: 'STAND_IN' }>;
const standIns = (events: readonly GameEvent[], userID: string) => events.filter((e): e is StandIn => e.type === 'STAND_IN' && e.payload.userID === userID);

describe('the clock', () => {
  it("is the server's deadline for each seat that owes a decision, the same for players and spectators", async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID, definitions } = await twoPeople(server);
    const carl = await guest(server, 'Carl');
    const [forAnn, forCarl] = [await ann.client.games.state.query({ gameID }), await carl.client.games.state.query({ gameID })];
    const deadline = seatOf(forAnn.seats, bob.userID).deadline!;
    expect(deadline).toBeGreaterThanOrEqual(forAnn.game.updateTimestamp + 60_000);
    expect(deadline).toBeLessThanOrEqual(forAnn.serverTime + 60_000);
    expect(forCarl.seats).toEqual(forAnn.seats);
    expect(forAnn.seats.map((s) => s.userID)).toEqual([ann.userID, bob.userID]);

    // Ann bids: her clock stops; Bob's decision is the same one, and so is his deadline.
    await play(ann, gameID, definitions);
    const after = await carl.client.games.state.query({ gameID });
    expect(seatOf(after.seats, ann.userID)).toEqual({ userID: ann.userID, presence: 'gone', deadline: null, standIn: null, left: false });
    expect(seatOf(after.seats, bob.userID).deadline).toBe(deadline);
  });

  it("runs at the lobby's pace: a fast game's decisions are due in a third of the server's timer, a slow one's in twice it", async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    for (const [pace, seconds] of [['fast', 20], ['slow', 120]] as const) {
      const { ann, bob, gameID } = await twoPeople(server, 'auto', { pace });
      const state = await ann.client.games.state.query({ gameID });
      const deadline = seatOf(state.seats, bob.userID).deadline!;
      expect(deadline).toBeGreaterThanOrEqual(state.game.updateTimestamp + seconds * 1_000);
      expect(deadline).toBeLessThanOrEqual(state.serverTime + seconds * 1_000);
      // The screen's clock is drawn against the same length.
      expect(await bob.client.games.settings.query({ gameID })).toEqual({ showOddsToPlayers: false, turnTimerOn: true, turnTimerSeconds: seconds });
    }
  });

  it('goes on when a bid is taken back: the bid owed again is due when the first one was', async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID, definitions } = await twoPeople(server, 'auto', { unbid: true });
    const deadline = seatOf((await bob.client.games.state.query({ gameID })).seats, ann.userID).deadline!;
    await play(ann, gameID, definitions);
    // Later than the bid by a clock's tick at least, as a staller's unbid just before the deadline would be.
    await new Promise((resolve) => setTimeout(resolve, 30));
    await ann.client.games.act.mutate({ gameID, action: { type: 'UNBID' } });
    const after = await bob.client.games.state.query({ gameID });
    expect(after.game.updateTimestamp).toBeGreaterThan(after.game.phaseStartTimestamp);
    expect(seatOf(after.seats, ann.userID).deadline).toBe(deadline);
  });

  it('does not count the dice: a decision that waits for a clash to roll on screen is due that much later', async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID, definitions } = await twoPeople(server);
    // Both bid the least on the row's first card (simpleAction) until a step settles a clash.
    for (let moves = 0; moves < 40; moves++) {
      const { game, seats, events } = await ann.client.games.state.query({ gameID });
      const dice = diceOf(events, game.updateTimestamp);
      if (dice > 0) {
        // One round at least: the dice still, their roll, and the results to read.
        expect(dice).toBeGreaterThanOrEqual(clashDisplayMs(1));
        const due = seats.filter((s) => s.deadline !== null);
        expect(due.length).toBeGreaterThan(0);
        for (const seat of due) expect(seat.deadline).toBe(game.updateTimestamp + dice + 60_000);
        return;
      }
      const next = await Promise.all([ann, bob].map(async (who) => ({ who, ...(await decisionNow(who.client, gameID, definitions, who.userID)) })));
      const mover = next.find((n) => simpleAction(n.decision) !== null)!;
      await mover.who.client.games.act.mutate({ gameID, action: simpleAction(mover.decision)! });
    }
    throw new Error('no clash was settled in 40 moves');
  });

  it("does not count a new age's deal: its first bid is due once the screen has dealt the new row; a turn's new cards add nothing", async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID, definitions } = await twoPeople(server);
    let turnSeen = false;
    for (let moves = 0; moves < 400; moves++) {
      const { game, seats, events } = await ann.client.games.state.query({ gameID });
      const at = game.updateTimestamp;
      const step = events.filter((e) => e.timestamp === at);
      const due = seats.filter((s) => s.deadline !== null);
      const begins = (type: GameEvent['type']) => step.some((e) => e.type === type);
      if (game.phase === 'PLANNING' && begins('SET_UP_TURN') && begins('DEAL_CARD') && !begins('SET_UP_AGE')) {
        // A turn's new cards beside those left on the row: a bid can be made on those meanwhile.
        expect(due.length).toBe(2);
        for (const seat of due) expect(seat.deadline).toBe(at + diceOf(events, at) + 60_000);
        turnSeen = true;
      }
      if (game.age === 2 && begins('SET_UP_AGE')) {
        expect(turnSeen).toBe(true);
        // The screen's own plan of the step: the whole row, card by card, after what flew before it.
        const deal = newRowDealtAt(planAnimations(step), game.tableIDs);
        expect(deal).toBeGreaterThanOrEqual((game.tableIDs.length - 1) * DELAY_STEP_MS + CARD_DEAL_MS);
        expect(due.length).toBe(2);
        // The last clash of age 1, if the step settled one, rolls on screen while the row is dealt.
        for (const seat of due) expect(seat.deadline).toBe(at + Math.max(diceOf(events, at), deal) + 60_000);
        return;
      }
      const next = await Promise.all([ann, bob].map(async (who) => ({ who, ...(await decisionNow(who.client, gameID, definitions, who.userID)) })));
      const mover = next.find((n) => simpleAction(n.decision) !== null)!;
      await mover.who.client.games.act.mutate({ gameID, action: simpleAction(mover.decision)! });
    }
    throw new Error('age 2 did not begin in 400 moves');
  });

  it("does not count a re-roll's dice either: a reroll choice is due one round's roll later", async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const ann = await guest(server, 'Ann');
    const bob = await guest(server, 'Bob');
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await bob.client.lobbies.join.mutate({ lobbyID });
    await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'on' });
    await ann.client.lobbies.setOption.mutate({ lobbyID, option: 'rerollTokens', value: true });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    const definitions = await definitionsOf(ann.client);
    // Both bid nothing on the first card every turn: each clash's loser ties on bonus and earns a
    // reroll token, so before long someone holding one loses a clash again and is asked.
    for (let turn = 0; turn < 14; turn++) {
      for (const who of [ann, bob]) await who.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } });
      const { update, decision } = (await Promise.all([ann, bob].map((who) => decisionNow(who.client, gameID, definitions, who.userID)))).find((d) => d.decision !== null)!;
      if (decision?.type === 'REROLL') {
        expect(update.game.phase).toBe('WAR');
        const due = update.seats.filter((s) => s.deadline !== null);
        expect(due.length).toBeGreaterThan(0);
        for (const seat of due) expect(seat.deadline).toBe(update.game.updateTimestamp + clashDisplayMs(1) + 60_000);
        return;
      }
      for (const who of [ann, bob]) {
        const next = await decisionNow(who.client, gameID, definitions, who.userID);
        const action = simpleAction(next.decision);
        if (action) await who.client.games.act.mutate({ gameID, action });
      }
    }
    throw new Error('no reroll decision in fourteen clashes');
  });

  it('is not drawn with the turn timer off', async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID } = await twoPeople(server, 'off');
    const state = await ann.client.games.state.query({ gameID });
    expect(state.seats.map((s) => s.deadline)).toEqual([null, null]);
    expect(seatOf(state.seats, bob.userID).standIn).toBeNull();
  });

  it('is kept with the game: a restarted server has the same deadlines', async () => {
    const first = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID, definitions } = await twoPeople(first);
    await play(ann, gameID, definitions);
    const before = await ann.client.games.state.query({ gameID });
    const deadline = seatOf(before.seats, bob.userID).deadline!;
    expect(deadline).not.toBeNull();
    await stopLast();

    const second = await serve({ turnTimerSeconds: 60, dataDir: first.config.dataDir });
    const again = clientFor(second, ann.cookie, await requestJWT(second.url, ann.cookie));
    closeLater(again.close);
    const after = await again.client.games.state.query({ gameID });
    expect(after.sequenceID).toBe(before.sequenceID);
    expect(seatOf(after.seats, bob.userID).deadline).toBe(deadline);
  });

  it('starts again after a restart for a decision whose time ran out while the server was down: no stand-in takes it', async () => {
    const first = await serve({ turnTimerSeconds: 2 });
    const { ann, bob, gameID, definitions } = await twoPeople(first);
    await play(ann, gameID, definitions);
    const before = await ann.client.games.state.query({ gameID });
    const deadline = seatOf(before.seats, bob.userID).deadline!;
    await stopLast();
    // The server stays down past Bob's deadline.
    while (Date.now() <= deadline) await new Promise((resolve) => setTimeout(resolve, deadline - Date.now() + 10));

    const restartedAt = Date.now();
    const second = await serve({ turnTimerSeconds: 60, dataDir: first.config.dataDir });
    // As `npm start` does once it listens: the unfinished games' clocks and bots pick up again.
    await second.app.services.games.resume();
    const again = clientFor(second, ann.cookie, await requestJWT(second.url, ann.cookie));
    closeLater(again.close);
    const after = await again.client.games.state.query({ gameID });
    // Bob's bid is still his to make, with the whole turn timer from the restart (it ran out unseen:
    // his page showed 0:00 through the stop, and a stand-in's decisions count toward a loss).
    expect(standIns(after.events, bob.userID)).toEqual([]);
    expect(after.sequenceID).toBe(before.sequenceID);
    expect(seatOf(after.seats, bob.userID).deadline).toBeGreaterThanOrEqual(restartedAt + 60_000);
  });
});

describe('the stand-in', () => {
  it('takes the one decision whose time ran out from a player who is here, marks it in the log, and gives the next decision the full time', async () => {
    const server = await serve({ turnTimerSeconds: 2 });
    const { ann, bob, gameID, definitions } = await twoPeople(server);
    // Bob has the game open and shown, and does nothing.
    const watching = gameFeed(bob.client.games.onGame, { gameID, tab: 'bob-tab', visible: true });
    closeLater(() => watching.close());
    await watching.until();
    await play(ann, gameID, definitions);
    const ranOut = await gameFeed(ann.client.games.onGame, { gameID }).until((u) => standIns(u.events, bob.userID).length > 0);
    expect(standIns(ranOut.events, bob.userID).map((e) => e.payload)).toEqual([{ userID: bob.userID, decision: 'BID', reason: 'turn timer' }]);
    // The mark comes just before what the choice led to, and the stored action says so too.
    const rows = await server.app.services.db.kysely.selectFrom('game_actions').select(['user_id', 'stand_in']).where('game_id', '=', gameID).execute();
    expect(rows.filter((r) => r.stand_in !== null)).toEqual([{ user_id: bob.userID, stand_in: 'turn timer' }]);

    // Bob is here: his next decision gets the whole turn timer again, from the step that asked for it.
    const next = await watching.until((u) => {
      const seat = seatOf(u.seats, bob.userID);
      return u.sequenceID >= ranOut.sequenceID && seat.deadline !== null && u.game.decision !== null && u.game.decision.type !== 'WAIT_FOR_OTHERS';
    });
    // (After the dice of a clash that step settled, if any: the screen rolls them first.)
    expect(seatOf(next.seats, bob.userID)).toMatchObject({ presence: 'here', deadline: next.game.updateTimestamp + diceOf(next.events, next.game.updateTimestamp) + 2_000 });
    expect(standIns(next.events, bob.userID)).toHaveLength(1);
  });

  it('plays the next decisions of a player who is gone after a short grace, until they come back', async () => {
    const server = await serve({ turnTimerSeconds: 4 });
    const { ann, bob, gameID, definitions } = await twoPeople(server);
    // Ann stays (shown); Bob never opens the game.
    const annWatches = feed(ann.client.games.onGame, { gameID, tab: 'ann-tab', visible: true });
    closeLater(() => annWatches.close());
    const updates = gameFeed(ann.client.games.onGame, { gameID });
    closeLater(() => updates.close());
    await play(ann, gameID, definitions);
    const graced = await updates.until((u) => {
      const seat = seatOf(u.seats, bob.userID);
      return standIns(u.events, bob.userID).length > 0 && seat.deadline !== null && seat.standIn === 'turn timer';
    });
    // A quarter of the turn timer, at most 5 s.
    expect(seatOf(graced.seats, bob.userID)).toMatchObject({ presence: 'gone', deadline: graced.game.updateTimestamp + 1_000 });
    expect(graced.away).toEqual([{ userID: bob.userID, reason: 'turn timer' }]);

    // Bob opens the game: he is back, and his decision has the whole turn timer from now.
    const back = feed(bob.client.games.onGame, { gameID, tab: 'bob-tab', visible: true });
    closeLater(() => back.close());
    const first = (await back.until()) as Exclude<WireDelivery, { patch: unknown }>;
    const seat = seatOf(first.seats, bob.userID);
    expect(seat).toMatchObject({ presence: 'here', standIn: null });
    expect(first.away).toEqual([]);
    // No deadline only when the stand-in has already made his decision of the step: nothing is due.
    if (seat.deadline === null) expect('game' in first && first.game.decision).toBeNull();
    else expect(seat.deadline).toBeGreaterThanOrEqual(first.serverTime + 4_000 - 50);
  });
});

describe('presence', () => {
  it('shows each seat here, away (page hidden) or gone (no connection), as it changes', async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID } = await twoPeople(server);
    const annSees = feed(ann.client.games.onGame, { gameID, tab: 'ann-tab', visible: true });
    closeLater(() => annSees.close());
    await annSees.until();
    const bobOf = (d: WireDelivery) => seatOf(d.seats, bob.userID).presence;
    expect(bobOf(annSees.items[0]!)).toBe('gone');

    const bobTab = feed(bob.client.games.onGame, { gameID, tab: 'bob-tab', visible: true });
    await annSees.until((d) => bobOf(d) === 'here');
    await bob.client.games.presence.mutate({ gameID, tab: 'bob-tab', visible: false });
    const hidden = await annSees.until((d) => bobOf(d) === 'away');
    // A change of the table alone: no new step.
    expect(hidden).toMatchObject({ table: true, sequenceID: annSees.items[0]!.sequenceID });
    bobTab.close();
    await annSees.until((d) => bobOf(d) === 'gone' && annSees.items.indexOf(d) > annSees.items.indexOf(hidden));
  });

  it('shows a player gone within 20 s of their connection dying without a close (a network dropped)', async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID } = await twoPeople(server);
    const annSees = feed(ann.client.games.onGame, { gameID, tab: 'ann-tab', visible: true });
    closeLater(() => annSees.close());
    const bobOf = (d: WireDelivery) => seatOf(d.seats, bob.userID).presence;
    // Bob's page opens the game and then falls silent, as when a network drops: no close reaches
    // the server, and nothing answers its pings (tRPC's "PING" text, which a bare socket ignores).
    const jwt = await requestJWT(server.url, bob.cookie);
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc?jwt=${encodeURIComponent(jwt)}`);
    closeLater(() => socket.terminate());
    await once(socket, 'open');
    socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'games.onGame', input: { gameID, tab: 'bob-tab', visible: true } } }));
    const here = await annSees.until((d) => bobOf(d) === 'here');
    // The server pings a socket quiet for 12 s and closes it 5 s later: Ann sees Bob gone in about
    // 17 s (35 s with tRPC's default 30 s ping).
    await annSees.until((d) => bobOf(d) === 'gone' && annSees.items.indexOf(d) > annSees.items.indexOf(here), 20_000);
  });
});

describe('leaving a game', () => {
  it('hands the seat to a stand-in for good: the others see it, and the player can no longer act', async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, lobbyID, gameID, definitions } = await twoPeople(server);
    await play(ann, gameID, definitions);
    const updates = gameFeed(ann.client.games.onGame, { gameID });
    closeLater(() => updates.close());
    const before = (await ann.client.lobbies.get.query({ lobbyID })).sequenceID;
    await bob.client.games.leave.mutate({ gameID });
    // The lobby says who left its game (the list offers Bob to watch it, no longer to resume it),
    // as a change its watchers hear of.
    const lobby = await ann.client.lobbies.get.query({ lobbyID });
    expect(lobby.sequenceID).toBe(before + 1);
    expect(lobby.players.map((p) => [p.id, p.left])).toEqual([
      [ann.userID, false],
      [bob.userID, true],
    ]);
    // The stand-in bids for him at once, marked as his leaving.
    const state = await updates.until((u) => standIns(u.events, bob.userID).length > 0);
    expect(new Set(standIns(state.events, bob.userID).map((e) => e.payload.reason))).toEqual(new Set(['left']));
    expect(state.away).toEqual([{ userID: bob.userID, reason: 'left' }]);
    expect(seatOf(state.seats, bob.userID)).toMatchObject({ left: true, standIn: 'left', deadline: null });
    await expect(bob.client.games.act.mutate({ gameID, action: { type: 'UNBID' } })).rejects.toThrow('You left this game: a bot plays your seat to the end.');
    // Each one's list of games: still running, and Bob's says he left it.
    const listed = async (who: typeof ann) => (await who.client.users.myGames.query({})).games.map((g) => [g.id, g.endTimestamp, g.left]);
    expect(await listed(bob)).toEqual([[gameID, null, true]]);
    expect(await listed(ann)).toEqual([[gameID, null, false]]);
  });

  it('ends a game nobody is left in at once; the lobby shows it finished and the leaver lost', async () => {
    const server = await serve({ turnTimerSeconds: 60 });
    const ann = await guest(server, 'Ann');
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    await ann.client.games.leave.mutate({ gameID });
    const ended = await ann.client.games.state.query({ gameID });
    expect(ended.game.ended).toBe(true);
    expect((await ann.client.lobbies.get.query({ lobbyID })).status).toBe('finished');
    const db = server.app.services.db.kysely;
    const seat = await db.selectFrom('game_players').select('stats_json').where('game_id', '=', gameID).where('user_id', '=', ann.userID).executeTakeFirstOrThrow();
    expect(JSON.parse(seat.stats_json!)).toMatchObject({ won: false });
    const user = await db.selectFrom('users').select('stats_json').where('id', '=', ann.userID).executeTakeFirstOrThrow();
    expect(JSON.parse(user.stats_json)).toMatchObject({ gamesPlayed: 1, gamesWon: 0 });
    // Her own list of games says she left, not the place her seat's favor would give it.
    const { games } = await ann.client.users.myGames.query({});
    expect(games.map((g) => [g.id, g.players.map((p) => [p.userID === ann.userID ? 'Ann' : 'bot', p.won, p.forfeit])])).toEqual([
      [
        gameID,
        [
          ['Ann', false, 'left'],
          ['bot', expect.any(Boolean), null],
        ],
      ],
    ]);
    await expect(ann.client.games.leave.mutate({ gameID })).rejects.toThrow('The game is over.');
  });
});
