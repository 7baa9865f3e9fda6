/**
 * Player ratings: openskill's Weng-Lin model with Plackett-Luce (its default), made for
 * free-for-all results of any number of players. A rating is a belief about skill (mu, sigma);
 * one game moves every person's belief from the final order. Pure: the server's transaction
 * (services/ratings.ts) and the tests use the same functions.
 */
import { rate, rating as newRating } from 'openskill';
import type { BotType } from '../../engine/index.js';
import botRatings from './bot-ratings.json' with { type: 'json' };

export interface Skill {
  mu: number;
  sigma: number;
}

/** openskill's prior: mu 25, sigma 25/3. */
export const INITIAL_SKILL: Skill = { ...newRating() };

/**
 * Provisional until sigma falls below this: about ten games of mixed results from the prior
 * (a player who finishes in turn 1st..4th against settled opponents passes it after the 10th).
 * The leaderboard's indexes are made with this value written out (db/migrations.ts, migration
 * 013): changing it needs a migration that makes them again with the new one.
 */
export const PROVISIONAL_SIGMA = 5;

/**
 * The number shown: mu on a familiar scale, 1500 for a new player. 34 points per unit of mu make
 * a difference read roughly like Elo: two players beta*sqrt(2) (about 5.9 mu) apart meet at about
 * 76% to 24% head to head in this model, as two players 200 Elo apart do.
 */
export function displayRating(skill: Skill): number {
  return Math.round(1500 + 34 * (skill.mu - INITIAL_SKILL.mu));
}

export function isProvisional(skill: Skill): boolean {
  return skill.sigma >= PROVISIONAL_SIGMA;
}

/** The fixed ratings of the bots, by kind (calibrated once: see bot-ratings.json). */
export function botSkill(kind: BotType): Skill {
  const fixed = (botRatings.kinds as Record<string, Skill | undefined>)[kind];
  if (!fixed) throw new Error(`no fixed rating for bot kind ${kind}`);
  return { mu: fixed.mu, sigma: fixed.sigma };
}

export interface RatedSeat {
  /** The seat's skill before the game. */
  skill: Skill;
  /** Final favor; equal favor is a tie. */
  favor: number;
  /** Left the game before its end, or let a stand-in play most of it: placed last whatever the seat scored (a loss). */
  forfeited: boolean;
  /** A bot's rating stays as it is. */
  fixed: boolean;
}

/**
 * Each seat's skill after the game, in the seats' order. The order is by favor, highest first,
 * equal favor sharing a rank; every seat that forfeited shares the last rank below all the others.
 * Fixed seats keep their skill but still weigh in the others' updates.
 */
export function rateGame(seats: readonly RatedSeat[]): Skill[] {
  if (seats.length < 2) return seats.map((s) => s.skill);
  const playedFavors = [...new Set(seats.filter((s) => !s.forfeited).map((s) => s.favor))].sort((a, b) => b - a);
  const rank = seats.map((s) => (s.forfeited ? playedFavors.length + 1 : playedFavors.indexOf(s.favor) + 1));
  const rated = rate(
    seats.map((s) => [newRating(s.skill)]),
    { rank },
  );
  return seats.map((s, i) => (s.fixed ? s.skill : { mu: rated[i]![0]!.mu, sigma: rated[i]![0]!.sigma }));
}
