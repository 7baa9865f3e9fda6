/**
 * viewFor, the one door for secrets: deck orders, the PRNG, pre-rolled dice and other players'
 * bids, gains and reroll choices before they are revealed never appear in any view; a spectator
 * sees no more than a player.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { applyAction, createGame, pendingDecision, viewFor, type Action, type Game, type GameView, type RuleError } from '../../src/engine/index.js';
import { miniDefinitions, tribute } from '../support/mini-cards.js';
import { playToEnd } from '../support/play.js';
import { act, bidOn, gain, reroll, startGame, withCounters } from '../support/scenario.js';

const OFFERING = 122;

/** The rule error the engine would answer this action with, or null if it would accept it. */
function refusal(game: Game, userID: string, action: Action): RuleError | null {
  const result = applyAction(game, userID, action, game.updateTimestamp + 1);
  return result.ok ? null : result;
}

/** Whether `needle` (an array of numbers) appears in order, contiguous, anywhere in the JSON. */
function containsSequence(json: string, needle: readonly number[]): boolean {
  return needle.length > 1 && json.includes(needle.join(','));
}

describe('hidden information', () => {
  it('deck and tribute deck order, PRNG state, seed and pre-rolled dice are never shown', () => {
    // Tributes enough to leave a tribute deck behind the row (the mini set's two are both on it).
    const tributes = Array.from({ length: 10 }, (_, i) => tribute(1000 + i, 'haveSets', {}, { value: [9, 9, 9] }));
    const game = startGame({ players: 3, options: { prerollDice: true }, definitions: miniDefinitions({ tributes }) });
    for (const viewer of ['ann', 'bob', null]) {
      const view = viewFor(game, viewer);
      const json = JSON.stringify(view);
      expect(view.deck).toEqual(game.deck.slice().sort((a, b) => a - b));
      expect(view.tributeDeck).toEqual(game.tributeDeck.slice().sort((a, b) => a - b));
      expect(game.deck).not.toEqual(view.deck);
      expect(game.tributeDeck).not.toEqual(view.tributeDeck);
      expect(containsSequence(json, game.deck)).toBe(false);
      expect(containsSequence(json, game.tributeDeck)).toBe(false);
      if (game.rngState.kind !== 'chacha20' || typeof game.seed !== 'string') throw new Error('a new game is a chacha20 game');
      expect(json).not.toContain(game.rngState.key);
      expect(json).not.toContain(game.seed);
      for (const key of ['rngState', 'prerolledDiceByPlayerID', 'turnRecordByPlayerID']) expect(view).not.toHaveProperty(key);
      // The seed waits for the end of the game; its commitment is there from the start.
      expect(view.seed).toBeNull();
      expect(view.seedCommitment).toBe(game.seedCommitment);
    }
  });

  it('the discard piles show their contents, not the dealing order the undealt deck went onto them in at the end of an age', () => {
    let secondAge: Game | null = null;
    playToEnd(startGame({ players: 3 }), 5, (game) => {
      secondAge ??= game.age === 2 ? game : null;
    });
    const game = secondAge! as Game;
    const byID = (ids: readonly number[]) => ids.slice().sort((a, b) => a - b);
    expect(game.discard.length).toBeGreaterThan(2);
    expect(game.discard).not.toEqual(byID(game.discard));
    for (const viewer of ['ann', null]) {
      const view = viewFor(game, viewer);
      expect(view.discard).toEqual(byID(game.discard));
      expect(view.tributeDiscard).toEqual(byID(game.tributeDiscard));
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
    let differed = 0;
    playToEnd(start, 10, (game: Game) => {
      const spectator = viewFor(game, null);
      const players = game.players.map((p) => viewFor(game, p.userID));
      const seenBy = (key: keyof GameView) => players.map((view) => view[key]);
      // Every part of the spectator's view is exactly what some player sees of it: per entry for
      // the parts that differ per viewer, whole for the rest. (And a spectator has nothing to decide.)
      for (const key of Object.keys(spectator) as (keyof GameView)[]) {
        if (key === 'viewerID' || key === 'decision') continue;
        const value = spectator[key];
        if (key === 'players' || key === 'events') {
          const lists = seenBy(key) as unknown[][];
          (value as unknown[]).forEach((entry, i) => expect(lists.some((list) => isDeepStrictEqual(list[i], entry)), `${key}[${i}]`).toBe(true));
        } else if (key === 'bidsByPlayerID' || key === 'resolvesByPlayerID' || key === 'rollSelectionsByPlayerID') {
          const records = seenBy(key) as Record<string, unknown>[];
          for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
            expect(records.some((record) => isDeepStrictEqual(record[id], entry)), `${key}.${id}`).toBe(true);
          }
        } else {
          for (const seen of seenBy(key)) expect(seen, key).toEqual(value);
        }
      }
      expect(spectator.decision).toBeNull();
      if (players.some((view) => !isDeepStrictEqual(view.players, spectator.players))) differed++;
      states++;
    });
    expect(states).toBeGreaterThan(100);
    // Players did see more than the spectator, at times (their own bids, tribute tokens under hideFavor).
    expect(differed).toBeGreaterThan(10);
  });
});

describe('the decision in a view', () => {
  it("carries the viewer's own pending decision, the same the bots answer; a spectator's view has none", () => {
    const game = startGame({ players: 3 });
    for (const viewer of ['ann', 'bob', 'cat']) {
      const view = viewFor(game, viewer);
      expect(view.decision).toEqual(pendingDecision(game, viewer));
      expect(view.decision).toMatchObject({ type: 'BID', tradeRowIndexes: [0, 1, 2, 3], minMilitary: 0, maxMilitary: 1 });
    }
    expect(viewFor(game, null).decision).toBeNull();
  });

  it('follows the turn: waiting (with undo) after a bid, the reroll round when asked, the cards to gain with their reasons', () => {
    let game = act(startGame({ players: 3 }), 'ann', bidOn(2, 1));
    expect(viewFor(game, 'ann').decision).toEqual({ type: 'WAIT_FOR_OTHERS', canUnbid: true, unbidRefusal: null });
    expect(viewFor(game, 'bob').decision).toMatchObject({ type: 'BID' });

    let reroll = startGame({ players: 2 });
    for (const id of ['ann', 'bob']) reroll = withCounters(reroll, id, { rerollTokens: 1 });
    reroll = act(act(reroll, 'ann', bidOn(0, 1)), 'bob', bidOn(0, 1));
    const clash = reroll.clashes[0]!;
    const loser = clash.playerIDs.find((id) => id !== clash.winningPlayerID)!;
    expect(viewFor(reroll, loser).decision).toEqual({ type: 'REROLL', rerollRound: 0, rerollTokens: 1, rerollRefusal: null });
    expect(viewFor(reroll, clash.winningPlayerID).decision).toBeNull();

    game = act(act(game, 'bob', bidOn(1, 0)), 'cat', bidOn(0, 0));
    expect(game.phase).toBe('RESOLUTION');
    const poor = withCounters(game, 'ann', { gold: 0 });
    const choices = viewFor(poor, 'ann').decision;
    expect(choices?.type).toBe('RESOLVE');
    if (choices?.type !== 'RESOLVE') return;
    // The card won comes first; a card she cannot pay for says why, as RESOLVE would refuse it.
    expect(choices.choices[0]!.cardID).toBe(game.tableIDs[2]);
    for (const choice of choices.choices) {
      const refused = refusal(poor, 'ann', gain(choice.cardID));
      expect(choice.refusal).toEqual(refused && { code: refused.code, message: refused.message });
      expect(choice.affordable).toBe(refused === null);
    }
    expect(choices.choices.filter((c) => !c.affordable).map((c) => c.refusal?.message)).toContain('Not enough gold');
    // Once chosen, nothing is left to decide.
    expect(viewFor(act(game, 'ann', gain(OFFERING)), 'ann').decision).toBeNull();
  });

  it('says why an unbid would be refused when the option is off', () => {
    const game = act(startGame({ options: { unbid: false } }), 'ann', bidOn(0));
    expect(viewFor(game, 'ann').decision).toEqual({
      type: 'WAIT_FOR_OTHERS',
      canUnbid: false,
      unbidRefusal: { code: 'unbid/not-enabled', message: 'unbid is not enabled' },
    });
  });

  it("tells nothing of others' hidden bids: the same decision whatever they bid", () => {
    const start = startGame({ players: 3 });
    const low = act(start, 'bob', bidOn(0, 0));
    const high = act(start, 'bob', bidOn(3, 1));
    expect(viewFor(high, 'ann').decision).toEqual(viewFor(low, 'ann').decision);
    expect(viewFor(high, 'ann').decision).toMatchObject({ type: 'BID' });
  });
});

describe('the end of the game in a view', () => {
  it('is explicit: ended turns true once the game is over (the phase stays TRIBUTE), and nobody has a decision left', () => {
    const start = startGame({ players: 2 });
    expect(viewFor(start, 'ann').ended).toBe(false);
    const { game } = playToEnd(start, 3);
    expect(game.phase).toBe('TRIBUTE');
    for (const viewer of ['ann', 'bob', null]) {
      const view = viewFor(game, viewer);
      expect(view.ended).toBe(true);
      expect(view.phase).toBe('TRIBUTE');
      expect(view.decision).toBeNull();
    }
  });
});

describe('tribute tokens under hideFavor', () => {
  /** Ann and Bob clash on slot 0, which completes the mini set's clashWithOpponent tribute (1 token) for both. */
  function clashed(options: Partial<Game['options']>): Game {
    let game = act(act(startGame({ options }), 'ann', bidOn(0, 0)), 'bob', bidOn(0, 0));
    game = act(act(game, 'ann', gain(OFFERING)), 'bob', gain(OFFERING));
    expect(game.players.map((p) => p.counters.tributeTokens)).toEqual([1, 1]);
    return game;
  }

  it("hides another player's tribute tokens and tributes, in counters and events, and shows one's own", () => {
    const game = clashed({ hideFavor: true });
    const mine = viewFor(game, 'ann');
    expect(mine.players[0]).toMatchObject({ tributeIDs: [1000], counters: { tributeTokens: 1, favor: 0 } });
    expect(mine.players[1]).toMatchObject({ tributeIDs: [], counters: { tributeTokens: 0, favor: 0 } });
    const tributes = mine.events.filter((e) => e.type === 'GAIN_TRIBUTES').map((e) => e.payload);
    expect(tributes).toEqual([
      { userID: 'ann', tributeIDs: [1000], favor: 0, tributeTokens: 1, triggeredCards: [] },
      // Not even whose: with the tribute seen leaving the row, that would tell Bob's tokens.
      { userID: '', tributeIDs: [], favor: 0, tributeTokens: 0, triggeredCards: [] },
    ]);
    const spectator = viewFor(game, null);
    expect(spectator.players.map((p) => [p.tributeIDs, p.counters.tributeTokens])).toEqual([
      [[], 0],
      [[], 0],
    ]);
    // Nothing in another player's view depends on Bob's real tokens.
    const more = { ...game, players: game.players.map((p) => (p.userID === 'bob' ? { ...p, counters: { ...p.counters, tributeTokens: 4, favor: 12 } } : p)) };
    expect(viewFor(more, 'ann')).toEqual(mine);
  });

  it('shows them all without hideFavor, and under hideFavor once the game has ended', () => {
    const open = viewFor(clashed({}), 'ann');
    expect(open.players.map((p) => p.counters.tributeTokens)).toEqual([1, 1]);
    const { game } = playToEnd(clashed({ hideFavor: true }), 5);
    const ended = viewFor(game, 'ann');
    expect(ended.players.map((p) => p.counters.tributeTokens)).toEqual(game.players.map((p) => p.counters.tributeTokens));
    expect(ended.players.map((p) => p.tributeIDs)).toEqual(game.players.map((p) => p.tributeIDs));
    expect(ended.events).toEqual(game.events);
  });
});
