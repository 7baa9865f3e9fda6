/**
 * Engine invariants over thousands of seeded random legal games (fast-check): 2 to 8 players,
 * random options and modules, the real card set. Every game reaches its end after 3 ages x 5
 * turns; counters stay in range; every card and tribute is in exactly one place; sequenceID only
 * grows; the same seed and actions give the same game, bit for bit; no step changes its input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUNTER_CAP,
  advance,
  playAction,
  type Game,
} from '../../src/engine/index.js';
import { playToEnd } from '../support/play.js';
import { newGame, setupArbitrary } from '../support/random-games.js';
import { runs } from '../support/test-depth.js';


interface CardIndex {
  /** Non-basic, non-leader card ids by age. */
  byAge: Record<number, number[]>;
  isBasic: Uint8Array;
  tributeIDs: number[];
}
const indexes = new WeakMap<Game['cardsByID'], CardIndex>();

function cardIndex(game: Game): CardIndex {
  let index = indexes.get(game.cardsByID);
  if (index) return index;
  const cards = Object.values(game.cardsByID);
  index = { byAge: { 1: [], 2: [], 3: [] }, isBasic: new Uint8Array(4096), tributeIDs: Object.keys(game.tributeCardsByID).map(Number) };
  for (const card of cards) {
    if (card.affinity === 'Basic') index.isBasic[card.id] = 1;
    else if (card.affinity !== 'Leader' && card.age !== null) index.byAge[card.age]!.push(card.id);
  }
  indexes.set(game.cardsByID, index);
  return index;
}

const seen = new Uint8Array(4096);

function place(ids: readonly (number | null)[], what: string): void {
  for (const id of ids) {
    if (id === null) continue;
    if (seen[id]) throw new Error(`${what} ${id} is in two places`);
    seen[id] = 1;
  }
}

/** Every rule that must hold in every state of every game. */
function checkInvariants(game: Game): void {
  const index = cardIndex(game);
  seen.fill(0);
  for (const p of game.players) {
    const c = p.counters;
    for (const key of ['gold', 'military', 'warTokens', 'rerollTokens'] as const) {
      if (!(c[key] >= 0 && c[key] <= COUNTER_CAP && Number.isInteger(c[key]))) throw new Error(`${p.userID} ${key} = ${c[key]}`);
    }
    if (c.favor < 0 || c.tributeTokens < 0) throw new Error(`${p.userID} favor ${c.favor}, tribute tokens ${c.tributeTokens}`);
    if (p.cards.Building.length + p.cards.Unit.length + p.cards.Event.length !== p.cardIDs.length) {
      throw new Error(`${p.userID}'s board stacks do not match the cards held`);
    }
    // Basic cards are an unlimited supply: only the others must be unique.
    place(p.cardIDs.filter((id) => !index.isBasic[id]), 'card');
  }
  place(game.deck, 'card');
  place(game.discard, 'card');
  place(game.tableIDs, 'card');
  if (game.phase !== 'SETUP') {
    for (let age = 1; age <= game.age; age++) {
      for (const id of index.byAge[age]!) if (!seen[id]) throw new Error(`card ${id} of age ${age} is nowhere`);
    }
  }
  for (let age = game.age + 1; age <= 3; age++) {
    for (const id of index.byAge[age]!) if (seen[id]) throw new Error(`card ${id} of age ${age} came out early`);
  }
  seen.fill(0);
  place(game.tributeDeck, 'tribute');
  place(game.tributeRow, 'tribute');
  place(game.tributeDiscard, 'tribute');
  for (const id of index.tributeIDs) if (!seen[id]) throw new Error(`tribute ${id} is nowhere`);
  if (game.tableIDs.length > game.boardSize) throw new Error('trade row too long');
  if (game.tributeRow.length > game.tributeRowSize) throw new Error('tribute row too long');
}

/** Random whole games checked at every step: 2,000 under `npm run test:deep`. */
const RANDOM_GAMES = runs(400, 2_000);

describe('random legal games', () => {
  it('all reach the end of age 3, turn 5, with every invariant held at every step', () => {
    let games = 0;
    fc.assert(
      fc.property(setupArbitrary, (setup) => {
        let sequenceID = -1;
        const { game } = playToEnd(newGame(setup), setup.botSeed, (state) => {
          if (state.sequenceID < sequenceID) throw new Error(`sequenceID went back from ${sequenceID} to ${state.sequenceID}`);
          sequenceID = state.sequenceID;
          checkInvariants(state);
        });
        expect(game.gameEndTimestamp).not.toBeNull();
        expect([game.age, game.turn]).toEqual([3, 5]);
        expect(game.statsByPlayerID).not.toBeNull();
        expect(game.winnerIDs.length).toBeGreaterThan(0);
        const top = Math.max(...game.players.map((p) => p.counters.favor));
        expect(game.winnerIDs).toEqual(game.players.filter((p) => p.counters.favor === top).map((p) => p.userID));
        // One card gained per player per turn, on top of the leader.
        for (const p of game.players) expect(p.cardIDs).toHaveLength(16);
        games++;
      }),
      { numRuns: RANDOM_GAMES, seed: 20261122 },
    );
    expect(games).toBe(RANDOM_GAMES);
  });

  it('the same seed and actions give the same game, bit for bit', () => {
    fc.assert(
      fc.property(setupArbitrary, (setup) => {
        const played = playToEnd(newGame(setup), setup.botSeed);
        let game = advance(newGame(setup), 1_700_000_000_000).game;
        for (const { userID, action, now } of played.actions) {
          const result = playAction(game, userID, action, now);
          if (!result.ok) throw new Error(result.message);
          game = result.game;
        }
        expect(JSON.stringify(game)).toBe(JSON.stringify(played.game));
      }),
      { numRuns: runs(50, 200), seed: 7 },
    );
  });

  it('no step changes the game it is given', () => {
    const deepFreeze = (value: unknown): void => {
      if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
      Object.freeze(value);
      for (const child of Object.values(value)) deepFreeze(child);
    };
    fc.assert(
      fc.property(setupArbitrary, (setup) => {
        // Frozen objects throw on any write in strict mode: a mutation would fail the game.
        playToEnd(newGame(setup), setup.botSeed, (state) => deepFreeze(state));
      }),
      { numRuns: 30, seed: 11 },
    );
  });
});
