/**
 * Game screen states from real engine games, as the live screen receives them: a seat's view (or
 * a spectator's) with the card set, the log and the seated users. For component tests, a game
 * between two seats advanced to the step a test needs.
 */
import { GAME_DEFINITIONS } from '../../../src/engine/data.js';
import { advance, applyAction, createGame, viewFor, type Action, type Game } from '../../../src/engine/index.js';
import type { GameScreenState } from '../../../src/web/game/model.js';

export const ANN = 'u_ann';
export const BOB = 'u_bob';
const NAMES: Record<string, string> = { [ANN]: 'Ann', [BOB]: 'Bob' };

/** Ann and Bob as the server names them (`users.byIDs`), for a page that asks who sits at the game. */
export const ANN_AND_BOB = [
  { id: ANN, name: 'Ann', profilePictureURL: null },
  { id: BOB, name: 'Bob', profilePictureURL: null },
];

/** A new two-seat game at its first planning (a fixed seed: the same trade row every run), with the lobby's `options`. */
export function newGame(seed = 11, now = Date.now(), options: Partial<Game['options']> = {}): Game {
  const setup = { players: [{ userID: ANN }, { userID: BOB }], definitions: GAME_DEFINITIONS, options };
  return advance(createGame(setup, seed, now), now).game;
}

/** `game` after `userID` does `action` (and the game advances), or the engine's refusal thrown. */
export function act(game: Game, userID: string, action: Action, now = Date.now()): Game {
  const result = applyAction(game, userID, action, now);
  if (!result.ok) throw new Error(result.message);
  return advance(result.game, now).game;
}

/** A game at its first planning, and the same game once both seats bid nothing on the first card: a clash. */
export function beforeAndAfterClash(): [Game, Game] {
  const before = newGame();
  let after = before;
  for (const player of before.players) after = act(after, player.userID, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } });
  if (!after.events.some((e) => e.type === 'CONFLICT_RESULTS')) throw new Error('no clash');
  return [before, after];
}

/** The screen's state for `me` (null: a spectator), with each seat named by `names` (else by its user id). */
export function screenState(game: Game, me: string | null = ANN, names: Record<string, string> = NAMES): GameScreenState {
  const { cardsByID, tributeCardsByID, events, ...wire } = viewFor(game, me);
  return {
    game: wire,
    events,
    cardsByID,
    tributeCardsByID,
    me,
    seatsByUserID: {},
    clockOffsetMs: 0,
    usersByID: Object.fromEntries(game.players.map((p) => [p.userID, { id: p.userID, name: names[p.userID] ?? p.userID, profilePictureURL: null }])),
    awayByUserID: {},
  };
}
