/**
 * One game of `mythos odds-calibration`: a bot game of mixed kinds (2-4 seats drawn from the game's
 * index), played to the end; at a few of its decision points, chosen at random, the odds are
 * predicted from the spectator's view (src/bots/odds.ts) beside the favor-only baseline's inputs;
 * and the last point is the finished game, whose odds must be 100% for the winner(s).
 */
import { BOTS } from '../bots/index.js';
import { playSeats } from '../bots/game-loop.js';
import { decisionRng } from '../bots/harness.js';
import { gameProgress, oddsFor } from '../bots/odds.js';
import { GAME_DEFINITIONS } from '../engine/data.js';
import { mixSeed, pendingDecision, rngFromState, startGame, viewFor, xoroshiroState, randomInt, type BotType, type Game, type UserID } from '../engine/index.js';

export interface OddsJob {
  kind: 'odds';
  seed: number;
  rollouts: number;
  points: number;
}

export interface OddsPrediction {
  /** The game's sequenceID at the prediction. */
  step: number;
  /** How far through the game, 0..1 (turns played of all turns). */
  progress: number;
  /** Each player's predicted chance, in seat order. */
  odds: number[];
  /** Each player's favor then, in seat order (the baseline's input). */
  favor: number[];
  /** Rollouts each player won, in seat order, and rollouts played: the odds before the prior. */
  wins: number[];
  rollouts: number;
}

export interface OddsRecord {
  kinds: BotType[];
  /** Each player's share of the win, in seat order (1 / winners for each winner). */
  outcome: number[];
  predictions: OddsPrediction[];
  /** The odds of the finished game, in seat order. */
  finalOdds: number[];
}

/** The kinds a calibration game draws its seats from: mixed, cheap enough to play hundreds. */
export const CALIBRATION_KINDS: readonly BotType[] = ['easy_bot', 'basic_bot', 'basic_bot', 'random_card'];

export function playOddsGame(job: OddsJob, index: number): OddsRecord {
  const pick = rngFromState(xoroshiroState(mixSeed(job.seed, index, 1)));
  const count = randomInt(pick, 2, 4);
  const kinds = Array.from({ length: count }, () => CALIBRATION_KINDS[randomInt(pick, 0, CALIBRATION_KINDS.length - 1)]!);
  const seats = kinds.map((botType, i) => ({ userID: `p${i + 1}`, botType }));
  const botSeed = mixSeed(job.seed, index, 2);
  const states: Game[] = [];
  const end = playSeats(
    startGame({ players: seats, definitions: GAME_DEFINITIONS }, mixSeed(job.seed, index, 3), 0),
    ({ game, seat }) => {
      const { userID, botType } = game.players[seat]!;
      // Only a seat with something to decide gets a view made (most seats, most rounds, have none).
      if (pendingDecision(game, userID) === null) return null;
      // A state where someone must decide: a point the odds may be asked at.
      if (states[states.length - 1] !== game) states.push(game);
      return BOTS[botType!].decide(viewFor(game, userID), userID, decisionRng(botSeed, seat, game.sequenceID));
    },
    { now: 0, stepMillis: 1_000 },
  );
  const ids: UserID[] = end.players.map((p) => p.userID);
  const outcome = ids.map((id) => (end.winnerIDs.includes(id) ? 1 / end.winnerIDs.length : 0));
  // Decision points, drawn without replacement.
  const chosen: Game[] = [];
  const pool = states.slice();
  for (let k = 0; k < job.points && pool.length > 0; k++) chosen.push(pool.splice(randomInt(pick, 0, pool.length - 1), 1)[0]!);
  const predictions = chosen.map((g, k): OddsPrediction => {
    const { shares, wins, rollouts } = oddsFor(viewFor(g, null), { seed: mixSeed(job.seed, index, 10 + k), rollouts: job.rollouts });
    return {
      step: g.sequenceID,
      progress: gameProgress(g),
      odds: ids.map((id) => shares[id]!),
      favor: g.players.map((p) => p.counters.favor),
      wins: ids.map((id) => wins[id]!),
      rollouts,
    };
  });
  const finalOdds = oddsFor(viewFor(end, null), { seed: job.seed, rollouts: job.rollouts }).shares;
  return { kinds, outcome, predictions, finalOdds: ids.map((id) => finalOdds[id]!) };
}
