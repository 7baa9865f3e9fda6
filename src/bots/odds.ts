/**
 * Live odds: each player's chance to win, from a spectator's view alone. Hidden information is
 * sampled, never read: each rollout makes a world consistent with the view (deck and tribute deck
 * in a random order of their visible contents, a fresh generator for the dice, the bids, reroll
 * choices and gains the view does not show made afresh), plays it to the end with cheap bots in
 * every seat, and counts who won (a tie splits the win). A player's chance is the share of rollouts
 * they won, pulled toward an equal share by a prior worth a few rollouts early in the game and
 * none at its end (priorRollouts). A finished game gives the winner(s) everything.
 *
 * The function reads nothing but the view, the sampling seed and the budget, so two games that
 * look the same to a spectator get the same odds (tests/bots/odds-leak.test.ts).
 */
import {
  AGES,
  mixSeed,
  pendingDecision,
  rngFromState,
  viewFor,
  xoroshiroState,
  type BotType,
  type Game,
  type GameView,
  type Rng,
  type UserID,
} from '../engine/index.js';
import { basicBot } from './basic-bot.js';
import type { Decide } from './bot.js';
import { worldFromView } from './determinize.js';
import { easyBot } from './easy-bot.js';
import { playSeats } from './game-loop.js';
import { randomCard } from './random-card.js';
import { validMove } from './valid-move.js';

/** A player's chance to win, 0..1, by user id; they sum to 1. */
export type OddsShares = Record<UserID, number>;

export interface OddsResult {
  shares: OddsShares;
  /** Rollouts played (0 for a finished game). */
  rollouts: number;
  /** Rollouts each player won (a tie split), before the prior; the calibration keeps them. */
  wins: OddsShares;
}

/**
 * How far through the game a view is: turns played of all turns, 0 at the first turn, below 1 on
 * the last (the calibration's progress, src/cli/odds-game.ts). Public: the age and turn are on
 * every view.
 */
export function gameProgress(view: Pick<GameView, 'age' | 'turn' | 'turnsPerAge'>): number {
  const played = (view.age - 1) * view.turnsPerAge + (view.turn - 1);
  return Math.min(1, Math.max(0, played / (AGES.length * view.turnsPerAge)));
}

/**
 * The prior's weight at the first turn, in rollouts; it falls linearly with the game's progress to
 * nothing at the end (priorRollouts, where the choice is explained).
 */
export const PRIOR_ROLLOUTS_AT_START = 1.5;

/**
 * The prior's weight, in rollouts, at a point of the game: before any rollout every player is
 * given an equal share, worth this many rollouts. The chance shown is the posterior mean under
 * that (Dirichlet) prior: (rollouts won + prior / players) / (rollouts + prior), so the prior's
 * pull fades as rollouts are added (a chart step of 8-32 rollouts moves a few points, a bar of
 * 200 a fraction of one) and the bar, the chart and the calibration show one estimator.
 *
 * Why a prior: without one a player who won none of 12 rollouts was shown 0% and still won 4% of
 * the time. Why it depends on progress: the bots in the rollouts are the seats' own kinds, so the
 * rollouts' error is mostly their sampling noise, and the prior that fits it is how spread the
 * true chances are: near equal shares early in the game, near 0 or 100% at its end. A constant
 * prior of one rollout understated a player who won all 12 rollouts late in the game (shown
 * 94-96%, won 97-99%) and overstated one who won none (1.9% shown, 1.3% won, 4 players). A
 * weight of PRIOR_ROLLOUTS_AT_START x (1 - progress) (1.5 at the start, 1 a third of the way,
 * near 0 on the last turn) had the best log loss of the forms c x (1 - progress)^k and
 * c x e^(-k progress) (c 0-12, k 0-8) on 1,200 games of seeds 7 and 8 at 12 rollouts (the Brier
 * score's best, 1.75, within 0.0001 of it), and on 1,200 more of seeds 9 and 10 it beat the
 * constant prior's Brier score and log loss (0.0978 and 0.1732 against 0.0982 and 0.1758); games
 * apart from the run that checks it, seed 33.
 * It does not fix everything: the middle deciles' over-confidence of 1-3 points stayed on those
 * games (bench/RESULTS.md, "Live odds calibration").
 */
export function priorRollouts(progress: number): number {
  return PRIOR_ROLLOUTS_AT_START * (1 - progress);
}

/** The chance shown for each player from their rollout wins: the posterior mean under the prior. */
export function sharesFromWins(players: readonly { userID: UserID }[], wins: OddsShares, played: number, prior: number): OddsShares {
  const shares: OddsShares = {};
  for (const p of players) shares[p.userID] = ((wins[p.userID] ?? 0) + prior / players.length) / (played + prior);
  return shares;
}

export interface OddsOptions {
  /** The sampling seed: the same view (whatever its step's number), seed and budget give the same odds. */
  seed: number;
  /** Most rollouts to play. */
  rollouts: number;
  /** Asked before each rollout after the first: true stops early (a time budget). */
  stop?: () => boolean;
}

/**
 * The rollout policy of a seat. A bot seat's kind is public (it is on the view), so it is played
 * by its own kind, except the Advanced Bot 2, whose own rollouts would make each of ours hundreds
 * of times dearer: the Advanced Bot stands in for it. How strong a person plays is not known, so
 * a person is played by the Advanced Bot in even rollouts and the Easy Bot in odd ones (with the
 * Advanced Bot alone, a person facing an Easy Bot was given 100% from the first turn).
 */
export function rolloutPolicy(botType: BotType | null, rollout = 0): Decide {
  switch (botType) {
    case 'easy_bot':
      return easyBot;
    case 'random_card':
      return randomCard;
    case 'valid_move':
      return validMove;
    case null:
      return rollout % 2 === 0 ? basicBot : easyBot;
    default:
      return basicBot;
  }
}

/** The winners' shares of a finished game (or a finished rollout): equal parts of 1. */
export function winnerShares(players: readonly { userID: UserID }[], winnerIDs: readonly UserID[]): OddsShares {
  const shares: OddsShares = {};
  for (const p of players) shares[p.userID] = 0;
  for (const id of winnerIDs) shares[id] = 1 / winnerIDs.length;
  return shares;
}

/**
 * A playable game consistent with a spectator's (or any player's) view, in any phase where
 * someone must decide. Whoever would have a decision in the made-up world is not ready, so the
 * choices the view hides are made again by the rollout's bots.
 */
export function sampleWorld(view: GameView, rng: Rng): Game {
  const world = worldFromView(view, rng);
  const ready: Record<UserID, boolean> = {};
  for (const p of world.players) ready[p.userID] = (view.readyByUserID[p.userID] ?? true) && pendingDecision(world, p.userID) === null;
  // In planning a seat the view shows unready and without a bid bids afresh.
  if (view.phase === 'PLANNING') for (const p of world.players) ready[p.userID] = world.bidsByPlayerID[p.userID] !== undefined;
  return { ...world, readyByUserID: ready };
}

/** Plays a sampled world to its end, each seat by its rollout policy; returns the winners. */
export function rollout(world: Game, rng: Rng, policies: Record<UserID, Decide>): UserID[] {
  const end = playSeats(
    world,
    ({ game, userID }) => (pendingDecision(game, userID) ? policies[userID]!(viewFor(game, userID), userID, rng) : null),
    {
      now: world.updateTimestamp,
      stepMillis: 0,
      refused: ({ userID }, _action, error) => new Error(`odds rollout: ${userID} made an illegal move: ${error.message}`),
      stuck: (game) => new Error(`odds rollout: nobody can act in phase ${game.phase}`),
    },
  );
  return end.winnerIDs;
}

/** Each player's chance to win from `view`, by determinized rollouts (see the file's comment). */
export function oddsFor(view: GameView, options: OddsOptions): OddsResult {
  if (view.ended || view.gameEndTimestamp !== null) {
    const shares = winnerShares(view.players, view.winnerIDs);
    return { shares, rollouts: 0, wins: shares };
  }
  const wins: OddsShares = winnerShares(view.players, []);
  let played = 0;
  for (let i = 0; i < options.rollouts; i++) {
    if (i > 0 && options.stop?.()) break;
    const policies: Record<UserID, Decide> = {};
    for (const p of view.players) policies[p.userID] = rolloutPolicy(p.botType, i);
    // The seed alone, not the step's number: a step that shows nothing new draws the same samples.
    const rng = rngFromState(xoroshiroState(mixSeed(options.seed, i)));
    const winners = rollout(sampleWorld(view, rng), rng, policies);
    for (const id of winners) wins[id] = (wins[id] ?? 0) + 1 / winners.length;
    played++;
  }
  return { shares: sharesFromWins(view.players, wins, played, priorRollouts(gameProgress(view))), rollouts: played, wins };
}
