/**
 * `mythos replay <file>`: re-runs a saved game through the engine with the card set stored in it,
 * tells it turn by turn, and checks that the re-run ends in exactly the saved final state. Exit
 * code 0 when it does, 1 when it does not (printing the first difference), 2 when the file is not
 * a usable replay. With --current-cards (or --cards DIR) it re-runs the game with today's card
 * files instead, and shows what the change alters: the changed cards and the new outcome.
 */
import { resolve } from 'node:path';
import { Command } from 'commander';
import { buildCardSet, type GameDefinitions } from '../engine/index.js';
import { definitionsFrom } from './card-dir.js';
import { cardChanges, outcomeChange } from './card-changes.js';
import { asJSON, describeDifference, firstDifference, type Difference } from '../engine/deep-diff.js';
import { forfeitsInFile } from '../shared/forfeit.js';
import { EXIT_FAILED, EXIT_OK } from './errors.js';
import type { Io } from './io.js';
import { narrateGame } from './narrate.js';
import { withReplayFile, type ReplayFile } from './replay-file.js';
import { refusedLine, rerun } from './rerun.js';

export interface ReplayOutcome {
  exitCode: number;
  difference: Difference | null;
  refused: { index: number; message: string } | null;
}

export interface ReplayOptions {
  quiet: boolean;
  /** Re-run with these card files (today's, or a --cards directory) instead of the saved card set. */
  cards?: { definitions: GameDefinitions; name: string };
}

export function runReplay(path: string, options: ReplayOptions, io: Io): ReplayOutcome {
  return withReplayFile(path, (replay) => replayed(path, replay, options, io));
}

function replayed(path: string, replay: ReplayFile, { quiet, cards }: ReplayOptions, io: Io): ReplayOutcome {
  if (cards) return runWithCards(path, replay, cards, quiet, io);
  const result = rerun(replay);
  if (!quiet) io.out(narrateGame(result.game, forfeitsInFile(replay)).join('\n') + '\n');
  if (!result.ok) {
    io.out(refusedLine(path, replay, result));
    return { exitCode: EXIT_FAILED, difference: null, refused: { index: result.index, message: result.message } };
  }
  const difference = firstDifference(replay.final, asJSON(result.game));
  if (difference) {
    io.out(`FAIL ${path}: the re-run differs from the saved final state; first difference at ${describeDifference(difference)}\n`);
    return { exitCode: EXIT_FAILED, difference, refused: null };
  }
  io.out(`OK ${path}: ${replay.actions.length} actions re-run, final state identical\n`);
  return { exitCode: EXIT_OK, difference: null, refused: null };
}

/** A re-run with other card files: what the change alters, or that it alters nothing. */
function runWithCards(path: string, replay: ReplayFile, cards: NonNullable<ReplayOptions['cards']>, quiet: boolean, io: Io): ReplayOutcome {
  const result = rerun(replay, cards.definitions);
  // Who forfeited is the file's, whichever cards are played: the same people left, the same stand-ins played.
  const forfeits = forfeitsInFile(replay);
  if (!quiet) io.out(narrateGame(result.game, forfeits).join('\n') + '\n');
  const changes = cardChanges(replay.final, buildCardSet(cards.definitions, replay.setup.modules));
  const changed = changes.length === 0 ? `no card of this game differs in ${cards.name}` : `${changes.length} card${changes.length === 1 ? '' : 's'} of this game differ in ${cards.name}:`;
  io.out(`${changed}\n${changes.slice(0, 20).map((line) => `  ${line}\n`).join('')}${changes.length > 20 ? `  ... and ${changes.length - 20} more\n` : ''}`);
  if (!result.ok) {
    const a = replay.actions[result.index]!;
    io.out(`CHANGED ${path}: with ${cards.name}, action ${result.index} (${a.action.type} by ${a.userID} at ${a.now}) is refused: ${result.message}\n`);
    return { exitCode: EXIT_FAILED, difference: null, refused: { index: result.index, message: result.message } };
  }
  const difference = firstDifference(replay.final, asJSON(result.game));
  if (difference) {
    io.out(`CHANGED ${path}: with ${cards.name} the same actions end differently: ${outcomeChange(replay.final, result.game, forfeits)}; first difference at ${describeDifference(difference)}\n`);
    return { exitCode: EXIT_FAILED, difference, refused: null };
  }
  io.out(`OK ${path}: ${replay.actions.length} actions re-run with ${cards.name}, final state identical\n`);
  return { exitCode: EXIT_OK, difference: null, refused: null };
}

export function replayCommand(io: Io, setExitCode: (code: number) => void): Command {
  return new Command('replay')
    .description('re-run a saved game, print it turn by turn and check it ends in the saved final state')
    .argument('<file>', 'a replay file (tournament --save-games writes them)')
    .option('-q, --quiet', 'print only the verdict')
    .option('--current-cards', "re-run with today's card files instead of the card set saved in the file")
    .option('--cards <dir>', 're-run with the card files of this directory (an edited copy of data/)')
    .addHelpText(
      'after',
      `
A save holds the card set it was played with, and a replay uses it: editing data/ does not break
old saves. --current-cards re-runs the same actions with today's card files to show what a card
change alters (the changed cards, an action the change makes illegal, the new favor and winners).

Exit code 0 when the re-run final state equals the saved one, 1 when it differs (the first
difference is printed as a JSON path with the expected and the actual value), 2 for a file that
is not a usable replay.

Examples:
  $ mythos replay replays/game-00042.json
  $ mythos replay --quiet replays/game-00042.json && echo reproducible
  $ mythos replay --current-cards --quiet replays/game-00042.json
  $ mythos replay --cards my-data/ --quiet replays/game-00042.json`,
    )
    .action((file: string, flags: { quiet?: boolean; currentCards?: boolean; cards?: string }) => {
      const cards =
        flags.cards !== undefined
          ? { definitions: definitionsFrom(resolve(flags.cards)), name: `the card files of ${flags.cards}` }
          : flags.currentCards === true
            ? { definitions: definitionsFrom(null), name: "today's card files" }
            : undefined;
      setExitCode(runReplay(file, { quiet: flags.quiet === true, ...(cards ? { cards } : {}) }, io).exitCode);
    });
}
