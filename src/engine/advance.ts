/**
 * advance: runs the automatic steps (setup, production, reveals, war, gains, tributes, cleanup,
 * age and game end) until some player must act or the game is over.
 */
import { everyoneReady, enterPhase } from './phases/flow.js';
import { endGame } from './phases/game-end.js';
import { produce } from './phases/production.js';
import { applyGains } from './phases/resolution.js';
import { setUpAge, setUpTurn } from './phases/setup.js';
import { payTributes } from './phases/tribute.js';
import { endTurn } from './phases/turn-end.js';
import { playRerollRound, revealBids } from './phases/war.js';
import type { GameEvent } from './events.js';
import type { Game } from './state.js';
import { beginStep, endStep, type Step } from './step.js';

/** One automatic step; false when the game waits for players (or is over). */
function stepOnce(s: Step): boolean {
  const g = s.game;
  if (g.gameEndTimestamp !== null) return false;
  switch (g.phase) {
    case 'SETUP':
      if (g.turn === 1) setUpAge(s);
      setUpTurn(s);
      enterPhase(s, 'PRODUCTION');
      return true;
    case 'PRODUCTION':
      produce(s);
      enterPhase(s, 'PLANNING');
      return true;
    case 'PLANNING':
      if (!everyoneReady(g)) return false;
      revealBids(s);
      return true;
    case 'WAR':
      if (!everyoneReady(g)) return false;
      playRerollRound(s);
      return true;
    case 'RESOLUTION':
      if (!everyoneReady(g)) return false;
      applyGains(s);
      enterPhase(s, 'TRIBUTE');
      return true;
    case 'TRIBUTE': {
      payTributes(s);
      const next = endTurn(s);
      if (next === 'game-over') endGame(s);
      else enterPhase(s, 'SETUP');
      return true;
    }
  }
}

/** Whether the game is waiting on players (or over): then advance has nothing to do. */
function waiting(game: Game): boolean {
  if (game.gameEndTimestamp !== null) return true;
  const phase = game.phase;
  return (phase === 'PLANNING' || phase === 'WAR' || phase === 'RESOLUTION') && !everyoneReady(game);
}

export function advance(game: Game, now: number): { game: Game; events: GameEvent[] } {
  if (waiting(game)) return { game, events: [] };
  const s = beginStep(game, now);
  let changed = false;
  while (stepOnce(s)) changed = true;
  if (!changed) return { game, events: [] };
  s.game.sequenceID = game.sequenceID + 1;
  return endStep(s);
}
