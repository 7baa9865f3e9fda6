/** The end-of-game view's numbers: winners' names, the standings, the viewer's place and the two pies' series. Pure. */
import { winnersAfterForfeits, type Forfeit } from '../../../shared/forfeit.js';
import { ordinal, placeOf } from '../../history/game-result.js';
import type { GameScreenState, UserID } from '../model.js';
import { playerRef } from './format.js';

type EndState = Pick<GameScreenState, 'usersByID'> & {
  game: Pick<GameScreenState['game'], 'players' | 'winnerIDs' | 'totalThinkingMillisByPlayerID'>;
};

export interface Standing {
  /** 1 for the most favor; players with equal favor share a rank (1, 1, 3); those who forfeited come after the rest. */
  rank: number;
  /** Why the game counted as a loss for this player whatever the seat scored, if it did. */
  forfeit: Forfeit | null;
  userID: string;
  name: string;
  color: string;
  winner: boolean;
  favor: number;
  /** Where the favor came from: printed and triggered card favor, tributes, prophecies, leftovers. */
  cards: number;
  tributes: number;
  prophecies: number;
  resources: number;
}

/**
 * Players by final favor, most first (seat order among equals), with where their favor came from;
 * those whose game counted as a loss (`forfeits`: they left, or a bot made most of their choices)
 * after all the others, as the ratings count them, and never the winner (`winnersAfterForfeits`).
 */
export function standings(state: EndState, forfeits: ReadonlyMap<UserID, Forfeit> = new Map()): Standing[] {
  const winners = winnersAfterForfeits(state.game, forfeits);
  const rows = state.game.players
    .map((p) => ({
      userID: p.userID,
      name: playerRef(state, p.userID).name,
      color: p.color,
      winner: winners.includes(p.userID),
      forfeit: forfeits.get(p.userID) ?? null,
      favor: p.counters.favor,
      ...p.favorSources,
    }))
    // A tie-break the engine settled puts its winner first among equals.
    .sort((a, b) => Number(a.forfeit !== null) - Number(b.forfeit !== null) || b.favor - a.favor || Number(b.winner) - Number(a.winner));
  const ahead = (row: (typeof rows)[number]) => rows.filter((other) => (other.forfeit === null && row.forfeit !== null) || ((other.forfeit === null) === (row.forfeit === null) && other.favor > row.favor)).length;
  return rows.map((row) => ({ ...row, rank: 1 + ahead(row) }));
}

/**
 * The viewer's own place, a line under the end view's title: 'You won!' (or 'You shared the
 * win!' in a tie) or 'You finished 3rd of 4.'; null for a spectator. A player the engine's
 * tie-break put behind a winner with equal favor is placed after the winners, not 1st. A player
 * who left, or most of whose decisions a stand-in bot made, is told the game counted as a loss
 * instead, since their rating says so.
 */
export function viewerPlace(rows: readonly Standing[], viewer: UserID | null, forfeit: Forfeit | null = null): string | null {
  const row = rows.find((r) => r.userID === viewer);
  if (!row) return null;
  if (forfeit === 'left') return 'You left the game, so it counts as a loss.';
  if (forfeit === 'stood in') return 'A bot made most of your choices, so the game counts as a loss.';
  if (row.winner) return rows.filter((r) => r.winner).length > 1 ? 'You shared the win!' : 'You won!';
  const seats = rows.map((r) => ({ favor: r.favor, won: r.winner, forfeit: r.forfeit }));
  return `You finished ${ordinal(placeOf(seats, row))} of ${rows.length}.`;
}

/** An end-of-game pie's drawing's height, in px (end-charts.tsx draws it; end-pies.tsx keeps the room while it loads). */
export const PIE_HEIGHT = 260;

export interface PieData {
  labels: string[];
  colors: string[];
  series: number[];
}

/** Favor by player, in seat order. */
export function favorPie(state: EndState): PieData {
  const players = state.game.players;
  return {
    labels: players.map((p) => playerRef(state, p.userID).name),
    colors: players.map((p) => p.color),
    series: players.map((p) => p.counters.favor),
  };
}

/** Thinking time by player in whole seconds, in seat order. */
export function timePie(state: EndState): PieData {
  const players = state.game.players;
  return {
    labels: players.map((p) => playerRef(state, p.userID).name),
    colors: players.map((p) => p.color),
    series: players.map((p) => Math.round((state.game.totalThinkingMillisByPlayerID[p.userID] ?? 0) / 1000)),
  };
}
