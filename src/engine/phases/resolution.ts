/**
 * Resolution: once everyone has chosen, each player in seat order pays for and gains their card,
 * and the cards they already hold react to it (acquire-target, and draft-target for a trade row
 * card).
 */
import { goldCost, prophecyFavor } from '../costs.js';
import { credit } from '../credit.js';
import { sumOutputs, totalOf, triggeredBy } from '../effects.js';
import type { EventPayloads } from '../events.js';
import { editPlayer, emit, own, type Step } from '../step.js';
import { earnTokens } from '../tokens.js';
import type { CardID } from '../types.js';

function gainCard(s: Step, seat: number, cardID: CardID): void {
  const g = s.game;
  const player = g.players[seat]!;
  const card = g.cardsByID[cardID]!;
  const index = g.tableIDs.indexOf(cardID);
  const fromTradeRow = index >= 0;
  const paid = goldCost(g, player, cardID);
  const warTokens = card.additionalCosts?.warTokens ?? 0;
  if (fromTradeRow) {
    const table = g.tableIDs.slice();
    table[index] = null;
    g.tableIDs = table;
  }
  const holder = editPlayer(s, seat);
  holder.cardIDs = [...holder.cardIDs, cardID];
  holder.cards = { ...holder.cards, [card.type]: [...holder.cards[card.type], cardID] };
  holder.counters.gold -= paid;
  holder.counters.warTokens -= warTokens;
  const record = g.turnRecordByPlayerID[player.userID]!;
  const bidMilitary = g.bidsByPlayerID[player.userID]?.military ?? 0;
  own(s, 'turnRecordByPlayerID')[player.userID] = {
    ...record,
    gained: [...record.gained, { cardID, tradeRowIndex: fromTradeRow ? index : null, bidMilitary }],
  };

  const self = sumOutputs(g, holder, card.effects.gainSelfEffect);
  self.favor += card.favor;
  const newIndex = holder.cardIDs.length - 1;
  const triggeredCards = triggeredBy(g, holder, 'gainOtherEffect', { cardID }, newIndex);
  if (fromTradeRow) triggeredCards.push(...triggeredBy(g, holder, 'draftOtherEffect', { cardID }, newIndex));
  const total = totalOf(triggeredCards, { ...self });
  credit(s, seat, { ...total, warTokens: 0, rerollTokens: 0 }, 'cards');
  const gained: EventPayloads['GAIN_CARD'] = {
    userID: player.userID,
    cardID,
    cost: { gold: paid },
    gold: self.gold,
    military: self.military,
    favor: self.favor,
    prophecyFavor: 0,
    triggeredCards,
  };
  emit(s, 'GAIN_CARD', gained);
  // Tokens are earned one by one, as EARN_TOKEN events after the gain that brought them, so that
  // cards reacting to them fire (tokens.ts). The gain's prophecy favor counts them: it is read
  // once the whole gain is held.
  if (total.warTokens > 0) earnTokens(s, seat, 'War', total.warTokens);
  if (total.rerollTokens > 0) earnTokens(s, seat, 'Reroll', total.rerollTokens);
  gained.prophecyFavor = prophecyFavor(g, s.game.players[seat]!, cardID);
}

export function applyGains(s: Step): void {
  s.game.players.forEach((player, seat) => {
    gainCard(s, seat, s.game.resolvesByPlayerID[player.userID]!.cardIDToGain);
  });
}

