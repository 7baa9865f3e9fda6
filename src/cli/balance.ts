/**
 * `mythos balance`: simulates many games and writes a balance report of card pick rates and win
 * rates, favor per card, leaders, affinities, seats and bot kinds: markdown, a self-contained HTML
 * page with charts, or the JSON summary that `--compare` reads.
 */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { collect } from './args.js';
import { buildCardSet } from '../engine/index.js';
import { compareMarkdown, readSummary } from './balance-compare.js';
import type { BalanceRecord } from './balance-game.js';
import { balanceHtml } from './balance-html.js';
import { balanceMarkdown } from './balance-report.js';
import { balanceSummary, type BalanceSummary } from './balance-summary.js';
import { definitionsFrom } from './card-dir.js';
import { addSimulationFlags, checkOutputFile, outputKind, parseSimulationFlags, type RawSimulationFlags, type SimulationFlags } from './common-flags.js';
import { describeSetup } from './describe.js';
import { CliError } from './errors.js';
import type { Io } from './io.js';
import { matchOf, resolvedOptions, type Match } from './match.js';
import { runGames } from './pool.js';
import { progressBar } from './progress.js';

const OUTPUT_KINDS = ['md', 'html', 'json'] as const;
type OutputKind = (typeof OUTPUT_KINDS)[number];

const render: Record<OutputKind, (s: BalanceSummary) => string> = {
  md: balanceMarkdown,
  html: balanceHtml,
  json: (s) => `${JSON.stringify(s)}\n`,
};

export interface BalanceArgs extends SimulationFlags {
  /** The reports to write; the extension (.md, .html, .json) says which. */
  out: string[];
}

export interface BalanceOutcome {
  markdown: string;
  summary: BalanceSummary;
  records: BalanceRecord[];
  seconds: number;
}

export async function runBalance(args: BalanceArgs, io: Io): Promise<BalanceOutcome> {
  const outs = args.out.map((path) => ({ path, kind: outputKind(path, '--out', OUTPUT_KINDS) }));
  for (const { path } of outs) checkOutputFile(path, '--out');
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
  const summary = balanceSummary({
    title: 'Mythos balance report',
    setupLine,
    records,
    cardsByID: buildCardSet(definitionsFrom(args.cardsDir), args.modules).cardsByID,
  });
  for (const { path, kind } of outs) writeFileSync(path, render[kind](summary));
  io.out(`wrote ${outs.map((o) => o.path).join(', ')}: ${args.games} games in ${seconds.toFixed(2)} s (${(args.games / seconds).toFixed(1)} games/s)\n`);
  return { markdown: balanceMarkdown(summary), summary, records, seconds };
}

/** Prints what moved between two JSON summaries. */
export function runCompare(paths: [string, string], io: Io): void {
  io.out(compareMarkdown(readSummary(paths[0]), readSummary(paths[1]), paths));
}

interface RawBalanceFlags extends RawSimulationFlags {
  out: string[];
  compare?: boolean;
}

export function balanceCommand(io: Io): Command {
  const command = new Command('balance').description('simulate games and write a balance report (cards, leaders, affinities, seats) as markdown, HTML or JSON');
  addSimulationFlags(command, { seats: 'basic_bot,basic_bot,basic_bot,basic_bot', games: '1000' })
    .option('--out <file>', 'a report to write: .md (markdown), .html (charts, opens from disk) or .json (for --compare); repeatable (default: balance-report.md)', collect)
    .option('--compare', 'play nothing: compare two JSON reports given as arguments, before.json after.json')
    .argument('[reports...]', 'with --compare: the two JSON reports, before then after')
    .addHelpText(
      'after',
      `
The report defines each figure: a card's pick rate is, of the games in which it was dealt onto the
trade row, the share in which someone gained it; gainers' win rate is the win rate of the players
who gained it; its favor counts printed favor, gain effects, triggers and prophecies.

--compare prints, card by card and for seats, leaders and affinities, the rates of both runs with
their 95% intervals, and marks a change as real when the intervals do not overlap.

Examples:
  $ mythos balance --games 2000 --out report.md
  $ mythos balance --games 2000 --out report.md --out report.html --out report.json
  $ mythos balance --compare before.json after.json
  $ mythos balance --seats easy_bot,easy_bot,basic_bot,basic_bot --module altleaders --out altleaders.md
  $ mythos balance --games 500 --seed 99 --option warTokens --out war.md
  $ mythos balance --cards my-data/ --games 2000 --out my-change.md`,
    )
    .action(async (reports: string[], raw: RawBalanceFlags) => {
      if (raw.compare) {
        if (reports.length !== 2) throw new CliError(`--compare takes two JSON reports, before and after; got ${reports.length}`);
        return runCompare([reports[0]!, reports[1]!], io);
      }
      if (reports.length > 0) throw new CliError(`unexpected argument '${reports[0]}' (reports to compare need --compare)`);
      await runBalance({ ...(await parseSimulationFlags(raw)), out: raw.out ?? ['balance-report.md'] }, io);
    });
  return command;
}
