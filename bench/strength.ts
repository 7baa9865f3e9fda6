/**
 * Bot strength, measured: seeded heads-up matches (2 players, the real card set, default options)
 * between pairs of bots, seats alternated. Each seed is played twice, once from each seat, so the
 * deal favours neither bot. A tie counts as half a win. Prints a markdown table with the win rate
 * and its 95% Wilson confidence interval.
 *
 *   npx tsx bench/strength.ts [--games 2000] [--seed 1] [--pair basic_bot:easy_bot]
 */
import { playBotGame } from '../src/bots/harness.js';
import { GAME_DEFINITIONS } from '../src/engine/data.js';
import type { BotType } from '../src/engine/index.js';

const PAIRS: [BotType, BotType][] = [
  ['basic_bot', 'easy_bot'],
  ['easy_bot', 'random_card'],
  ['basic_bot2', 'basic_bot'],
];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The 95% Wilson score interval of a proportion. */
function wilson(successes: number, trials: number, z = 1.96): [number, number] {
  if (trials === 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return [centre - half, centre + half];
}

interface Match {
  bot: BotType;
  opponent: BotType;
  games: number;
  wins: number;
  ties: number;
  losses: number;
  meanMargin: number;
  seconds: number;
}

function playMatch(bot: BotType, opponent: BotType, games: number, firstSeed: number): Match {
  const started = performance.now();
  let wins = 0;
  let ties = 0;
  let margin = 0;
  for (let g = 0; g < games; g++) {
    // Game g and g + 1 share a deal: the bot sits first in one and second in the other.
    const seed = firstSeed + Math.floor(g / 2);
    const seats =
      g % 2 === 0
        ? [{ userID: 'bot', botType: bot }, { userID: 'opponent', botType: opponent }]
        : [{ userID: 'opponent', botType: opponent }, { userID: 'bot', botType: bot }];
    const { game } = playBotGame({ seats, definitions: GAME_DEFINITIONS }, seed, seed * 7 + g);
    const won = game.winnerIDs.includes('bot');
    if (won && game.winnerIDs.length > 1) ties++;
    else if (won) wins++;
    const favor = (id: string) => game.players.find((p) => p.userID === id)!.counters.favor;
    margin += favor('bot') - favor('opponent');
  }
  return { bot, opponent, games, wins, ties, losses: games - wins - ties, meanMargin: margin / games, seconds: (performance.now() - started) / 1000 };
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

function main(): void {
  const games = Number(arg('games') ?? 2000);
  const firstSeed = Number(arg('seed') ?? 1);
  const only = arg('pair');
  const pairs = only ? [only.split(':') as [BotType, BotType]] : PAIRS;
  const rows: string[] = [];
  let failed = false;
  for (const [bot, opponent] of pairs) {
    const m = playMatch(bot, opponent, games, firstSeed);
    const score = m.wins + m.ties / 2;
    const [low, high] = wilson(score, m.games);
    if (low <= 0.5) failed = true;
    rows.push(
      `| ${bot} vs ${opponent} | ${m.games} | ${m.wins} | ${m.ties} | ${m.losses} | ${percent(score / m.games)} | ${percent(low)} – ${percent(high)} | ${m.meanMargin >= 0 ? '+' : ''}${m.meanMargin.toFixed(1)} | ${m.seconds.toFixed(0)} s |`,
    );
    console.error(rows[rows.length - 1]);
  }
  console.log(`Heads-up, real card set, default options, seats alternated, ${games} games per pair (seeds ${firstSeed}..${firstSeed + Math.ceil(games / 2) - 1}, each from both seats).`);
  console.log('');
  console.log('| pair | games | wins | ties | losses | win rate | 95% CI (Wilson) | mean favor margin | time |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (failed) {
    console.log('');
    console.log('Some pair has the lower bound of its 95% CI at or below 50%.');
    process.exitCode = 1;
  }
}

main();
