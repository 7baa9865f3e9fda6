/**
 * What a player's position is worth, in favor: the favor they hold, what their gold, military
 * and tokens will buy, and what their cards will still produce, trigger and prophesy over the
 * turns left. Comparing the worth of a player before and after a hypothetical gain values a card
 * with everything it brings, its synergy with the cards held and the upgrades it unlocks.
 */
import { type Card, type CardID, type CardLookup, type CountedThing, type Output, type Player, type Resource } from '../engine/index.js';
import type { Outlook } from './outlook.js';

type Counts = Record<Exclude<CountedThing, 'card_set'>, number>;

function countsOf(rules: CardLookup, player: Player): Counts {
  const counts: Counts = {
    Derion: 0,
    Tyros: 0,
    Zeona: 0,
    Unit: player.cards.Unit.length,
    Building: player.cards.Building.length,
    Event: player.cards.Event.length,
    War: player.counters.warTokens,
  };
  for (const id of player.cardIDs) {
    const affinity = rules.cardsByID[id]!.affinity;
    if (affinity === 'Derion' || affinity === 'Tyros' || affinity === 'Zeona') counts[affinity]++;
  }
  return counts;
}

/** A count as expected `k` gains from now. */
function projected(counts: Counts, outlook: Outlook, thing: CountedThing, k: number): number {
  if (thing === 'card_set') {
    const g = outlook.growth;
    return Math.min(counts.Derion + g.Derion * k, counts.Tyros + g.Tyros * k, counts.Zeona + g.Zeona * k);
  }
  return counts[thing] + outlook.growth[thing] * k;
}

/** An output's amount once `k` more gains are made (k = 0: exactly as held now). */
function amountAt(output: Output, counts: Counts, outlook: Outlook, k: number): number {
  const condition = output.upgradeCondition;
  if (condition && projected(counts, outlook, condition.upgradeType, k) < condition.upgradeAmount) return 0;
  const m = output.multiplier;
  return m ? output.outputRatio * Math.floor(projected(counts, outlook, m.resource, k) / m.resourceDivisor) : output.outputRatio;
}

/** The favor a prophecy's resource is worth once the game has ended. */
function endValue(outlook: Outlook, resource: Resource): number {
  if (resource === 'favor') return 1;
  if (resource === 'gold') return 1 / outlook.goldPerFavor;
  if (resource === 'military') return 1 / outlook.militaryPerFavor;
  return 0;
}

/** What an output repeated at `rate` per future turn is worth over the turns left. */
function recurring(output: Output, counts: Counts, outlook: Outlook, rate: number): number {
  if (rate === 0 || outlook.turns === 0) return 0;
  // A fixed output is worth the same every turn: the outlook keeps the sum of those turns' values.
  if (!output.multiplier && !output.upgradeCondition) return rate * output.outputRatio * outlook.futureValue[output.outputResource];
  const values = outlook.value[output.outputResource];
  let worth = 0;
  for (let k = 1; k <= outlook.turns; k++) worth += amountAt(output, counts, outlook, k - 1) * values[k]!;
  return rate * worth;
}

/** What one card will still bring its holder over the turns left, given what they hold. */
function cardWorth(card: Card, counts: Counts, outlook: Outlook): number {
  const effects = card.effects;
  const t = outlook.now;
  let worth = 0;
  for (const output of effects.turnEffect) worth += recurring(output, counts, outlook, 1);
  for (const output of effects.baseEffect) {
    const perTurn = output.outputResource === 'gold' ? t.baseGoldPerTurn : t.baseMilitaryPerTurn;
    worth += perTurn * recurring(output, counts, outlook, 1);
  }
  for (const output of effects.endOfGameEffect) {
    worth += amountAt(output, counts, outlook, outlook.turns) * endValue(outlook, output.outputResource);
  }
  for (const { target, output } of effects.gainOtherEffect) {
    const rate =
      target.kind === 'tribute' ? outlook.tributesPerTurn : target.kind === 'token' ? outlook.warTokensPerTurn : outlook.gainMatch(target);
    worth += recurring(output, counts, outlook, rate);
  }
  for (const { target, output } of effects.draftOtherEffect) worth += recurring(output, counts, outlook, outlook.draftMatch(target));
  return worth;
}

const dependence = new WeakMap<Card, boolean>();

/** Whether a card's worth depends on what else its holder has (a count or an upgrade in an output). */
function dependsOnHoldings(card: Card): boolean {
  let known = dependence.get(card);
  if (known === undefined) {
    const e = card.effects;
    const outputs = [...e.turnEffect, ...e.baseEffect, ...e.endOfGameEffect, ...e.gainOtherEffect.map((t) => t.output), ...e.draftOtherEffect.map((t) => t.output)];
    known = outputs.some((o) => o.multiplier !== undefined || o.upgradeCondition !== undefined);
    dependence.set(card, known);
  }
  return known;
}

/** What the cards held will still bring, beyond what the player has now. */
export function holdingsWorth(rules: CardLookup, player: Player, outlook: Outlook): number {
  const counts = countsOf(rules, player);
  let worth = 0;
  for (const id of player.cardIDs) worth += cardWorth(rules.cardsByID[id]!, counts, outlook);
  return worth;
}

/**
 * A player's holdings split for quick what-ifs: the worth of the cards whose worth cannot change,
 * and the cards whose worth depends on the rest.
 */
export interface Holdings {
  fixed: number;
  variable: CardID[];
}

export function holdingsOf(rules: CardLookup, player: Player, outlook: Outlook): Holdings {
  const counts = countsOf(rules, player);
  const holdings: Holdings = { fixed: 0, variable: [] };
  for (const id of player.cardIDs) {
    const card = rules.cardsByID[id]!;
    if (dependsOnHoldings(card)) holdings.variable.push(id);
    else holdings.fixed += cardWorth(card, counts, outlook);
  }
  return holdings;
}

/** holdingsWorth of a player who has just gained `cardID`, from their holdings before it. */
export function holdingsWorthAfter(rules: CardLookup, before: Holdings, after: Player, cardID: CardID, outlook: Outlook): number {
  const counts = countsOf(rules, after);
  const card = rules.cardsByID[cardID]!;
  let worth = before.fixed + cardWorth(card, counts, outlook);
  for (const id of before.variable) worth += cardWorth(rules.cardsByID[id]!, counts, outlook);
  return worth;
}

/** Up to a soft cap an amount is worth `value` a unit, beyond it only `floor`. */
function soft(amount: number, softCap: number, value: number, floor: number): number {
  return Math.min(amount, softCap) * value + Math.max(0, amount - softCap) * floor;
}

/** Gold, military and tokens in hand, in favor: endgame scoring's rate on the last turn. */
export function resourcesWorth(player: Player, outlook: Outlook): number {
  const c = player.counters;
  if (outlook.turns === 0) return Math.floor(c.gold / outlook.goldPerFavor) + Math.floor(c.military / outlook.militaryPerFavor);
  const t = outlook.now;
  return (
    soft(c.gold, t.goldSoftCap, outlook.value.gold[0]!, 1 / outlook.goldPerFavor) +
    soft(c.military, t.militarySoftCap, outlook.value.military[0]!, 1 / outlook.militaryPerFavor) +
    c.warTokens * outlook.value.warTokens[0]! +
    c.rerollTokens * outlook.value.rerollTokens[0]!
  );
}

/** The whole worth of a position, in favor. */
export function worthOf(rules: CardLookup, player: Player, outlook: Outlook): number {
  return player.counters.favor + resourcesWorth(player, outlook) + holdingsWorth(rules, player, outlook);
}
