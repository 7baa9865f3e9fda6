/**
 * One game, four ways to read it: REST /api/game/{id}/state, GraphQL renderedGame, the /channel
 * game/{id} (and inbox) topic, and tRPC games.state (plus its onGame subscription). For the same
 * viewer (a player, another player, a spectator) they agree on everything they share, at several
 * points of the game: planning with some bids in, war, resolution, the end. The only differences
 * are the documented ones: tRPC and /channel send the game without cardsByID/tributeCardsByID,
 * with the events beside it (tRPC) or inside it (/channel).
 *
 * And none of them leaks what the viewer may not see: every payload received on every channel is
 * searched for the hidden values of the stored game at that sequenceID (deck and tribute deck
 * order, PRNG state, seed, pre-rolled dice, other players' bids in planning and choices in
 * resolution, favor under hideFavor).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingDecision } from '../../src/engine/index.js';
import type { WireDelivery } from '../../src/server/services/game-views.js';
import { clientFor, startServer, type Client, type Server } from '../server/support.js';
import { wholeUpdates } from '../support/game-updates.js';
import { channel, guest, type Channel, type Session } from './protocol-client.js';
import { until } from '../support/until.js';

let server: Server;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

/** A payload as received, with the sequenceID of the state it shows and whose view it is. */
interface Received {
  source: string;
  viewerID: string | null;
  sequenceID: number;
  game: any;
  whole: unknown;
}

// ---- Hidden values -------------------------------------------------------------------------

function walk(value: unknown, path: string[], visit: (path: string[], value: unknown) => void): void {
  visit(path, value);
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, String(i)], visit));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k], visit);
}

/** A patch operation's value under the keys of its path: `/game/players/0/bid` -> {game: {players: {0: {bid: value}}}}. */
function nested(path: string, value: unknown): unknown {
  return path
    .split('/')
    .slice(1)
    .reduceRight<unknown>((inner, key) => ({ [key.replace(/~1/g, '/').replace(/~0/g, '~')]: inner }), value);
}

const isRunIn = (run: number[], list: readonly unknown[]) =>
  list.some((_, start) => run.every((id, i) => list[start + i] === id));

/** The order of a stored pile as a short run, unless the sorted pile shows that run anyway. */
function hiddenOrder(pile: number[]): number[] | null {
  if (pile.length < 2) return null;
  const run = pile.slice(0, 4);
  return isRunIn(run, pile.slice().sort((a, b) => a - b)) ? null : run;
}

const NEVER_SENT_KEYS = ['rngState', 'prerolledDiceByPlayerID', 'turnRecordByPlayerID'];
const FAVOR_EXEMPT = ['cardsByID', 'tributeCardsByID', 'options', 'scoring'];

/** What of the stored game `raw` the viewer's payload shows but may not: a list of problems. */
function leaks(payload: Received, raw: any, rngValues: Set<number | string>, tally: Record<string, number>): string[] {
  const problems: string[] = [];
  const { viewerID, game } = payload;
  const deckRun = hiddenOrder(raw.deck);
  const tributeRun = hiddenOrder(raw.tributeDeck);
  const hideFavor = raw.options.hideFavor && raw.gameEndTimestamp === null;
  const planning = raw.phase === 'PLANNING';
  const resolving = raw.phase === 'RESOLUTION';
  const ownBid = viewerID ? (raw.bidsByPlayerID[viewerID] ?? null) : null;
  const ownResolve = viewerID ? (raw.resolvesByPlayerID[viewerID] ?? null) : null;
  const othersBids = Object.keys(raw.bidsByPlayerID).filter((id) => id !== viewerID);
  const othersResolves = Object.keys(raw.resolvesByPlayerID).filter((id) => id !== viewerID);

  if (deckRun) tally.deckOrder = (tally.deckOrder ?? 0) + 1;
  if (tributeRun) tally.tributeOrder = (tally.tributeOrder ?? 0) + 1;
  if (hideFavor && raw.players.some((p: any) => p.counters.favor > 0)) tally.favor = (tally.favor ?? 0) + 1;
  if (planning && othersBids.length > 0) tally.bids = (tally.bids ?? 0) + 1;
  if (resolving && othersResolves.length > 0) tally.resolves = (tally.resolves ?? 0) + 1;
  if (planning && Object.keys(raw.prerolledDiceByPlayerID).length > 0) tally.dice = (tally.dice ?? 0) + 1;

  walk(payload.whole, [], (path, value) => {
    const key = path[path.length - 1] ?? '';
    const where = `${payload.source} ${path.join('.')}`;
    if (NEVER_SENT_KEYS.includes(key)) problems.push(`${where}: a hidden field`);
    // The seed and the server's secret are revealed once the game has ended, and only then.
    const secret = key === 'seed' || key === 'serverSecret';
    const revealed = secret && raw.gameEndTimestamp !== null && value === raw[key];
    if (secret && value !== null && !revealed) problems.push(`${where}: a hidden field`);
    if ((typeof value === 'number' || typeof value === 'string') && rngValues.has(value) && !revealed) {
      problems.push(`${where}: the PRNG state or seed (${value})`);
    }
    if (Array.isArray(value) && value.every((v) => typeof v === 'number')) {
      if (deckRun && isRunIn(deckRun, value)) problems.push(`${where}: the deck order`);
      if (tributeRun && isRunIn(tributeRun, value)) problems.push(`${where}: the tribute deck order`);
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (planning && 'military' in value && 'tradeRowIndex' in value && JSON.stringify(value) !== JSON.stringify(ownBid)) {
        problems.push(`${where}: another player's bid ${JSON.stringify(value)}`);
      }
      if (resolving && 'cardIDToGain' in value && JSON.stringify(value) !== JSON.stringify(ownResolve)) {
        problems.push(`${where}: another player's choice ${JSON.stringify(value)}`);
      }
    }
    if (hideFavor && typeof value === 'number' && value !== 0 && path.some((k) => /favor/i.test(k)) && !path.some((k) => FAVOR_EXEMPT.includes(k))) {
      problems.push(`${where}: favor ${value} while favor is hidden`);
    }
  });

  if (planning) {
    for (const id of othersBids) {
      const player = game.players.find((p: any) => p.userID === id);
      if (player.bid !== null || player.selectedCard !== null) problems.push(`${payload.source}: ${id}'s bid or card in planning`);
    }
    if (game.events.some((e: any) => e.type === 'BID' && e.age === raw.age && e.turn === raw.turn)) problems.push(`${payload.source}: this turn's BID events`);
    if (Object.keys(raw.prerolledDiceByPlayerID).length > 0 && (Object.keys(game.rollsByPlayerID).length > 0 || game.clashes.length > 0)) {
      problems.push(`${payload.source}: dice before the war`);
    }
  }
  return problems;
}

// ---- The game ------------------------------------------------------------------------------

describe('one game through REST, GraphQL, /channel and tRPC', () => {
  let alice: Session;
  let bob: Session;
  let sam: Session;
  let viewers: Session[];
  let gameID: string;
  const sockets = new Map<Session, Channel>();
  const clients = new Map<Session, { client: Client; close: () => void }>();
  /** tRPC onGame: the whole updates the client rebuilds, and what was sent (the first whole, then patches). */
  const feeds = new Map<Session, { updates: any[]; deliveries: WireDelivery[]; unsubscribe: () => void }>();
  const raws = new Map<number, any>();
  const rngValues = new Set<number | string>();
  const received: Received[] = [];
  const checkpoints: string[] = [];

  const viewerIDOf = (s: Session) => (s === sam ? null : s.userID);
  const state = async (s: Session) => (await s.call('GET', `/api/game/${gameID}/state`)).json;

  /** The stored game now: every committed state is kept, to judge the payloads showing it. */
  async function snapshot(): Promise<any> {
    const raw = await server.app.services.games.get(gameID);
    raws.set(raw!.sequenceID, raw);
    const rng = raw!.rngState;
    for (const value of [...(rng.kind === 'chacha20' ? [rng.key] : rng.state), raw!.seed, raw!.serverSecret]) if (value !== 0 && value !== null) rngValues.add(value);
    return raw;
  }

  async function act(s: Session, action: unknown) {
    const answer = await s.call('POST', `/api/game/${gameID}/add_action`, { action });
    expect(answer.json, answer.text).toEqual({ ok: true, sequenceID: expect.any(Number) });
    const raw = await snapshot();
    expect(raw.sequenceID).toBe(answer.json.sequenceID);
  }

  /** Reads the game every way for each viewer, checks they agree, and keeps the payloads. */
  async function checkpoint(label: string) {
    const raw = await snapshot();
    const sequenceID = raw.sequenceID;
    checkpoints.push(`${label} (age ${raw.age}, turn ${raw.turn}, ${raw.phase})`);
    for (const viewer of viewers) {
      const viewerID = viewerIDOf(viewer);
      const why = `${label}, viewer ${viewer === sam ? 'spectator' : viewer === alice ? 'alice' : 'bob'}`;

      const rest = await state(viewer);
      // The table (who is here, the clock) rides beside the view on every transport; serverTime is the moment of each answer.
      const { away: restAway, seats: restSeats, serverTime: _restTime, ...restView } = rest;
      if (!rest.ended) expect(restSeats.map((s: any) => s.userID), why).toEqual(rest.players.filter((p: any) => p.botType === null).map((p: any) => p.userID));
      expect(rest.sequenceID, why).toBe(sequenceID);
      expect(rest.viewerID, why).toBe(viewerID);
      received.push({ source: `REST ${why}`, viewerID, sequenceID, game: rest, whole: rest });

      const graph = await viewer.graphql('query ($id: ID!) { user(id: $id) { games(first: 5) { id sequenceID endTimestamp renderedGame } } }', { id: alice.userID });
      expect(graph.json.errors, why).toBeUndefined();
      const summary = graph.json.data.user.games.find((g: any) => g.id === gameID);
      expect(summary.sequenceID, why).toBe(sequenceID);
      expect(summary.endTimestamp, why).toBe(rest.gameEndTimestamp);
      const rendered = JSON.parse(summary.renderedGame);
      received.push({ source: `GraphQL ${why}`, viewerID, sequenceID, game: rendered, whole: graph.json });
      const { serverTime: _renderedTime, ...renderedRest } = rendered;
      const { serverTime: _restTime2, ...restRest } = rest;
      expect(renderedRest, `${why}: GraphQL renderedGame is the REST state`).toStrictEqual(restRest);

      const trpc: any = await clients.get(viewer)!.client.games.state.query({ gameID });
      received.push({ source: `tRPC ${why}`, viewerID, sequenceID, game: { ...trpc.game, events: trpc.events }, whole: trpc });
      const { cardsByID, tributeCardsByID, events, ...shared } = restView;
      expect(Object.keys(trpc).sort(), why).toEqual(['away', 'events', 'fromEvent', 'game', 'seats', 'sequenceID', 'serverTime']);
      expect([trpc.away, trpc.seats], why).toStrictEqual([restAway, restSeats]);
      expect([trpc.sequenceID, trpc.fromEvent], why).toEqual([sequenceID, 0]);
      expect(Object.keys(rest).sort(), `${why}: REST has exactly the card set, events and the table more`).toEqual(
        [...Object.keys(trpc.game), 'cardsByID', 'tributeCardsByID', 'events', 'away', 'seats', 'serverTime'].sort(),
      );
      expect(trpc.game, `${why}: tRPC game is the REST state less card set and events`).toStrictEqual(shared);
      expect(trpc.events, `${why}: tRPC events`).toStrictEqual(events);

      const topics = [`game/${gameID}`, ...(viewerID ? [`inbox/${viewerID}/game/${gameID}`] : [])];
      for (const topic of topics) {
        const message = await sockets.get(viewer)!.until((m) => m.type === 'topic' && m.topic === topic && m.data.sequenceID === sequenceID);
        expect(Object.keys(message).sort(), why).toEqual(['data', 'topic', 'type']);
        expect(Object.keys(message.data).sort(), why).toEqual(['away', 'game', 'seats', 'sequenceID', 'serverTime']);
        const { events: channelEvents, ...channelGame } = message.data.game;
        expect(channelGame, `${why}: ${topic} game is the REST state less card set and events`).toStrictEqual(shared);
        expect(channelEvents, `${why}: ${topic} events are the whole log`).toStrictEqual(events);
      }

      // The live tRPC feed has reached the same state; its events, spliced in at fromEvent, are the log.
      const feed = feeds.get(viewer);
      if (feed) {
        await until(() => feed.updates.some((u) => u.sequenceID === sequenceID), 10_000, `${why}: tRPC onGame`);
        let log: unknown[] = [];
        for (const update of feed.updates.filter((u) => u.sequenceID <= sequenceID)) log = [...log.slice(0, update.fromEvent), ...update.events];
        expect(feed.updates.find((u) => u.sequenceID === sequenceID).game, `${why}: onGame game`).toStrictEqual(shared);
        expect(log, `${why}: onGame events, spliced`).toStrictEqual(events);
      }

      // The card set is exactly what clients rebuild from the game definitions.
      expect(Object.keys(cardsByID).length, why).toBeGreaterThan(0);
      for (const card of Object.values<any>(cardsByID)) expect(card, why).toStrictEqual(definitions.cards.get(card.id));
      for (const [id, tribute] of Object.entries<any>(tributeCardsByID)) expect(tribute, why).toStrictEqual(definitions.tributes.get(Number(id)) ?? definitions.tributes.get(id));
    }
  }

  const definitions = { cards: new Map<number, unknown>(), tributes: new Map<unknown, unknown>() };

  beforeAll(async () => {
    [alice, bob, sam] = (await Promise.all(['Alice', 'Bob', 'Sam'].map((name) => guest(server.url, name)))) as [Session, Session, Session];
    viewers = [alice, bob, sam];
    await server.app.services.users.makeDev(alice.userID);
    const defs = (await alice.call('GET', '/api/game_definitions')).json;
    for (const card of defs.cardDefs) definitions.cards.set(card.id, card);
    for (const tribute of defs.tributeCardDefs) definitions.tributes.set(tribute.id, tribute);

    const lobbyID = (await alice.call('POST', '/api/lobby/create')).json.id;
    expect((await bob.call('POST', `/api/lobby/${lobbyID}/join`, {})).status).toBe(200);
    expect((await alice.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'easy_bot' })).status).toBe(200);
    for (const option of ['hideFavor', 'prerollDice', 'rerollTokens']) {
      expect((await alice.call('POST', `/api/lobby/${lobbyID}/set_game_option`, { option, value: true })).json).toEqual({ ok: true });
    }
    for (const viewer of viewers) {
      const socket = await channel(server.url, { jwt: viewer.jwt });
      socket.send({ type: 'subscribe', topic: 'lobby_list' });
      socket.send({ type: 'subscribe', topic: `lobby/${lobbyID}` });
      sockets.set(viewer, socket);
      clients.set(viewer, clientFor(server, viewer.cookie, viewer.jwt));
    }
    gameID = (await alice.call('POST', `/api/lobby/${lobbyID}/start`, {})).json.gameID;
    await snapshot();
    for (const viewer of viewers) {
      const socket = sockets.get(viewer)!;
      socket.send({ type: 'subscribe', topic: `game/${gameID}` });
      if (viewer !== sam) socket.send({ type: 'subscribe', topic: `inbox/${viewer.userID}/game/${gameID}` });
    }
    for (const viewer of [alice, sam]) {
      const updates: any[] = [];
      const deliveries: WireDelivery[] = [];
      const tables: WireDelivery[] = [];
      const whole = wholeUpdates((update) => void updates.push(update));
      const subscription = clients.get(viewer)!.client.games.onGame.subscribe(
        { gameID },
        {
          onData: (delivery) => {
            // A change of the table alone is no step, and holds nothing of the game.
            if ('table' in delivery) tables.push(delivery);
            else deliveries.push(delivery);
            whole(delivery);
          },
        },
      );
      feeds.set(viewer, { updates, deliveries, unsubscribe: () => subscription.unsubscribe() });
    }
  });

  afterAll(async () => {
    for (const feed of feeds.values()) feed.unsubscribe();
    for (const { close } of clients.values()) close();
    for (const socket of sockets.values()) await socket.close();
  });

  /** Alice's and Bob's resolution choice: the card won if affordable, else the best affordable basic card. */
  function choice(view: any, userID: string): number {
    const decision = pendingDecision(view, userID);
    if (decision?.type !== 'RESOLVE') throw new Error('expected a resolve decision');
    const affordable = decision.choices.filter((c) => c.affordable).map((c) => c.cardID);
    const won = view.players.find((p: any) => p.userID === userID).selectedCard;
    if (won !== null && affordable.includes(won)) return won;
    return affordable.sort((a, b) => view.cardsByID[b].favor - view.cardsByID[a].favor)[0]!;
  }

  /** One turn: Alice bids, then Bob on the same card (they clash), both away from the bot's card. */
  async function playTurn(watch: boolean) {
    const raw = await snapshot();
    const bot = raw.players.find((p: any) => p.botType !== null);
    const slot = raw.tableIDs.findIndex((id: number | null, index: number) => id !== null && index !== raw.bidsByPlayerID[bot.userID]?.tradeRowIndex);
    await act(alice, { type: 'BID', bid: { military: 0, tradeRowIndex: slot } });
    if (watch) await checkpoint('planning, the bot and Alice have bid');
    await act(bob, { type: 'BID', bid: { military: 0, tradeRowIndex: slot } });
    let warSeen = false;
    while ((await snapshot()).phase === 'WAR') {
      if (watch && !warSeen) await checkpoint('war, a reroll to decide');
      warSeen = true;
      for (const s of [alice, bob]) {
        const decision = pendingDecision(await state(s), s.userID);
        if (decision?.type === 'REROLL') await act(s, { type: 'REROLL', rollSelection: { rerollType: decision.rerollTokens > 1 ? 'reroll' : 'decline', rerollRound: decision.rerollRound } });
      }
    }
    expect((await snapshot()).phase).toBe('RESOLUTION');
    await act(alice, { type: 'RESOLVE', resolve: { cardIDToGain: choice(await state(alice), alice.userID) } });
    if (watch) await checkpoint('resolution, the bot and Alice have chosen');
    await act(bob, { type: 'RESOLVE', resolve: { cardIDToGain: choice(await state(bob), bob.userID) } });
    return warSeen;
  }

  it('agree at each point, for a player, another player and a spectator', async () => {
    await checkpoint('the start');
    let wars = 0;
    for (let turn = 1; turn <= 4 || wars === 0; turn++) {
      if (await playTurn(true)) wars++;
      expect(turn, 'a war with a reroll to decide within six turns').toBeLessThanOrEqual(6);
    }
    while ((await snapshot()).gameEndTimestamp === null) await playTurn(false);
    await checkpoint('the end');
    const end = await state(sam);
    expect(end.winnerIDs.length).toBeGreaterThan(0);
    // Favor hidden until the end, then shown to everyone.
    const raw = raws.get(end.sequenceID);
    expect(end.players.map((p: any) => p.counters.favor)).toEqual(raw.players.map((p: any) => p.counters.favor));
    expect(raw.players.some((p: any) => p.counters.favor > 0)).toBe(true);
    expect(checkpoints.some((c) => c.startsWith('war'))).toBe(true);
  });

  it('no payload on any channel shows what its viewer may not see', async () => {
    // Everything the sockets and the live tRPC feeds received over the whole game.
    for (const viewer of viewers) {
      for (const message of sockets.get(viewer)!.received) {
        if (message.type === 'topic' && message.data.game) {
          received.push({ source: `/channel ${message.topic}`, viewerID: viewerIDOf(viewer), sequenceID: message.data.sequenceID, game: message.data.game, whole: message });
        } else {
          const table = message.type === 'table' && Object.keys(message.data).sort().join() === 'away,seats,sequenceID,serverTime';
          expect(table || (message.type === 'topic' && (message.topic === 'lobby_list' || message.topic.startsWith('lobby/'))), JSON.stringify(message)).toBe(true);
          received.push({ source: `/channel ${message.topic}`, viewerID: viewerIDOf(viewer), sequenceID: -1, game: null, whole: message });
        }
      }
      const feed = feeds.get(viewer);
      for (const [i, update] of (feed?.updates ?? []).entries()) {
        // The patch as sent is searched too, each value under the path it is put at.
        const delivery = feed!.deliveries[i]!;
        const sent = 'patch' in delivery ? { ...delivery, patch: delivery.patch.map((op) => nested(op.path, 'value' in op ? op.value : null)) } : delivery;
        expect(delivery.sequenceID).toBe(update.sequenceID);
        received.push({ source: 'tRPC onGame', viewerID: viewerIDOf(viewer), sequenceID: update.sequenceID, game: { ...update.game, events: update.events }, whole: { update, sent } });
      }
    }
    const tally: Record<string, number> = {};
    const problems: string[] = [];
    for (const payload of received) {
      if (payload.game === null) {
        expect(JSON.stringify(payload.whole)).not.toMatch(/"(deck|players|rngState)"/);
        continue;
      }
      const raw = raws.get(payload.sequenceID);
      expect(raw, `${payload.source}: a state that was stored (${payload.sequenceID})`).toBeDefined();
      problems.push(...leaks(payload, raw, rngValues, tally));
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // Each kind of secret was really there to be leaked, many times over.
    for (const kind of ['deckOrder', 'tributeOrder', 'favor', 'bids', 'resolves', 'dice']) expect(tally[kind] ?? 0, kind).toBeGreaterThan(5);
    expect(received.length).toBeGreaterThan(200);
  });

  it('the search finds each kind of secret where it is (the stored game, sent as is)', () => {
    const found = new Set<string>();
    const kinds: [string, RegExp][] = [
      ['hidden field', /a hidden field/],
      ['PRNG', /the PRNG state or seed/],
      ['deck order', /: the deck order/],
      ['tribute deck order', /the tribute deck order/],
      ['bid', /another player's bid|bid or card in planning/],
      ['choice', /another player's choice/],
      ['favor', /while favor is hidden/],
    ];
    for (const raw of raws.values()) {
      for (const problem of leaks({ source: 'stored', viewerID: null, sequenceID: raw.sequenceID, game: raw, whole: raw }, raw, rngValues, {})) {
        for (const [kind, pattern] of kinds) if (pattern.test(problem)) found.add(kind);
      }
    }
    expect([...found].sort()).toEqual(kinds.map(([kind]) => kind).sort());
  });
});
