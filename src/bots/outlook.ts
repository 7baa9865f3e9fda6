/**
 * The outlook of one decision: what the rest of the game is expected to bring, from what the
 * view shows. How many turns are left, what a unit of each resource is worth in each of them,
 * and how often a future gain matches a card type or affinity (from the card set's make-up).
 */
import { CARD_TYPES, DEITIES, type Affinity, type Card, type CardType, type GameView, type Resource, type Target } from '../engine/index.js';
import { ageAhead, turnsAfter } from './seat.js';
import { forAge, type ByAge, type ValueTuning } from './tuning.js';

export interface Outlook {
  /** Turns after this one (each brings a production and a gain). */
  turns: number;
  /** value[resource][k]: favor per unit arriving k turns from now (k = 0: this turn). */
  value: Record<Resource, number[]>;
  /** The sum of value[resource][k] over the turns after this one. */
  futureValue: Record<Resource, number>;
  /** Endgame scoring rates. */
  goldPerFavor: number;
  militaryPerFavor: number;
  now: ValueTuning;
  /** Per future turn: the chance a gain matches, split into drafted and basic gains. */
  draftMatch: (target: Target) => number;
  gainMatch: (target: Target) => number;
  /** Expected growth per turn of what outputs count. */
  growth: Record<'Derion' | 'Tyros' | 'Zeona' | CardType | 'War', number>;
  tributesPerTurn: number;
  warTokensPerTurn: number;
}

interface Makeup {
  affinity: Partial<Record<Affinity, number>>;
  type: Partial<Record<CardType, number>>;
}

const makeups = new WeakMap<GameView['cardsByID'], Map<string, Makeup>>();

/** The share of each affinity and type among cards (cached per card set). */
function makeupOf(cardsByID: GameView['cardsByID'], key: string, pick: (card: Card) => boolean): Makeup {
  const byKey = makeups.get(cardsByID) ?? new Map<string, Makeup>();
  makeups.set(cardsByID, byKey);
  const known = byKey.get(key);
  if (known) return known;
  const cards = Object.values(cardsByID).filter(pick);
  const makeup: Makeup = { affinity: {}, type: {} };
  for (const card of cards) {
    makeup.affinity[card.affinity] = (makeup.affinity[card.affinity] ?? 0) + 1 / cards.length;
    makeup.type[card.type] = (makeup.type[card.type] ?? 0) + 1 / cards.length;
  }
  byKey.set(key, makeup);
  return makeup;
}

function share(makeup: Makeup, target: Target): number {
  if (target.kind === 'card_affinity') return makeup.affinity[target.affinity] ?? 0;
  if (target.kind === 'card_type') return makeup.type[target.cardType] ?? 0;
  return 0;
}

/** What an outlook is made from: open parts of the game, the same in every player's view. */
export type OutlookSource = Pick<GameView, 'age' | 'turn' | 'turnsPerAge' | 'scoring' | 'cardsByID' | 'basicPile' | 'options'>;

export function outlookOf(view: OutlookSource, tuning: ByAge<ValueTuning>): Outlook {
  const turns = turnsAfter(view);
  const now = forAge(tuning, view.age);
  const value: Record<Resource, number[]> = { gold: [], military: [], favor: [], warTokens: [], rerollTokens: [] };
  for (let k = 0; k <= turns; k++) {
    const t = forAge(tuning, ageAhead(view, k));
    value.gold.push(t.goldValue);
    value.military.push(t.militaryValue);
    value.favor.push(1);
    value.warTokens.push(t.warTokenValue);
    value.rerollTokens.push(t.rerollTokenValue);
  }
  if (turns === 0) {
    // The last gain of the game: what is left is worth what endgame scoring pays.
    value.gold[0] = 1 / view.scoring.goldPerFavor;
    value.military[0] = 1 / view.scoring.militaryPerFavor;
    value.warTokens[0] = 0;
    value.rerollTokens[0] = 0;
  }
  const futureValue = {} as Record<Resource, number>;
  for (const resource of Object.keys(value) as Resource[]) futureValue[resource] = value[resource].slice(1).reduce((x, y) => x + y, 0);
  const ageCards = makeupOf(view.cardsByID, `age>=${view.age}`, (c) => c.age !== null && c.age >= view.age && c.affinity !== 'Basic' && c.affinity !== 'Leader');
  const basics = makeupOf(view.cardsByID, `basic${view.age}`, (c) => view.basicPile.includes(c.id));
  const draftShare = now.draftShare;
  const draftMatch = (target: Target) => draftShare * share(ageCards, target);
  const gainMatch = (target: Target) => draftMatch(target) + (1 - draftShare) * share(basics, target);
  const growth = {} as Outlook['growth'];
  for (const deity of DEITIES) growth[deity] = gainMatch({ kind: 'card_affinity', affinity: deity });
  for (const type of CARD_TYPES) growth[type] = gainMatch({ kind: 'card_type', cardType: type });
  const warTokensPerTurn = view.options.warTokens ? now.warTokensPerTurnWithOption : now.warTokensPerTurn;
  growth.War = warTokensPerTurn;
  return {
    turns,
    value,
    futureValue,
    goldPerFavor: view.scoring.goldPerFavor,
    militaryPerFavor: view.scoring.militaryPerFavor,
    now,
    draftMatch,
    gainMatch,
    growth,
    tributesPerTurn: now.tributesPerTurn,
    warTokensPerTurn,
  };
}
