/**
 * The `mythos` command line: tournament, replay, verify, balance and bench, wired with commander.
 * `runCli` parses and runs one command line and returns the exit code instead of exiting, so tests
 * run it in-process. Exit codes: 0 ok, 1 a replay that does not reproduce or a game that does not
 * verify (or an unexpected failure), 2 a usage error (bad flag, value, bot, module, option or file).
 */
import { Command, CommanderError } from 'commander';
import { dbCommand, gamesCommand, usersCommand } from './admin.js';
import { balanceCommand } from './balance.js';
import { benchCommand } from './bench.js';
import { oddsCalibrationCommand } from './odds-calibration.js';
import { CliError, EXIT_FAILED, EXIT_OK, EXIT_USAGE, InternalError } from './errors.js';
import { processIo, terminalSafe, type Io } from './io.js';
import { replayCommand } from './replay.js';
import { tournamentCommand } from './tournament.js';
import { verifyCommand } from './verify.js';

export function buildProgram(io: Io, setExitCode: (code: number) => void): Command {
  const program = new Command('mythos')
    .description('Mythos from the command line: bot tournaments, game replays, balance reports and benchmarks')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s),
      writeErr: (s) => io.err(s),
      // One line per error: "error: unknown option '--sed' (Did you mean --seed?)".
      outputError: (s, write) => write(`${s.trimEnd().replace(/\s*\n\s*/g, ' ')}\n`),
    })
    .addHelpText(
      'after',
      `
Examples:
  $ mythos tournament --seats basic_bot,easy_bot,valid_move,valid_move --games 1000
  $ mythos tournament --games 20 --save-games replays/ && mythos replay replays/game-00000.json
  $ mythos balance --games 2000 --out report.md
  $ mythos bench --seconds 3
  $ mythos odds-calibration --games 300
  $ mythos users list && mythos users make-dev u_abc123
  $ mythos games export g_abc123 --out game.json && mythos replay game.json
  $ mythos verify game.json`,
    );
  for (const command of [
    tournamentCommand(io),
    replayCommand(io, setExitCode),
    verifyCommand(io, setExitCode),
    balanceCommand(io),
    benchCommand(io),
    oddsCalibrationCommand(io),
    usersCommand(io),
    gamesCommand(io),
    dbCommand(io),
  ]) {
    program.addCommand(command);
  }
  inheritSettings(program);
  return program;
}

/**
 * Gives every command below `parent`, however deep, the program's settings: exitOverride (a usage
 * error becomes a CommanderError, so exit code 2, instead of commander exiting the process with 1)
 * and configureOutput (its one-line message goes through the Io). Commander copies them only into
 * a subcommand made with `.command()` on a parent that has them already; the commands above are
 * made on their own and given their subcommands (`users list`, `games export`, `db migrate`)
 * before they are added here, so nothing would reach those.
 */
function inheritSettings(parent: Command): void {
  for (const child of parent.commands) {
    child.copyInheritedSettings(parent);
    inheritSettings(child);
  }
}

export async function runCli(argv: readonly string[], given: Io = processIo): Promise<number> {
  // What a command prints may hold a file's text: its control characters never reach the terminal.
  const io = terminalSafe(given);
  let exitCode = EXIT_OK;
  const program = buildProgram(io, (code) => (exitCode = code));
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`error: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof CommanderError) {
      // Commander has printed its message (or the help) already.
      return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (error instanceof InternalError) {
      io.err(`${error.message}\n${stackOf(error.thrown)}\n`);
      return EXIT_FAILED;
    }
    io.err(`error: ${stackOf(error)}\n`);
    return EXIT_FAILED;
  }
}

/** What was thrown, with its stack where it has one. */
function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
