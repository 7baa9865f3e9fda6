/**
 * A worked example of a bot module for `mythos tournament --seats ./examples/bots/favor-hunter.ts,...`
 * (docs/bots.md walks through it). It bids on the trade-row card that prints the most favor,
 * keeps a little military back, never rerolls, and gains the affordable card with the most favor.
 */
import type { Decide } from '../../src/bots/bot.js';
import { pendingDecision, randomInt } from '../../src/engine/index.js';

export const decide: Decide = (view, userID, rng) => {
  // What this seat must decide now, with its legal ranges: the same data the built-in bots use.
  const decision = pendingDecision(view, userID);
  if (!decision) return null;
  switch (decision.type) {
    case 'BID': {
      const favorAt = (index: number) => view.cardsByID[view.tableIDs[index]!]?.favor ?? 0;
      const best = Math.max(...decision.tradeRowIndexes.map(favorAt));
      const targets = decision.tradeRowIndexes.filter((index) => favorAt(index) === best);
      // Ties are broken with the seeded rng, so the same game replays the same way.
      const tradeRowIndex = targets[randomInt(rng, 0, targets.length - 1)]!;
      const military = Math.max(decision.minMilitary, Math.floor(decision.maxMilitary * 0.75));
      return { type: 'BID', bid: { military, tradeRowIndex } };
    }
    case 'WAIT_FOR_OTHERS':
      return null; // our bid stands
    case 'REROLL':
      return { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } };
    case 'RESOLVE': {
      const affordable = decision.choices.filter((choice) => choice.affordable);
      const favor = (cardID: number) => view.cardsByID[cardID]?.favor ?? 0;
      const choice = affordable.reduce((a, b) => (favor(b.cardID) > favor(a.cardID) ? b : a));
      return { type: 'RESOLVE', resolve: { cardIDToGain: choice.cardID } };
    }
  }
};
