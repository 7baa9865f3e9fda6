/**
 * Calibrates the bots' fixed ratings (src/server/ratings/bot-ratings.json): seeded four-player
 * games, each between four different kinds of the six (every choice of four in turn, seats
 * rotated), rated in order with the same model the server uses (every kind a moving rating here).
 * Easy Bot is then pinned to a new person's prior mu (25, shown as 1500) and the others moved by
 * the same amount: a new player is taken to be about as strong as the Easy Bot, so a person's
 * first games against bots already say something.
 *
 *   npx tsx bench/bot-ratings.ts [--games 300] [--seed 1]
 */
import { playBotGame } from '../src/bots/harness.js';
import { GAME_DEFINITIONS } from '../src/engine/data.js';
import type { BotType } from '../src/engine/index.js';
import { INITIAL_SKILL, rateGame, type Skill } from '../src/server/ratings/model.js';
import { benchOptions, numberOption } from './options.js';

const KINDS: BotType[] = ['easy_bot', 'basic_bot', 'basic_bot2', 'valid_move', 'random_card', 'expert_bot'];

const options = benchOptions({ games: { type: 'string', default: '300' }, seed: { type: 'string', default: '1' } });
const games = numberOption('games', options.games);
const firstSeed = numberOption('seed', options.seed);
const skills = new Map<BotType, Skill>(KINDS.map((k) => [k, { ...INITIAL_SKILL }]));
const started = Date.now();
/** Every choice of four kinds, in a fixed order. */
const FOURS: BotType[][] = [];
for (let a = 0; a < KINDS.length; a++)
  for (let b = a + 1; b < KINDS.length; b++)
    for (let c = b + 1; c < KINDS.length; c++) for (let d = c + 1; d < KINDS.length; d++) FOURS.push([KINDS[a]!, KINDS[b]!, KINDS[c]!, KINDS[d]!]);
for (let g = 0; g < games; g++) {
  const four = FOURS[g % FOURS.length]!;
  const seats = four.map((_, i) => four[(i + Math.floor(g / FOURS.length)) % four.length]!);
  const seed = firstSeed + g;
  const { game } = playBotGame({ seats: seats.map((kind, i) => ({ userID: `p${i}`, botType: kind })), definitions: GAME_DEFINITIONS }, seed, seed);
  const after = rateGame(seats.map((kind, i) => ({ skill: skills.get(kind)!, favor: game.statsByPlayerID![`p${i}`]!.score, forfeited: false, fixed: false })));
  seats.forEach((kind, i) => skills.set(kind, after[i]!));
}
const shift = INITIAL_SKILL.mu - skills.get('easy_bot')!.mu;
const kinds = Object.fromEntries(KINDS.map((k) => [k, { mu: +(skills.get(k)!.mu + shift).toFixed(3), sigma: +skills.get(k)!.sigma.toFixed(3) }]));
console.log(JSON.stringify({ games, firstSeed, seconds: Math.round((Date.now() - started) / 1000), kinds }, null, 2));
