/**
 * The server's step, for everything else that drives games (the bot harness, the CLI, rollouts,
 * tests): a new game run to its first decision, and an action applied with the automatic steps
 * after it.
 */
import type { Action } from './actions/action.js';
import { advance } from './advance.js';
import { applyAction, type ActionResult } from './apply-action.js';
import { createGame, type GameSetup } from './create-game.js';
import type { GameEvent } from './events.js';
import type { Seed, SeedMix } from './seed.js';
import type { Game } from './state.js';
import type { UserID } from './types.js';

/** Sees every state a play passes through, with the events that made it (tests check them all). */
export type StepObserver = (game: Game, events: GameEvent[]) => void;

/** A new game, advanced to its first decision. */
export function startGame(setup: GameSetup, seed: Seed | number | SeedMix, now: number): Game {
  return advance(createGame(setup, seed, now), now).game;
}

/**
 * An action applied and the automatic steps after it run, as the server commits it: the game
 * waiting for its next decision (or over) and the events of both, or the rule error. `observe` sees
 * the game just after the action, then after the automatic steps.
 */
export function playAction(game: Game, userID: UserID, action: Action, now: number, observe?: StepObserver): ActionResult {
  const applied = applyAction(game, userID, action, now);
  if (!applied.ok) return applied;
  observe?.(applied.game, applied.events);
  const advanced = advance(applied.game, now);
  observe?.(advanced.game, advanced.events);
  return { ok: true, game: advanced.game, events: advanced.events.length === 0 ? applied.events : applied.events.length === 0 ? advanced.events : applied.events.concat(advanced.events) };
}
