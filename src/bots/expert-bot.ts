/**
 * expert_bot: a searching bot. At a bid it runs information-set Monte Carlo search over
 * determinized worlds, from its own view only (never the deck order, the generator or another
 * seat's hidden bid):
 *
 * - each iteration samples a world consistent with the view (determinize.ts, from the decision's
 *   rng): the deck and tribute deck reshuffled, the generator fresh, so the clash dice and the
 *   cards coming up differ from world to world;
 * - the bid node is simultaneous, and selection there is decoupled: this bot picks its own bid by
 *   UCB1 over its candidate bids, from its own statistics only; each other seat's bid is drawn
 *   afresh from the Advanced Bot's mixed strategy on that seat's view (basicBidChances), not from
 *   a bandit of its own. The search is one level deep (the root's bid), not a tree;
 * - the world is then played on by the Advanced Bot's likeliest answers in every seat
 *   (likeliestBasicBot, fast) to the start of the next turn, or `horizon` turns, and the position
 *   valued for this bot by basic_bot2's worth against its strongest rival (rollout.ts).
 *
 * The budget is iterations (deterministic for a seed: reproducible tournaments), milliseconds
 * (live play), or both (whichever runs out first; a time limit makes the search depend on the
 * machine). Its final bid is drawn, like the other bots', from the decision's rng by the logit
 * response to the searched values with no bid above MAX_BID_CHANCE (mixed-strategy.ts), so it
 * cannot be read off the table. Rerolls are basic_bot2's choice and gains the Advanced Bot's.
 */
import { pendingDecision, playAction, viewFor, type Bid, type Game, type GameView, type Rng, type UserID } from '../engine/index.js';
import { BASIC_BOT_TUNING, basicBidChances, basicBot, likeliestBasicBot } from './basic-bot.js';
import { BASIC_BOT2_TUNING, basicBot2 } from './basic-bot2.js';
import { rankBids } from './bid-plan.js';
import type { Decide } from './bot.js';
import { determinize } from './determinize.js';
import { drawBid, mixedBids, type BidChance } from './mixed-strategy.js';
import { finishTurn, standing } from './rollout.js';
import { turnsAfter } from './seat.js';

export interface ExpertOptions {
  /** Search iterations per bid (one determinized world and one rollout each). */
  iterations?: number;
  /** Milliseconds per bid; with iterations, whichever runs out first. */
  thinkMs?: number;
  /** Turns each rollout plays before the position is valued. */
  horizon?: number;
  /** UCB1's exploration constant, in favor of standing. */
  exploration?: number;
  /** Softness of the final draw among the searched bids, in favor. */
  bidTemperature?: number;
  /** The most candidate bids searched. */
  maxCandidates?: number;
}

/** The registered bot's budget: about 0.1 to 0.3 s a bid on one core of the development machine. */
export const EXPERT_DEFAULTS = {
  iterations: 96,
  horizon: 1,
  exploration: 1.5,
  bidTemperature: 0.2,
  maxCandidates: 12,
};

/** A rival's bid distribution, worked out once: a rival's own view is the same in every sampled world. */
interface RivalModel {
  userID: UserID;
  chances: BidChance[];
}

const key = (bid: Bid) => `${bid.tradeRowIndex}:${bid.military}`;

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

function playOrThrow(game: Game, userID: UserID, bid: Bid): Game {
  const result = playAction(game, userID, { type: 'BID', bid }, game.updateTimestamp);
  if (!result.ok) throw new Error(`expert_bot: ${userID} made an illegal bid: ${result.message}`);
  return result.game;
}

export interface ExpertSearch {
  candidates: Bid[];
  visits: number[];
  means: number[];
  iterations: number;
}

/** The root search: decoupled UCB1 for this bot's bid over determinized worlds. */
export function searchExpert(view: GameView, userID: UserID, rng: Rng, options: ExpertOptions = {}): ExpertSearch {
  // Options given as undefined keep their defaults.
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as ExpertOptions;
  const o: ExpertOptions & typeof EXPERT_DEFAULTS = { ...EXPERT_DEFAULTS, ...given };
  const first = determinize(view, rng);
  const rivals: RivalModel[] = first.players
    .filter((p) => p.userID !== userID && !first.bidsByPlayerID[p.userID])
    .map((p) => ({ userID: p.userID, chances: basicBidChances(viewFor(first, p.userID), p.userID) }))
    .filter((r) => r.chances.length > 0);
  const candidates = expertCandidates(view, userID, rivals, o.maxCandidates);
  const visits = candidates.map(() => 0);
  const sums = candidates.map(() => 0);
  const horizon = Math.max(1, Math.min(o.horizon, turnsAfter(view) + 1));
  const started = performance.now();
  let done = 0;
  while (done < o.iterations && candidates.length > 1) {
    if (o.thinkMs !== undefined && done > 0 && performance.now() - started >= o.thinkMs) break;
    const world = done === 0 ? first : determinize(view, rng);
    // This seat's bid by UCB1 on its own statistics (untried bids first).
    let arm = visits.indexOf(0);
    if (arm < 0) {
      const logN = Math.log(done);
      let best = -Infinity;
      for (let i = 0; i < candidates.length; i++) {
        const score = sums[i]! / visits[i]! + o.exploration * Math.sqrt(logN / visits[i]!);
        if (score > best) [best, arm] = [score, i];
      }
    }
    let game = playOrThrow(world, userID, candidates[arm]!);
    // Every other seat's bid drawn from its own mixed strategy, independently of this seat's.
    for (const r of rivals) game = playOrThrow(game, r.userID, drawBid(r.chances, rng));
    const end = finishTurn(game, likeliestBasicBot, rng, horizon);
    visits[arm]!++;
    sums[arm]! += standing(end, userID, BASIC_BOT2_TUNING);
    done++;
  }
  return { candidates, visits, means: sums.map((s, i) => (visits[i]! > 0 ? s / visits[i]! : -Infinity)), iterations: done };
}

/** An expert bot with its own budget (for tournaments and balance runs: `iterations` for reproducible ones). */
export function makeExpertBot(options: ExpertOptions = {}): Decide {
  return (view, userID, rng) => {
    const decision = pendingDecision(view, userID);
    if (decision?.type === 'REROLL') return basicBot2(view, userID, rng);
    if (decision?.type !== 'BID') return basicBot(view, userID, rng);
    const search = searchExpert(view, userID, rng, options);
    if (search.candidates.length <= 1) return basicBot(view, userID, rng);
    const tried = search.candidates.flatMap((bid, i) => (search.visits[i]! > 0 ? [{ bid, value: search.means[i]! }] : []));
    const temperature = options.bidTemperature ?? EXPERT_DEFAULTS.bidTemperature;
    return { type: 'BID', bid: drawBid(mixedBids(tried, temperature), rng) };
  };
}

/** The registered expert_bot: a budget in iterations, so its games replay exactly. */
export const expertBot: Decide = makeExpertBot();
