/**
 * Bots from outside the code base, behind one interface with the built-in kinds: a module's
 * `Decide` function, loaded once per thread, or a program (ExecBot) started for each game. Every
 * answer is checked before it reaches the engine; a bad, late or refused answer is a SeatError
 * naming the seat, the game and the turn, and the game it was for is dropped, never changed.
 */
import { pathToFileURL } from 'node:url';
import type { Decide } from '../bots/bot.js';
import { parseAction, pendingDecision, randomInt, type Action, type Decision, type Game, type GameView, type Rng, type UserID } from '../engine/index.js';
import { CliError, EXIT_FAILED } from './errors.js';
import { BotAnswerError, ExecBot } from './exec-bot.js';
import type { SeatSpec } from './seat-spec.js';

/** An outside bot misbehaved: the run stops with this one line. */
export class SeatError extends CliError {
  override name = 'SeatError';
  constructor(message: string) {
    super(message, EXIT_FAILED);
  }
}

/** Where a decision was asked, for messages: "seat 2 (exec:python3 bot.py), game 7, age 1 turn 3 (PLANNING)". */
export function seatPlace(spec: SeatSpec, seat: number, gameIndex: number, game: Pick<Game, 'age' | 'turn' | 'phase'>): string {
  return `seat ${seat + 1} (${spec.label}), game ${gameIndex}, age ${game.age} turn ${game.turn} (${game.phase})`;
}

/** What the program of an exec seat is sent, one line per decision (docs/bots.md). */
export interface DecisionRequest {
  type: 'decide';
  game: number;
  seat: number;
  userID: UserID;
  decision: Decision;
  /** A seed for the bot's own randomness, drawn from the decision's rng: replays stay the same. */
  seed: number;
  view: GameView;
}

/** One seat's bot for one game. */
export interface SeatBot {
  decide(view: GameView, userID: UserID, rng: Rng, where: { seat: number; game: number }): Promise<Action | null>;
  close(): void;
}

const modules = new Map<string, Promise<Decide>>();

/** A module's Decide: its `decide` export, or its default export. Loaded once per thread. */
export function loadModuleBot(spec: Extract<SeatSpec, { kind: 'module' }>): Promise<Decide> {
  let loaded = modules.get(spec.path);
  if (!loaded) {
    loaded = import(pathToFileURL(spec.path).href).then(
      (exports: Record<string, unknown>) => {
        const decide = exports.decide ?? exports.default;
        if (typeof decide !== 'function') {
          throw new CliError(`${spec.label} must export a Decide function named decide (or as its default export): see docs/bots.md`);
        }
        return decide as Decide;
      },
      (error: unknown) => {
        throw new CliError(`cannot load the bot module ${spec.label}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      },
    );
    modules.set(spec.path, loaded);
  }
  return loaded;
}

/** An answer as the engine takes it, or a BotAnswerError saying what is wrong with it. */
function checkedAction(answer: unknown): Action | null {
  if (answer === null) return null;
  const action = parseAction(answer);
  if ('ok' in action) throw new BotAnswerError(`answered an action the engine cannot read: ${action.message} (${JSON.stringify(answer)?.slice(0, 120)})`);
  return action;
}

function moduleSeatBot(spec: Extract<SeatSpec, { kind: 'module' }>, decide: Decide): SeatBot {
  return {
    decide(view, userID, rng) {
      let answer: unknown;
      try {
        answer = decide(view, userID, rng);
      } catch (error) {
        throw new BotAnswerError(`threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      }
      const action = checkedAction(answer);
      const due = pendingDecision(view, userID);
      if (action === null && due && due.type !== 'WAIT_FOR_OTHERS') throw new BotAnswerError(`returned no action, but a ${due.type} decision was due`);
      return Promise.resolve(action);
    },
    close: () => undefined,
  };
}

function execSeatBot(spec: Extract<SeatSpec, { kind: 'exec' }>, timeoutMs: number): SeatBot {
  let bot: ExecBot | null = null;
  let late = false;
  return {
    async decide(view, userID, rng, where) {
      const decision = pendingDecision(view, userID);
      // The program is asked only when something is due (an unbid is never needed).
      if (!decision || decision.type === 'WAIT_FOR_OTHERS') return null;
      bot ??= new ExecBot(spec.command);
      const request: DecisionRequest = { type: 'decide', game: where.game, seat: where.seat, userID, decision, seed: randomInt(rng, 0, 2 ** 31 - 1), view };
      try {
        const answer = await bot.ask(request, timeoutMs);
        if (typeof answer !== 'object' || answer === null || !('action' in answer)) {
          throw new BotAnswerError(`answered ${JSON.stringify(answer).slice(0, 120)}, not {"action": ...}`);
        }
        const action = checkedAction(answer.action);
        if (action === null) throw new BotAnswerError(`answered no action, but a ${decision.type} decision was due`);
        return action;
      } catch (error) {
        if (error instanceof BotAnswerError && error.message.startsWith('did not answer')) late = true;
        throw error;
      }
    },
    close: () => bot?.close({ now: late }),
  };
}

/** The bot of an outside seat for one game (built-in seats are played by the harness). */
export async function seatBot(spec: Exclude<SeatSpec, { kind: 'builtin' }>, timeoutMs: number): Promise<SeatBot> {
  return spec.kind === 'module' ? moduleSeatBot(spec, await loadModuleBot(spec)) : execSeatBot(spec, timeoutMs);
}
