/**
 * Appraising a player's possible gains this turn: for each card they could take, their position's
 * worth once it is gained (see worth.ts) plus what the tribute row would pay them for the turn.
 * The bid changes only the military left and a few tributes, so a card is worked out once and
 * then valued at any bid cheaply.
 */
import { baseGold, baseMilitary, goldCost, paymentRefusal, type Bid, type CardID, type GameView, type Player, type TurnRecord, type UserID } from '../engine/index.js';
import { afterGain, type Gained } from './gain.js';
import type { Outlook } from './outlook.js';
import { BID_SENSITIVE, bidFreeTally, tributeProbe, tributeWorth, type TributeProbe, type TributeTally, type TurnScenario } from './tribute-worth.js';
import { holdingsOf, holdingsWorthAfter, resourcesWorth, type Holdings } from './worth.js';

export interface Appraisal {
  view: GameView;
  outlook: Outlook;
  player: Player;
  baseMilitary: number;
  /** Everyone's bids as far as they are known; hidden ones guessed. */
  bids: Record<UserID, Bid>;
  clashes: TurnRecord['clashes'];
  bidSensitive: boolean;
  /** In resolution the bid is already paid: the military counter shows what is left. */
  bidPaid: boolean;
  baseGold: number;
  probe: TributeProbe;
  holdings: Holdings;
}

export interface Prospect {
  cardID: CardID;
  tradeRowIndex: number | null;
  gained: Gained;
  holdings: number;
  /** Tribute worth by bid (one entry when the bid cannot change it), and the part no bid changes. */
  tributes: Map<number, number>;
  bidFree: TributeTally | null;
}

/** A guess at a hidden bid: halfway between the bidder's base military and their most. */
function guessedBid(view: GameView, player: Player, tradeRowIndex: number): Bid {
  const base = baseMilitary(view, player);
  return { military: base + Math.floor(player.counters.military / 2), tradeRowIndex };
}

export function appraisal(view: GameView, player: Player, outlook: Outlook, clashes: TurnRecord['clashes'] = []): Appraisal {
  const bids: Record<UserID, Bid> = {};
  for (const p of view.players) bids[p.userID] = view.bidsByPlayerID[p.userID] ?? guessedBid(view, p, 0);
  return {
    view,
    outlook,
    player,
    baseMilitary: baseMilitary(view, player),
    bids,
    clashes,
    bidSensitive: view.tributeRow.some((id) => BID_SENSITIVE.has(view.tributeCardsByID[id]!.function)),
    bidPaid: view.phase !== 'PLANNING',
    baseGold: baseGold(view, player),
    probe: tributeProbe(view, player.userID),
    holdings: holdingsOf(view, player, outlook),
  };
}

/** Whether the player can pay for a card now (the engine's rule). */
export function canAfford(a: Appraisal, cardID: CardID): boolean {
  return paymentRefusal(a.view, a.player, cardID, a.baseGold) === null;
}

/** The player after gaining a card they can afford (see canAfford). */
export function prospect(a: Appraisal, cardID: CardID, tradeRowIndex: number | null): Prospect {
  const gained = afterGain(a.view, a.player, cardID, tradeRowIndex !== null, goldCost(a.view, a.player, cardID, a.baseGold));
  return { cardID, tradeRowIndex, gained, holdings: holdingsWorthAfter(a.view, a.holdings, gained.player, cardID, a.outlook), tributes: new Map(), bidFree: null };
}

/** The best a player can do from the basic pile at this bid (there is always a free basic card). */
export function basicFallback(a: Appraisal, bid: Bid, prospects = basicProspects(a)): number {
  let best = -Infinity;
  for (const p of prospects) best = Math.max(best, valueAt(a, p, bid));
  return best;
}

export function basicProspects(a: Appraisal): Prospect[] {
  return a.view.basicPile.filter((id) => canAfford(a, id)).map((id) => prospect(a, id, null));
}

export function spentFor(a: Appraisal, bid: number): number {
  return Math.max(0, bid - a.baseMilitary);
}

/** The worth of a player's position after this gain with this bid paid, tributes included. */
export function valueAt(a: Appraisal, p: Prospect, bid: Bid): number {
  const spent = spentFor(a, bid.military);
  const toPay = a.bidPaid ? 0 : spent;
  const after = toPay === 0 ? p.gained.player : withMilitary(p.gained.player, p.gained.player.counters.military - toPay);
  return after.counters.favor + resourcesWorth(after, a.outlook) + p.holdings + tributesAt(a, p, bid, after, spent);
}

function withMilitary(player: Player, military: number): Player {
  return { ...player, counters: { ...player.counters, military: Math.max(0, military) } };
}

function tributesAt(a: Appraisal, p: Prospect, bid: Bid, after: Player, spent: number): number {
  const key = a.bidSensitive ? bid.military : -1;
  const known = p.tributes.get(key);
  if (known !== undefined) return known;
  const production = a.view.productionDataByPlayerID[a.player.userID] ?? { gold: 0, military: 0 };
  const scenario: TurnScenario = {
    after,
    gained: { cardID: p.cardID, tradeRowIndex: p.tradeRowIndex },
    bid,
    spentMilitary: spent,
    militaryLeft: a.bidPaid ? a.player.counters.military : a.player.counters.military - spent,
    gainedGold: production.gold + p.gained.gold,
    gainedMilitary: production.military + p.gained.military,
    gainedFavor: p.gained.favor,
    heldBefore: a.player.cardIDs,
    clashes: a.clashes,
    bids: { ...a.bids, [a.player.userID]: bid },
  };
  // With tributes that look at the bid, those that do not are checked once per card.
  if (a.bidSensitive) p.bidFree ??= bidFreeTally(a.view, a.probe, scenario);
  const worth = tributeWorth(a.view, a.probe, scenario, a.outlook, p.bidFree ?? undefined);
  p.tributes.set(key, worth);
  return worth;
}
