/**
 * How often a player may take their bid back in one turn. With the unbid option on (the
 * default), BID and UNBID can follow each other for as long as another seat has not bid, and
 * each is a stored step, a publish and a new view for every watcher: one script, with a second
 * account sitting idle in the game, committed a thousand steps a second. A person changes their
 * mind a few times a turn at most.
 *
 * Counted in memory, per instance: a restart forgets the counts, which only gives a few more.
 */
import type { Game, UserID } from '../../engine/index.js';
import { refuse } from './errors.js';

export const MAX_UNBIDS_PER_TURN = 3;
/** Past this many (game, player) entries the oldest turns are forgotten: each finished game leaves some. */
const MAX_ENTRIES = 20_000;

interface Count {
  age: number;
  turn: number;
  count: number;
}

export class UnbidLimit {
  private readonly counts = new Map<string, Count>();

  /** Throws the refusal when the player has taken their bid back MAX_UNBIDS_PER_TURN times this turn. */
  check(game: Game, userID: UserID): void {
    if (this.countOf(game, userID) >= MAX_UNBIDS_PER_TURN) {
      throw refuse('TOO_MANY_REQUESTS', `You may take your bid back at most ${MAX_UNBIDS_PER_TURN} times a turn.`);
    }
  }

  /** Counts one committed UNBID in the game's current turn. */
  record(game: Game, userID: UserID): void {
    const key = keyOf(game, userID);
    const count = this.countOf(game, userID) + 1;
    this.counts.delete(key);
    if (this.counts.size >= MAX_ENTRIES) this.counts.delete(this.counts.keys().next().value!);
    // Re-inserted, so the map's order is from the least recently counted.
    this.counts.set(key, { age: game.age, turn: game.turn, count });
  }

  private countOf(game: Game, userID: UserID): number {
    const entry = this.counts.get(keyOf(game, userID));
    return entry && entry.age === game.age && entry.turn === game.turn ? entry.count : 0;
  }
}

const keyOf = (game: Game, userID: UserID) => `${game.id}\u0000${userID}`;
