/**
 * Building blocks for rule tests: start a game on the mini card set, edit a state into the exact
 * situation a test needs, and drive actions through applyAction + advance as the server does.
 */
import {
  applyAction,
  parseAction,
  playAction,
  startGame as startEngineGame,
  type Action,
  type Game,
  type GameDefinitions,
  type GameEvent,
  type GameOptions,
  type ModuleKey,
  type Player,
  type RngKind,
  type RuleError,
} from '../../src/engine/index.js';
import { miniDefinitions } from './mini-cards.js';

export const PLAYERS = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'];

export interface Start {
  players?: number;
  options?: Partial<GameOptions>;
  modules?: ModuleKey[];
  definitions?: GameDefinitions;
  seed?: number;
  generator?: RngKind;
}

/** A new game advanced to the first planning phase. */
export function startGame(start: Start = {}): Game {
  return startEngineGame(
    {
      players: PLAYERS.slice(0, start.players ?? 2).map((userID) => ({ userID })),
      options: start.options,
      modules: start.modules,
      definitions: start.definitions ?? miniDefinitions(),
      generator: start.generator,
    },
    start.seed ?? 7,
    1_000,
  );
}

let clock = 10_000;

/** Applies an action and the automatic steps after it; a rule error fails the test. */
export function act(game: Game, userID: string, action: Action): Game {
  clock += 1_000;
  const result = playAction(game, userID, action, clock);
  if (!result.ok) throw new Error(`${userID}: ${result.message}`);
  return result.game;
}

/** Reads an action as a transport does and applies it; it must be refused: returns the rule error. */
export function refuse(game: Game, userID: string, input: unknown): RuleError {
  const action = parseAction(input);
  const result = 'ok' in action ? action : applyAction(game, userID, action, clock);
  if (result.ok) throw new Error(`${userID}: ${JSON.stringify(input)} was accepted`);
  return result;
}

export const bidOn = (tradeRowIndex: number, military = 0): Action => ({ type: 'BID', bid: { military, tradeRowIndex } });
export const gain = (cardIDToGain: number): Action => ({ type: 'RESOLVE', resolve: { cardIDToGain } });
export const reroll = (rerollRound: number, rerollType: 'reroll' | 'decline' = 'reroll'): Action => ({
  type: 'REROLL',
  rollSelection: { rerollType, rerollRound },
});

/** Every player bids: `bids[userID] = [tradeRowIndex, military]`. */
export function bidAll(game: Game, bids: Record<string, [number, number?]>): Game {
  for (const [userID, [index, military]] of Object.entries(bids)) game = act(game, userID, bidOn(index, military ?? 0));
  return game;
}

/** Every player gains a card: `choices[userID] = cardID`. */
export function gainAll(game: Game, choices: Record<string, number>): Game {
  for (const [userID, cardID] of Object.entries(choices)) game = act(game, userID, gain(cardID));
  return game;
}

/** A copy of the game with one player changed (to set up a situation). */
export function withPlayer(game: Game, userID: string, change: (player: Player) => Partial<Player>): Game {
  return { ...game, players: game.players.map((p) => (p.userID === userID ? { ...p, ...change(p) } : p)) };
}

export function withCounters(game: Game, userID: string, counters: Partial<Player['counters']>): Game {
  return withPlayer(game, userID, (p) => ({ counters: { ...p.counters, ...counters } }));
}

/** Gives a player extra cards (to set up holdings), keeping the board stacks in step. */
export function withCards(game: Game, userID: string, cardIDs: number[]): Game {
  return withPlayer(game, userID, (p) => {
    const cards = { Building: [...p.cards.Building], Unit: [...p.cards.Unit], Event: [...p.cards.Event] };
    for (const id of cardIDs) cards[game.cardsByID[id]!.type].push(id);
    return { cardIDs: [...p.cardIDs, ...cardIDs], cards };
  });
}

/** Puts these cards on the trade row, left to right (to set up a situation). */
export function withTradeRow(game: Game, cardIDs: number[]): Game {
  const placed = new Set(cardIDs);
  return { ...game, tableIDs: cardIDs, deck: [...game.deck, ...game.tableIDs.filter((id) => id !== null && !placed.has(id)) as number[]].filter((id) => !placed.has(id)) };
}

export function eventsOf<T extends GameEvent['type']>(game: Game, type: T): Extract<GameEvent, { type: T }>[] {
  return game.events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

export function player(game: Game, userID: string): Player {
  return game.players.find((p) => p.userID === userID)!;
}
