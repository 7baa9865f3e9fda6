/**
 * What the screen derives from the viewer's state with the engine's own pure helpers: costs and
 * affordability, bases and production, favor from prophecies and upgrades (the pending decision
 * comes with the view, as the server worked it out). The engine's counting helpers read only
 * `cardsByID` (and the player), which the state holds.
 */
import { baseGold, baseMilitary, isUpgraded, outputAmount } from '../../engine/effects.js';
import type { Decision } from '../../engine/pending.js';
import { goldCost, paymentRefusal, prophecyFavor } from '../../engine/costs.js';
import { errors } from '../../engine/errors.js';
import type { Clash, Player, RollResult } from '../../engine/state.js';
import type { GameView } from '../../engine/view.js';
import type { Output } from '../../engine/cards/notation.js';
import type { CardID, UserID } from '../../engine/types.js';
import type { GameScreenState } from './model.js';

/** The view with its card set and log put back: what the engine's helpers read. */
export function viewOf(state: GameScreenState): GameView {
  return { ...state.game, cardsByID: state.cardsByID, tributeCardsByID: state.tributeCardsByID, events: state.events };
}

export function playerOf(state: GameScreenState, userID: UserID | null): Player | null {
  return state.game.players.find((p) => p.userID === userID) ?? null;
}

/** The viewer's decision, as the server worked it out with the view (a spectator has none). */
export function decisionOf(state: GameScreenState): Decision | null {
  if (state.me === null) return null;
  // A player who left decides nothing more: a bot plays the seat to the end, and the server
  // refuses their actions. Nothing is pickable, and no "Your move" is announced.
  if (state.seatsByUserID[state.me]?.left) return null;
  return state.game.decision;
}

/**
 * The clash the viewer lost and may reroll, with the last round's rolls of theirs and the
 * winner's: what the reroll choice says ("6 against Bob's 9"), on the panel and to a screen reader.
 */
export function lostClashOf(state: GameScreenState): { clash: Clash; mine: RollResult | undefined; best: RollResult | undefined } | null {
  const me = state.me;
  const clash = me === null ? undefined : state.game.clashes.find((c) => c.playerIDs.includes(me) && c.winningPlayerID !== me);
  if (me === null || clash === undefined) return null;
  const last = clash.rounds.at(-1);
  return { clash, mine: last?.[me], best: last?.[clash.winningPlayerID] };
}

/**
 * Whether the viewer has a move to make now: a decision of their own, not waiting for the others,
 * in a game not over (the tab's "Your move" title, and the chat's dialog, which covers the table).
 */
export function moveIsDue(state: GameScreenState, decision: Decision | null): boolean {
  return decision !== null && decision.type !== 'WAIT_FOR_OTHERS' && state.game.gameEndTimestamp === null;
}

export interface PlayerEconomy {
  baseGold: number;
  baseMilitary: number;
  goldPerTurn: number;
  militaryPerTurn: number;
}

export function economyOf(state: GameScreenState, player: Player): PlayerEconomy {
  let goldPerTurn = 0;
  let militaryPerTurn = 0;
  for (const id of player.cardIDs) {
    for (const output of state.cardsByID[id]?.effects.turnEffect ?? []) {
      if (output.outputResource === 'gold') goldPerTurn += outputAmount(state, player, output);
      if (output.outputResource === 'military') militaryPerTurn += outputAmount(state, player, output);
    }
  }
  return { baseGold: baseGold(state, player), baseMilitary: baseMilitary(state, player), goldPerTurn, militaryPerTurn };
}

/** The gold a card would cost this player: its cost less their base gold, never below 0. */
export function costFor(state: GameScreenState, player: Player, cardID: CardID): number {
  return Math.max(0, (state.cardsByID[cardID]?.cost ?? 0) - baseGold(state, player));
}

/** Why this player cannot pay for the card now (the engine's rule and messages), or null if they can. */
export function unaffordableReason(state: GameScreenState, player: Player, cardID: CardID): string | null {
  if (!state.cardsByID[cardID]) return errors.cardToGainNotFound().message;
  return paymentRefusal(state, player, cardID)?.message ?? null;
}

/**
 * The sums behind `unaffordableReason`, in words: what the card asks of the player and what they
 * have ("Not enough gold" alone named neither). Null when they can pay.
 */
export function unaffordableSums(state: GameScreenState, player: Player, cardID: CardID): string | null {
  const card = state.cardsByID[cardID];
  if (!card) return null;
  const base = baseGold(state, player);
  // Which sum falls short is the one rule's to say (costs.ts); this only puts it in numbers.
  const refusal = paymentRefusal(state, player, cardID, base);
  if (refusal?.code === errors.notEnoughGold().code) {
    const pay = goldCost(state, player, cardID, base);
    const cost = base > 0 ? `${pay} gold (its cost ${card.cost}, less your base gold ${base})` : `${pay} gold`;
    return `${card.name} costs you ${cost}, and you have ${player.counters.gold}.`;
  }
  if (refusal?.code === errors.notEnoughWarTokens().code) {
    const tokens = card.additionalCosts?.warTokens ?? 0;
    return `${card.name} also costs ${tokens} Clash token${tokens === 1 ? '' : 's'}, and you have ${player.counters.warTokens}.`;
  }
  return null;
}

export interface ProphecyLine {
  cardID: CardID;
  favor: number;
}

export function propheciesOf(state: GameScreenState, player: Player): ProphecyLine[] {
  return player.cardIDs
    .filter((id) => (state.cardsByID[id]?.effects.endOfGameEffect.length ?? 0) > 0)
    .map((cardID) => ({ cardID, favor: prophecyFavor(state, player, cardID) }));
}

export interface UpgradeLine {
  cardID: CardID;
  output: Output;
  reached: boolean;
}

/** Every upgrade (`>`) output of the player's cards, and whether its condition holds now. */
export function upgradesOf(state: GameScreenState, player: Player): UpgradeLine[] {
  const lines: UpgradeLine[] = [];
  for (const cardID of player.cardIDs) {
    const effects = state.cardsByID[cardID]?.effects;
    if (!effects) continue;
    const outputs = [...effects.baseEffect, ...effects.turnEffect, ...effects.gainSelfEffect, ...effects.endOfGameEffect];
    for (const t of [...effects.draftOtherEffect, ...effects.gainOtherEffect]) outputs.push(t.output);
    for (const output of outputs) if (output.upgradeCondition) lines.push({ cardID, output, reached: isUpgraded(state, player, output) });
  }
  return lines;
}

/** Favor per tribute completed: each token is worth 3. */
export function tributeFavorOf(state: GameScreenState, player: Player): { tributeID: number; favor: number }[] {
  return player.tributeIDs.map((tributeID) => ({ tributeID, favor: 3 * (state.tributeCardsByID[tributeID]?.tokens ?? 0) }));
}

/** The trade row index this player won this turn, if any. */
export function wonIndexOf(state: GameScreenState, userID: UserID): number | null {
  for (const [index, winner] of Object.entries(state.game.winnersByTradeRowIndex)) if (winner === userID) return Number(index);
  return null;
}
