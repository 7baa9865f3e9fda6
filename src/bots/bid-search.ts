/**
 * The rollout bid search of basic_bot2. Rivals plan without seeing this bot's bid, so their bids
 * are worked out once, by the rival policy on their own views of a determinized game. Candidate
 * bids are then played to the end of the turn through the engine and the positions valued.
 *
 * A clash is the only chance left in a turn. So a contested slot is rolled out at one bid twice,
 * with the dice rigged to win and to lose, and every bid on that slot is valued from those two
 * outcomes: weighted by that bid's exact clash odds, less the worth of the extra military it spends.
 */
import { clashWinProbabilities, viewFor, type Action, type Game, type GameView, type Rng, type UserID } from '../engine/index.js';
import type { Decide } from './bot.js';
import { determinize } from './determinize.js';
import { outlookOf } from './outlook.js';
import { finishTurn, play, standing } from './rollout.js';
import { turnsAfter } from './seat.js';
import { BID_SENSITIVE } from './tribute-worth.js';
import type { ByAge, ValueTuning } from './tuning.js';
import { resourcesWorth } from './worth.js';

export interface Candidate {
  tradeRowIndex: number;
  military: number;
}

export interface SearchTuning {
  /** Bids above a rival's known bid tried on a contested card. */
  raises: number[];
  /** The best options of the heuristic ranking also tried. */
  topOptions: number;
  /** Rollouts at most per decision, times the number of players (a rollout's cost grows with them). */
  seatRollouts: number;
  /** Softness of the bid drawn from the candidates' rollout values, in favor. */
  bidTemperature: number;
}

export type RivalBid = { userID: UserID; action: Action & { type: 'BID' } };

export interface Search {
  view: GameView;
  userID: UserID;
  /** A determinized game, and the rivals' bids in it. */
  world: Game;
  rivals: RivalBid[];
  policy: Decide;
  rng: Rng;
  tunings: ByAge<ValueTuning>;
  tuning: SearchTuning;
  /** Rollouts still allowed in this decision. */
  budget: number;
  /** Turns each rollout plays before the position is valued (1 unless given: to the end of this turn). */
  turns?: number;
}

/** The rivals' bids in a determinized game, each made by the policy from that rival's view. */
function rivalBids(world: Game, userID: UserID, policy: Decide, rng: Rng): RivalBid[] {
  const bids: RivalBid[] = [];
  for (const p of world.players) {
    if (p.userID === userID || world.bidsByPlayerID[p.userID]) continue;
    const action = policy(viewFor(world, p.userID), p.userID, rng);
    if (action?.type === 'BID') bids.push({ userID: p.userID, action });
  }
  return bids;
}

/** A determinized game for a planning view, with the rivals' bids made in it. */
export function startSearch(view: GameView, userID: UserID, policy: Decide, rng: Rng, tunings: ByAge<ValueTuning>, tuning: SearchTuning): Search {
  const world = determinize(view, rng);
  const budget = Math.max(2, Math.floor(tuning.seatRollouts / view.players.length));
  return { view, userID, world, rivals: rivalBids(world, userID, policy, rng), policy, rng, tunings, tuning, budget };
}

/** The rivals' bids on a slot. */
function rivalBidsOn(search: Search, tradeRowIndex: number): number[] {
  return search.rivals.filter((r) => r.action.bid.tradeRowIndex === tradeRowIndex).map((r) => r.action.bid.military);
}

interface Outcome {
  won: boolean;
  value: number;
  end: Game;
}

/** One rollout of a candidate: bids placed, the turn played out, the position valued. */
function rollout(search: Search, world: Game, candidate: Candidate): Outcome {
  const { userID, policy, rng } = search;
  search.budget--;
  let game = play(world, userID, { type: 'BID', bid: candidate });
  for (const r of search.rivals) game = play(game, r.userID, r.action);
  const cardID = game.tableIDs[candidate.tradeRowIndex];
  const end = finishTurn(game, policy, rng, search.turns ?? 1);
  // Rerolls may change a clash's winner, so the result is read once the turn is over.
  const won = !end.events.some((e) => e.type === 'CONFLICT_RESULTS' && e.payload.cardID === cardID && e.payload.winningPlayerID !== userID);
  return { won, value: standing(end, userID, search.tunings), end };
}

/**
 * The world with this bot's clash decided in advance: every first roll of the turn is pre-rolled,
 * this bot's dice all sixes and everyone else's all ones to win, or the other way round to lose.
 */
function rigged(world: Game, userID: UserID, win: boolean): Game {
  const high = Array.from({ length: world.age }, () => 6);
  const low = Array.from({ length: world.age }, () => 1);
  const dice = Object.fromEntries(world.players.map((p) => [p.userID, p.userID === userID === win ? high : low]));
  return { ...world, options: { ...world.options, prerollDice: true }, prerolledDiceByPlayerID: dice };
}

/** Rollouts of a contested slot at one bid: one with the clash won, one with it lost. */
function outcomes(search: Search, candidate: Candidate): { won: Outcome[]; lost: Outcome[] } {
  const split = { won: [] as Outcome[], lost: [] as Outcome[] };
  for (const win of [true, false]) {
    // A reroll may still turn a rigged clash, so the outcome is read from the rollout.
    const outcome = rollout(search, rigged(search.world, search.userID, win), candidate);
    (outcome.won ? split.won : split.lost).push(outcome);
  }
  return split;
}

/** What spending `extra` more military would have taken off this bot's standing at the end of an outcome. */
function extraSpent(search: Search, outcome: Outcome, extra: number): number {
  if (extra === 0) return 0;
  const me = outcome.end.players.find((p) => p.userID === search.userID)!;
  const outlook = outlookOf(outcome.end, search.tunings);
  const less = { ...me, counters: { ...me.counters, military: Math.max(0, me.counters.military - extra) } };
  return resourcesWorth(me, outlook) - resourcesWorth(less, outlook);
}

const mean = (list: Outcome[]) => list.reduce((sum, o) => sum + o.value, 0) / list.length;

/**
 * The expected standing after each candidate, by rollouts, in order of the candidates; once the
 * budget is spent the rest are not tried (null).
 */
export function searchBids(search: Search, candidates: readonly Candidate[], baseMilitary: number): (number | null)[] {
  const { view } = search;
  // A tribute that looks at the bid, or endgame scoring right after this turn (which rounds the
  // military left down to whole favor), makes every bid a different turn: each is rolled out.
  const everyBid = turnsAfter(view) === 0 || view.tributeRow.some((id) => BID_SENSITIVE.has(view.tributeCardsByID[id]!.function));
  const splits = new Map<number, { bid: number; won: Outcome[]; lost: Outcome[] }>();
  const spent = (bid: number) => Math.max(0, bid - baseMilitary);
  return candidates.map((candidate) => {
    const rivals = rivalBidsOn(search, candidate.tradeRowIndex);
    const key = everyBid ? candidate.tradeRowIndex * 1000 + candidate.military : candidate.tradeRowIndex;
    let split = splits.get(key);
    if (!split && search.budget <= 0) return null;
    if (rivals.length === 0) return rollout(search, search.world, candidate).value;
    if (!split) {
      split = { bid: candidate.military, ...outcomes(search, candidate) };
      splits.set(key, split);
    }
    const odds = clashWinProbabilities(view.age, [candidate.military, ...rivals])[0]!;
    const extra = spent(candidate.military) - spent(split.bid);
    const valueOf = (list: Outcome[]) => mean(list) - extraSpent(search, list[0]!, extra);
    if (split.won.length === 0) return valueOf(split.lost);
    if (split.lost.length === 0) return valueOf(split.won);
    return odds * valueOf(split.won) + (1 - odds) * valueOf(split.lost);
  });
}
