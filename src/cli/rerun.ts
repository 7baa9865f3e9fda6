/**
 * Re-runs a replay file's actions through the engine from its setup, seed and generator. Works
 * without the bots: the actions are all logged, so a replay checks the engine alone.
 *
 * By default a game re-runs with the card set it was played with, which every save holds (its
 * final state's `cardsByID` and `tributeCardsByID`, modules already applied): a later change to
 * the card files does not break old saves. Given definitions (today's files, or a --cards
 * directory), it re-runs with those instead, to show what a card change alters.
 */
import { noModuleContent, playAction, startGame, type Game, type GameDefinitions, type ModuleDef } from '../engine/index.js';
import { seedOf } from '../engine/replay.js';
import { CliError } from './errors.js';
import type { ReplayFile } from './replay-file.js';

export type Rerun = { ok: true; game: Game } | { ok: false; game: Game; index: number; message: string };

/**
 * The definitions a save was played with. Its card set has its modules applied already, so each
 * module stands in empty (the game still lists it), and the options are the game's own.
 */
export function savedDefinitions(final: Pick<Game, 'cardsByID' | 'tributeCardsByID'>, modules: readonly ModuleDef['key'][]): GameDefinitions {
  if (typeof final.cardsByID !== 'object' || final.cardsByID === null || Object.keys(final.cardsByID).length === 0) {
    throw new CliError('final.cardsByID is missing: this save does not hold its card set (replay it with --current-cards)');
  }
  const applied = (key: ModuleDef['key']): ModuleDef => ({
    key,
    name: key,
    state: 'enabled',
    description: 'applied in the saved card set',
    ...noModuleContent(),
  });
  return { cardDefs: Object.values(final.cardsByID), tributeCardDefs: Object.values(final.tributeCardsByID ?? {}), modules: modules.map(applied) };
}

/** The line `mythos replay` and `mythos verify` print for a re-run whose action the engine refused. */
export function refusedLine(path: string, replay: ReplayFile, refused: { index: number; message: string }): string {
  const a = replay.actions[refused.index]!;
  return `FAIL ${path}: action ${refused.index} (${a.action.type} by ${a.userID} at ${a.now}) was refused: ${refused.message}\n`;
}

export function rerun(replay: ReplayFile, definitions?: GameDefinitions): Rerun {
  const { setup, start, actions, generator, final } = replay;
  // A mixed seed starts from its parts, not the seed they give: the game keeps them, so the
  // re-run's final state must hold them too.
  const seed = seedOf({ seed: replay.seed, serverSecret: final.serverSecret, seedContributions: final.seedContributions });
  // With the saved card set, the saved options are the game's own, module additions included.
  const options = definitions ? setup.options : { ...setup.options, ...final.options };
  // A setup the engine cannot start a game from throws its SetupError: the file's fault, which
  // the reader of the file says (replay-file.ts).
  let game = startGame(
    { id: setup.id, players: setup.seats, options, modules: setup.modules, definitions: definitions ?? savedDefinitions(final, setup.modules), generator },
    seed,
    start,
  );
  for (let index = 0; index < actions.length; index++) {
    const { userID, action, now } = actions[index]!;
    const result = playAction(game, userID, action, now);
    if (!result.ok) return { ok: false, game, index, message: result.message };
    game = result.game;
  }
  return { ok: true, game };
}
