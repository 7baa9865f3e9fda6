/**
 * A hypothetical gain: the player as they would stand after gaining a card, worked out with the
 * engine's own effect evaluation, in the resolution phase's order: pay, take the card, score its
 * favor and gain-on-acquire outputs, fire the held cards' acquire-target (and, for a trade row
 * card, draft-target) abilities, then earn any Clash tokens one by one.
 */
import { COUNTER_CAP, goldCost, type CardID, type CardLookup, type Player } from '../engine/index.js';
import { sumOutputs, totalOf, triggeredBy, type Amounts } from '../engine/effects.js';

export interface Gained {
  player: Player;
  /** What the gain added after the caps, as the gainResource tributes count it. */
  gold: number;
  military: number;
  favor: number;
}

const cap = (value: number) => Math.max(0, Math.min(COUNTER_CAP, value));

/** Credits amounts within the caps; returns the gold and military that actually arrived. */
function credit(player: Player, amounts: Amounts): { gold: number; military: number } {
  const c = player.counters;
  const gold = cap(c.gold + amounts.gold) - c.gold;
  const military = cap(c.military + amounts.military) - c.military;
  c.gold += gold;
  c.military += military;
  c.favor = Math.max(0, c.favor + amounts.favor);
  c.rerollTokens = cap(c.rerollTokens + amounts.rerollTokens);
  return { gold, military };
}

/** `paid` is the card's gold cost to this player, when the caller already knows it. */
export function afterGain(rules: CardLookup, before: Player, cardID: CardID, fromTradeRow: boolean, paid = goldCost(rules, before, cardID)): Gained {
  const card = rules.cardsByID[cardID]!;
  const c = before.counters;
  const cards = { Building: before.cards.Building, Unit: before.cards.Unit, Event: before.cards.Event };
  cards[card.type] = [...cards[card.type], cardID];
  // Written out field by field: this runs for every card of every appraisal.
  const holder: Player = {
    userID: before.userID,
    botType: before.botType,
    color: before.color,
    cardIDs: [...before.cardIDs, cardID],
    cards,
    tributeIDs: before.tributeIDs,
    counters: {
      gold: c.gold - paid,
      favor: c.favor,
      military: c.military,
      warTokens: c.warTokens - (card.additionalCosts?.warTokens ?? 0),
      rerollTokens: c.rerollTokens,
      tributeTokens: c.tributeTokens,
    },
    bid: before.bid,
    selectedCard: before.selectedCard,
    favorSources: before.favorSources,
    clashes: before.clashes,
    clashesWon: before.clashesWon,
  };
  const newIndex = holder.cardIDs.length - 1;
  const amounts = sumOutputs(rules, holder, card.effects.gainSelfEffect);
  amounts.favor += card.favor;
  const triggered = triggeredBy(rules, holder, 'gainOtherEffect', { cardID }, newIndex);
  if (fromTradeRow) triggered.push(...triggeredBy(rules, holder, 'draftOtherEffect', { cardID }, newIndex));
  totalOf(triggered, amounts);

  const first = credit(holder, { ...amounts, warTokens: 0 });
  const gained = { gold: first.gold, military: first.military, favor: amounts.favor };
  for (let i = 0; i < amounts.warTokens; i++) {
    holder.counters.warTokens = cap(holder.counters.warTokens + 1);
    const reaction = totalOf(triggeredBy(rules, holder, 'gainOtherEffect', { warToken: true }));
    const arrived = credit(holder, reaction);
    gained.gold += arrived.gold;
    gained.military += arrived.military;
    gained.favor += reaction.favor;
  }
  return { player: holder, ...gained };
}
