/**
 * Game i of a match, played to the end. With built-in bots only it is the harness's game, as the
 * server plays bots; with outside bots (modules, programs) the same loop runs here, asking each
 * outside seat through its SeatBot with the same per-decision rng. An outside bot's bad answer
 * stops the game with a SeatError before the engine sees it.
 */
import { playSeatsAsync, type Turn } from '../bots/game-loop.js';
import { botDecision, decisionRng, playBotGame, type BotGame, type LoggedAction } from '../bots/harness.js';
import { startGame, viewFor, type Action } from '../engine/index.js';
import { BotAnswerError } from './exec-bot.js';
import { botSeedFor, gameSetup, seatsForGame, seedForGame, SIM_START, SIM_STEP_MILLIS, type ExpertBudget, type Match } from './match.js';
import { seatBot, SeatError, seatPlace, type SeatBot } from './seat-bots.js';
import { isBuiltin } from './seat-spec.js';
import type { Decide } from '../bots/bot.js';
import { makeExpertBot } from '../bots/expert-bot.js';

/** The Expert Bot with a match's own budget, made once per thread and budget. */
const experts = new Map<string, Decide>();
function expertWith(budget: ExpertBudget): Decide {
  const key = JSON.stringify(budget);
  let decide = experts.get(key);
  if (!decide) experts.set(key, (decide = makeExpertBot(budget)));
  return decide;
}

/** Whether a game's seats are all the harness's own bots, as they are registered. */
const harnessOnly = (match: Match) => match.seats.every((spec) => isBuiltin(spec) && (match.expertBudget === null || spec.botType !== 'expert_bot'));

export function playMatchGame(match: Match, index: number): BotGame | Promise<BotGame> {
  const seed = seedForGame(match, index);
  const setup = gameSetup(match, index);
  if (harnessOnly(match)) return playBotGame(setup, seed, botSeedFor(seed), SIM_STEP_MILLIS, SIM_START);
  return playWithOutsideBots(match, index);
}

async function playWithOutsideBots(match: Match, index: number): Promise<BotGame> {
  const seed = seedForGame(match, index);
  const botSeed = botSeedFor(seed);
  const setup = gameSetup(match, index);
  const specs = seatsForGame(match, index);
  const bots: (SeatBot | null)[] = [];
  try {
    for (const spec of specs) bots.push(isBuiltin(spec) ? null : await seatBot(spec, match.botTimeoutMs));
    const actions: LoggedAction[] = [];
    const start = startGame({ players: setup.seats, options: setup.options, modules: setup.modules, definitions: setup.definitions }, seed, SIM_START);
    const decide = async ({ game, seat, userID }: Turn): Promise<Action | null> => {
      const bot = bots[seat];
      const spec = specs[seat]!;
      try {
        if (bot) return await bot.decide(viewFor(game, userID), userID, decisionRng(botSeed, seat, game.sequenceID), { seat, game: index });
        // The Expert Bot with the match's budget: the registered bot with other settings.
        if (match.expertBudget && isBuiltin(spec) && spec.botType === 'expert_bot') return expertWith(match.expertBudget)(viewFor(game, userID), userID, decisionRng(botSeed, seat, game.sequenceID));
        return botDecision(game, seat, botSeed);
      } catch (error) {
        if (error instanceof BotAnswerError) throw new SeatError(`${seatPlace(specs[seat]!, seat, index, game)}: the bot ${error.message}`);
        throw error;
      }
    };
    const game = await playSeatsAsync(start, decide, {
      now: SIM_START,
      stepMillis: SIM_STEP_MILLIS,
      onAction: (logged) => actions.push(logged),
      refused: ({ game, seat }, action, error) =>
        new SeatError(`${seatPlace(specs[seat]!, seat, index, game)}: the engine refused the bot's ${action.type}: ${error.message} (${JSON.stringify(action)})`),
      stuck: (game) => new SeatError(`game ${index}, age ${game.age} turn ${game.turn} (${game.phase}): no bot would act`),
    });
    return { game, actions };
  } finally {
    for (const bot of bots) bot?.close();
  }
}
