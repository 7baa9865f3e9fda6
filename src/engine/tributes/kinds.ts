/**
 * Tribute kinds: each is a test of one player against what they hold and what
 * they did this turn. `value` holds the threshold of the current age.
 */
import type { TributeRule } from '../cards/schema.js';
import { baseGold, baseMilitary, countByDeity, countOf, deitySets } from '../effects.js';
import type { Game, Player, TurnRecord } from '../state.js';
import { DEITIES, type CardID, type Deity } from '../types.js';

/** What the tribute checks read of a game (a bot's what-if fills these in from its view). */
export type TributeGame = Pick<Game, 'cardsByID' | 'players' | 'revealedTableIDs' | 'bidsByPlayerID' | 'planningDataByPlayerID'>;

export interface TributeCheck {
  game: TributeGame;
  player: Player;
  record: TurnRecord;
  /** The threshold for the current age. */
  value: number;
  /** Whether the player completed another tribute this turn (for completeAnotherTribute). */
  completedOther: boolean;
}

type Checks = { [F in TributeRule['function']]: (rule: Extract<TributeRule, { function: F }>, c: TributeCheck) => boolean };

const gainedCards = (c: TributeCheck) => c.record.gained.map((g) => c.game.cardsByID[g.cardID]!);
const draftedIDs = (c: TributeCheck) => c.record.gained.filter((g) => g.tradeRowIndex !== null).map((g) => g.cardID);

/** The deities a player held most (or least) of, before this turn's gain. */
function rankedDeities(c: TributeCheck, rank: 'most' | 'least'): Deity[] {
  const counts = countByDeity(c.game, c.record.heldBefore);
  const target = rank === 'most' ? Math.max(...DEITIES.map((d) => counts[d])) : Math.min(...DEITIES.map((d) => counts[d]));
  return DEITIES.filter((d) => counts[d] === target);
}

/** Whether a drafted card ranks first of the trade row as revealed by `measure` (ties count). */
function draftedRanked(c: TributeCheck, rank: 'most' | 'least', measure: (id: CardID) => number): boolean {
  const values = c.game.revealedTableIDs.map(measure);
  if (values.length === 0) return false;
  const target = rank === 'most' ? Math.max(...values) : Math.min(...values);
  return draftedIDs(c).some((id) => measure(id) === target);
}

const counter = (c: TributeCheck, resource: 'gold' | 'military' | 'favor') => c.player.counters[resource];

const checks: Checks = {
  obtainCardType: (r, c) => gainedCards(c).filter((card) => card.type === r.params.type).length >= c.value,
  obtainCardAffinity: (r, c) => gainedCards(c).filter((card) => card.affinity === r.params.affinity).length >= c.value,
  obtainCardRankedAffinity: (r, c) => {
    const deities: string[] = rankedDeities(c, r.params.rank);
    return gainedCards(c).some((card) => deities.includes(card.affinity));
  },
  haveCards: (r, c) =>
    'affinity' in r.params
      ? c.player.cardIDs.filter((id) => c.game.cardsByID[id]!.affinity === (r.params as { affinity: string }).affinity).length >= c.value
      : countOf(c.game, c.player, r.params.type) >= c.value,
  haveSets: (_r, c) => deitySets(c.game, c.player) >= c.value,
  haveCounter: (r, c) => {
    const base = !r.params.withBase ? 0 : r.params.resource === 'gold' ? baseGold(c.game, c.player) : baseMilitary(c.game, c.player);
    return counter(c, r.params.resource) + base >= c.value;
  },
  obtainTradeRowPosition: (r, c) => {
    const row = c.game.revealedTableIDs;
    const wanted = r.params.position === 'first' ? row[0] : row[row.length - 1];
    return wanted !== undefined && draftedIDs(c).includes(wanted);
  },
  obtainByCost: (r, c) => draftedRanked(c, r.params.rank, (id) => c.game.cardsByID[id]!.cost),
  obtainByFavor: (r, c) => draftedRanked(c, r.params.rank, (id) => c.game.cardsByID[id]!.favor),
  synergyCard: (_r, c) =>
    gainedCards(c).some((card) =>
      c.record.heldBefore.some((id) => {
        const held = c.game.cardsByID[id]!;
        return held.affinity === card.affinity && held.type === card.type;
      }),
    ),
  clashAgainst: (r, c) =>
    c.record.clashes.some(
      (clash) =>
        clash.won &&
        clash.opponents.some((o) => {
          const mine = r.params.compare === 'bid' ? clash.bid : clash.favor;
          const theirs = r.params.compare === 'bid' ? o.bid : o.favor;
          return r.params.direction === 'higher' ? theirs > mine : theirs < mine;
        }),
    ),
  defeatOpponent: (_r, c) => c.record.clashes.some((clash) => clash.won && clash.opponents.length >= c.value),
  clashWithOpponent: (_r, c) => c.record.clashes.length > 0,
  gainCardWithoutMilitary: (_r, c) =>
    c.game.planningDataByPlayerID[c.player.userID]?.spentMilitary === 0 && c.record.gained.some((g) => g.tradeRowIndex !== null),
  gainResource: (r, c) => {
    const gained = { gold: c.record.gainedGold, military: c.record.gainedMilitary, favor: c.record.gainedFavor };
    return gained[r.params.resource] >= c.value;
  },
  bidMostMilitary: (_r, c) => {
    const bids = Object.values(c.game.bidsByPlayerID).map((b) => b.military);
    const mine = c.game.bidsByPlayerID[c.player.userID]?.military ?? 0;
    return mine >= c.value && mine === Math.max(...bids);
  },
  bidAllMilitary: (_r, c) => {
    const planning = c.game.planningDataByPlayerID[c.player.userID];
    return planning !== undefined && planning.military >= c.value && planning.spentMilitary > 0 && planning.militaryLeft === 0;
  },
  haveFewestCounters: (r, c) => c.game.players.every((p) => counter(c, r.params.resource) <= p.counters[r.params.resource]),
  completeAnotherTribute: (_r, c) => c.completedOther,
};

export function tributeMet(rule: TributeRule, check: TributeCheck): boolean {
  return (checks[rule.function] as (r: TributeRule, c: TributeCheck) => boolean)(rule, check);
}
