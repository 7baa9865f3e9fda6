/**
 * basic_bot2 (developers only): the team's strongest bot. It shortlists bids from the Advanced
 * Bot's ranking, adds bids just above what its rivals would bid, and picks among them by rollouts
 * of the rest of the turn (bid-search.ts), with the Advanced Bot's likeliest answers in every seat. Its gain
 * choice is the Advanced Bot's; unlike it (a bot players pick, which always declines), it rerolls
 * when that is cheap and likely to help (reroll-choice.ts). Like the Advanced Bot it draws its bid
 * and its reroll choice from its secret rng among the near-best (mixed-strategy.ts).
 */
import { pendingDecision, type GameView, type Rng, type UserID } from '../engine/index.js';
import { BASIC_BOT_TUNING, basicBot, likeliestBasicBot } from './basic-bot.js';
import { rankBids } from './bid-plan.js';
import { searchBids, startSearch, type Candidate, type Search, type SearchTuning } from './bid-search.js';
import type { Decide } from './bot.js';
import { drawBid, drawIndex, mixedBids, mixedChances, type BidChance } from './mixed-strategy.js';
import { rerollMargin } from './reroll-choice.js';
import { BID_SENSITIVE } from './tribute-worth.js';
import tuning from './tuning/basic-bot2.json' with { type: 'json' };
import { forAge, type ByAge, type ValueTuning } from './tuning.js';

/** Its search's parameters, and the values it judges the positions its rollouts reach by. */
export const BASIC_BOT2_TUNING: ByAge<SearchTuning & ValueTuning> = tuning;

/**
 * Candidates: the top options of the heuristic ranking; each slot at base military; and on a slot
 * a rival bids on, a few bids just above theirs. An uncontested slot is not worth more military
 * (its rollout cannot show what a higher bid would insure against) unless a tribute rewards the bid.
 */
function candidatesFor(view: GameView, userID: UserID, rivals: Search['rivals'], t: SearchTuning): Candidate[] {
  const decision = pendingDecision(view, userID);
  if (decision?.type !== 'BID') return [];
  const rivalBySlot = new Map<number, number>();
  for (const { action } of rivals) rivalBySlot.set(action.bid.tradeRowIndex, Math.max(action.bid.military, rivalBySlot.get(action.bid.tradeRowIndex) ?? 0));
  const bidSensitive = view.tributeRow.some((id) => BID_SENSITIVE.has(view.tributeCardsByID[id]!.function));
  const seen = new Set<string>();
  const out: Candidate[] = [];
  const add = (tradeRowIndex: number, military: number) => {
    const m = Math.max(decision.minMilitary, Math.min(decision.maxMilitary, military));
    const key = `${tradeRowIndex}:${m}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ tradeRowIndex, military: m });
  };
  // Cheapest first, as the rollout budget may run out: base bids, the ranking's best, raises.
  for (const index of decision.tradeRowIndexes) add(index, decision.minMilitary);
  const ranked = rankBids(view, userID, BASIC_BOT_TUNING);
  for (const option of ranked.slice(0, t.topOptions)) {
    if (bidSensitive || rivalBySlot.has(option.tradeRowIndex)) add(option.tradeRowIndex, option.military);
  }
  for (const [index, rival] of rivalBySlot) for (const raise of t.raises) add(index, rival + raise);
  return out;
}

/**
 * basic_bot2's mixed bid at a planning decision: the bids it may make and their chances (empty
 * when it has no bid to make). The Expert Bot models its rivals by it.
 */
export function basicBot2Bids(view: GameView, userID: UserID, rng: Rng): BidChance[] {
  const decision = pendingDecision(view, userID);
  if (decision?.type !== 'BID') return [];
  const t = forAge(BASIC_BOT2_TUNING, view.age);
  const search = startSearch(view, userID, likeliestBasicBot, rng, BASIC_BOT2_TUNING, t);
  const candidates = candidatesFor(view, userID, search.rivals, t);
  const values = searchBids(search, candidates, decision.minMilitary);
  // Candidates the rollout budget did not reach (null) are not drawn.
  const tried = candidates.flatMap((bid, i) => (values[i] === null ? [] : [{ bid, value: values[i]! }]));
  return mixedBids(tried, t.bidTemperature);
}

export const basicBot2: Decide = (view, userID, rng) => {
  const decision = pendingDecision(view, userID);
  if (decision?.type === 'REROLL') {
    const margin = rerollMargin(view, userID, BASIC_BOT_TUNING);
    const reroll = margin !== null && drawIndex(mixedChances([margin, 0], forAge(BASIC_BOT_TUNING, view.age).choiceTemperature), rng) === 0;
    return { type: 'REROLL', rollSelection: { rerollType: reroll ? 'reroll' : 'decline', rerollRound: decision.rerollRound } };
  }
  if (decision?.type !== 'BID') return basicBot(view, userID, rng);
  return { type: 'BID', bid: drawBid(basicBot2Bids(view, userID, rng), rng) };
};
