/**
 * Game states for the presentation layer's browser test: a real engine game of 3 bots, stepped
 * through as the live screen would receive them, around a clash with a tie re-roll.
 */
import { botDecision } from '../../../src/bots/harness.js';
import { GAME_DEFINITIONS } from '../../../src/engine/data.js';
import { advance, applyAction, createGame, type Game, type GameEvent } from '../../../src/engine/index.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { screenState as spectatorScreen } from './screen-state.js';

export const NAMES = ['Ariadne', 'Bellerophon', 'Cassiopeia'];

/** A spectator's screen, the seats named in order from NAMES. */
export function screenState(game: Game): GameScreenState {
  return spectatorScreen(game, null, Object.fromEntries(game.players.map((p, i) => [p.userID, NAMES[i]!])));
}

export interface Fixture {
  states: GameScreenState[];
  /** Index of the state whose new events hold a whole clash (from the war phase on) of two or more rounds. */
  clash: number;
  /** Index of a state whose new events gain cards. */
  gain: number;
  /** Index of the final state: its new events gain the last cards and end the game. */
  end: number;
}

/** Plays seeded 3-bot games until one has a clash with a tie re-roll; keeps the states around it. */
export function buildFixture(): Fixture {
  for (let seed = 1; seed < 400; seed++) {
    // Real timestamps, so the header's timer reads like a game that started an hour ago.
    let now = Date.now() - 3_600_000;
    const setup = { players: NAMES.map((_, i) => ({ userID: `p${i}`, botType: 'easy_bot' as const })), definitions: GAME_DEFINITIONS, options: { warTokens: true } };
    let game = advance(createGame(setup, seed, now), now).game;
    const snapshots: { game: Game; fresh: GameEvent[] }[] = [{ game, fresh: [] }];
    let clash = -1;
    while (game.gameEndTimestamp === null) {
      for (let seat = 0; seat < game.players.length; seat++) {
        const action = botDecision(game, seat, seed * 7);
        if (!action) continue;
        now += 4_000;
        const result = applyAction(game, game.players[seat]!.userID, action, now);
        if (!result.ok) throw new Error(result.message);
        const before = game.events.length;
        game = advance(result.game, now).game;
        const fresh = game.events.slice(before);
        snapshots.push({ game, fresh });
        // The whole clash in this one update, from the war phase's start: one that waited on a
        // player's reroll decision showed its first roll in the update before.
        const wholeClash = fresh.some((e) => e.type === 'SET_UP_PHASE' && e.payload.phase === 'WAR');
        if (clash < 0 && game.age >= 2 && wholeClash && fresh.some((e) => e.type === 'CONFLICT_RESULTS' && e.payload.rounds.length >= 2)) clash = snapshots.length - 1;
      }
    }
    if (clash < 0) continue;
    const gain = snapshots.findIndex((s, i) => i > clash && s.fresh.some((e) => e.type === 'GAIN_CARD') && s.fresh.some((e) => e.type === 'DEAL_CARD'));
    if (gain < 0 || !snapshots.at(-1)!.fresh.some((e) => e.type === 'GAIN_CARD')) continue;
    const picked = [snapshots[clash - 1]!, snapshots[clash]!, snapshots[gain - 1]!, snapshots[gain]!, snapshots.at(-2)!, snapshots.at(-1)!];
    return { states: picked.map((s) => screenState(s.game)), clash: 1, gain: 3, end: 5 };
  }
  throw new Error('no seed gave a re-rolled clash');
}

