/**
 * A step: one pure transition of the game (an action, or the automatic steps after it).
 *
 * A step starts from a shallow copy of the game that it owns, and replaces (never mutates) the
 * nested values it changes, so the game it started from is untouched and unchanged parts are
 * shared. Events are collected and appended once at the end; the PRNG is taken from the game's
 * state on first use and written back at the end.
 */
import type { EventPayloads, EventType, GameEvent } from './events.js';
import { rngFromState, stateOf, type Rng } from './rng.js';
import type { Game, Player } from './state.js';
import type { UserID } from './types.js';

export interface Step {
  game: Game;
  readonly now: number;
  readonly events: GameEvent[];
  rng: Rng | null;
}

export function beginStep(game: Game, now: number): Step {
  return { game: { ...game }, now, events: [], rng: null };
}

export function endStep(s: Step): { game: Game; events: GameEvent[] } {
  const game = s.game;
  if (s.rng) game.rngState = stateOf(s.rng);
  if (s.events.length > 0) game.events = game.events.concat(s.events);
  game.updateTimestamp = s.now;
  return { game, events: s.events };
}

export function rngOf(s: Step): Rng {
  s.rng ??= rngFromState(s.game.rngState);
  return s.rng;
}

export function emit<T extends EventType>(s: Step, type: T, payload: EventPayloads[T]): void {
  const g = s.game;
  s.events.push({ type, turn: g.turn, age: g.age, phase: g.phase, timestamp: s.now, payload } as GameEvent);
}

export function seatOf(game: Game, userID: UserID): number {
  const players = game.players;
  for (let i = 0; i < players.length; i++) if (players[i]!.userID === userID) return i;
  return -1;
}

/** Replaces one player with `change(player)`; the players array is copied, not mutated. */
export function updatePlayer(s: Step, seat: number, change: (player: Player) => Player): void {
  const players = s.game.players.slice();
  players[seat] = change(players[seat]!);
  s.game.players = players;
}

/** A copy of a record with one key set. */
export function withKey<V>(record: Record<string, V>, key: string, value: V): Record<string, V> {
  return { ...record, [key]: value };
}

export function mapPlayerIDs<V>(game: Game, value: (player: Player, seat: number) => V): Record<UserID, V> {
  const out: Record<UserID, V> = {};
  game.players.forEach((p, i) => (out[p.userID] = value(p, i)));
  return out;
}
