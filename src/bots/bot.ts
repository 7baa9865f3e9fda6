/**
 * A bot answers its own pending decision from its own view of the game and a seeded rng: it
 * never sees hidden information.
 */
import type { Action, GameView, Rng, UserID } from '../engine/index.js';

export type Decide = (view: GameView, userID: UserID, rng: Rng) => Action | null;

/** Who may choose a bot kind in a lobby. */
export type BotVisibility = 'visible' | 'devOnly' | 'hidden';

export interface BotDefinition {
  label: string;
  visibility: BotVisibility;
  decide: Decide;
  /** It searches (tenths of a second a decision): the server runs it on a worker thread. */
  thinks?: boolean;
  /**
   * The same bot stopping its search after `thinkMs` milliseconds a decision (or its own budget,
   * whichever comes first): live play, where an answer in time matters more than one that replays
   * exactly. Only bots that search have one.
   */
  within?: (thinkMs: number) => Decide;
}
