/**
 * Screens of expert_bot variants against basic_bot2, heads-up, dealt as bench/strength.ts deals
 * (each seed played from both seats). A variant is the registered search with one knob turned,
 * set by environment variables; the table it prints is one JSON line:
 *
 *   X_ITER=32 X_TEMP=0.2 X_TURNS=1 X_MAXC=12 X_SEED=5000 X_MIN=10 npx tsx bench/expert-variants.ts
 *
 * X_ITER: worlds a bid; X_TEMP: the final draw's temperature; X_TURNS: turns each rollout plays
 * before the position is valued (registered: 2 heads-up, rolloutTurns); X_MAXC: most
 * candidates; X_CAP: the final draw's cap on one bid's chance (registered: MAX_BID_CHANCE); X_GAIN: worlds the gain
 * choice is searched in (0: the Advanced Bot's choice); X_RIVALS: samples of basic_bot2's search averaged into
 * each rival's model; X_MIN: minutes (stops at the first whole deal after that long).
 */
import { loadavg } from 'node:os';
import { EXPERT_DEFAULTS, makeExpertBot } from '../src/bots/expert-bot.js';
import { playBotGame } from '../src/bots/harness.js';
import { BOTS } from '../src/bots/index.js';
import { wilson } from '../src/engine/card-play.js';
import { GAME_DEFINITIONS } from '../src/engine/data.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const ITER = env('X_ITER', 32);
const TEMP = env('X_TEMP', 0.2);
/** Undefined: the registered bot's (rolloutTurns: 2 heads-up). */
const TURNS = process.env.X_TURNS ? Number(process.env.X_TURNS) : undefined;
const MAXC = env('X_MAXC', 12);
const GAIN = env('X_GAIN', EXPERT_DEFAULTS.gainWorlds);
const RIVALS = env('X_RIVALS', EXPERT_DEFAULTS.rivalSamples);
const CAP = process.env.X_CAP ? Number(process.env.X_CAP) : undefined;

/** The registered search (expert-bot.ts), with the knobs above. */
const decide = makeExpertBot({ iterations: ITER, bidTemperature: TEMP, maxCandidates: MAXC, turns: TURNS, bidCap: CAP, gainWorlds: GAIN, rivalSamples: RIVALS });

const cpu: number[] = [];
const gainCpu: number[] = [];
BOTS.expert_bot.decide = (view, userID, rng) => {
  const type = view.decision?.type;
  if (type !== 'BID' && type !== 'RESOLVE') return decide(view, userID, rng);
  const before = process.cpuUsage();
  const action = decide(view, userID, rng);
  const used = process.cpuUsage(before);
  (type === 'BID' ? cpu : gainCpu).push((used.user + used.system) / 1000);
  return action;
};

const firstSeed = env('X_SEED', 5000);
const minutes = env('X_MIN', 10);
const started = performance.now();
let wins = 0;
let ties = 0;
let played = 0;
for (let g = 0; ; g++) {
  if (g % 2 === 0 && performance.now() - started > minutes * 60_000) break;
  const seed = firstSeed + Math.floor(g / 2);
  const seats = [0, 1].map((i) => (i === g % 2 ? { userID: 'bot', botType: 'expert_bot' as const } : { userID: `opponent${i}`, botType: 'basic_bot2' as const }));
  const { game } = playBotGame({ seats, definitions: GAME_DEFINITIONS }, seed, seed * 7 + g);
  const won = game.winnerIDs.includes('bot');
  if (won && game.winnerIDs.length > 1) ties++;
  else if (won) wins++;
  played++;
}
// The score (a tie counts half) and its 95% Wilson interval.
const p = (wins + ties / 2) / played;
const [low, high] = wilson(wins + ties / 2, played);
cpu.sort((a, b) => a - b);
gainCpu.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    worlds: ITER,
    temperature: TEMP,
    turns: TURNS ?? 'registered',
    maxCandidates: MAXC,
    bidCap: CAP ?? 'registered',
    gainWorlds: GAIN,
    rivalSamples: RIVALS,
    firstSeed,
    games: played,
    wins,
    ties,
    winRate: (100 * p).toFixed(1),
    wilson95: [(100 * low).toFixed(1), (100 * high).toFixed(1)],
    cpuPerBidMedianMs: cpu[Math.floor(cpu.length / 2)]?.toFixed(0),
    cpuPerBidMaxMs: cpu[cpu.length - 1]?.toFixed(0),
    cpuPerGainMedianMs: gainCpu[Math.floor(gainCpu.length / 2)]?.toFixed(1),
    cpuPerGainMaxMs: gainCpu[gainCpu.length - 1]?.toFixed(0),
    seconds: ((performance.now() - started) / 1000).toFixed(0),
    load: loadavg().map((x) => x.toFixed(1)),
  }),
);
