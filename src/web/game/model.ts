/**
 * The game screen's contract: what the core (board, action panel, live state) hands to the
 * presentation layer (src/web/game/presentation: log, animations, dice, sounds, header, end view).
 * Presentation components take `{ state: GameScreenState }` (plus callbacks) and find the board's
 * elements by the DOM data attributes below. Keep this file stable: add, never rename.
 *
 * - `game` is the viewer's view from the server (`games.state` / `games.onGame`): never the raw
 *   game, so hidden values (deck order, PRNG, others' bids before the reveal, ...) are not here.
 * - `events` is the whole log so far, oldest first (the server sends it once, then only new ones;
 *   `use-game-state.ts` splices them in at `fromEvent`). `game` itself carries no events.
 * - `cardsByID` / `tributeCardsByID` are this game's own card set (`games.cards`, fetched once: a
 *   game's card set never changes), so a card id always resolves, modules included.
 * - `me` is the viewer's user id when seated in this game, null for a spectator.
 * - `usersByID` holds every seated user (bots included), from `users.byIDs`.
 */
import type { WireGame } from '../../server/services/game-views.js';
import type { SeatView } from '../../server/services/attendance.js';
import type { Card, GameEvent, TributeCard, UserID } from '../../engine/index.js';

export type { WireGame, Card, GameEvent, TributeCard, UserID, SeatView };

export interface GameUser {
  id: string;
  name: string;
  profilePictureURL: string | null;
}

export interface GameScreenState {
  game: WireGame;
  events: GameEvent[];
  cardsByID: Record<number, Card>;
  tributeCardsByID: Record<number, TributeCard>;
  me: UserID | null;
  usersByID: Record<string, GameUser>;
  /** Why each away seat is played by a stand-in bot, by user id. */
  awayByUserID: Record<UserID, string>;
  /** Each person's seat (not bots'): here, away or gone, their decision's deadline, their stand-in. */
  seatsByUserID: Record<UserID, SeatView>;
  /** The server's clock minus this device's: a deadline falls at `deadline - clockOffsetMs` here. */
  clockOffsetMs: number;
}

/**
 * DOM data attributes on the board, for animations:
 * - `data-card-id` on every rendered card (trade row, piles, boards, tribute row uses
 *   `data-tribute-id`);
 * - `data-player-id` on each player summary and each player board;
 * - `data-zone` on containers, one of ZONES;
 * - `data-card-slot` on a row's slot (the card with its caption and marks): hidden whole while a
 *   card is dealt into it.
 */
export const ZONES = ['trade-row', 'basic-pile', 'tribute-row', 'deck', 'board'] as const;
export type Zone = (typeof ZONES)[number];

/** The game screen's `usersByID` from `users.byIDs`'s answer (none yet: empty), for the live game and the replay alike. */
export function usersByIDOf(users: readonly GameUser[] | undefined): Record<string, GameUser> {
  const out: Record<string, GameUser> = {};
  for (const u of users ?? []) out[u.id] = { id: u.id, name: u.name, profilePictureURL: u.profilePictureURL };
  return out;
}

/** A user's display name, or 'unknown' while not loaded (as the chat does). */
export function nameOf(state: Pick<GameScreenState, 'usersByID'>, userID: UserID): string {
  return state.usersByID[userID]?.name ?? 'unknown';
}
