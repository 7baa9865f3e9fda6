/**
 * Which clashes to show, and from which round: pure. A clash is known from the game's open
 * clashes while the war phase waits for reroll choices, and from its CONFLICT_RESULTS event once
 * settled; each round is rolled on screen once, so a clash seen during the war only shows its
 * new rounds when it settles.
 */
import type { GameEvent } from '../../../engine/events.js';
import type { ClashRound } from '../../../engine/state.js';
import type { WireGame } from '../model.js';

/** What the dice display needs: a CONFLICT_RESULTS payload and an open Clash both have it. */
export interface ClashLike {
  cardID: number;
  winningPlayerID: string;
  rounds: ClashRound[];
}

export interface ClashShow {
  key: string;
  clash: ClashLike;
  /** The first round to roll; earlier rounds were shown before. */
  fromRound: number;
  /** Whether the clash is settled (a CONFLICT_RESULTS event) or still open in the war phase. */
  settled: boolean;
}

export const clashKey = (age: number, turn: number, cardID: number): string => `${age}/${turn}/${cardID}`;

/**
 * The shows for one update: `newEvents` just arrived, `game` is the new state, `shownRounds`
 * (updated here) says how many rounds of each clash were already rolled on screen.
 */
export function clashShows(newEvents: readonly GameEvent[], game: Pick<WireGame, 'phase' | 'age' | 'turn' | 'clashes'>, shownRounds: Map<string, number>): ClashShow[] {
  const out: ClashShow[] = [];
  const consider = (key: string, clash: ClashLike, settled: boolean) => {
    const shown = shownRounds.get(key) ?? 0;
    if (clash.rounds.length <= shown && !settled) return;
    if (clash.rounds.length <= shown && settled) {
      // Every round was rolled already: only the verdict is new.
      out.push({ key, clash, fromRound: clash.rounds.length, settled });
      return;
    }
    shownRounds.set(key, clash.rounds.length);
    out.push({ key, clash, fromRound: shown, settled });
  };
  for (const event of newEvents) {
    if (event.type === 'CONFLICT_RESULTS') consider(clashKey(event.age, event.turn, event.payload.cardID), event.payload, true);
  }
  if (game.phase === 'WAR') {
    for (const clash of game.clashes) {
      const key = clashKey(game.age, game.turn, clash.cardID);
      if (!out.some((s) => s.key === key)) consider(key, clash, false);
    }
  }
  return out;
}

/** Marks every clash of the initial log and state as already shown (nothing replays on load). */
export function markShown(events: readonly GameEvent[], game: Pick<WireGame, 'phase' | 'age' | 'turn' | 'clashes'>, shownRounds: Map<string, number>): void {
  clashShows(events, game, shownRounds);
}
