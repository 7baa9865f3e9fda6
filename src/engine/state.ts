/**
 * The whole game as one plain JSON value, save version 5.
 * Nothing here is mutated after it is built: every step returns a new Game that shares what did
 * not change (see `update.ts`).
 */
import type { Card, TributeCard } from './cards/definitions.js';
import type { GameEvent } from './events.js';
import type { RngState } from './rng.js';
import type { Seed, SeedContribution } from './seed.js';
import type { Age, BotType, CardID, CardType, Deity, GameOptions, ModuleKey, Phase, TributeID, UserID } from './types.js';

export const SAVE_VERSION = 5;
export const AGE_COUNT = 3;
export const TURNS_PER_AGE = 5;
export const TRIBUTE_ROW_SIZE = 3;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;
/** Gold and military are held between 0 and this cap (so are war and reroll tokens). */
export const COUNTER_CAP = 25;
export const FAVOR_PER_TRIBUTE_TOKEN = 3;
export const STARTING_GOLD = 2;
export const STARTING_MILITARY = 1;

export interface Counters {
  gold: number;
  favor: number;
  military: number;
  warTokens: number;
  rerollTokens: number;
  tributeTokens: number;
}

export interface Bid {
  military: number;
  tradeRowIndex: number;
}

/** Where a player's favor came from, for the favor breakdown and the end-of-game stats. */
export interface FavorSources {
  cards: number;
  tributes: number;
  prophecies: number;
  resources: number;
}

export interface Player {
  userID: UserID;
  botType: BotType | null;
  color: string;
  /** Every card held, in the order gained, the leader first. */
  cardIDs: CardID[];
  /** The same cards stacked by type, as the player board shows them. */
  cards: Record<CardType, CardID[]>;
  /** Tributes completed, in the order completed. */
  tributeIDs: TributeID[];
  counters: Counters;
  /** The player's own bid this turn; hidden from others until every bid is in. */
  bid: Bid | null;
  /** The trade row card the player is after (bid, then won), or null. */
  selectedCard: CardID | null;
  favorSources: FavorSources;
  clashes: number;
  clashesWon: number;
}

export type RerollChoice = 'na' | 'reroll' | 'decline';

/** One player's dice in one round of a clash. */
export interface RollResult {
  playerID: UserID;
  bonus: number;
  rolls: number[];
  total: number;
  didRoll: boolean;
}
export type ClashRound = Record<UserID, RollResult>;

/** Two or more bids on one trade row card, settled with dice in the war phase. */
export interface Clash {
  cardID: CardID;
  tradeRowIndex: number;
  playerIDs: UserID[];
  rounds: ClashRound[];
  winningPlayerID: UserID;
  /** Players who spent a reroll token in this clash. */
  playerIDsWithRerolls: UserID[];
  /** Players who declined to reroll; they are not asked again. */
  declinedPlayerIDs: UserID[];
}

/** What a player did this turn, for tributes: gains, clashes and resources. */
export interface TurnRecord {
  gained: { cardID: CardID; tradeRowIndex: number | null; bidMilitary: number }[];
  clashes: { won: boolean; opponents: { playerID: UserID; bid: number; favor: number }[]; bid: number; favor: number }[];
  gainedGold: number;
  gainedMilitary: number;
  gainedFavor: number;
  /** Cards held before this turn's gain (synergy and ranked-affinity tributes look at them). */
  heldBefore: CardID[];
}

export interface PlanningData {
  military: number;
  tradeRowIndex: number;
  cardID: CardID;
  spentMilitary: number;
  /** The military counter left once the bid was paid. */
  militaryLeft: number;
}

export interface PlayerGameStats {
  won: boolean;
  score: number;
  scoreFromCards: number;
  scoreFromProphecies: number;
  scoreFromTributes: number;
  scoreFromResources: number;
  clashes: number;
  clashesWon: number;
  cardCountByAffinity: Record<Deity, number>;
  cardCountByType: Record<CardType, number>;
  blameMillis: number;
  soloMillis: number;
}

export interface Game {
  version: typeof SAVE_VERSION;
  id: string;
  sequenceID: number;
  /** The PRNG state (hidden): the only source of randomness, and which generator it is. */
  rngState: RngState;
  /**
   * The secret seed (hidden until the game ends): 256 bits as hex. A game made before save
   * version 4 has the 32-bit integer seed of its xoroshiro128+ generator instead.
   */
  seed: Seed | number;
  /** SHA-256 of the seed, public from the start; null for a game made before version 4. */
  seedCommitment: string | null;
  /**
   * SHA-256 of the server's secret, which the game's lobby showed before anyone gave a value for
   * the seed; null for a game whose seed the server drew alone (made before save version 5, or
   * outside a lobby: tournaments, tests).
   */
  serverSecretCommitment: string | null;
  /** The server's secret (hidden until the game ends): the seed is `mixedSeed` of it and the values. Null as above. */
  serverSecret: Seed | null;
  /** Each seat's value for the seed, in seat order ('' for none, always for a bot), public from the start. Null as above. */
  seedContributions: SeedContribution[] | null;
  players: Player[];
  options: GameOptions;
  modules: ModuleKey[];
  /** Endgame scoring: 1 favor for each this much gold, and for each this much military. */
  scoring: { goldPerFavor: number; militaryPerFavor: number };
  age: Age;
  turn: number;
  phase: Phase;
  turnsPerAge: number;
  boardSize: number;
  tributeRowSize: number;
  /** The trade row, left to right; null only for a slot waiting to be dealt. */
  tableIDs: (CardID | null)[];
  tributeRow: TributeID[];
  /** The basic cards on offer this age: an unlimited supply of each. */
  basicPile: CardID[];
  deck: CardID[];
  discard: CardID[];
  tributeDeck: TributeID[];
  tributeDiscard: TributeID[];
  cardsByID: Record<CardID, Card>;
  tributeCardsByID: Record<TributeID, TributeCard>;
  bidsByPlayerID: Record<UserID, Bid>;
  resolvesByPlayerID: Record<UserID, { cardIDToGain: CardID }>;
  readyByUserID: Record<UserID, boolean>;
  /** The latest dice of each clash participant, once rolled in the open. */
  rollsByPlayerID: Record<UserID, number[]>;
  /** Dice rolled at the start of the turn under prerollDice (hidden until the war phase). */
  prerolledDiceByPlayerID: Record<UserID, number[]>;
  clashes: Clash[];
  rerollRound: number;
  rollSelectionsByPlayerID: Record<UserID, RerollChoice>;
  /** Who won each trade row card this turn: tradeRowIndex -> userID. */
  winnersByTradeRowIndex: Record<number, UserID>;
  /** The trade row as it stood when the bids were revealed (tributes compare against it). */
  revealedTableIDs: CardID[];
  turnRecordByPlayerID: Record<UserID, TurnRecord>;
  events: GameEvent[];
  phaseThinkingMillisByPlayerID: Record<UserID, number>;
  totalThinkingMillisByPlayerID: Record<UserID, number>;
  soloMillisByPlayerID: Record<UserID, number>;
  productionDataByPlayerID: Record<UserID, { gold: number; military: number }>;
  planningDataByPlayerID: Record<UserID, PlanningData>;
  gameStartTimestamp: number;
  gameEndTimestamp: number | null;
  phaseStartTimestamp: number;
  updateTimestamp: number;
  winnerIDs: UserID[];
  statsByPlayerID: Record<UserID, PlayerGameStats> | null;
}
