/**
 * Plays whole games with bots in every seat, the way the server runs them: each bot decides from
 * its own view, every action goes through applyAction and advance, and each decision draws from
 * an rng seeded by (bot seed, seat, sequenceID), so the same seeds replay the same game.
 *
 * A bot seed is an integer for tournaments and tests, whose games are public anyway, or a secret
 * 256-bit seed (the server derives it from the game's seed): then each decision's generator is
 * ChaCha20 under a key derived from it, so nobody can run the bot on the public view to see its
 * bid before the reveal.
 */
import {
  advance,
  applyAction,
  chachaState,
  deriveSeed,
  mixSeed,
  rngFromState,
  startGame,
  viewFor,
  xoroshiroState,
  type Action,
  type BotType,
  type Game,
  type GameDefinitions,
  type GameOptions,
  type ModuleKey,
  type Rng,
  type Seed,
  type UserID,
} from '../engine/index.js';
import { playSeats, type LoggedAction } from './game-loop.js';
import { BOTS } from './index.js';
import { validMove } from './valid-move.js';

export type { LoggedAction } from './game-loop.js';

export interface SeatSetup {
  userID: UserID;
  /** null for a human seat (a game exported from the server). */
  botType: BotType | null;
}

export interface BotGameSetup {
  seats: readonly SeatSetup[];
  options?: Partial<GameOptions>;
  modules?: readonly ModuleKey[];
  definitions: GameDefinitions;
}

export interface BotGame {
  game: Game;
  actions: LoggedAction[];
}

/** An integer (public games) or a secret 256-bit seed (live games). */
export type BotSeed = number | Seed;

/** The rng of one bot decision: a function of the bot seed, the seat and the game's sequenceID. */
export function decisionRng(botSeed: BotSeed, seat: number, sequenceID: number): Rng {
  if (typeof botSeed === 'number') return rngFromState(xoroshiroState(mixSeed(botSeed, seat, sequenceID)));
  return rngFromState(chachaState(deriveSeed(botSeed, 'decision', seat, sequenceID)));
}

/** Asks the bot in a seat (or `kind`, standing in for an absent person) for its action, from the seat's own view. */
export function botDecision(game: Game, seat: number, botSeed: BotSeed, kind: BotType | null = game.players[seat]!.botType): Action | null {
  const player = game.players[seat]!;
  if (!kind) return null;
  const view = viewFor(game, player.userID);
  return BOTS[kind].decide(view, player.userID, decisionRng(botSeed, seat, game.sequenceID));
}

/** Plays a game of bots from setup to the end. `stepMillis` is the clock between actions. */
export function playBotGame(setup: BotGameSetup, seed: number, botSeed: number, stepMillis = 1_000, start = 0): BotGame {
  const actions: LoggedAction[] = [];
  const game = playSeats(
    startGame({ players: setup.seats, options: setup.options, modules: setup.modules, definitions: setup.definitions }, seed, start),
    ({ game, seat }) => botDecision(game, seat, botSeed),
    {
      now: start,
      stepMillis,
      onAction: (logged) => actions.push(logged),
      refused: ({ game, seat }, action, error) =>
        new Error(`${game.players[seat]!.botType} in seat ${seat} made an illegal move: ${error.message} (${JSON.stringify(action)})`),
      stuck: (game) => new Error(`no bot could act in phase ${game.phase}`),
    },
  );
  return { game, actions };
}

/**
 * The bare engine's hot path, for benchmarks: every seat a valid_move deciding on the whole game
 * (no views, no logging). Returns the number of moves.
 *
 * The same rounds as playSeats (seat after seat, each action applied and advanced), written as a
 * plain loop: the generator and the per-move event lists cost the benchmark time that is not the
 * engine's.
 */
export function playRawGame(definitions: GameDefinitions, players: number, seed: number, botSeed: number, start = 0, stepMillis = 1): number {
  const rng = rngFromState(xoroshiroState(botSeed));
  const seats = Array.from({ length: players }, (_, i) => ({ userID: `p${i + 1}` }));
  let moves = 0;
  let now = start;
  let game = startGame({ players: seats, definitions }, seed, start);
  while (game.gameEndTimestamp === null) {
    let acted = false;
    for (let seat = 0; seat < game.players.length; seat++) {
      const userID = game.players[seat]!.userID;
      const action = validMove(game, userID, rng);
      if (!action) continue;
      now += stepMillis;
      const applied = applyAction(game, userID, action, now);
      if (!applied.ok) throw new Error(`seat ${seat} (${userID}) made an illegal move: ${applied.message} (${JSON.stringify(action)})`);
      game = advance(applied.game, now).game;
      moves++;
      acted = true;
    }
    if (!acted) throw new Error(`nobody can act in phase ${game.phase}`);
  }
  return moves;
}
