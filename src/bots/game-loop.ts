/**
 * The one game loop: seat after seat, round after round, each seat is asked for its action, which
 * is played through the engine (playAction) until the game ends or the caller says stop. The
 * harness, the CLI's matches, the bots' rollouts and the tests all drive games through it; only
 * who answers for a seat, and how a refusal is reported, differ.
 *
 * The loop is a generator: it yields each seat's turn and takes back that seat's action (or null
 * for nothing to do). `playSeats` answers it synchronously, `playSeatsAsync` waits for answers
 * (bots in other processes).
 */
import { advance, playAction, type Action, type Game, type RuleError, type StepObserver, type UserID } from '../engine/index.js';

/** A seat asked for its action. */
export interface Turn {
  game: Game;
  seat: number;
  userID: UserID;
}

/** An action as a replay logs it: who, what and when. */
export interface LoggedAction {
  userID: UserID;
  action: Action;
  now: number;
}

export interface LoopOptions {
  /** The clock before the first action; each action comes `stepMillis` after the one before. */
  now: number;
  stepMillis: number;
  /** Checked before each round: stop once it holds (the game's end always stops the loop). */
  until?: (game: Game) => boolean;
  /** Told every action the engine accepted. */
  onAction?: (logged: LoggedAction) => void;
  /** Sees every state passed through (see playAction), the start's automatic steps first. */
  observe?: StepObserver;
  /** The error thrown when the engine refuses a seat's action. */
  refused?: (turn: Turn, action: Action, error: RuleError) => Error;
  /** The error thrown when a whole round passes and nobody acts (null: keep asking). */
  stuck?: ((game: Game) => Error) | null;
}

const refusedByDefault = (turn: Turn, action: Action, error: RuleError) =>
  new Error(`seat ${turn.seat} (${turn.userID}) made an illegal move: ${error.message} (${JSON.stringify(action)})`);
const stuckByDefault = (game: Game) => new Error(`nobody can act in phase ${game.phase}`);

export function* seatTurns(start: Game, options: LoopOptions): Generator<Turn, Game, Action | null> {
  let now = options.now;
  const first = advance(start, now);
  options.observe?.(first.game, first.events);
  let game = first.game;
  const stuck = options.stuck === undefined ? stuckByDefault : options.stuck;
  while (game.gameEndTimestamp === null && !options.until?.(game)) {
    let acted = false;
    for (let seat = 0; seat < game.players.length; seat++) {
      const turn: Turn = { game, seat, userID: game.players[seat]!.userID };
      const action = yield turn;
      if (!action) continue;
      now += options.stepMillis;
      const result = playAction(game, turn.userID, action, now, options.observe);
      if (!result.ok) throw (options.refused ?? refusedByDefault)(turn, action, result);
      options.onAction?.({ userID: turn.userID, action, now });
      game = result.game;
      acted = true;
    }
    if (!acted && stuck) throw stuck(game);
  }
  return game;
}

/** Plays on from `start`, each seat answered by `decide`; returns the game where the loop stopped. */
export function playSeats(start: Game, decide: (turn: Turn) => Action | null, options: LoopOptions): Game {
  const turns = seatTurns(start, options);
  let next = turns.next();
  while (!next.done) next = turns.next(decide(next.value));
  return next.value;
}

/** playSeats with answers that may take time. */
export async function playSeatsAsync(start: Game, decide: (turn: Turn) => Action | null | Promise<Action | null>, options: LoopOptions): Promise<Game> {
  const turns = seatTurns(start, options);
  let next = turns.next();
  while (!next.done) next = turns.next(await decide(next.value));
  return next.value;
}
