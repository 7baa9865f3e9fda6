/**
 * The moments a replay stops at (one per action) and the turn steps between them: pure, so the
 * page and the tests share them.
 */
import type { Game } from '../../engine/state.js';
import type { Rebuilt, ReplayLogEntry } from '../../engine/replay.js';

/** A step the viewer can stop at: the game as started, then after each action (and any chat steps after it). */
export interface ReplayMoment {
  game: Game;
  /** The action that led here (null: the start). */
  entry: Extract<ReplayLogEntry, { kind: 'action' }> | null;
}

/** The moments of a rebuilt game: one per action, each showing the last state before the next action. */
export function momentsOf(rebuilt: Rebuilt): ReplayMoment[] {
  const moments: ReplayMoment[] = [];
  for (const step of rebuilt.steps) {
    if (step.entry === null || step.entry.kind === 'action') moments.push({ game: step.game, entry: step.entry?.kind === 'action' ? step.entry : null });
    else if (moments.length > 0) moments[moments.length - 1] = { ...moments[moments.length - 1]!, game: step.game };
  }
  return moments;
}

/** The moment index of the previous (-1) or next (+1) turn's first moment from `at`. */
export function turnStep(moments: readonly ReplayMoment[], at: number, direction: -1 | 1): number {
  const key = (i: number) => moments[i]!.game.age * 1000 + moments[i]!.game.turn;
  const here = key(at);
  if (direction === 1) {
    for (let i = at + 1; i < moments.length; i++) if (key(i) !== here) return i;
    return moments.length - 1;
  }
  // Back: to the start of this turn, or, already there, to the start of the turn before.
  let start = at;
  while (start > 0 && key(start - 1) === here) start--;
  if (start < at) return start;
  if (start === 0) return 0;
  const before = key(start - 1);
  let i = start - 1;
  while (i > 0 && key(i - 1) === before) i--;
  return i;
}
