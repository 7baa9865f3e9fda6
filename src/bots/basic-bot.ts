/**
 * basic_bot, the "Advanced Bot": values each card by what it will score and produce for it over
 * the rest of the game (see worth.ts and appraise.ts), bids against what its rivals can afford
 * (bid-plan.ts) and chases the tribute row. Like every bot a player can pick, it always declines
 * rerolls (docs/bots.md); the developers' basic_bot2 weighs them.
 */
import { pendingDecision } from '../engine/index.js';
import type { Decide } from './bot.js';
import { rankBids } from './bid-plan.js';
import { rankGains } from './gain-choice.js';
import tuning from './tuning/basic-bot.json' with { type: 'json' };
import type { AdvancedTuning, ByAge } from './tuning.js';

export const BASIC_BOT_TUNING: ByAge<AdvancedTuning> = tuning;

export const basicBot: Decide = (view, userID) => {
  const decision = pendingDecision(view, userID);
  switch (decision?.type) {
    case 'BID': {
      const best = rankBids(view, userID, BASIC_BOT_TUNING)[0]!;
      return { type: 'BID', bid: { military: best.military, tradeRowIndex: best.tradeRowIndex } };
    }
    case 'REROLL':
      return { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } };
    case 'RESOLVE':
      return { type: 'RESOLVE', resolve: { cardIDToGain: rankGains(view, userID, BASIC_BOT_TUNING)[0]!.cardID } };
    default:
      return null;
  }
};
