/**
 * `mythos replay <file>`: re-runs a saved game through the engine, tells it turn by turn, and
 * checks that the re-run ends in exactly the saved final state. Exit code 0 when it does, 1 when
 * it does not (printing the first difference), 2 when the file is not a usable replay.
 */
import { Command } from 'commander';
import { asJSON, describeDifference, firstDifference, type Difference } from './deep-diff.js';
import { EXIT_FAILED, EXIT_OK } from './errors.js';
import type { Io } from './io.js';
import { narrateGame } from './narrate.js';
import { readReplayFile } from './replay-file.js';
import { rerun } from './rerun.js';

export interface ReplayOutcome {
  exitCode: number;
  difference: Difference | null;
  refused: { index: number; message: string } | null;
}

export function runReplay(path: string, { quiet }: { quiet: boolean }, io: Io): ReplayOutcome {
  const replay = readReplayFile(path);
  const result = rerun(replay);
  if (!quiet) io.out(narrateGame(result.game).join('\n') + '\n');
  if (!result.ok) {
    const a = replay.actions[result.index]!;
    io.out(`FAIL ${path}: action ${result.index} (${a.action.type} by ${a.userID} at ${a.now}) was refused: ${result.message}\n`);
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

export function replayCommand(io: Io, setExitCode: (code: number) => void): Command {
  return new Command('replay')
    .description('re-run a saved game, print it turn by turn and check it ends in the saved final state')
    .argument('<file>', 'a replay file (tournament --save-games writes them)')
    .option('-q, --quiet', 'print only the verdict')
    .addHelpText(
      'after',
      `
Exit code 0 when the re-run final state equals the saved one, 1 when it differs (the first
difference is printed as a JSON path with the expected and the actual value), 2 for a file that
is not a usable replay.

Examples:
  $ mythos replay replays/game-00042.json
  $ mythos replay --quiet replays/game-00042.json && echo reproducible`,
    )
    .action((file: string, flags: { quiet?: boolean }) => {
      setExitCode(runReplay(file, { quiet: flags.quiet === true }, io).exitCode);
    });
}
