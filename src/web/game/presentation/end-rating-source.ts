/**
 * Where the end-of-game view's rating changes come from: the page provides the hook that fetches
 * them (`RatingChangesSource`, see pages/game.tsx), as the presentation layer takes no data from
 * the server itself. On its own, away from end-ratings.tsx, so that the game page's first load
 * carries the provider and not the view, which loads when a game ends.
 */
import { createContext, useContext, useMemo } from 'react';
import { winnersAfterForfeits, type Forfeit } from '../../../shared/forfeit.js';
import type { GameScreenState } from '../model.js';
import type { UnratedReason } from '../../../server/services/ratings.js';

export type { UnratedReason };

export interface EndRatingChange {
  before: number;
  after: number;
  /** Whether the rating is provisional after the game. */
  provisional: boolean;
  /**
   * Whether it was before the game (`ratings.ofGame`'s `provisionalBefore`): a new player's "1500 →
   * 1512?" read as the rating having become uncertain.
   */
  provisionalBefore: boolean;
  /**
   * The rating the ceiling on ratings won from bots held this change at, when it did (the server
   * says so: `ratings.ofGame`'s `cappedAt`); null or absent when it did not.
   */
  cappedAt?: number | null;
}

/** Each person's change by user id (empty for a game not rated), or null while it is being fetched. */
type UseRatingChanges = (gameID: string, ended: boolean) => Record<string, EndRatingChange> | null;

const none: Record<string, EndRatingChange> = {};

/** A hook giving each person's change in a game, by user id; the value must not change while mounted (it is called as a hook). */
export const RatingChangesSource = createContext<UseRatingChanges>(() => none);

/** Each person's change in this game, by user id (empty for a game not rated), or null while it is fetched. */
export function useGameRatingChanges(gameID: string, ended: boolean): Record<string, EndRatingChange> | null {
  return useContext(RatingChangesSource)(gameID, ended);
}

/** Who of a finished game's players lost it whatever their seat scored, and why; null while it is being fetched. */
type UseForfeits = (gameID: string, ended: boolean) => ReadonlyMap<string, Forfeit> | null;

const noForfeits: ReadonlyMap<string, Forfeit> = new Map();

/**
 * A hook giving who forfeited a finished game (they left, or a stand-in bot made most of their
 * decisions: src/shared/forfeit.ts), provided by the page as RatingChangesSource is. Apart from the
 * rating changes: a game that was not rated (two people from one address, the turn timer off) has
 * none, and its forfeits count all the same (the server records the loss and gives the win to the
 * best of the others).
 */
export const ForfeitsSource = createContext<UseForfeits>(() => noForfeits);

/** Who forfeited this game and why, by user id (empty while it runs), or null while it is fetched. */
export function useGameForfeits(gameID: string, ended: boolean): ReadonlyMap<string, Forfeit> | null {
  return useContext(ForfeitsSource)(gameID, ended);
}

/** A rating beside a name: the number, and whether it is still provisional. */
export interface NameRating {
  rating: number;
  provisional: boolean;
}

/** The ratings shown beside names, by user id (a bot's fixed one among them); absent until loaded or unknown. */
type UseNamesRatings = (userIDs: readonly string[]) => Readonly<Record<string, NameRating>>;

const noRatings: Readonly<Record<string, NameRating>> = {};

/**
 * A hook giving the ratings beside these names, provided by the page as RatingChangesSource is:
 * the game page's are today's, a replay's those of the step shown (replay-screen.tsx).
 */
export const NamesRatingsSource = createContext<UseNamesRatings>(() => noRatings);

/** The ratings beside these names (the player list's, and the bots' fixed ones in the end view's standings). */
export function useNamesRatings(userIDs: readonly string[]): Readonly<Record<string, NameRating>> {
  return useContext(NamesRatingsSource)(userIDs);
}

/** Why a finished game of people moved no rating, null (rated, or not known), or undefined while it is fetched. */
type UseUnratedReason = (gameID: string, ended: boolean) => UnratedReason | null | undefined;

/** A hook giving why a game was not rated, provided by the page as RatingChangesSource is. */
export const UnratedReasonSource = createContext<UseUnratedReason>(() => null);

export function useUnratedReason(gameID: string, ended: boolean): UnratedReason | null | undefined {
  return useContext(UnratedReasonSource)(gameID, ended);
}

/**
 * Who won a game once the forfeits count (`winnersAfterForfeits`): a seat a bot played to the top
 * after its player left is not crowned anywhere on the screen (the end view, the winner's line,
 * the player's summary). The engine's winners until the game ends and who forfeited it has come.
 */
export function useWinnerIDs(game: Pick<GameScreenState['game'], 'id' | 'players' | 'winnerIDs' | 'gameEndTimestamp'>): readonly string[] {
  const forfeits = useGameForfeits(game.id, game.gameEndTimestamp !== null);
  const { players, winnerIDs } = game;
  return useMemo(() => winnersAfterForfeits({ players, winnerIDs }, forfeits ?? noForfeits), [forfeits, players, winnerIDs]);
}
