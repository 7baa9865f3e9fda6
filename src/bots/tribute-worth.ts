/**
 * What the tribute row would pay a player for one way of playing this turn, checked with the
 * engine's own tribute rules against the turn as it would stand (the gain made, the bid paid,
 * the clashes fought). Opponents' bids are not known while planning, so they are guesses.
 */
import { FAVOR_PER_TRIBUTE_TOKEN, type Bid, type CardID, type GameView, type Player, type TurnRecord, type UserID } from '../engine/index.js';
import { totalOf, triggeredBy } from '../engine/effects.js';
import { tributeMet, type TributeGame } from '../engine/tributes/kinds.js';
import type { Outlook } from './outlook.js';

export interface TurnScenario {
  /** The player after their bid is paid and their card gained. */
  after: Player;
  gained: { cardID: CardID; tradeRowIndex: number | null };
  bid: Bid;
  spentMilitary: number;
  /** Military left once the bid was paid (before the gain). */
  militaryLeft: number;
  /** Gold, military and favor gained this turn, production included. */
  gainedGold: number;
  gainedMilitary: number;
  gainedFavor: number;
  heldBefore: CardID[];
  clashes: TurnRecord['clashes'];
  /** Every bid of the turn, others' guessed while they are hidden. */
  bids: Record<UserID, Bid>;
}

/**
 * The few fields of the game that tribute checks read. A probe is made once per appraisal and
 * each scenario writes its player and planning data into it.
 */
export interface TributeProbe {
  game: TributeGame;
  seat: number;
}

export function tributeProbe(view: GameView, userID: UserID): TributeProbe {
  const game: TributeGame = {
    cardsByID: view.cardsByID,
    players: view.players.slice(),
    revealedTableIDs: view.phase === 'PLANNING' ? view.tableIDs.filter((id) => id !== null) : view.revealedTableIDs,
    bidsByPlayerID: {},
    planningDataByPlayerID: {},
  };
  return { game, seat: view.players.findIndex((p) => p.userID === userID) };
}

/** Tribute kinds whose outcome depends on the bid, not only on the card gained. */
export const BID_SENSITIVE: ReadonlySet<string> = new Set(['bidMostMilitary', 'bidAllMilitary', 'haveCounter', 'gainCardWithoutMilitary', 'haveFewestCounters']);

/** Tokens earned and tributes completed. */
export interface TributeTally {
  tokens: number;
  met: number;
}

/** Writes the scenario into the probe; returns the turn's record as the tribute checks read it. */
function prepare(probe: TributeProbe, scenario: TurnScenario): TurnRecord {
  const me = scenario.after;
  const cardID = scenario.gained.cardID;
  const game = probe.game;
  game.players[probe.seat] = me;
  game.bidsByPlayerID = scenario.bids;
  game.planningDataByPlayerID = {
    [me.userID]: {
      military: scenario.bid.military,
      tradeRowIndex: scenario.bid.tradeRowIndex,
      cardID,
      spentMilitary: scenario.spentMilitary,
      militaryLeft: scenario.militaryLeft,
    },
  };
  return {
    gained: [{ cardID, tradeRowIndex: scenario.gained.tradeRowIndex, bidMilitary: scenario.bid.military }],
    clashes: scenario.clashes,
    gainedGold: scenario.gainedGold,
    gainedMilitary: scenario.gainedMilitary,
    gainedFavor: scenario.gainedFavor,
    heldBefore: scenario.heldBefore,
  };
}

/** Adds the row's tributes of the kinds `include` takes (never completeAnotherTribute) that the scenario meets. */
function tally(view: GameView, probe: TributeProbe, record: TurnRecord, me: Player, include: (fn: string) => boolean, into: TributeTally): TributeTally {
  for (const id of view.tributeRow) {
    const tribute = view.tributeCardsByID[id]!;
    if (tribute.function === 'completeAnotherTribute' || !include(tribute.function)) continue;
    if (tributeMet(tribute, { game: probe.game, player: me, record, value: tribute.value[view.age - 1]!, completedOther: false })) {
      into.tokens += tribute.tokens;
      into.met++;
    }
  }
  return into;
}

/** The tributes of a scenario that its bid cannot change: worked out once per card gained. */
export function bidFreeTally(view: GameView, probe: TributeProbe, scenario: TurnScenario): TributeTally {
  return tally(view, probe, prepare(probe, scenario), scenario.after, (fn) => !BID_SENSITIVE.has(fn), { tokens: 0, met: 0 });
}

/**
 * The tributes a scenario completes, in favor: their tokens and the tribute abilities they fire.
 * `bidFree` is the bidFreeTally of the same gain, when known; then only the rest are checked.
 */
export function tributeWorth(view: GameView, probe: TributeProbe, scenario: TurnScenario, outlook: Outlook, bidFree?: TributeTally): number {
  if (view.tributeRow.length === 0) return 0;
  const me = scenario.after;
  const record = prepare(probe, scenario);
  const total = bidFree
    ? tally(view, probe, record, me, (fn) => BID_SENSITIVE.has(fn), { ...bidFree })
    : tally(view, probe, record, me, () => true, { tokens: 0, met: 0 });
  // "Complete another tribute" looks at the others, so it is checked last.
  for (const id of view.tributeRow) {
    const tribute = view.tributeCardsByID[id]!;
    if (tribute.function !== 'completeAnotherTribute') continue;
    if (tributeMet(tribute, { game: probe.game, player: me, record, value: tribute.value[view.age - 1]!, completedOther: total.met > 0 })) {
      total.tokens += tribute.tokens;
      total.met++;
    }
  }
  if (total.met === 0) return 0;
  const reaction = totalOf(triggeredBy(probe.game, me, 'gainOtherEffect', { tribute: true }));
  const v = outlook.value;
  const perTribute =
    reaction.favor + reaction.gold * v.gold[0]! + reaction.military * v.military[0]! + reaction.warTokens * v.warTokens[0]! + reaction.rerollTokens * v.rerollTokens[0]!;
  return total.tokens * FAVOR_PER_TRIBUTE_TOKEN + total.met * perTribute;
}
