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
 * (a player who finishes in turn 1st..4th against settled opponents passes it after the 10th),
 * or until PROVISIONAL_GAMES, whichever comes first. The leaderboard's indexes are made with
 * both values written out (db/migrations.ts, migration 030): changing either needs a migration
 * that makes them again with the new one.
 */
export const PROVISIONAL_SIGMA = 5;

/**
 * Settled after this many rated games whatever sigma says. One-sided results teach the model
 * little (a result it expected moves sigma hardly at all, and openskill's tau adds some back
 * every game): a player who lost every game to an Advanced Bot, or won every one at a table of
 * Advanced Bots, was still provisional after 80 games, where the rules promise about ten.
 */
export const PROVISIONAL_GAMES = 15;

/**
 * The number shown: mu on a familiar scale, 1500 for a new player. 34 points per unit of mu make
 * a difference read roughly like Elo: two players beta*sqrt(2) (about 5.9 mu) apart meet at about
 * 76% to 24% head to head in this model, as two players 200 Elo apart do.
 */
export function displayRating(skill: Skill): number {
  return Math.round(1500 + 34 * (skill.mu - INITIAL_SKILL.mu));
}

/** Whether a rating is provisional after `games` rated games (a bot's, fixed, never is: its sigma is below the line). */
export function isProvisional(skill: Skill, games: number): boolean {
  return skill.sigma >= PROVISIONAL_SIGMA && games < PROVISIONAL_GAMES;
}

/** The fixed ratings of the bots, by kind (calibrated from games between the bots: see bot-ratings.json). */
export function botSkill(kind: BotType): Skill {
  const fixed = (botRatings.kinds as Record<string, Skill | undefined>)[kind];
  if (!fixed) throw new Error(`no fixed rating for bot kind ${kind}`);
  return { mu: fixed.mu, sigma: fixed.sigma };
}

/** A seat as the ratings see it: its player's skill before the game, the favor it scored, and whether the result was its player's own. */
export type RatedSeat = {
  /** The seat's skill before the game. */
  skill: Skill;
  /** Final favor; equal favor is a tie. */
  favor: number;
  /** A bot's rating stays as it is. */
  fixed: boolean;
} & (
  | { forfeited: false }
  /**
   * Left the game before its end, or let a stand-in play most of it: placed last whatever the
   * seat scored (a loss). `playedAs`: the skill the others are rated against for the seat, the
   * stand-in bot's fixed one when it made most of the seat's decisions (`standIn`), else the
   * player's own. A seat the stand-in played is a bot's to the others, ceiling included.
   */
  | { forfeited: true; playedAs: Skill; standIn: boolean }
);

/**
 * Each seat's skill after the game, in the seats' order. The order is by favor, highest first,
 * equal favor sharing a rank. Fixed seats keep their skill but still weigh in the others' updates.
 *
 * A seat whose player forfeited (left, or let a stand-in make most of their decisions) is rated
 * apart from the rest:
 * - **Its player** shares the last rank below everyone who stayed, whatever the seat scored: the
 *   game counts as their loss.
 * - **Everyone else** is rated against whoever played it (the seat's `playedAs`), in its place by
 *   the favor it scored: the stand-in bot when it made most of the seat's decisions, else its
 *   player. Ranked last for the others too, a seat that left handed them a win each: a player
 *   whose throwaway accounts joined and left at once gained 78 points a game while scoring the
 *   least favor at the table. Rated against the stand-in however few of its decisions the bot
 *   made, a second account that played badly and left in the last turn made its opponent the
 *   winner over the stand-in bot (then rated 2500): +207 a game (both measured 2026-12-01).
 */
export function rateGame(seats: readonly RatedSeat[]): Skill[] {
  return rateGameCapped(seats).map((r) => r.skill);
}

/** A seat's skill after the game, and whether the ceiling on ratings won from bots held it. */
export interface RatedResult {
  skill: Skill;
  /**
   * The ceiling (a mu: `botCeilings`) that held the rating, when the game would have taken it
   * higher: it stopped there, or stayed where it was above it. Null when the ceiling did not hold
   * it (no bots at the table, a rise below the ceiling, a fall) and for a bot.
   */
  cappedAt: number | null;
}

/** `rateGame`, saying for each seat whether the ceiling on ratings won from bots held it, and where. */
export function rateGameCapped(seats: readonly RatedSeat[]): RatedResult[] {
  if (seats.length < 2) return seats.map((s) => ({ skill: s.skill, cappedAt: null }));
  // The forfeits' own updates: last, below all who stayed.
  const playedFavors = distinctDescending(seats.filter((s) => !s.forfeited).map((s) => s.favor));
  const lastRank = seats.map((s) => (s.forfeited ? playedFavors.length + 1 : playedFavors.indexOf(s.favor) + 1));
  const withForfeitsLast = rate(seats.map((s) => [newRating(s.skill)]), { rank: lastRank });
  // Everyone else's: the forfeited seats as whoever played them, by the favor they scored.
  const allFavors = distinctDescending(seats.map((s) => s.favor));
  const asPlayed = seats.some((s) => s.forfeited)
    ? rate(
        seats.map((s) => [newRating(s.forfeited ? s.playedAs : s.skill)]),
        { rank: seats.map((s) => allFavors.indexOf(s.favor) + 1) },
      )
    : withForfeitsLast;
  const ceilings = botCeilings(seats);
  return seats.map((s, i) => {
    if (s.fixed) return { skill: s.skill, cappedAt: null };
    const after = (s.forfeited ? withForfeitsLast : asPlayed)[i]![0]!;
    const limit = Math.max(s.skill.mu, ceilings[i]!);
    return after.mu > limit ? { skill: { mu: limit, sigma: after.sigma }, cappedAt: ceilings[i]! } : { skill: { mu: after.mu, sigma: after.sigma }, cappedAt: null };
  });
}

/**
 * How high each person's rating may rise in a game with bots: to the strongest bot's at the table,
 * or as high as the game of the people alone (those who played their seats out, by the favor they
 * scored) would take it, no higher (a rating above that stays where it was, and may still fall).
 * A bot's rating never moves, so winning against the same bots again and again raised a rating
 * without end: seven Easy Bots (1500) beaten 20 times, an hour's games under
 * GAMES_PER_USER_PER_HOUR, made a new player 2929, and 100 times 3730, far above the Expert Bot
 * (2363) whose public code a player may run to choose their moves. Beating a bot shows a player is
 * at least as strong as it, not more. Capped for one person alone with bots only, one more account
 * at the table (on another network, scoring least) lifted it: six Easy Bots beaten 20 times, 2930
 * again. People still move each other's ratings as they would without the bots; a game of people
 * alone is not capped.
 */
function botCeilings(seats: readonly RatedSeat[]): number[] {
  // A seat the stand-in played counts as the bot it is: uncapped, one person whose throwaway
  // accounts joined and left at once beat the stand-in's fixed 2214 twenty times to 2716, a
  // hundred to 3042, where the same wins over an Advanced Bot seated by the host stop at 2214.
  const bots = seats.flatMap((s) => (s.fixed ? [s.skill] : s.forfeited && s.standIn ? [s.playedAs] : []));
  if (bots.length === 0) return seats.map(() => Infinity);
  const strongest = Math.max(...bots.map((s) => s.mu));
  const played = seats.flatMap((s, i) => (s.fixed || s.forfeited ? [] : [i]));
  const alone = played.length >= 2 ? rateGame(played.map((i) => seats[i]!)) : [];
  return seats.map((_, i) => {
    const at = played.indexOf(i);
    return Math.max(strongest, at >= 0 && at < alone.length ? alone[at]!.mu : -Infinity);
  });
}

function distinctDescending(values: readonly number[]): number[] {
  return [...new Set(values)].sort((a, b) => b - a);
}
