/**
 * expert_bot: a searching bot. At a bid it runs a Monte Carlo search over determinized worlds,
 * from its own view only (never the deck order, the generator or another seat's hidden bid):
 *
 * - each rival's bid is modelled once, as basic_bot2 would mix it from that rival's view of a
 *   sampled world (a rival's view is the same in every world: it sees what this bot sees, less
 *   this bot's own secrets);
 * - each iteration samples a world consistent with the view (determinize.ts: the decks reshuffled,
 *   the generator fresh) and a profile of rival bids drawn from their models, and values every
 *   candidate bid against that profile by basic_bot2's rollouts: a contested slot rolled out once
 *   won and once lost, weighed by the clash's exact odds (bid-search.ts), the rest of the turn
 *   played by the Advanced Bot's likeliest answers and the position valued by basic_bot2's worth;
 * - the bid node is simultaneous: the rivals' bids are drawn from their models independently of
 *   this bot's, and its candidates are compared on the same worlds and profiles (common random
 *   numbers), which is the decoupled search of the literature with the rivals' strategies fixed
 *   to a model instead of learnt (a one-level search, not a tree: later decisions are not searched).
 *
 * The budget is iterations (deterministic for a seed: reproducible tournaments), milliseconds
 * (live play), or both (whichever runs out first; a time limit makes the search depend on the
 * machine). Its final bid is drawn, like the other bots', from the decision's rng by the logit
 * response to the searched values, with no bid above EXPERT_BID_CAP (0.8, where the other bots
 * have MAX_BID_CHANCE, 0.6: mixed-strategy.ts), so it cannot be read off the table for sure.
 * Rerolls are basic_bot2's choice; gains the Advanced Bot's unless `gainWorlds` searches them.
 */
import { pendingDecision, viewFor, type Bid, type GameView, type Rng, type UserID } from '../engine/index.js';
import { BASIC_BOT_TUNING, basicBot, likeliestBasicBot } from './basic-bot.js';
import { BASIC_BOT2_TUNING, basicBot2, basicBot2Bids } from './basic-bot2.js';
import { rankBids } from './bid-plan.js';
import { searchBids, type RivalBid, type Search } from './bid-search.js';
import type { Decide } from './bot.js';
import { determinize } from './determinize.js';
import { drawBid, drawIndex, mixedBids, mixedChances, type BidChance } from './mixed-strategy.js';
import { searchGain } from './gain-search.js';
import { forAge } from './tuning.js';

export interface ExpertOptions {
  /** Search iterations per bid (one sampled world and rival profile each, every candidate valued in it). */
  iterations?: number;
  /** Milliseconds per bid; with iterations, whichever runs out first. */
  thinkMs?: number;
  /** Softness of the final draw among the searched bids, in favor. */
  bidTemperature?: number;
  /** The most candidate bids searched. */
  maxCandidates?: number;
  /** The largest chance the final draw gives any one bid (EXPERT_BID_CAP unless given). */
  bidCap?: number;
  /**
   * Times each rival's mixed bid is worked out (basicBot2Bids, each from its own sampled world)
   * and averaged: its model of that rival.
   */
  rivalSamples?: number;
  /** Worlds its gain (RESOLVE) choice is searched in (gain-search.ts); 0: the Advanced Bot's choice. */
  gainWorlds?: number;
  /**
   * Turns each rollout plays before the position is valued (1: to the end of this turn). Unless
   * given, `rolloutTurns` of the table: 2 heads-up, 1 at a larger table.
   */
  turns?: number;
}

/** The largest chance the Expert Bot's final draw gives any one bid. */
export const EXPERT_BID_CAP = 0.8;

/**
 * How far the registered bot's rollouts look: to the end of the next turn heads-up, to the end of
 * this one at a larger table. Heads-up the second turn bought three to seven points against
 * basic_bot2, by the seeds (bench/RESULTS.md), for two to three times the CPU a bid (a median of
 * about 100 ms, the largest under 1 s); with three rivals a bid already takes up to 0.9 s looking
 * one turn ahead, and two would break the one-second bound.
 */
export function rolloutTurns(view: Pick<GameView, 'players'>): number {
  return view.players.length === 2 ? 2 : 1;
}

/** The registered bot's budget: a median of about 80 ms of CPU a bid heads-up on the development machine. */
export const EXPERT_DEFAULTS = {
  iterations: 32,
  bidTemperature: 0.2,
  maxCandidates: 12,
  gainWorlds: 0,
  rivalSamples: 1,
  /**
   * The most chance its final draw gives one bid: above the other bots' MAX_BID_CHANCE (0.6), as
   * its searched best is worth more to play (docs/decisions.md says what this costs in readability).
   */
  bidCap: EXPERT_BID_CAP,
};

/** A rival's bid distribution, worked out once: a rival's own view is the same in every sampled world. */
interface RivalModel {
  userID: UserID;
  chances: BidChance[];
}

const key = (bid: Bid) => `${bid.tradeRowIndex}:${bid.military}`;

/**
 * A rival's bid as basic_bot2 would mix it from its view, averaged over `samples` of its search
 * (each samples a world of its own from the rng, so one sample is the mix given one such world).
 */
function rivalModel(view: GameView, userID: UserID, rng: Rng, samples: number): BidChance[] {
  if (samples <= 1) return basicBot2Bids(view, userID, rng);
  const merged = new Map<string, BidChance>();
  for (let i = 0; i < samples; i++) {
    for (const c of basicBot2Bids(view, userID, rng)) {
      const seen = merged.get(key(c.bid));
      if (seen) seen.chance += c.chance / samples;
      else merged.set(key(c.bid), { bid: c.bid, chance: c.chance / samples });
    }
  }
  return [...merged.values()];
}

/** Candidates: every slot at base military, the Advanced Bot's best options, and raises over the rivals' likely bids. */
export function expertCandidates(view: GameView, userID: UserID, rivals: readonly RivalModel[], max: number): Bid[] {
  const decision = pendingDecision(view, userID);
  if (decision?.type !== 'BID') return [];
  const seen = new Set<string>();
  const out: Bid[] = [];
  const add = (tradeRowIndex: number, military: number) => {
    if (out.length >= max) return;
    const bid = { tradeRowIndex, military: Math.max(decision.minMilitary, Math.min(decision.maxMilitary, military)) };
    if (seen.has(key(bid))) return;
    seen.add(key(bid));
    out.push(bid);
  };
  const ranked = rankBids(view, userID, BASIC_BOT_TUNING);
  for (const option of ranked.slice(0, 3)) add(option.tradeRowIndex, option.military);
  for (const index of decision.tradeRowIndexes) add(index, decision.minMilitary);
  // The rivals' likelier bids, and one and two military above them.
  const likely = rivals.flatMap((r) => r.chances.filter((c) => c.chance >= 0.1).map((c) => c.bid)).sort((a, b) => a.military - b.military);
  for (const raise of [1, 2]) for (const bid of likely) if (decision.tradeRowIndexes.includes(bid.tradeRowIndex)) add(bid.tradeRowIndex, bid.military + raise);
  for (const option of ranked.slice(3)) add(option.tradeRowIndex, option.military);
  return out;
}


export interface ExpertSearch {
  candidates: Bid[];
  /** Worlds each candidate was valued in. */
  visits: number[];
  means: number[];
  iterations: number;
}

/**
 * The search: for each sampled world (the hidden deck, dice and rivals' bids drawn anew), every
 * candidate is valued by basic_bot2's rollouts against that world's rival bids, with each clash's
 * exact odds weighing a rollout won and one lost (bid-search.ts); the values are averaged over the
 * worlds.
 */
export function searchExpert(view: GameView, userID: UserID, rng: Rng, options: ExpertOptions = {}): ExpertSearch {
  // Options given as undefined keep their defaults.
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as ExpertOptions;
  const o: ExpertOptions & typeof EXPERT_DEFAULTS = { ...EXPERT_DEFAULTS, ...given };
  // The time budget counts from here: modelling the rivals is part of the answer's time.
  const began = performance.now();
  const decision = pendingDecision(view, userID);
  if (decision?.type !== 'BID') return { candidates: [], visits: [], means: [], iterations: 0 };
  const first = determinize(view, rng);
  // Each rival's bid as the strongest heuristic bot would mix it, worked out once from its view.
  const rivals: RivalModel[] = first.players
    .filter((p) => p.userID !== userID && !first.bidsByPlayerID[p.userID])
    .map((p) => ({ userID: p.userID, chances: rivalModel(viewFor(first, p.userID), p.userID, rng, o.rivalSamples) }))
    .filter((r) => r.chances.length > 0);
  const candidates = expertCandidates(view, userID, rivals, o.maxCandidates);
  const visits = candidates.map(() => 0);
  const sums = candidates.map(() => 0);
  const tuning = forAge(BASIC_BOT2_TUNING, view.age);
  const started = performance.now();
  let done = 0;
  while (done < o.iterations && candidates.length > 1) {
    // With a time budget, an iteration is begun only if one more of the average so far still fits:
    // the budget bounds the answer, not just the start of its last iteration.
    if (o.thinkMs !== undefined && done > 0) {
      const now = performance.now();
      if (now - began + (now - started) / done > o.thinkMs) break;
    }
    const world = done === 0 ? first : determinize(view, rng);
    const profile: RivalBid[] = rivals.map((r) => ({ userID: r.userID, action: { type: 'BID', bid: drawBid(r.chances, rng) } }));
    const search: Search = { view, userID, world, rivals: profile, policy: likeliestBasicBot, rng, tunings: BASIC_BOT2_TUNING, tuning, budget: Infinity, turns: o.turns ?? rolloutTurns(view) };
    const values = searchBids(search, candidates, decision.minMilitary);
    values.forEach((value, i) => {
      if (value === null) return;
      visits[i]!++;
      sums[i]! += value;
    });
    done++;
  }
  return { candidates, visits, means: sums.map((s, i) => (visits[i]! > 0 ? s / visits[i]! : -Infinity)), iterations: done };
}

/**
 * The final draw's chances over the searched candidates: the logit response to their mean values
 * at `bidTemperature`, no bid above `bidCap` (EXPERT_BID_CAP).
 */
export function expertBidChances(search: ExpertSearch, options: ExpertOptions = {}): BidChance[] {
  const tried = search.candidates.flatMap((bid, i) => (search.visits[i]! > 0 ? [{ bid, value: search.means[i]! }] : []));
  return mixedBids(tried, options.bidTemperature ?? EXPERT_DEFAULTS.bidTemperature, options.bidCap ?? EXPERT_DEFAULTS.bidCap);
}

/** An expert bot with its own budget (for tournaments and balance runs: `iterations` for reproducible ones). */
export function makeExpertBot(options: ExpertOptions = {}): Decide {
  const gainWorlds = options.gainWorlds ?? EXPERT_DEFAULTS.gainWorlds;
  return (view, userID, rng) => {
    const decision = pendingDecision(view, userID);
    if (decision?.type === 'REROLL') return basicBot2(view, userID, rng);
    if (decision?.type === 'RESOLVE' && gainWorlds > 0) {
      const gains = searchGain(view, userID, rng, gainWorlds, options.thinkMs);
      if (gains.worlds === 0) return basicBot(view, userID, rng);
      // Drawn like the Advanced Bot's gain, without the cap: a gain is revealed with everyone's.
      const chances = mixedChances(gains.means, forAge(BASIC_BOT_TUNING, view.age).choiceTemperature);
      return { type: 'RESOLVE', resolve: { cardIDToGain: gains.cardIDs[drawIndex(chances, rng)]! } };
    }
    if (decision?.type !== 'BID') return basicBot(view, userID, rng);
    const search = searchExpert(view, userID, rng, options);
    if (search.candidates.length <= 1) return basicBot(view, userID, rng);
    return { type: 'BID', bid: drawBid(expertBidChances(search, options), rng) };
  };
}

/** The registered expert_bot: a budget in iterations, so its games replay exactly. */
export const expertBot: Decide = makeExpertBot();
