/**
 * basic_bot, the "Advanced Bot": values each card by what it will score and produce for it over
 * the rest of the game (see worth.ts and appraise.ts), bids against what its rivals can afford
 * (bid-plan.ts) and chases the tribute row. Its bid and the card it gains are drawn from its
 * secret rng among the ones it values near the best (mixed-strategy.ts): what it values is public
 * code, so a bot that always took its best would have its bid read off the table. Like every bot
 * a player can pick, it always declines rerolls (docs/bots.md); the developers'
 * basic_bot2 weighs them.
 */
import { pendingDecision, type GameView, type UserID } from '../engine/index.js';
import type { Decide } from './bot.js';
import { rankBids } from './bid-plan.js';
import { rankGains } from './gain-choice.js';
import { drawBid, drawIndex, mixedBids, mixedChances, type BidChance } from './mixed-strategy.js';
import tuning from './tuning/basic-bot.json' with { type: 'json' };
import { forAge, type AdvancedTuning, type ByAge } from './tuning.js';

export const BASIC_BOT_TUNING: ByAge<AdvancedTuning> = tuning;

/** Its mixed bid: every bid rankBids considers, weighted by its value. */
export function basicBidChances(view: GameView, userID: UserID): BidChance[] {
  const options = rankBids(view, userID, BASIC_BOT_TUNING).map((o) => ({ bid: { military: o.military, tradeRowIndex: o.tradeRowIndex }, value: o.value }));
  return mixedBids(options, forAge(BASIC_BOT_TUNING, view.age).bidTemperature);
}

export const basicBot: Decide = (view, userID, rng) => {
  const decision = pendingDecision(view, userID);
  switch (decision?.type) {
    case 'BID':
      return { type: 'BID', bid: drawBid(basicBidChances(view, userID), rng) };
    case 'REROLL':
      return { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } };
    case 'RESOLVE': {
      // No cap here: a gain is revealed with everyone's at the end of the phase and hardly
      // touches another player's choice, so a card clearly best is always taken.
      const gains = rankGains(view, userID, BASIC_BOT_TUNING);
      const chances = mixedChances(
        gains.map((g) => g.value),
        forAge(BASIC_BOT_TUNING, view.age).choiceTemperature,
      );
      return { type: 'RESOLVE', resolve: { cardIDToGain: gains[drawIndex(chances, rng)]!.cardID } };
    }
    default:
      return null;
  }
};

/**
 * The Advanced Bot's likeliest answers: its best-valued bid and gain, never drawn. basic_bot2's
 * search models the table with it: the search plays one sampled world, and a rival's bid drawn at
 * random there would only add noise to what the rollouts compare.
 */
export const likeliestBasicBot: Decide = (view, userID, rng) => {
  const decision = pendingDecision(view, userID);
  switch (decision?.type) {
    case 'BID': {
      const best = rankBids(view, userID, BASIC_BOT_TUNING)[0]!;
      return { type: 'BID', bid: { military: best.military, tradeRowIndex: best.tradeRowIndex } };
    }
    case 'RESOLVE':
      return { type: 'RESOLVE', resolve: { cardIDToGain: rankGains(view, userID, BASIC_BOT_TUNING)[0]!.cardID } };
    default:
      return basicBot(view, userID, rng);
  }
};
