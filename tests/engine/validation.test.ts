/** Every validation of an action and every other rule error, message by message. */
import { describe, expect, it } from 'vitest';
import { applyAction, type Game } from '../../src/engine/index.js';
import { card, miniDefinitions } from '../support/mini-cards.js';
import { act, bidAll, bidOn, gain, refuse, reroll, startGame, withCounters, withTradeRow } from '../support/scenario.js';

const OFFERING = 122; // the free basic card of the mini set

/** Two players clash over trade row slot 0; the loser holds a reroll token and must decide. */
function rerollDecision(): { game: Game; loser: string } {
  let game = withCounters(withCounters(startGame(), 'ann', { rerollTokens: 1 }), 'bob', { rerollTokens: 1 });
  game = bidAll(game, { ann: [0, 1], bob: [0, 1] });
  expect(game.phase).toBe('WAR');
  const clash = game.clashes[0]!;
  return { game, loser: clash.playerIDs.find((id) => id !== clash.winningPlayerID)! };
}

function resolution(): Game {
  return bidAll(startGame(), { ann: [0], bob: [1] });
}

describe('bid', () => {
  it('only in planning', () => {
    expect(refuse(resolution(), 'ann', bidOn(0)).message).toBe('You can only bid during the planning phase.');
  });

  it('military between 0 and military plus base military', () => {
    const game = withCounters(startGame(), 'ann', { military: 4 });
    expect(refuse(game, 'ann', bidOn(0, 5)).message).toBe('Invalid military bid: 5. Max bid: 4');
    expect(refuse(game, 'ann', bidOn(0, -1)).message).toBe('Invalid military bid: -1. Max bid: 4');
    expect(refuse(game, 'ann', bidOn(0, 1.5)).message).toBe('Invalid military bid: 1.5. Max bid: 4');
    // A military that is not a number is read as NaN: the message names the max all the same.
    expect(refuse(game, 'ann', { type: 'BID', bid: { military: '2', tradeRowIndex: 0 } }).message).toBe(
      'Invalid military bid: NaN. Max bid: 4',
    );
  });

  it('the trade row index must be on the trade row', () => {
    const game = startGame();
    expect(game.tableIDs).toHaveLength(3);
    expect(refuse(game, 'ann', bidOn(3)).message).toBe('Invalid trade row index.');
    expect(refuse(game, 'ann', bidOn(-1)).message).toBe('Invalid trade row index.');
  });

  it('one bid per player per turn', () => {
    const game = act(startGame({ players: 3 }), 'ann', bidOn(0));
    expect(refuse(game, 'ann', bidOn(1)).message).toBe('bid already submitted');
  });
});

describe('unbid', () => {
  it('requires the option', () => {
    const game = act(startGame({ options: { unbid: false } }), 'ann', bidOn(0));
    expect(refuse(game, 'ann', { type: 'UNBID' }).message).toBe('unbid is not enabled');
  });

  it('requires the planning phase', () => {
    expect(refuse(resolution(), 'ann', { type: 'UNBID' }).message).toBe('cannot unbid after planning phase');
  });

  it('requires a bid', () => {
    expect(refuse(startGame(), 'ann', { type: 'UNBID' }).message).toBe('no bid to unbid');
  });

  it('takes the bid back, so the player can bid again', () => {
    let game = act(startGame(), 'ann', bidOn(0, 1));
    game = act(game, 'ann', { type: 'UNBID' });
    expect(game.bidsByPlayerID).toEqual({});
    expect(game.readyByUserID.ann).toBe(false);
    game = act(game, 'ann', bidOn(2, 0));
    expect(game.bidsByPlayerID.ann).toEqual({ military: 0, tradeRowIndex: 2 });
  });
});

describe('resolve', () => {
  it('only in the resolution phase', () => {
    expect(refuse(startGame(), 'ann', gain(OFFERING)).message).toBe('You can only gain a card during the resolution phase.');
  });

  it('the card must be the won trade row card or a basic card', () => {
    const game = resolution();
    expect(refuse(game, 'ann', gain(game.tableIDs[1]!)).message).toBe('Invalid card selection.');
    expect(refuse(game, 'ann', gain(game.tableIDs[2]!)).message).toBe('Invalid card selection.');
  });

  it('a clash loser may not take the card they lost', () => {
    let game = bidAll(startGame(), { ann: [0, 1], bob: [0, 1] });
    const clash = game.clashes[0]!;
    expect(game.phase).toBe('RESOLUTION');
    const loser = clash.playerIDs.find((id) => id !== clash.winningPlayerID)!;
    expect(refuse(game, loser, gain(clash.cardID)).message).toBe('Invalid card selection.');
    game = act(game, clash.winningPlayerID, gain(clash.cardID));
    expect(game.resolvesByPlayerID[clash.winningPlayerID]).toEqual({ cardIDToGain: clash.cardID });
  });

  it('an unknown card is not found', () => {
    expect(refuse(resolution(), 'ann', gain(99_999)).message).toBe('card to gain not found');
  });

  it('a bid must exist', () => {
    const game = resolution();
    const { ann: _, ...others } = game.bidsByPlayerID;
    expect(refuse({ ...game, bidsByPlayerID: others }, 'ann', gain(OFFERING)).message).toBe('Missing bid.');
  });

  it('the cost may not exceed gold plus base gold', () => {
    const game = withCounters(resolution(), 'ann', { gold: 0 });
    expect(refuse(game, 'ann', gain(game.tableIDs[0]!)).message).toBe('Not enough gold');
  });

  it('war tokens required may not exceed those held', () => {
    const definitions = miniDefinitions({ extraCards: [card(260, 'Siege Engine', { cost: 0, additionalCosts: { warTokens: 2 } })] });
    let game = withTradeRow(startGame({ definitions }), [260, 200, 201]);
    game = withCounters(game, 'ann', { warTokens: 1 });
    game = bidAll(game, { ann: [0], bob: [1] });
    expect(refuse(game, 'ann', gain(260)).message).toBe('Not enough Clash tokens');
    game = withCounters(game, 'ann', { warTokens: 2 });
    expect(applyAction(game, 'ann', gain(260), 1).ok).toBe(true);
  });

  it('one resolve per player', () => {
    const game = act(resolution(), 'ann', gain(OFFERING));
    expect(refuse(game, 'ann', gain(OFFERING)).message).toBe('resolve already submitted');
  });
});

describe('reroll', () => {
  it('the round must match the current reroll round', () => {
    const { game, loser } = rerollDecision();
    expect(refuse(game, loser, reroll(1)).message).toBe('reroll count does not match');
  });

  it('the type must be reroll or decline', () => {
    const { game, loser } = rerollDecision();
    expect(refuse(game, loser, { type: 'REROLL', rollSelection: { rerollType: 'maybe', rerollRound: 0 } }).message).toBe(
      'invalid reroll type',
    );
  });

  it('one choice per round', () => {
    // Three players clash; with two losers deciding, the round stays open after one choice.
    let game = startGame({ players: 3 });
    for (const id of ['ann', 'bob', 'cat']) game = withCounters(game, id, { rerollTokens: 1 });
    game = bidAll(game, { ann: [0, 1], bob: [0, 1], cat: [0, 1] });
    const clash = game.clashes[0]!;
    const loser = clash.playerIDs.find((id) => id !== clash.winningPlayerID)!;
    game = act(game, loser, reroll(0, 'decline'));
    expect(game.phase).toBe('WAR');
    expect(refuse(game, loser, reroll(0, 'decline')).message).toBe('reroll already submitted');
  });

  it('a reroll needs a reroll token', () => {
    const { game, loser } = rerollDecision();
    expect(refuse(withCounters(game, loser, { rerollTokens: 0 }), loser, reroll(0)).message).toBe('no reroll tokens');
  });

  it('only in the war phase, and only for a player asked to decide', () => {
    expect(refuse(startGame(), 'ann', reroll(0)).message).toBe('You can only reroll during the war phase.');
    const { game, loser } = rerollDecision();
    const winner = game.clashes[0]!.winningPlayerID;
    expect(winner).not.toBe(loser);
    expect(refuse(game, winner, reroll(0)).message).toBe('You have no reroll to decide.');
  });
});

describe('other checks', () => {
  it('an unknown player', () => {
    expect(refuse(startGame(), 'zed', bidOn(0)).message).toBe('invalid userID');
  });

  it('an unknown action type', () => {
    expect(refuse(startGame(), 'ann', { type: 'PASS' }).message).toBe('unknown action type: PASS');
    expect(refuse(startGame(), 'ann', null).message).toBe('unknown action type: undefined');
  });

  it('a game of another save version', () => {
    const game = { ...startGame(), version: 2 } as unknown as Game;
    expect(refuse(game, 'ann', bidOn(0))).toEqual({
      ok: false,
      code: 'save/version-mismatch',
      message: 'version mismatch: save version 2, expected 5',
    });
  });

  it('every error carries a stable code', () => {
    expect(refuse(startGame(), 'ann', bidOn(9))).toEqual({ ok: false, code: 'bid/invalid-trade-row-index', message: 'Invalid trade row index.' });
  });
});
