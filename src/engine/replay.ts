/**
 * A finished game rebuilt from its record, step by step, and checked: the module the browser's
 * replay (/game/{id}/replay) and its fair-dice line run, and that a node test holds against the
 * server's stored states. Pure, like the rest of the engine: no I/O, no clock.
 *
 * The record (`GameRecord`, served by tRPC `replays.get` for a finished game only) is what the
 * game's outcome follows from: its setup (seats, options, modules, card set, start time), its
 * revealed seed (and, for a mixed seed, the revealed server secret and the players' values), and
 * its log (every action in order, with the server's stand-in marks and the game-room chat steps,
 * which change no rule but are steps of the stored game). Beside them it carries what the server
 * says happened (the stored event log and final state), which the rebuild is checked against:
 * the rebuilt game never takes anything from them; and who forfeited the game, as the server
 * recorded it at the end, which no rule reads.
 */
import { asJSON, firstDifference, showValue } from './deep-diff.js';
import type { Action } from './actions/action.js';
import type { Card, GameDefinitions, ModuleDef, TributeCard } from './cards/definitions.js';
import { noModuleContent } from './cards/definitions.js';
import { SetupError } from './create-game.js';
import type { GameEvent, StandInReason } from './events.js';
import type { Forfeits } from './forfeits.js';
import { playAction, startGame } from './play.js';
import type { RngKind } from './rng.js';
import { commitmentOf, isSeed, mixedSeed, seedValueProblem, type Seed, type SeedContribution, type SeedMix } from './seed.js';
import type { Game } from './state.js';
import type { BotType, GameOptions, ModuleKey, UserID } from './types.js';

/** One step of a game's log, under the sequenceID the stored game had after it. */
export type ReplayLogEntry =
  | { kind: 'action'; sequenceID: number; userID: UserID; action: Action; at: number; standIn: StandInReason | null }
  | { kind: 'chat'; sequenceID: number; userID: UserID; text: string; at: number };

/** What a finished game is rebuilt from, and what the server says came of it. */
export interface GameRecord {
  id: string;
  seats: { userID: UserID; botType: BotType | null }[];
  options: GameOptions;
  modules: ModuleKey[];
  generator: RngKind;
  /** When the game started (epoch ms): the `now` of its creation. */
  start: number;
  /** The game's card set, its modules applied (as it was made). */
  cardsByID: Record<number, Card>;
  tributeCardsByID: Record<number, TributeCard>;
  /** The SHA-256 of the seed, public from the first turn. */
  seedCommitment: string | null;
  /** The seed, revealed at the end (an integer only for a game made before ChaCha20, read from a replay file). */
  seed: Seed | number;
  serverSecretCommitment: string | null;
  serverSecret: Seed | null;
  seedContributions: SeedContribution[] | null;
  log: ReplayLogEntry[];
  /** The server's word: the game's event log as stored, and its final state without card set and events. */
  events: GameEvent[];
  final: Record<string, unknown>;
  /**
   * Who forfeited the game and why, as the server recorded it at the game's end: a player who left
   * after their last decision has no stand-in's action in the log to tell it. Null when not known
   * (a replay file that does not hold it).
   */
  forfeits: Forfeits | null;
}

/** A state of the rebuilt game: after the log entry `entry` (null: the game as started). */
export interface ReplayStep {
  game: Game;
  entry: ReplayLogEntry | null;
}

export interface Rebuilt {
  /** Every stored step: the started game, then one per log entry that could be applied. */
  steps: ReplayStep[];
  /** Why the rebuild stopped early (a refused action, a log out of order, a setup that cannot start), or null. */
  stopped: string | null;
}

/** The card set a record was played with, each module standing in empty (its content is in the set already). */
export function recordDefinitions(record: Pick<GameRecord, 'cardsByID' | 'tributeCardsByID' | 'modules'>): GameDefinitions {
  const applied = (key: ModuleKey): ModuleDef => ({ key, name: key, state: 'enabled', description: 'applied in the saved card set', ...noModuleContent() });
  return { cardDefs: Object.values(record.cardsByID), tributeCardDefs: Object.values(record.tributeCardsByID), modules: record.modules.map(applied) };
}

/** The STAND_IN mark the server puts before an action a stand-in took (src/server/services/stand-in.ts). */
function withStandIn(game: Game, entry: Extract<ReplayLogEntry, { kind: 'action' }>, reason: StandInReason): Game {
  const decision = entry.action.type as Extract<GameEvent, { type: 'STAND_IN' }>['payload']['decision'];
  const event: GameEvent = { type: 'STAND_IN', turn: game.turn, age: game.age, phase: game.phase, timestamp: entry.at, payload: { userID: entry.userID, decision, reason } };
  return { ...game, events: [...game.events, event] };
}

/** A game-room chat step (src/server/services/game-chat.ts): a CHAT event and a new sequenceID. */
function withChat(game: Game, entry: Extract<ReplayLogEntry, { kind: 'chat' }>): Game {
  const event: GameEvent = { type: 'CHAT', turn: game.turn, age: game.age, phase: game.phase, timestamp: entry.at, payload: { userID: entry.userID, text: entry.text } };
  return { ...game, sequenceID: game.sequenceID + 1, events: [...game.events, event] };
}

/**
 * The seed a finished game starts from again: the mix of the server's secret and the players'
 * values when it has them (the game was made from them, and keeps them), else its seed. A record,
 * or a replay file's seed and final state (whose older saves hold no secret at all).
 */
export function seedOf(game: { seed: Seed | number; serverSecret?: Seed | null; seedContributions?: SeedContribution[] | null }): Seed | number | SeedMix {
  const { seed, serverSecret, seedContributions } = game;
  if (serverSecret != null && seedContributions != null) return { serverSecret, contributions: seedContributions };
  return seed;
}

/** The game rebuilt from its record's setup, seed and log, every step kept. */
export function rebuild(record: GameRecord): Rebuilt {
  let game: Game;
  try {
    game = startGame(
      { id: record.id, players: record.seats, options: record.options, modules: record.modules, definitions: recordDefinitions(record), generator: record.generator },
      seedOf(record),
      record.start,
    );
  } catch (error) {
    if (error instanceof SetupError) return { steps: [], stopped: `the setup cannot start a game: ${error.message}` };
    throw error;
  }
  const steps: ReplayStep[] = [{ game, entry: null }];
  for (let index = 0; index < record.log.length; index++) {
    const entry = record.log[index]!;
    if (entry.sequenceID !== game.sequenceID + 1) {
      return { steps, stopped: `log entry ${index} is step ${entry.sequenceID}, but the game is at step ${game.sequenceID}` };
    }
    if (entry.kind === 'chat') {
      game = withChat(game, entry);
    } else {
      const marked = entry.standIn ? withStandIn(game, entry, entry.standIn) : game;
      const result = playAction(marked, entry.userID, entry.action, entry.at);
      if (!result.ok) {
        // The seat as a replay's viewer picker numbers it, then the id the file holds.
        const seat = record.seats.findIndex((s) => s.userID === entry.userID);
        const who = seat < 0 ? entry.userID : `seat ${seat + 1}, ${entry.userID}`;
        return { steps, stopped: `action ${index} (${entry.action.type} by ${who}) was refused: ${result.message}` };
      }
      game = result.game;
    }
    steps.push({ game, entry });
  }
  return { steps, stopped: null };
}

/** The stored game without its card set and event log, as the record's `final` holds it. */
export function snapshotOf(game: Game): Record<string, unknown> {
  const { cardsByID: _c, tributeCardsByID: _t, events: _e, ...rest } = game;
  return rest;
}


// --- Verifying ------------------------------------------------------------------------------

/** The line the replay and the end-of-game view show when everything holds. */
export const FAIR_DICE_VERIFIED = 'Fair dice verified: every deal and die follows from the seed whose hash was shown from the first turn';

export type Verification =
  | { ok: true; commitment: string; seed: Seed; actions: number; events: number; deals: number; dice: number }
  | { ok: false; commitment: string | null; seed: Seed | number; problem: string };

/** Whether an event deals from a deck (a card or a tribute): what fair dice count as a deal. */
export const isDeal = (event: GameEvent): boolean => event.type === 'DEAL_CARD' || event.type === 'DEAL_TRIBUTE';

/** The dice an event shows: a clash's rolls, or a reroll. */
export function diceOf(event: GameEvent): number {
  if (event.type === 'USE_REROLL') return event.payload.rolls.length;
  if (event.type !== 'CONFLICT_RESULTS') return 0;
  return event.payload.rounds.reduce((n, round) => n + Object.values(round).reduce((m, result) => m + result.rolls.length, 0), 0);
}

/** What a differing event was, for the sentence that names it (`mythos verify` and the site's check alike). */
export function eventKind(event: GameEvent): 'a deal' | 'a die' | 'an event' {
  if (isDeal(event)) return 'a deal';
  return diceOf(event) > 0 ? 'a die' : 'an event';
}

function what(event: GameEvent): string {
  const kind = eventKind(event);
  return kind[0]!.toUpperCase() + kind.slice(1);
}

/** The mixed seed's parts checked: the first problem as a sentence, or null. */
function mixProblem(record: GameRecord): string | null {
  const { serverSecretCommitment: commitment, serverSecret: secret, seedContributions: values, seats } = record;
  if (commitment === null && secret === null && values === null) return null;
  if (commitment === null) return "The game keeps the players' values for the seed but not the commitment its lobby showed to the server's secret.";
  if (!isSeed(secret)) return `The server's secret is not revealed as 64 hex digits (the server sent ${showValue(secret)}).`;
  const hashed = commitmentOf(secret);
  if (hashed !== commitment) return `The revealed server secret does not match the commitment its lobby showed (its SHA-256 is ${hashed}, the lobby committed to ${commitment}).`;
  if (!Array.isArray(values) || values.length !== seats.length) return `The players' values for the seed do not name every seat (the server sent ${showValue(values)}).`;
  for (let seat = 0; seat < seats.length; seat++) {
    const value = values[seat]!;
    if (value.userID !== seats[seat]!.userID) return `The value for seat ${seat + 1} names ${value.userID}, but ${seats[seat]!.userID} sat there.`;
    if (value.value === '') continue;
    const problem = seedValueProblem(value.value);
    if (problem) return `The value of seat ${seat + 1} could not have been given: ${problem}`;
  }
  const mixed = mixedSeed({ serverSecret: secret, contributions: values });
  if (mixed !== record.seed) return `The seed is not the mix of the server's secret and the players' values: they give ${mixed}, the revealed seed is ${record.seed}.`;
  return null;
}

/**
 * Checks a finished game: the revealed secret and seed against their commitments, the seed as
 * the mix of the secret and the players' values, and the rebuilt game against the server's
 * event log (every deal and die) and final state. Names the first thing that does not hold.
 */
export function verify(record: GameRecord, rebuilt: Rebuilt = rebuild(record)): Verification {
  const { seedCommitment: commitment, seed } = record;
  const fail = (problem: string): Verification => ({ ok: false, commitment, seed, problem });
  // Only a replay file holds a running game (exported with --unfinished): the server serves none.
  if (record.final.gameEndTimestamp === null) return fail('The game has not ended: its seed is revealed only at the end, so its dice cannot be verified yet.');
  if (commitment === null) return fail('The game has no seed commitment: it was made before fair dice.');
  if (!isSeed(seed)) return fail(`The revealed seed is not 64 hex digits (the server sent ${showValue(seed)}).`);
  const mix = mixProblem(record);
  if (mix) return fail(mix);
  const hashed = commitmentOf(seed);
  if (hashed !== commitment) return fail(`The revealed seed does not match the commitment shown from the first turn (its SHA-256 is ${hashed}, the game committed to ${commitment}).`);
  if (rebuilt.stopped) return fail(`The game cannot be rebuilt from its seed and actions: ${rebuilt.stopped}${/[.!?]$/.test(rebuilt.stopped) ? '' : '.'}`);
  const game = rebuilt.steps[rebuilt.steps.length - 1]!.game;
  const stored = record.events;
  for (let i = 0; i < Math.max(stored.length, game.events.length); i++) {
    const said = stored[i];
    const made = game.events[i];
    if (said === undefined) return fail(`The seed and actions give more events than the server logged (event ${i}: ${showValue(made)}).`);
    // A log that stops short (a record missing its last actions) is a difference, not a crash.
    if (made === undefined) return fail(`The server logged more events than the seed and actions give (event ${i}: ${said.type}, age ${said.age}, turn ${said.turn}).`);
    const d = firstDifference(said, asJSON(made), `event ${i}`);
    if (d) {
      return fail(
        `${what(said)} differs: event ${i} (${said.type}, age ${said.age}, turn ${said.turn}) at ${d.path}: ` +
          `the server says ${showValue(d.expected)}, the seed and actions give ${showValue(d.actual)}.`,
      );
    }
  }
  const d = firstDifference(record.final, asJSON(snapshotOf(game)), 'final');
  if (d) return fail(`The final state differs at ${d.path}: the server says ${showValue(d.expected)}, the seed and actions give ${showValue(d.actual)}.`);
  const actions = record.log.filter((e) => e.kind === 'action').length;
  return { ok: true, commitment, seed, actions, events: stored.length, deals: stored.filter(isDeal).length, dice: stored.reduce((n, e) => n + diceOf(e), 0) };
}

// The first difference between two JSON values, as `mythos verify` names it too.
export { firstDifference, type Difference } from './deep-diff.js';
