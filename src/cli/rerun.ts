/**
 * Re-runs a replay file's actions through the engine from its setup, seed and generator. Works
 * without the bots: the actions are all logged, so a replay checks the engine alone.
 */
import { GAME_DEFINITIONS } from '../engine/data.js';
import { advance, applyAction, createGame, SetupError, type Game } from '../engine/index.js';
import { CliError } from './errors.js';
import type { ReplayFile } from './replay-file.js';

export type Rerun = { ok: true; game: Game } | { ok: false; game: Game; index: number; message: string };

export function rerun(replay: ReplayFile): Rerun {
  const { setup, seed, start, actions, generator } = replay;
  let game: Game;
  try {
    game = createGame(
      { id: setup.id, players: setup.seats, options: setup.options, modules: setup.modules, definitions: GAME_DEFINITIONS, generator },
      seed,
      start,
    );
  } catch (error) {
    if (error instanceof SetupError) throw new CliError(`the setup cannot start a game: ${error.message}`);
    throw error;
  }
  game = advance(game, start).game;
  for (let index = 0; index < actions.length; index++) {
    const { userID, action, now } = actions[index]!;
    const result = applyAction(game, userID, action, now);
    if (!result.ok) return { ok: false, game, index, message: result.message };
    game = advance(result.game, now).game;
  }
  return { ok: true, game };
}
