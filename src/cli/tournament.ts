/**
 * `mythos tournament`: bots against bots over many games, seats rotating game by game, on worker
 * threads. Prints a table per bot kind; --out writes JSON or CSV, --save-games one replay per game.
 */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { addSimulationFlags, checkDirectory, checkOutputFile, outputKind, parseSimulationFlags, type RawSimulationFlags, type SimulationFlags } from './common-flags.js';
import { describeSetup } from './describe.js';
import type { Io } from './io.js';
import { matchOf, resolvedOptions, type Match } from './match.js';
import { runGames } from './pool.js';
import { plural } from '../shared/plural.js';
import { progressBar } from './progress.js';
import type { GameRecord } from './tournament-game.js';
import { kindResults, resultsTable, tournamentCSV, tournamentJSON, type KindResult, type TournamentConfig } from './tournament-report.js';

export interface TournamentArgs extends SimulationFlags {
  out: string | null;
  saveGames: string | null;
}

export interface TournamentOutcome {
  config: TournamentConfig;
  results: KindResult[];
  records: GameRecord[];
  seconds: number;
  gamesPerSecond: number;
}

export async function runTournament(args: TournamentArgs, io: Io): Promise<TournamentOutcome> {
  const outKind = args.out === null ? null : outputKind(args.out, '--out', ['json', 'csv'] as const);
  // Every output is checked before the first game: a bad path must not cost the whole run.
  if (args.out !== null) checkOutputFile(args.out, '--out');
  if (args.saveGames !== null) checkDirectory(args.saveGames, '--save-games');
  const match: Match = matchOf(args);
  const labels = args.seats.map((spec) => spec.label);
  const config: TournamentConfig = {
    seats: labels,
    games: args.games,
    seed: args.seed,
    options: resolvedOptions(match),
    modules: args.modules,
    ...(args.cardsDir === null ? {} : { cards: args.cardsDir }),
  };
  io.out(`tournament: ${plural(args.games, 'game')}, ${describeSetup(config)}\n\n`);

  const bar = progressBar(io, args.games, { quiet: args.quiet, label: 'tournament' });
  const started = performance.now();
  let records: GameRecord[];
  try {
    records = await runGames({ kind: 'tournament', match, saveDir: args.saveGames }, args.games, { workers: args.workers, onProgress: (n) => bar.update(n) });
  } finally {
    bar.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const gamesPerSecond = args.games / seconds;

  const results = kindResults(labels, records);
  io.out(resultsTable(results));
  if (args.out !== null) {
    writeFileSync(args.out, outKind === 'json' ? tournamentJSON(config, results, records) : tournamentCSV(args.seats.length, records));
    io.out(`\nwrote ${args.out}\n`);
  }
  if (args.saveGames !== null) io.out(`saved ${args.games} replays in ${args.saveGames}\n`);
  const threads = args.workers === 0 ? 'in the main thread' : plural(Math.min(args.workers, args.games), 'worker thread');
  io.out(`\n${plural(args.games, 'game')} in ${seconds.toFixed(2)} s: ${gamesPerSecond.toFixed(1)} games/s (${threads})\n`);
  return { config, results, records, seconds, gamesPerSecond };
}

interface RawTournamentFlags extends RawSimulationFlags {
  out?: string;
  saveGames?: string;
}

export function tournamentCommand(io: Io): Command {
  const command = new Command('tournament').description('play bots against each other over many games and compare them by kind');
  addSimulationFlags(command, { seats: 'basic_bot,easy_bot,valid_move,random_card', games: '100' })
    .option('--out <file>', 'write results: .json (per kind and per game) or .csv (per game)')
    .option('--save-games <dir>', 'write one replay file per game (see `mythos replay`)')
    .addHelpText(
      'after',
      `
Seats rotate game by game (game i shifts the seat order by i) and game i uses seed + i, so the same
arguments give the same results whatever the number of workers. A tie counts as a shared win (1/k).

Examples:
  $ mythos tournament --seats basic_bot,easy_bot,valid_move,valid_move --games 1000
  $ mythos tournament --seats valid_move,valid_move,valid_move,valid_move --games 1000 --seed 7 --out results.json
  $ mythos tournament --seats easy_bot,basic_bot --option warTokens --option unbid=false --module conquest
  $ mythos tournament --seats basic_bot,basic_bot2,easy_bot --games 50 --save-games replays/ --workers 2
  $ mythos tournament --seats ./my-bot.js,basic_bot,easy_bot,valid_move --games 200
  $ mythos tournament --seats exec:"python3 my_bot.py",basic_bot --games 20 --bot-timeout 2000
  $ mythos tournament --cards my-data/ --seats basic_bot,basic_bot,basic_bot,basic_bot --games 500

Your own bot: a module exporting a Decide function, or a program answering one JSON line per
decision on stdin/stdout. Both are described, with worked examples, in docs/bots.md.`,
    )
    .action(async (raw: RawTournamentFlags) => {
      const flags = await parseSimulationFlags(raw);
      await runTournament({ ...flags, out: raw.out ?? null, saveGames: raw.saveGames ?? null }, io);
    });
  return command;
}
