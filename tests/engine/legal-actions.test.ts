/**
 * legalActions is exactly what the engine accepts, over thousands of states of seeded random games
 * (fast-check: 2 to 8 players, random options and modules, the real card set, every state a game
 * passes through): every listed action is accepted by applyAction, and of a broad sample of
 * candidate actions (every slot and more, bids around the limits, both reroll choices for nearby
 * rounds, every card in sight and some that are not) every one accepted is listed. A player's own
 * view gives the same list and decision as the game.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  baseMilitary,
  legalActions,
  pendingDecision,
  randomInt,
  rngFromState,
  viewFor,
  xoroshiroState,
  type Action,
  type ActionType,
  type Game,
  type Rng,
} from '../../src/engine/index.js';
import { playToEnd } from '../support/play.js';
import { newGame, setupArbitrary } from '../support/random-games.js';


/** States sampled per game. */
const SAMPLES = 60;

/** Candidate actions for a player: the legal ones and many more that are near misses. */
function candidates(game: Game, userID: string, rng: Rng): Action[] {
  const player = game.players.find((p) => p.userID === userID)!;
  const max = player.counters.military + baseMilitary(game, player);
  const out: Action[] = [{ type: 'UNBID' }];
  const militaries = [...new Set([0, 1, baseMilitary(game, player), max - 1, max, max + 1, randomInt(rng, 0, max + 3)])];
  for (let tradeRowIndex = -1; tradeRowIndex <= game.tableIDs.length; tradeRowIndex++) {
    for (const military of militaries) out.push({ type: 'BID', bid: { military, tradeRowIndex } });
  }
  for (const rerollRound of [game.rerollRound - 1, game.rerollRound, game.rerollRound + 1]) {
    for (const rerollType of ['reroll', 'decline'] as const) out.push({ type: 'REROLL', rollSelection: { rerollType, rerollRound } });
  }
  const cardIDs = new Set<number>([...game.basicPile, ...game.revealedTableIDs, ...player.cardIDs, 1, 99_999]);
  for (const id of game.tableIDs) if (id !== null) cardIDs.add(id);
  const all = Object.keys(game.cardsByID).map(Number);
  for (let i = 0; i < 3; i++) cardIDs.add(all[randomInt(rng, 0, all.length - 1)]!);
  for (const cardIDToGain of cardIDs) out.push({ type: 'RESOLVE', resolve: { cardIDToGain } });
  return out;
}

interface Tally {
  states: number;
  listed: Partial<Record<ActionType, number>>;
  acceptedCandidates: Partial<Record<ActionType, number>>;
  refusedCandidates: number;
}

function check(game: Game, rng: Rng, tally: Tally): void {
  tally.states++;
  expect(viewFor(game, null).decision).toBeNull();
  for (const { userID } of game.players) {
    const listed = legalActions(game, userID);
    const view = viewFor(game, userID);
    expect(view.decision).toEqual(pendingDecision(game, userID));
    expect(legalActions(view, userID)).toEqual(listed);
    const keys = new Set(listed.map((a) => JSON.stringify(a)));
    expect(keys.size).toBe(listed.length);
    for (const action of listed) {
      const result = applyAction(game, userID, action, game.updateTimestamp + 1);
      if (!result.ok) throw new Error(`listed but refused (${result.message}): ${userID} ${JSON.stringify(action)} in ${game.phase}`);
      tally.listed[action.type] = (tally.listed[action.type] ?? 0) + 1;
    }
    for (const action of candidates(game, userID, rng)) {
      const result = applyAction(game, userID, action, game.updateTimestamp + 1);
      if (!result.ok) {
        tally.refusedCandidates++;
        continue;
      }
      if (!keys.has(JSON.stringify(action))) throw new Error(`accepted but not listed: ${userID} ${JSON.stringify(action)} in ${game.phase}`);
      tally.acceptedCandidates[action.type] = (tally.acceptedCandidates[action.type] ?? 0) + 1;
    }
  }
}

describe('legalActions', () => {
  it('lists exactly the actions the engine accepts, in every kind of state', () => {
    const tally: Tally = { states: 0, listed: {}, acceptedCandidates: {}, refusedCandidates: 0 };
    fc.assert(
      fc.property(setupArbitrary, (setup) => {
        const start = newGame(setup);
        // Every state the game passes through: after each action, and after its automatic steps.
        const states: Game[] = [];
        playToEnd(start, setup.botSeed, (state) => states.push(state));
        const rng = rngFromState(xoroshiroState(setup.botSeed ^ 0x5eed));
        for (let i = 0; i < SAMPLES; i++) check(states[randomInt(rng, 0, states.length - 1)]!, rng, tally);
        // The last state too: once the game is over nothing is legal.
        const end = states[states.length - 1]!;
        expect(end.gameEndTimestamp).not.toBeNull();
        for (const { userID } of end.players) expect(legalActions(end, userID)).toEqual([]);
        check(end, rng, tally);
      }),
      { numRuns: 60, seed: 20261124 },
    );
    // Thousands of states, and every kind of action both listed and found among the candidates.
    expect(tally.states).toBeGreaterThan(3_000);
    for (const type of ['BID', 'UNBID', 'REROLL', 'RESOLVE'] as const) {
      expect(tally.listed[type], type).toBeGreaterThan(0);
      expect(tally.acceptedCandidates[type], type).toBeGreaterThan(0);
    }
    expect(tally.refusedCandidates).toBeGreaterThan(tally.states);
  });
});
