/**
 * Determinization: a playable game made from one player's view, for rollouts. Everything hidden
 * is invented, never read: the deck and tribute deck get a random order of their (visible)
 * contents, the PRNG a fresh state, and bids the view does not show are left to be made afresh.
 * The turn's record for tributes is rebuilt from what the view shows (this turn's production).
 */
import { randomInt, xoroshiroState, shuffle, type Game, type GameView, type Rng, type TurnRecord, type UserID } from '../engine/index.js';

/**
 * A game made from a view in any phase, its hidden parts invented: the deck and tribute deck in a
 * random order, a fresh generator, no pre-rolled dice, the turn's record from what the view shows
 * of it (this turn's production), and no log. Who is ready is the caller's to say.
 */
export function worldFromView(view: GameView, rng: Rng): Game {
  const { viewerID: _viewer, decision: _decision, ended: _ended, ...open } = view;
  const records: Record<UserID, TurnRecord> = {};
  for (const p of view.players) {
    const production = view.productionDataByPlayerID[p.userID] ?? { gold: 0, military: 0 };
    records[p.userID] = { gained: [], clashes: [], gainedGold: production.gold, gainedMilitary: production.military, gainedFavor: 0, heldBefore: p.cardIDs };
  }
  return {
    ...open,
    rngState: xoroshiroState(randomInt(rng, -0x80000000, 0x7fffffff)),
    seed: 0,
    deck: shuffle(view.deck, rng),
    tributeDeck: shuffle(view.tributeDeck, rng),
    prerolledDiceByPlayerID: {},
    turnRecordByPlayerID: records,
    // The log is not needed to play on, and keeping it short keeps rollouts fast.
    events: [],
  };
}

/**
 * A game consistent with a view taken in the resolution phase: the rivals' gains (hidden until the
 * phase ends) are left to be chosen afresh, and the turn's record gets this turn's clashes from
 * what the view shows of them (the tributes that look at clashes read it).
 */
export function determinizeResolution(view: GameView, rng: Rng): Game {
  if (view.phase !== 'RESOLUTION') throw new Error('determinizeResolution works from a resolution view');
  const world = worldFromView(view, rng);
  const known = view.resolvesByPlayerID;
  const favor = (id: UserID) => view.players.find((p) => p.userID === id)!.counters.favor;
  const bid = (id: UserID) => view.bidsByPlayerID[id]?.military ?? 0;
  const records: Record<UserID, TurnRecord> = {};
  const ready: Record<UserID, boolean> = {};
  for (const p of view.players) {
    const clashes = view.clashes
      .filter((clash) => clash.playerIDs.includes(p.userID))
      .map((clash) => ({
        won: clash.winningPlayerID === p.userID,
        bid: bid(p.userID),
        favor: favor(p.userID),
        opponents: clash.playerIDs.filter((id) => id !== p.userID).map((id) => ({ playerID: id, bid: bid(id), favor: favor(id) })),
      }));
    records[p.userID] = { ...world.turnRecordByPlayerID[p.userID]!, clashes };
    ready[p.userID] = known[p.userID] !== undefined;
  }
  return { ...world, turnRecordByPlayerID: records, resolvesByPlayerID: { ...known }, readyByUserID: ready };
}

/** A game consistent with a view taken in the planning phase. */
export function determinize(view: GameView, rng: Rng): Game {
  if (view.phase !== 'PLANNING') throw new Error('determinize works from a planning view');
  const known = view.bidsByPlayerID;
  const ready: Record<UserID, boolean> = {};
  for (const p of view.players) ready[p.userID] = known[p.userID] !== undefined;
  return {
    ...worldFromView(view, rng),
    players: view.players.map((p) => (known[p.userID] || (p.bid === null && p.selectedCard === null) ? p : { ...p, bid: null, selectedCard: null })),
    readyByUserID: ready,
  };
}
