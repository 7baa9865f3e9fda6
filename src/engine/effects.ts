/**
 * The one interpreter of card effects: counting what a player holds and evaluating outputs (crediting
 * them is credit.ts's). No card has code of its own. Pure: this module is also the web client's, which
 * must not load the step machinery and its random generators (step.ts, rng.ts) for these readers.
 */
import type { Output, Target } from './cards/notation.js';
import type { TriggeredCard } from './events.js';
import { COUNTER_CAP, type Game, type Player } from './state.js';
import { DEITIES, type Affinity, type CardID, type CardType, type CountedThing, type Deity, type Resource } from './types.js';

/**
 * What the counting helpers read of a game: its card set. A player's view has it too, so bots and
 * the web client call these helpers on their view as it is.
 */
export type CardLookup = Pick<Game, 'cardsByID'>;

export function countAffinity(game: CardLookup, player: Player, affinity: Affinity): number {
  let n = 0;
  for (const id of player.cardIDs) if (game.cardsByID[id]!.affinity === affinity) n++;
  return n;
}

export function countByDeity(game: CardLookup, cardIDs: readonly CardID[]): Record<Deity, number> {
  const counts: Record<Deity, number> = { Derion: 0, Tyros: 0, Zeona: 0 };
  for (const id of cardIDs) {
    const affinity = game.cardsByID[id]!.affinity;
    if (affinity === 'Derion' || affinity === 'Tyros' || affinity === 'Zeona') counts[affinity]++;
  }
  return counts;
}

/** The deity-set count: the fewest cards held of any of the three deities. */
export function deitySets(game: CardLookup, player: Player): number {
  const counts = countByDeity(game, player.cardIDs);
  return Math.min(...DEITIES.map((d) => counts[d]));
}

export function countOf(game: CardLookup, player: Player, thing: CountedThing): number {
  switch (thing) {
    case 'Unit':
    case 'Building':
    case 'Event':
      return player.cards[thing].length;
    case 'War':
      return player.counters.warTokens;
    case 'card_set':
      return deitySets(game, player);
    default:
      return countAffinity(game, player, thing);
  }
}

/** Whether an upgrade's condition holds (an output without one always holds). */
export function isUpgraded(game: CardLookup, player: Player, output: Output): boolean {
  const condition = output.upgradeCondition;
  return !condition || countOf(game, player, condition.upgradeType) >= condition.upgradeAmount;
}

export function outputAmount(game: CardLookup, player: Player, output: Output): number {
  if (!isUpgraded(game, player, output)) return 0;
  const m = output.multiplier;
  return m ? output.outputRatio * Math.floor(countOf(game, player, m.resource) / m.resourceDivisor) : output.outputRatio;
}

function baseOf(game: CardLookup, player: Player, resource: 'gold' | 'military'): number {
  let total = 0;
  for (const id of player.cardIDs) {
    for (const output of game.cardsByID[id]!.effects.baseEffect) {
      if (output.outputResource === resource) total += outputAmount(game, player, output);
    }
  }
  return total;
}

/** Base gold: taken off every gold cost (a Town gives 1). */
export const baseGold = (game: CardLookup, player: Player) => baseOf(game, player, 'gold');
/** Base military: added to every bid for free (a Fort gives 1). */
export const baseMilitary = (game: CardLookup, player: Player) => baseOf(game, player, 'military');

export type Amounts = Record<Resource, number>;
export const noAmounts = (): Amounts => ({ gold: 0, favor: 0, military: 0, warTokens: 0, rerollTokens: 0 });

/** A capped counter (gold, military, war and reroll tokens) kept within 0..COUNTER_CAP. */
export const capped = (value: number) => Math.max(0, Math.min(COUNTER_CAP, value));

export function sumOutputs(game: CardLookup, player: Player, outputs: readonly Output[], into: Amounts = noAmounts()): Amounts {
  for (const output of outputs) into[output.outputResource] += outputAmount(game, player, output);
  return into;
}

export function targetMatches(target: Target, game: CardLookup, what: { cardID?: CardID; tribute?: boolean; warToken?: boolean }): boolean {
  switch (target.kind) {
    case 'tribute':
      return what.tribute === true;
    case 'token':
      return what.warToken === true;
    case 'card_affinity':
      return what.cardID !== undefined && game.cardsByID[what.cardID]!.affinity === target.affinity;
    case 'card_type':
      return what.cardID !== undefined && game.cardsByID[what.cardID]!.type === (target.cardType satisfies CardType);
  }
}

/**
 * The draft-target or acquire-target abilities of the cards a player holds that react to `what`.
 * `except` is the card just gained: a card does not react to its own arrival.
 */
export function triggeredBy(
  game: CardLookup,
  player: Player,
  kind: 'draftOtherEffect' | 'gainOtherEffect',
  what: { cardID?: CardID; tribute?: boolean; warToken?: boolean },
  except: number = -1,
): TriggeredCard[] {
  const triggered: TriggeredCard[] = [];
  const ids = player.cardIDs;
  // Plain loops: this runs for every card held at every gain.
  for (let index = 0; index < ids.length; index++) {
    if (index === except) continue;
    const id = ids[index]!;
    const abilities = game.cardsByID[id]!.effects[kind];
    if (abilities.length === 0) continue;
    const amounts = noAmounts();
    for (let i = 0; i < abilities.length; i++) {
      const ability = abilities[i]!;
      if (targetMatches(ability.target, game, what)) amounts[ability.output.outputResource] += outputAmount(game, player, ability.output);
    }
    if (amounts.gold + amounts.military + amounts.favor + amounts.warTokens + amounts.rerollTokens > 0) {
      triggered.push({ cardID: id, gold: amounts.gold, favor: amounts.favor, military: amounts.military, warTokens: amounts.warTokens, rerollTokens: amounts.rerollTokens });
    }
  }
  return triggered;
}

export function totalOf(triggered: readonly TriggeredCard[], into: Amounts = noAmounts()): Amounts {
  for (const t of triggered) {
    into.gold += t.gold;
    into.military += t.military;
    into.favor += t.favor;
    into.warTokens += t.warTokens;
    into.rerollTokens += t.rerollTokens;
  }
  return into;
}
