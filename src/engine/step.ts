/**
 * A step: one pure transition of the game (an action, or the automatic steps after it).
 *
 * A step works on a copy of the game that it owns, so the game it started from is never changed
 * and unchanged parts are shared. Copies are made on first write and once per step: `editPlayer`
 * hands out a player (with its counters) owned by the step, `own` a per-player record. Arrays and
 * other nested values are replaced, never mutated. Events are collected and appended once at the
 * end; the PRNG is taken from the game's state on first use and written back at the end.
 *
 * Copies are written out field by field: on the engine's hot path that is several times faster
 * than object spread, and TypeScript checks that no field is forgotten.
 */
import type { EventPayloads, EventType, GameEvent } from './events.js';
import { rngFromState, stateOf, type Rng } from './rng.js';
import type { Game, Player } from './state.js';
import type { UserID } from './types.js';

export interface Step {
  game: Game;
  readonly now: number;
  readonly events: GameEvent[];
  rng: Rng | null;
  /** Seats whose player this step has copied (bit per seat), -1 before the players array is copied. */
  ownedSeats: number;
  /** Records this step has copied (bit per record key, see RECORD_BITS). */
  ownedRecords: number;
}

/** The game's per-player (or per-slot) records, which a step copies before writing. */
export type RecordKey = {
  [K in keyof Game]: Game[K] extends Record<string | number, unknown> ? (Game[K] extends unknown[] ? never : K) : never;
}[keyof Game];

/** One bit per record key, for Step.ownedRecords (a Set was a measurable share of a step). */
const RECORD_BITS: { readonly [K in RecordKey]: number } = {
  cardsByID: 1 << 0,
  tributeCardsByID: 1 << 1,
  bidsByPlayerID: 1 << 2,
  resolvesByPlayerID: 1 << 3,
  readyByUserID: 1 << 4,
  rollsByPlayerID: 1 << 5,
  prerolledDiceByPlayerID: 1 << 6,
  rollSelectionsByPlayerID: 1 << 7,
  winnersByTradeRowIndex: 1 << 8,
  turnRecordByPlayerID: 1 << 9,
  phaseThinkingMillisByPlayerID: 1 << 10,
  totalThinkingMillisByPlayerID: 1 << 11,
  soloMillisByPlayerID: 1 << 12,
  productionDataByPlayerID: 1 << 13,
  planningDataByPlayerID: 1 << 14,
  options: 1 << 15,
  scoring: 1 << 16,
};

export function cloneGame(g: Game): Game {
  return {
    version: g.version,
    id: g.id,
    sequenceID: g.sequenceID,
    rngState: g.rngState,
    seed: g.seed,
    seedCommitment: g.seedCommitment,
    serverSecretCommitment: g.serverSecretCommitment,
    serverSecret: g.serverSecret,
    seedContributions: g.seedContributions,
    players: g.players,
    options: g.options,
    modules: g.modules,
    scoring: g.scoring,
    age: g.age,
    turn: g.turn,
    phase: g.phase,
    turnsPerAge: g.turnsPerAge,
    boardSize: g.boardSize,
    tributeRowSize: g.tributeRowSize,
    tableIDs: g.tableIDs,
    tributeRow: g.tributeRow,
    basicPile: g.basicPile,
    deck: g.deck,
    discard: g.discard,
    tributeDeck: g.tributeDeck,
    tributeDiscard: g.tributeDiscard,
    cardsByID: g.cardsByID,
    tributeCardsByID: g.tributeCardsByID,
    bidsByPlayerID: g.bidsByPlayerID,
    resolvesByPlayerID: g.resolvesByPlayerID,
    readyByUserID: g.readyByUserID,
    rollsByPlayerID: g.rollsByPlayerID,
    prerolledDiceByPlayerID: g.prerolledDiceByPlayerID,
    clashes: g.clashes,
    rerollRound: g.rerollRound,
    rollSelectionsByPlayerID: g.rollSelectionsByPlayerID,
    winnersByTradeRowIndex: g.winnersByTradeRowIndex,
    revealedTableIDs: g.revealedTableIDs,
    turnRecordByPlayerID: g.turnRecordByPlayerID,
    events: g.events,
    phaseThinkingMillisByPlayerID: g.phaseThinkingMillisByPlayerID,
    totalThinkingMillisByPlayerID: g.totalThinkingMillisByPlayerID,
    soloMillisByPlayerID: g.soloMillisByPlayerID,
    productionDataByPlayerID: g.productionDataByPlayerID,
    planningDataByPlayerID: g.planningDataByPlayerID,
    gameStartTimestamp: g.gameStartTimestamp,
    gameEndTimestamp: g.gameEndTimestamp,
    phaseStartTimestamp: g.phaseStartTimestamp,
    updateTimestamp: g.updateTimestamp,
    winnerIDs: g.winnerIDs,
    statsByPlayerID: g.statsByPlayerID,
  };
}

export function clonePlayer(p: Player): Player {
  const c = p.counters;
  return {
    userID: p.userID,
    botType: p.botType,
    color: p.color,
    cardIDs: p.cardIDs,
    cards: p.cards,
    tributeIDs: p.tributeIDs,
    counters: {
      gold: c.gold,
      favor: c.favor,
      military: c.military,
      warTokens: c.warTokens,
      rerollTokens: c.rerollTokens,
      tributeTokens: c.tributeTokens,
    },
    bid: p.bid,
    selectedCard: p.selectedCard,
    favorSources: p.favorSources,
    clashes: p.clashes,
    clashesWon: p.clashesWon,
  };
}

export function beginStep(game: Game, now: number): Step {
  return { game: cloneGame(game), now, events: [], rng: null, ownedSeats: -1, ownedRecords: 0 };
}

export function endStep(s: Step): { game: Game; events: GameEvent[] } {
  const game = s.game;
  if (s.rng) game.rngState = stateOf(s.rng);
  if (s.events.length > 0) game.events = game.events.concat(s.events);
  game.updateTimestamp = s.now;
  return { game, events: s.events };
}

export function rngOf(s: Step): Rng {
  s.rng ??= rngFromState(s.game.rngState);
  return s.rng;
}

export function emit<T extends EventType>(s: Step, type: T, payload: EventPayloads[T]): void {
  const g = s.game;
  s.events.push({ type, turn: g.turn, age: g.age, phase: g.phase, timestamp: s.now, payload } as GameEvent);
}

export function seatOf(game: Pick<Game, 'players'>, userID: UserID): number {
  const players = game.players;
  for (let i = 0; i < players.length; i++) if (players[i]!.userID === userID) return i;
  return -1;
}

/** The player in `seat`, copied for this step: its fields and counters may be assigned. */
export function editPlayer(s: Step, seat: number): Player {
  if (s.ownedSeats === -1) {
    s.game.players = s.game.players.slice();
    s.ownedSeats = 0;
  }
  const bit = 1 << seat;
  if ((s.ownedSeats & bit) === 0) {
    s.game.players[seat] = clonePlayer(s.game.players[seat]!);
    s.ownedSeats |= bit;
  }
  return s.game.players[seat]!;
}

/** A per-player record of the game, copied for this step: its keys may be assigned. */
export function own<K extends RecordKey>(s: Step, key: K): Game[K] {
  const bit = RECORD_BITS[key];
  if ((s.ownedRecords & bit) === 0) {
    s.game[key] = copyRecord(s.game, key);
    s.ownedRecords |= bit;
  }
  return s.game[key];
}

/**
 * A shallow copy of one record. One spread per record key: a single spread seeing every kind of
 * record goes megamorphic in V8 and costs several times more.
 */
function copyRecord<K extends RecordKey>(g: Game, key: K): Game[K] {
  let copy: Game[RecordKey];
  switch (key as RecordKey) {
    case 'readyByUserID':
      copy = { ...g.readyByUserID };
      break;
    case 'phaseThinkingMillisByPlayerID':
      copy = { ...g.phaseThinkingMillisByPlayerID };
      break;
    case 'bidsByPlayerID':
      copy = { ...g.bidsByPlayerID };
      break;
    case 'resolvesByPlayerID':
      copy = { ...g.resolvesByPlayerID };
      break;
    case 'turnRecordByPlayerID':
      copy = { ...g.turnRecordByPlayerID };
      break;
    case 'planningDataByPlayerID':
      copy = { ...g.planningDataByPlayerID };
      break;
    case 'productionDataByPlayerID':
      copy = { ...g.productionDataByPlayerID };
      break;
    case 'rollsByPlayerID':
      copy = { ...g.rollsByPlayerID };
      break;
    default:
      copy = { ...g[key] };
  }
  return copy as Game[K];
}

/** Replaces a per-player record for this step with a fresh one that the step owns. */
export function replaceRecord<K extends RecordKey>(s: Step, key: K, value: Game[K]): void {
  s.game[key] = value;
  s.ownedRecords |= RECORD_BITS[key];
}

export function mapPlayerIDs<V>(game: Game, value: (player: Player, seat: number) => V): Record<UserID, V> {
  const out: Record<UserID, V> = {};
  const players = game.players;
  for (let i = 0; i < players.length; i++) out[players[i]!.userID] = value(players[i]!, i);
  return out;
}
