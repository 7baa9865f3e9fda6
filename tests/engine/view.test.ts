/**
 * viewFor, the one door for secrets: deck orders, the PRNG, pre-rolled dice and other players'
 * bids, gains and reroll choices before they are revealed never appear in any view; a spectator
 * sees no more than a player.
 */
import { describe, expect, it } from 'vitest';
import { createGame, viewFor, type Game } from '../../src/engine/index.js';
import { miniDefinitions } from '../support/mini-cards.js';
import { playToEnd } from '../support/play.js';
import { act, bidOn, gain, reroll, startGame, withCounters } from '../support/scenario.js';

const OFFERING = 122;

/** Whether `needle` (an array of numbers) appears in order, contiguous, anywhere in the JSON. */
function containsSequence(json: string, needle: readonly number[]): boolean {
  return needle.length > 1 && json.includes(needle.join(','));
}

describe('hidden information', () => {
  it('deck and tribute deck order, PRNG state, seed and pre-rolled dice are never shown', () => {
    const game = startGame({ players: 3, options: { prerollDice: true } });
    for (const viewer of ['ann', 'bob', null]) {
      const view = viewFor(game, viewer);
      const json = JSON.stringify(view);
      expect(view.deck).toEqual(game.deck.slice().sort((a, b) => a - b));
      expect(view.tributeDeck).toEqual(game.tributeDeck.slice().sort((a, b) => a - b));
      expect(game.deck).not.toEqual(view.deck);
      expect(containsSequence(json, game.deck)).toBe(false);
      if (game.rngState.kind !== 'chacha20' || typeof game.seed !== 'string') throw new Error('a new game is a chacha20 game');
      expect(json).not.toContain(game.rngState.key);
      expect(json).not.toContain(game.seed);
      for (const key of ['rngState', 'prerolledDiceByPlayerID', 'turnRecordByPlayerID']) expect(view).not.toHaveProperty(key);
      // The seed waits for the end of the game; its commitment is there from the start.
      expect(view.seed).toBeNull();
      expect(view.seedCommitment).toBe(game.seedCommitment);
    }
  });

  it("another player's bid and selected card stay hidden until every bid is in", () => {
    const game = act(act(startGame({ players: 3 }), 'ann', bidOn(2, 1)), 'bob', bidOn(1, 0));
    const mine = viewFor(game, 'ann');
    expect(mine.bidsByPlayerID).toEqual({ ann: { military: 1, tradeRowIndex: 2 } });
    expect(mine.players[0]!.bid).toEqual({ military: 1, tradeRowIndex: 2 });
    expect(mine.players[0]!.selectedCard).toBe(game.tableIDs[2]);
    expect(mine.players[1]!.bid).toBeNull();
    expect(mine.players[1]!.selectedCard).toBeNull();
    expect(mine.readyByUserID).toEqual({ ann: true, bob: true, cat: false });
    const theirs = viewFor(game, 'cat');
    expect(theirs.bidsByPlayerID).toEqual({});
    expect(theirs.players.map((p) => p.bid)).toEqual([null, null, null]);
    const spectator = viewFor(game, null);
    expect(spectator.bidsByPlayerID).toEqual({});
    expect(JSON.stringify(spectator)).not.toContain('"tradeRowIndex":2');
    // Once every bid is in, they are revealed to all.
    const revealed = act(game, 'cat', bidOn(0, 0));
    expect(viewFor(revealed, null).bidsByPlayerID).toEqual(revealed.bidsByPlayerID);
  });

  it("another player's card choice stays hidden until everyone has chosen", () => {
    let game = act(act(startGame(), 'ann', bidOn(0)), 'bob', bidOn(1));
    game = act(game, 'ann', gain(OFFERING));
    expect(viewFor(game, 'bob').resolvesByPlayerID).toEqual({});
    expect(viewFor(game, null).resolvesByPlayerID).toEqual({});
    expect(viewFor(game, 'ann').resolvesByPlayerID).toEqual({ ann: { cardIDToGain: OFFERING } });
  });

  it("another player's reroll choice stays hidden until the round is rolled", () => {
    let game = startGame({ players: 3 });
    for (const id of ['ann', 'bob', 'cat']) game = withCounters(game, id, { rerollTokens: 2 });
    game = act(act(act(game, 'ann', bidOn(0, 1)), 'bob', bidOn(0, 1)), 'cat', bidOn(0, 1));
    const clash = game.clashes[0]!;
    const [first, second] = clash.playerIDs.filter((id) => id !== clash.winningPlayerID);
    game = act(game, first!, reroll(0, 'decline'));
    expect(viewFor(game, second!).rollSelectionsByPlayerID).toEqual({ [first!]: 'na', [second!]: 'na' });
    expect(viewFor(game, first!).rollSelectionsByPlayerID[first!]).toBe('decline');
  });

  it('a spectator never sees more than any player, at any point of a game', () => {
    const start = createGame({ players: [{ userID: 'ann' }, { userID: 'bob' }, { userID: 'cat' }], definitions: miniDefinitions(), options: { hideFavor: true, prerollDice: true, rerollTokens: true } }, 9, 0);
    let states = 0;
    playToEnd(start, 10, (game: Game) => {
      const spectator = JSON.stringify(viewFor(game, null));
      const seenByPlayers = game.players.map((p) => JSON.stringify(viewFor(game, p.userID)));
      // Everything the spectator sees, some player sees too: compare the parts that differ per viewer.
      for (const key of ['bidsByPlayerID', 'resolvesByPlayerID', 'rollSelectionsByPlayerID', 'players'] as const) {
        const part = JSON.stringify(viewFor(game, null)[key]);
        const anyPlayer = game.players.some((p) => JSON.stringify(viewFor(game, p.userID)[key]).length >= part.length);
        expect(anyPlayer).toBe(true);
      }
      expect(spectator.length).toBeLessThanOrEqual(Math.max(...seenByPlayers.map((j) => j.length)));
      states++;
    });
    expect(states).toBeGreaterThan(100);
  });
});
