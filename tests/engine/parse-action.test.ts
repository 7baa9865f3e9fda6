/** parseAction: every input becomes an Action or a rule error with the engine's message, never a throw. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, parseAction, REROLL_TYPES, RULE_ERROR_CODES, type Action } from '../../src/engine/index.js';

const refusal = (input: unknown) => {
  const result = parseAction(input);
  if (!('ok' in result)) throw new Error(`${JSON.stringify(input)} was read as ${JSON.stringify(result)}`);
  return { code: result.code, message: result.message };
};

describe('parseAction', () => {
  it('reads each documented action (docs/protocol.md), dropping fields it does not know', () => {
    const actions: Action[] = [
      { type: 'BID', bid: { military: 2, tradeRowIndex: 1 } },
      { type: 'UNBID' },
      { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: 0 } },
      { type: 'RESOLVE', resolve: { cardIDToGain: 120 } },
    ];
    for (const action of actions) expect(parseAction(JSON.parse(JSON.stringify(action)))).toEqual(action);
    expect(parseAction({ type: 'UNBID', bid: { military: 1 }, extra: true })).toEqual({ type: 'UNBID' });
    expect(parseAction({ type: 'BID', bid: { military: 0, tradeRowIndex: 0, note: 'x' }, userID: 'bob' })).toEqual({
      type: 'BID',
      bid: { military: 0, tradeRowIndex: 0 },
    });
  });

  it('an unknown or missing type', () => {
    const unknown = (shown: string) => ({ code: 'action/unknown-type', message: `unknown action type: ${shown}` });
    expect(refusal({ type: 'PASS' })).toEqual(unknown('PASS'));
    expect(refusal({ type: 'bid' })).toEqual(unknown('bid'));
    expect(refusal({})).toEqual(unknown('undefined'));
    expect(refusal(null)).toEqual(unknown('undefined'));
    expect(refusal('BID')).toEqual(unknown('undefined'));
    expect(refusal([{ type: 'UNBID' }])).toEqual(unknown('undefined'));
    expect(refusal({ type: 7 })).toEqual(unknown('7'));
    expect(refusal({ type: { name: 'BID' } })).toEqual(unknown('an object'));
    expect(refusal({ type: 'X'.repeat(1_000) })).toEqual(unknown(`${'X'.repeat(40)}...`));
  });

  it('a military that is not a number is NaN, for the engine to refuse with the max bid', () => {
    for (const military of ['1', null, true, [1], { n: 1 }, undefined]) {
      expect(parseAction({ type: 'BID', bid: { military, tradeRowIndex: 0 } })).toEqual({ type: 'BID', bid: { military: Number.NaN, tradeRowIndex: 0 } });
    }
    // Numbers out of range are the engine's to refuse: only it knows the player's max.
    for (const military of [-1, 1.5, 1e9]) expect(parseAction({ type: 'BID', bid: { military, tradeRowIndex: 0 } })).toEqual({ type: 'BID', bid: { military, tradeRowIndex: 0 } });
  });

  it("a trade row index that cannot be one: 'Invalid trade row index.'", () => {
    const invalid = { code: 'bid/invalid-trade-row-index', message: 'Invalid trade row index.' };
    for (const tradeRowIndex of [null, '0', -1, 0.5, undefined, [0]]) expect(refusal({ type: 'BID', bid: { military: 0, tradeRowIndex } })).toEqual(invalid);
    expect(refusal({ type: 'BID' })).toEqual(invalid);
    expect(refusal({ type: 'BID', bid: 'all in' })).toEqual(invalid);
  });

  it("a reroll type other than reroll or decline: 'invalid reroll type'; a round that is not one: 'reroll count does not match'", () => {
    const invalidType = { code: 'reroll/invalid-type', message: 'invalid reroll type' };
    for (const rerollType of ['maybe', 'REROLL', 'x'.repeat(10_000), null, 1, undefined]) {
      expect(refusal({ type: 'REROLL', rollSelection: { rerollType, rerollRound: 0 } })).toEqual(invalidType);
    }
    const mismatch = { code: 'reroll/round-mismatch', message: 'reroll count does not match' };
    for (const rerollRound of ['0', null, -1, 0.5, undefined]) expect(refusal({ type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound } })).toEqual(mismatch);
    expect(refusal({ type: 'REROLL' })).toEqual(mismatch);
  });

  it("a card id that cannot be one: 'card to gain not found'", () => {
    const notFound = { code: 'resolve/card-not-found', message: 'card to gain not found' };
    for (const cardIDToGain of ['120', null, [120], -3, 1.5, undefined]) expect(refusal({ type: 'RESOLVE', resolve: { cardIDToGain } })).toEqual(notFound);
    expect(refusal({ type: 'RESOLVE' })).toEqual(notFound);
  });

  it('never throws on garbage: always a documented action or a rule error', () => {
    const actionLike = fc.record(
      {
        type: fc.oneof(fc.constantFrom(...ACTION_TYPES), fc.anything()),
        bid: fc.oneof(fc.record({ military: fc.anything(), tradeRowIndex: fc.anything() }, { requiredKeys: [] }), fc.anything()),
        rollSelection: fc.oneof(fc.record({ rerollType: fc.oneof(fc.constantFrom(...REROLL_TYPES), fc.anything()), rerollRound: fc.anything() }, { requiredKeys: [] }), fc.anything()),
        resolve: fc.oneof(fc.record({ cardIDToGain: fc.anything() }, { requiredKeys: [] }), fc.anything()),
      },
      { requiredKeys: [] },
    );
    const input = fc.oneof(actionLike, fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true, withTypedArray: true }));
    fc.assert(
      fc.property(input, (raw) => {
        const result = parseAction(raw);
        if ('ok' in result) {
          expect(result.ok).toBe(false);
          expect(RULE_ERROR_CODES).toContain(result.code);
          expect(typeof result.message).toBe('string');
          return;
        }
        expect(ACTION_TYPES).toContain(result.type);
        switch (result.type) {
          case 'BID':
            expect(Object.keys(result.bid).sort()).toEqual(['military', 'tradeRowIndex']);
            expect(typeof result.bid.military).toBe('number');
            expect(Number.isSafeInteger(result.bid.tradeRowIndex) && result.bid.tradeRowIndex >= 0).toBe(true);
            break;
          case 'UNBID':
            expect(Object.keys(result)).toEqual(['type']);
            break;
          case 'REROLL':
            expect(REROLL_TYPES).toContain(result.rollSelection.rerollType);
            expect(Number.isSafeInteger(result.rollSelection.rerollRound) && result.rollSelection.rerollRound >= 0).toBe(true);
            break;
          case 'RESOLVE':
            expect(Number.isSafeInteger(result.resolve.cardIDToGain) && result.resolve.cardIDToGain >= 0).toBe(true);
            break;
        }
      }),
      { numRuns: 5_000, seed: 42 },
    );
  });
});
