/**
 * random_card, a hidden bot kind: bids its minimum (its base military) on a random trade row card,
 * never rerolls, and gains the card it won if it can pay for it, else a random affordable basic.
 */
import { randomInt } from '../engine/index.js';
import { simpleBot } from './simple-bot.js';

export const randomCard = simpleBot({
  bid: (_view, _userID, decision, rng) => {
    const tradeRowIndex = decision.tradeRowIndexes[randomInt(rng, 0, decision.tradeRowIndexes.length - 1)]!;
    return { military: decision.minMilitary, tradeRowIndex };
  },
  basic: (_view, _userID, affordable, rng) => affordable[randomInt(rng, 0, affordable.length - 1)]!,
});
