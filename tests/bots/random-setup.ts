/** Seeded random bot-game setups for the bot tests: 2 to 8 seats, random options and modules. */
import { playSeats } from '../../src/bots/game-loop.js';
import { botDecision, playBotGame, type BotGameSetup } from '../../src/bots/harness.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import {
  GAME_OPTION_KEYS,
  MODULE_KEYS,
  pendingDecision,
  randomInt,
  rngFromState,
  startGame,
  viewFor,
  xoroshiroState,
  type Action,
  type BotType,
  type Decision,
  type Game,
  type GameOptions,
  type GameView,
  type UserID,
} from '../../src/engine/index.js';

/**
 * A setup for game `seed`: the bots of `first` in the first seats (as many as there are seats),
 * every other seat one of `others`, a random player count from 2 to 8, each option on or off, and
 * a random set of modules.
 */
export function randomSetup(seed: number, first: readonly BotType[], others: readonly BotType[]): BotGameSetup {
  const rng = rngFromState(xoroshiroState(seed));
  const players = randomInt(rng, 2, 8);
  const options = Object.fromEntries(GAME_OPTION_KEYS.map((key) => [key, randomInt(rng, 0, 1) === 1])) as GameOptions;
  const modules = MODULE_KEYS.filter(() => randomInt(rng, 0, 2) === 0);
  const seats = Array.from({ length: players }, (_, seat) => ({
    userID: `seat-${seat}`,
    botType: first[seat] ?? others[randomInt(rng, 0, others.length - 1)]!,
  }));
  return { seats, options, modules, definitions: GAME_DEFINITIONS };
}

/**
 * Plays `games` seeded games to the end, `first(seed)` giving the bots of the first seats;
 * playBotGame throws on the first action the engine refuses. Returns how many seats each bot kind played.
 */
export function playMany(first: (seed: number) => BotType[], others: readonly BotType[], games: number, firstSeed = 1): Record<string, number> {
  const seats: Record<string, number> = {};
  for (let seed = firstSeed; seed < firstSeed + games; seed++) {
    const setup = randomSetup(seed, first(seed), others);
    const { game } = playBotGame(setup, seed, seed * 31);
    if (game.gameEndTimestamp === null) throw new Error(`game ${seed} did not end`);
    for (const { botType } of setup.seats) if (botType) seats[botType] = (seats[botType] ?? 0) + 1;
  }
  return seats;
}

/**
 * Game `seed` (randomSetup: an Expert Bot in the first seat, any bots in the others) played to its
 * end, each expert seat answered by `expert` (given the game, the seat's view and its decision; it
 * may check the action against the game), the other seats by their bots. Throws on an action the
 * engine refuses or a game nobody can move on; returns the game at its end.
 */
export function playWithExpertSeats(seed: number, expert: (game: Game, view: GameView, userID: UserID, seat: number, decision: Decision) => Action | null): Game {
  const setup = randomSetup(seed, ['expert_bot'], ['basic_bot', 'basic_bot2', 'easy_bot', 'expert_bot']);
  return playSeats(
    startGame({ players: setup.seats, options: setup.options, modules: setup.modules, definitions: setup.definitions }, seed, 0),
    ({ game, seat, userID }) => {
      if (game.players[seat]!.botType !== 'expert_bot') return botDecision(game, seat, seed);
      const view = viewFor(game, userID);
      const decision = pendingDecision(view, userID);
      return decision ? expert(game, view, userID, seat, decision) : null;
    },
    {
      now: 0,
      stepMillis: 1000,
      refused: ({ seat }, action, error) => new Error(`seat ${seat} made an illegal move: ${error.message} (${JSON.stringify(action)})`),
      stuck: (g) => new Error(`no bot could act in phase ${g.phase}`),
    },
  );
}
