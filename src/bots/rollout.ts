/**
 * Rollouts: a determinized game played on by a policy in every seat, through the engine itself,
 * to the start of the next turn (or the end of the game), and the position then valued for one
 * player by the advanced bots' worth (worth.ts) against their strongest rival.
 */
import { pendingDecision, playAction, viewFor, type Action, type Game, type Player, type Rng, type UserID } from '../engine/index.js';
import type { Decide } from './bot.js';
import { playSeats } from './game-loop.js';
import { outlookOf } from './outlook.js';
import type { ByAge, ValueTuning } from './tuning.js';
import { worthOf } from './worth.js';

/**
 * Applies an action and runs the automatic steps after it; a refused action is a bot bug. A what-if
 * game has no clock: every action happens at the time of the state it is played on.
 */
export function play(game: Game, userID: UserID, action: Action): Game {
  const result = playAction(game, userID, action, game.updateTimestamp);
  if (!result.ok) throw new Error(`rollout: ${userID} made an illegal move: ${result.message}`);
  return result.game;
}

/** Plays on for `turns` turns: to that turn's planning, or the end of the game. */
export function finishTurn(start: Game, policy: Decide, rng: Rng, turns = 1): Game {
  const stop = (start.age - 1) * start.turnsPerAge + start.turn + turns;
  return playSeats(
    start,
    // Only seats with something to decide get a view made for them.
    ({ game, userID }) => (pendingDecision(game, userID) ? policy(viewFor(game, userID), userID, rng) : null),
    {
      now: start.updateTimestamp,
      stepMillis: 0,
      until: (game) => game.phase === 'PLANNING' && (game.age - 1) * game.turnsPerAge + game.turn >= stop,
      refused: ({ userID }, _action, error) => new Error(`rollout: ${userID} made an illegal move: ${error.message}`),
      stuck: (game) => new Error(`rollout: nobody can act in phase ${game.phase}`),
    },
  );
}

/** How a position looks to one player: their worth less the best of their rivals'. */
export function standing(game: Game, userID: UserID, tunings: ByAge<ValueTuning>): number {
  const over = game.gameEndTimestamp !== null;
  const outlook = outlookOf(game, tunings);
  // Once the game is over only favor counts.
  const worth = (player: Player) => (over ? player.counters.favor : worthOf(game, player, outlook));
  let mine = 0;
  let best = -Infinity;
  for (const p of game.players) {
    if (p.userID === userID) mine = worth(p);
    else best = Math.max(best, worth(p));
  }
  return mine - best;
}
