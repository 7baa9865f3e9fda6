/**
 * What a card costs a player, and what its prophecies are worth: pure rules read by the engine's
 * resolution phase and pending decision, the bots and the web client (which must not load the step
 * machinery of phases/resolution.ts for them).
 */
import { baseGold, outputAmount, type CardLookup } from './effects.js';
import { errors, type RuleError } from './errors.js';
import type { Player } from './state.js';
import type { CardID } from './types.js';

/**
 * The gold a player pays for a card: its cost less their base gold, never below 0. `base` is the
 * player's base gold, when the caller already knows it.
 */
export function goldCost(game: CardLookup, player: Player, cardID: CardID, base = baseGold(game, player)): number {
  return Math.max(0, game.cardsByID[cardID]!.cost - base);
}

/**
 * The one affordability rule: why a player cannot pay for a card now (its gold cost, then any Clash
 * tokens it asks for), or null if they can. The RESOLVE action, the pending decision, the bots and
 * the web client all ask this.
 */
export function paymentRefusal(game: CardLookup, player: Player, cardID: CardID, base = baseGold(game, player)): RuleError | null {
  if (goldCost(game, player, cardID, base) > player.counters.gold) return errors.notEnoughGold();
  if ((game.cardsByID[cardID]!.additionalCosts?.warTokens ?? 0) > player.counters.warTokens) return errors.notEnoughWarTokens();
  return null;
}

/** The favor a card's prophecies would give now, were the game to end. */
export function prophecyFavor(game: CardLookup, player: Player, cardID: CardID): number {
  let favor = 0;
  for (const output of game.cardsByID[cardID]!.effects.endOfGameEffect) {
    if (output.outputResource === 'favor') favor += outputAmount(game, player, output);
  }
  return favor;
}
