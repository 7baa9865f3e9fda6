/**
 * Bot strength, measured: seeded heads-up matches (2 players, the real card set, default options)
 * between pairs of bots, seats alternated. Each seed is played twice, once from each seat, so the
 * deal favours neither bot. A tie counts as half a win. Prints a markdown table with the win rate
 * and its 95% Wilson confidence interval.
 *
 *   npx tsx bench/strength.ts [--games 2000] [--seed 1] [--pair basic_bot:easy_bot]
 *     [--players 4] [--aim 0.65] [--minutes 10] [--think-ms 800]
 *
 * Beside Wilson's interval over games (the aim's measure), an interval by deal: a percentile
 * bootstrap over the deals, since a deal's games share its cards and are not independent.
 *
 * --players N: the bot against N - 1 copies of the opponent, its seat rotating over the N seats
 * game by game (a fair share is 1 / N). --aim: the lower bound the bench requires (default 0.5,
 * or 1 / N), exit code 1 below it. --minutes: stop at the first whole deal after that long (the
 * table says how many games were played). The bot's time per bid decision is timed (median, max), on the wall
 * clock and in CPU time (a loaded machine inflates the first). --think-ms: the bot as live play runs
 * it (`BotDefinition.within`, the server's BOT_THINK_MS): its search also stops after that long, so
 * the times are those of a live game and the results depend on the machine.
 */
import { BOTS } from '../src/bots/index.js';
import { playBotGame } from '../src/bots/harness.js';
import { wilson } from '../src/engine/card-play.js';
import { GAME_DEFINITIONS } from '../src/engine/data.js';
import type { BotType } from '../src/engine/index.js';
import { benchOptions, numberOption } from './options.js';

const PAIRS: [BotType, BotType][] = [
  ['basic_bot', 'easy_bot'],
  ['easy_bot', 'random_card'],
  ['basic_bot2', 'basic_bot'],
];

interface Match {
  bot: BotType;
  opponent: BotType;
  games: number;
  wins: number;
  ties: number;
  losses: number;
  meanMargin: number;
  seconds: number;
  /** The bot's time per bid decision, in ms: wall clock, and this process's CPU time (user + system). */
  bidMillis: number[];
  bidCpuMillis: number[];
  /** The bot's score (win 1, tie 0.5) summed over each deal's games, and how many games each deal had. */
  deals: { score: number; games: number }[];
}

/** Times every bid decision of `kind` (the harness looks its bots up in BOTS). */
function timed(kind: BotType, into: number[], cpu: number[], thinkMs?: number): () => void {
  const original = BOTS[kind].decide;
  const within = BOTS[kind].within;
  const decide = thinkMs !== undefined && within ? within(thinkMs) : original;
  BOTS[kind].decide = (view, userID, rng) => {
    if (view.decision?.type !== 'BID') return decide(view, userID, rng);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const action = decide(view, userID, rng);
    into.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    return action;
  };
  return () => {
    BOTS[kind].decide = original;
  };
}

function playMatch(bot: BotType, opponent: BotType, games: number, firstSeed: number, players = 2, minutes = Infinity, thinkMs?: number): Match {
  const started = performance.now();
  const bidMillis: number[] = [];
  const bidCpuMillis: number[] = [];
  const untime = timed(bot, bidMillis, bidCpuMillis, thinkMs);
  let wins = 0;
  let ties = 0;
  let margin = 0;
  let played = 0;
  const deals: { score: number; games: number }[] = [];
  for (let g = 0; g < games; g++) {
    // Games g .. g + players - 1 share a deal: the bot sits in each seat once.
    if (g % players === 0 && performance.now() - started > minutes * 60_000) break;
    const seed = firstSeed + Math.floor(g / players);
    const seats = Array.from({ length: players }, (_, i) =>
      i === g % players ? { userID: 'bot', botType: bot } : { userID: `opponent${i}`, botType: opponent },
    );
    const { game } = playBotGame({ seats, definitions: GAME_DEFINITIONS }, seed, seed * 7 + g);
    const won = game.winnerIDs.includes('bot');
    if (won && game.winnerIDs.length > 1) ties++;
    else if (won) wins++;
    if (g % players === 0) deals.push({ score: 0, games: 0 });
    deals[deals.length - 1]!.score += won ? (game.winnerIDs.length > 1 ? 0.5 : 1) : 0;
    deals[deals.length - 1]!.games++;
    const favor = (id: string) => game.players.find((p) => p.userID === id)!.counters.favor;
    margin += favor('bot') - Math.max(...game.players.filter((p) => p.userID !== 'bot').map((p) => favor(p.userID)));
    played++;
  }
  untime();
  return { bot, opponent, games: played, wins, ties, losses: played - wins - ties, meanMargin: margin / Math.max(1, played), seconds: (performance.now() - started) / 1000, bidMillis, bidCpuMillis, deals };
}

/**
 * A 95% interval that counts deals, not games: the games of one deal share its cards, so they are
 * not independent and Wilson's interval over games is too narrow. Percentile bootstrap over deals
 * (2,000 resamples, a fixed generator so the bench prints the same interval for the same games).
 */
function dealInterval(deals: readonly { score: number; games: number }[]): [number, number] {
  if (deals.length === 0) return [0, 1];
  let state = 0x9e3779b9;
  const next = () => {
    // xorshift32: enough for choosing deals; nothing here needs to be unpredictable.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const rates: number[] = [];
  for (let r = 0; r < 2000; r++) {
    let score = 0;
    let n = 0;
    for (let i = 0; i < deals.length; i++) {
      const deal = deals[Math.floor(next() * deals.length)]!;
      score += deal.score;
      n += deal.games;
    }
    rates.push(score / n);
  }
  rates.sort((a, b) => a - b);
  return [rates[Math.floor(0.025 * rates.length)]!, rates[Math.ceil(0.975 * rates.length) - 1]!];
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

function main(): void {
  const options = benchOptions({
    games: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    pair: { type: 'string' },
    players: { type: 'string', default: '2' },
    aim: { type: 'string' },
    minutes: { type: 'string', default: 'Infinity' },
    'think-ms': { type: 'string' },
  });
  const games = numberOption('games', options.games);
  const firstSeed = numberOption('seed', options.seed);
  const only = options.pair;
  const players = numberOption('players', options.players);
  const aim = options.aim === undefined ? (players === 2 ? 0.5 : 1 / players) : numberOption('aim', options.aim);
  const minutes = numberOption('minutes', options.minutes);
  const thinkMs = options['think-ms'] === undefined ? undefined : numberOption('think-ms', options['think-ms']);
  if (thinkMs !== undefined && !(Number.isInteger(thinkMs) && thinkMs > 0)) throw new Error('--think-ms must be a whole number of milliseconds above 0');
  const pairs = only ? [only.split(':') as [BotType, BotType]] : PAIRS;
  const rows: string[] = [];
  let failed = false;
  for (const [bot, opponent] of pairs) {
    const m = playMatch(bot, opponent, games, firstSeed, players, minutes, thinkMs);
    const score = m.wins + m.ties / 2;
    const [low, high] = wilson(score, m.games);
    const [dealLow, dealHigh] = dealInterval(m.deals);
    if (low <= aim) failed = true;
    const sorted = m.bidMillis.slice().sort((a, b) => a - b);
    const cpu = m.bidCpuMillis.slice().sort((a, b) => a - b);
    const spread = (list: number[]) => [0.5, 0.95].map((q) => quantile(list, q).toFixed(1)).concat((list[list.length - 1] ?? NaN).toFixed(1)).join(' / ');
    const bidTime = `${spread(sorted)} ms wall, ${spread(cpu)} ms CPU (${sorted.length} bids)`;
    rows.push(
      `| ${bot} vs ${opponent} | ${m.games} | ${m.wins} | ${m.ties} | ${m.losses} | ${percent(score / m.games)} | ${percent(low)} – ${percent(high)} | ${percent(dealLow)} – ${percent(dealHigh)} (${m.deals.length}) | ${m.meanMargin >= 0 ? '+' : ''}${m.meanMargin.toFixed(1)} | ${m.seconds.toFixed(0)} s | ${bidTime} |`,
    );
    console.error(rows[rows.length - 1]);
  }
  const table = players === 2 ? 'Heads-up' : `${players} players (the bot against ${players - 1} of the other)`;
  console.log(`${table}, real card set, default options, seats rotated, up to ${games} games per pair (from seed ${firstSeed}, each deal from every seat).`);
  console.log('');
  console.log('| pair | games | wins | ties | losses | win rate | 95% CI (Wilson) | 95% CI by deal (bootstrap; deals) | mean favor margin (vs best other) | time | bot time per bid (median / 95th percentile / max) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (failed) {
    console.log('');
    console.log(`Some pair has the lower bound of its 95% CI at or below its aim (${percent(aim)}).`);
    process.exitCode = 1;
  }
}

main();
