/**
 * Game events: what happened, in order, for the game log and the client's animations.
 * Each carries exactly the payload docs/protocol.md documents.
 */
import type { Age, CardID, Phase, TributeID, UserID } from './types.js';
import type { ClashRound } from './state.js';

/** What the cards a player holds gave when something triggered them. */
export interface TriggeredCard {
  cardID: CardID;
  gold: number;
  military: number;
  favor: number;
  warTokens: number;
  rerollTokens: number;
}

export interface EventPayloads {
  BID: { userID: UserID; cardID: CardID; spentMilitary: number; military: number };
  CONFLICT_RESULTS: { cardID: CardID; winningPlayerID: UserID; rounds: ClashRound[]; playerIDsWithRerolls: UserID[] };
  GAIN_CARD: {
    userID: UserID;
    cardID: CardID;
    cost: { gold: number };
    gold: number;
    military: number;
    favor: number;
    prophecyFavor: number;
    triggeredCards: TriggeredCard[];
  };
  GAIN_TRIBUTES: { userID: UserID; tributeIDs: TributeID[]; favor: number; tributeTokens: number; triggeredCards: TriggeredCard[] };
  PRODUCTION: { userID: UserID; gold: number; military: number };
  EARN_TOKEN: { userID: UserID; token: 'War' | 'Reroll'; triggeredCards: TriggeredCard[] };
  END_GAME_EFFECTS: { userID: UserID; triggeredCards: TriggeredCard[] };
  END_GAME_SCORING: { userID: UserID; favor: number; cost: { gold: number; military: number } };
  END_OF_PHASE: { phase: Phase; elapsed_phase_time: number; elapsed_phase_time_by_player_id: Record<UserID, number> };
  REFUND_MILITARY: { userID: UserID; refundedMilitary: number };
  USE_REROLL: { userID: UserID; rolls: number[] };
  GAIN_REROLL: { userID: UserID };
  DECLINE_REROLL: { userID: UserID };
  DEAL_CARD: { cardID: CardID };
  DEAL_TRIBUTE: { cardID: TributeID };
  SLIDE_CARD: { cardID: CardID };
  DISCARD_TRIBUTE: { cardID: TributeID };
  TRIBUTES_RESHUFFLED: { count: number };
  SET_UP_AGE: { age: Age };
  SET_UP_TURN: { turn: number };
  SET_UP_PHASE: { phase: Phase };
  CHAT: { userID: UserID; text: string };
  /**
   * The server's, not a rule: a stand-in bot took `decision` for the seat of `userID` (why:
   * `reason`). It comes just before what that decision led to, so the log can say who chose.
   */
  STAND_IN: { userID: UserID; decision: 'BID' | 'UNBID' | 'REROLL' | 'RESOLVE'; reason: StandInReason };
}
/**
 * Why a stand-in bot took a person's decision: their turn timer ran out, nobody had the game open,
 * or they left it (docs/decisions.md, "The table"). A replay file keeps it beside each such action.
 */
export const STAND_IN_REASONS = ['turn timer', 'no one connected', 'left'] as const;
export type StandInReason = (typeof STAND_IN_REASONS)[number];

export type EventType = keyof EventPayloads;
export const EVENT_TYPES = [
  'BID',
  'CONFLICT_RESULTS',
  'GAIN_CARD',
  'GAIN_TRIBUTES',
  'PRODUCTION',
  'EARN_TOKEN',
  'END_GAME_EFFECTS',
  'END_GAME_SCORING',
  'END_OF_PHASE',
  'REFUND_MILITARY',
  'USE_REROLL',
  'GAIN_REROLL',
  'DECLINE_REROLL',
  'DEAL_CARD',
  'DEAL_TRIBUTE',
  'SLIDE_CARD',
  'DISCARD_TRIBUTE',
  'TRIBUTES_RESHUFFLED',
  'SET_UP_AGE',
  'SET_UP_TURN',
  'SET_UP_PHASE',
  'CHAT',
  'STAND_IN',
] as const satisfies readonly EventType[];

export type GameEvent = {
  [T in EventType]: { type: T; turn: number; age: Age; phase: Phase; timestamp: number; payload: EventPayloads[T] };
}[EventType];

/** Consecutive events of these types are grouped in the event log. */
export const GROUPED_EVENT_TYPES: readonly EventType[] = [
  'BID',
  'GAIN_CARD',
  'GAIN_TRIBUTES',
  'DEAL_CARD',
  'DEAL_TRIBUTE',
  'SLIDE_CARD',
  'PRODUCTION',
  'EARN_TOKEN',
  'END_GAME_EFFECTS',
  'END_GAME_SCORING',
];
