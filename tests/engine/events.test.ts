/** Every event type carries exactly its documented payload (docs/protocol.md), with turn, age, phase and timestamp. */
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, createGame, type GameEvent } from '../../src/engine/index.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { playToEnd } from '../support/play.js';

const PAYLOAD_KEYS: Record<GameEvent['type'], string[]> = {
  BID: ['userID', 'cardID', 'spentMilitary', 'military'],
  CONFLICT_RESULTS: ['cardID', 'winningPlayerID', 'rounds', 'playerIDsWithRerolls'],
  GAIN_CARD: ['userID', 'cardID', 'cost', 'gold', 'military', 'favor', 'prophecyFavor', 'triggeredCards'],
  GAIN_TRIBUTES: ['userID', 'tributeIDs', 'favor', 'tributeTokens', 'triggeredCards'],
  PRODUCTION: ['userID', 'gold', 'military'],
  EARN_TOKEN: ['userID', 'token', 'triggeredCards'],
  END_GAME_EFFECTS: ['userID', 'triggeredCards'],
  END_GAME_SCORING: ['userID', 'favor', 'cost'],
  END_OF_PHASE: ['phase', 'elapsed_phase_time', 'elapsed_phase_time_by_player_id'],
  REFUND_MILITARY: ['userID', 'refundedMilitary'],
  USE_REROLL: ['userID', 'rolls'],
  GAIN_REROLL: ['userID'],
  DECLINE_REROLL: ['userID'],
  DEAL_CARD: ['cardID'],
  DEAL_TRIBUTE: ['cardID'],
  SLIDE_CARD: ['cardID'],
  DISCARD_TRIBUTE: ['cardID'],
  TRIBUTES_RESHUFFLED: ['count'],
  SET_UP_AGE: ['age'],
  SET_UP_TURN: ['turn'],
  SET_UP_PHASE: ['phase'],
  CHAT: ['userID', 'text'],
  STAND_IN: ['userID', 'decision', 'reason'],
};

function playedEvents(seed: number): GameEvent[] {
  const game = createGame(
    {
      players: ['a', 'b', 'c', 'd', 'e'].map((userID) => ({ userID })),
      definitions: GAME_DEFINITIONS,
      options: { tradeRowSlide: true, wipeTributeRow: true, warTokens: true, rerollTokens: true, retreat2: true },
    },
    seed,
    0,
  );
  return playToEnd(game, seed).game.events;
}

describe('events', () => {
  const events = [1, 2, 3].flatMap(playedEvents);

  it('a full game emits every event type the engine owns (CHAT and STAND_IN come from the server)', () => {
    const seen = new Set(events.map((e) => e.type));
    expect(EVENT_TYPES.filter((t) => !seen.has(t))).toEqual(['CHAT', 'STAND_IN']);
  });

  it('each payload has exactly its documented fields', () => {
    for (const event of events) {
      expect(Object.keys(event.payload).sort(), event.type).toEqual(PAYLOAD_KEYS[event.type].slice().sort());
      expect(Object.keys(event).sort()).toEqual(['age', 'payload', 'phase', 'timestamp', 'turn', 'type']);
    }
  });

  it('events are stamped in time order with the turn and age they happened in', () => {
    let last = -1;
    for (const event of playedEvents(4)) {
      expect(event.timestamp).toBeGreaterThanOrEqual(last);
      last = event.timestamp;
      expect(event.turn).toBeGreaterThanOrEqual(1);
      expect(event.turn).toBeLessThanOrEqual(5);
    }
  });

  it('a turn runs its phases in order', () => {
    const phases = events
      .filter((e): e is Extract<GameEvent, { type: 'SET_UP_PHASE' }> => e.type === 'SET_UP_PHASE')
      .slice(0, 6)
      .map((e) => e.payload.phase);
    expect(phases).toEqual(['PRODUCTION', 'PLANNING', 'WAR', 'RESOLUTION', 'TRIBUTE', 'SETUP']);
  });
});
