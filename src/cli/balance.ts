/**
 * `mythos balance`: simulates many games and writes a markdown report of card pick rates and win
 * rates, favor per card, leaders, affinities, seats and bot kinds.
 */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { buildCardSet } from '../engine/index.js';
import type { BalanceRecord } from './balance-game.js';
import { balanceMarkdown } from './balance-report.js';
import { definitionsFrom } from './card-dir.js';
import { addSimulationFlags, checkOutputFile, outputKind, parseSimulationFlags, type RawSimulationFlags, type SimulationFlags } from './common-flags.js';
import { describeSetup } from './describe.js';
import type { Io } from './io.js';
import { matchOf, resolvedOptions, type Match } from './match.js';
import { runGames } from './pool.js';
import { progressBar } from './progress.js';

export interface BalanceArgs extends SimulationFlags {
  out: string;
}

export interface BalanceOutcome {
  markdown: string;
  records: BalanceRecord[];
  seconds: number;
}

export async function runBalance(args: BalanceArgs, io: Io): Promise<BalanceOutcome> {
  outputKind(args.out, '--out', ['md'] as const);
  checkOutputFile(args.out, '--out');
  const match: Match = matchOf(args);
  const bar = progressBar(io, args.games, { quiet: args.quiet, label: 'balance' });
  const started = performance.now();
  let records: BalanceRecord[];
  try {
    records = await runGames({ kind: 'balance', match }, args.games, { workers: args.workers, onProgress: (n) => bar.update(n) });
  } finally {
    bar.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const cards = args.cardsDir === null ? '' : `, cards from ${args.cardsDir}`;
  const seats = args.seats.map((spec) => spec.label);
  const setupLine = `Setup: ${describeSetup({ seats, seed: args.seed, options: resolvedOptions(match), modules: args.modules })}${cards}.`;
  const markdown = balanceMarkdown({
    title: 'Mythos balance report',
    setupLine,
    records,
    cardsByID: buildCardSet(definitionsFrom(args.cardsDir), args.modules).cardsByID,
  });
  writeFileSync(args.out, markdown);
  io.out(`wrote ${args.out}: ${args.games} games in ${seconds.toFixed(2)} s (${(args.games / seconds).toFixed(1)} games/s)\n`);
  return { markdown, records, seconds };
}

interface RawBalanceFlags extends RawSimulationFlags {
  out: string;
}

export function balanceCommand(io: Io): Command {
  const command = new Command('balance').description('simulate games and write a markdown balance report (cards, leaders, affinities, seats)');
  addSimulationFlags(command, { seats: 'basic_bot,basic_bot,basic_bot,basic_bot', games: '1000' })
    .option('--out <file>', 'the report to write (.md)', 'balance-report.md')
    .addHelpText(
      'after',
      `
The report defines each figure: a card's pick rate is, of the games in which it was dealt onto the
trade row, the share in which someone gained it; gainers' win rate is the win rate of the players
who gained it; its favor counts printed favor, gain effects, triggers and prophecies.

Examples:
  $ mythos balance --games 2000 --out report.md
  $ mythos balance --seats easy_bot,easy_bot,basic_bot,basic_bot --module altleaders --out altleaders.md
  $ mythos balance --games 500 --seed 99 --option warTokens --out war.md
  $ mythos balance --cards my-data/ --games 2000 --out my-change.md`,
    )
    .action(async (raw: RawBalanceFlags) => {
      await runBalance({ ...(await parseSimulationFlags(raw)), out: raw.out }, io);
    });
  return command;
}
