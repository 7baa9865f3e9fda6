/**
 * A player's statistics as the profile shows them: the totals the server keeps (the
 * user's stats), the averages per game, and each recent game's own stats.
 */
import type { PlayerGameStats } from '../../engine/state.js';
import { emptyUserStats, type UserStats } from '../../engine/user-stats.js';
import type { Forfeit } from '../../shared/forfeit.js';

export type { UserStats };

const ZERO: UserStats = emptyUserStats();

function parse(json: string | null): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function counts<K extends string>(value: unknown, keys: Record<K, number>): Record<K, number> {
  const source = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(keys).map((k) => [k, num(source[k])])) as Record<K, number>;
}

/** The figures a game's stats and a user's totals share; missing or malformed fields count as 0. */
function figures(raw: Record<string, unknown>): Omit<PlayerGameStats, 'won'> {
  return {
    blameMillis: num(raw.blameMillis),
    soloMillis: num(raw.soloMillis),
    score: num(raw.score),
    scoreFromCards: num(raw.scoreFromCards),
    scoreFromProphecies: num(raw.scoreFromProphecies),
    scoreFromTributes: num(raw.scoreFromTributes),
    scoreFromResources: num(raw.scoreFromResources),
    clashes: num(raw.clashes),
    clashesWon: num(raw.clashesWon),
    cardCountByAffinity: counts(raw.cardCountByAffinity, ZERO.cardCountByAffinity),
    cardCountByType: counts(raw.cardCountByType, ZERO.cardCountByType),
  };
}

/** The user's totals from `statsJSON`. */
export function parseUserStats(json: string | null): UserStats {
  const raw = (parse(json) ?? {}) as Record<string, unknown>;
  return { gamesPlayed: num(raw.gamesPlayed), gamesWon: num(raw.gamesWon), cardsDrafted: num(raw.cardsDrafted), ...figures(raw) };
}

/** One seat's stats in a finished game, and why it counted as a loss whatever it scored (if it did). */
export type SeatGameStats = PlayerGameStats & { forfeit: Forfeit | null };

/** One finished game's stats for one player, or null while the game is being played. */
export function parseGameStats(json: string | null): SeatGameStats | null {
  const raw = parse(json) as Record<string, unknown> | null;
  if (!raw) return null;
  const forfeit = raw.forfeit === 'left' || raw.forfeit === 'stood in' ? raw.forfeit : null;
  return { won: raw.won === true, forfeit, ...figures(raw) };
}

/** A share as a whole percentage ("50%"), or "–" when there is nothing to divide. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–';
}

/** A per-game average with one decimal ("12.5"), or "–" before the first game. */
export function perGame(total: number, games: number): string {
  return games > 0 ? (total / games).toFixed(1) : '–';
}

/** Favor not from cards, prophecies or tributes (left-over gold and military at the end). */
export const otherFavor = (s: Pick<UserStats, 'score' | 'scoreFromCards' | 'scoreFromProphecies' | 'scoreFromTributes'>): number =>
  Math.max(0, s.score - s.scoreFromCards - s.scoreFromProphecies - s.scoreFromTributes);

/** Every card held at the games' ends, by type: the leaders and basic cards too. */
export const cardsHeld = (s: Pick<UserStats, 'cardCountByType'>): number => s.cardCountByType.Building + s.cardCountByType.Unit + s.cardCountByType.Event;
