/** Thinking time per player and phase, END_OF_PHASE, and the end-of-game statistics. */
import { describe, expect, it } from 'vitest';
import { advance, applyAction, createGame, type Action, type Game } from '../../src/engine/index.js';
import { miniDefinitions } from '../support/mini-cards.js';
import { playToEnd } from '../support/play.js';
import { bidOn, eventsOf, gain } from '../support/scenario.js';

function at(game: Game, userID: string, action: Action, now: number): Game {
  const result = applyAction(game, userID, action, now);
  if (!result.ok) throw new Error(result.message);
  return advance(result.game, now).game;
}

describe('thinking time', () => {
  it('counts from the start of the phase to each player’s action', () => {
    let game = advance(createGame({ players: [{ userID: 'ann' }, { userID: 'bob' }], definitions: miniDefinitions() }, 1, 0), 1_000).game;
    expect(game.phase).toBe('PLANNING');
    expect(game.phaseStartTimestamp).toBe(1_000);
    game = at(game, 'bob', bidOn(1), 3_000);
    expect(game.phaseThinkingMillisByPlayerID).toEqual({ ann: 0, bob: 2_000 });
    game = at(game, 'ann', bidOn(0), 8_000);
    const end = eventsOf(game, 'END_OF_PHASE').find((e) => e.payload.phase === 'PLANNING')!;
    expect(end.payload).toEqual({ phase: 'PLANNING', elapsed_phase_time: 7_000, elapsed_phase_time_by_player_id: { ann: 7_000, bob: 2_000 } });
    expect(game.totalThinkingMillisByPlayerID).toEqual({ ann: 7_000, bob: 2_000 });
    // ann kept bob waiting alone from 3 s to 8 s.
    expect(game.soloMillisByPlayerID).toEqual({ ann: 5_000, bob: 0 });
    expect(game.phase).toBe('RESOLUTION');
    game = at(game, 'ann', gain(122), 9_000);
    game = at(game, 'bob', gain(122), 12_000);
    expect(game.totalThinkingMillisByPlayerID).toEqual({ ann: 8_000, bob: 6_000 });
    expect(game.soloMillisByPlayerID).toEqual({ ann: 5_000, bob: 3_000 });
  });
});

describe('end-of-game statistics', () => {
  it('each player’s stats add up to their score and their cards', () => {
    const start = createGame({ players: ['a', 'b', 'c'].map((userID) => ({ userID })), definitions: miniDefinitions() }, 5, 0);
    const { game } = playToEnd(start, 6);
    expect(game.gameEndTimestamp).not.toBeNull();
    for (const p of game.players) {
      const s = game.statsByPlayerID![p.userID]!;
      expect(s.score).toBe(p.counters.favor);
      expect(s.scoreFromCards + s.scoreFromTributes + s.scoreFromProphecies + s.scoreFromResources).toBe(s.score);
      expect(s.won).toBe(game.winnerIDs.includes(p.userID));
      expect(s.cardCountByType.Building + s.cardCountByType.Unit + s.cardCountByType.Event).toBe(p.cardIDs.length);
      expect(s.clashes).toBe(p.clashes);
      expect(s.clashesWon).toBeLessThanOrEqual(s.clashes);
      expect(s.blameMillis).toBe(game.totalThinkingMillisByPlayerID[p.userID]);
      expect(s.blameMillis).toBeGreaterThan(0);
    }
    expect(eventsOf(game, 'END_GAME_SCORING')).toHaveLength(3);
  });
});
