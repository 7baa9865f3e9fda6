/**
 * Malformed actions through POST /api/game/{id}/add_action: each malformed
 * field gets the engine's message for that field and its rule code, never a schema library's
 * wording, and the game does not change. Plain fetch against a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from '../server/support.js';
import { guest, type Session } from './protocol-client.js';

let server: Server;
let host: Session;
let gameID: string;
/** The host's max bid, as the server words it. */
let max: number;

beforeAll(async () => {
  server = await startServer();
  host = await guest(server.url, 'Host');
  const lobbyID = (await host.call('POST', '/api/lobby/create')).json.id;
  expect((await host.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'easy_bot' })).status).toBe(200);
  gameID = (await host.call('POST', `/api/lobby/${lobbyID}/start`, {})).json.gameID;
  const tooMuch = await host.call('POST', `/api/game/${gameID}/add_action`, { action: { type: 'BID', bid: { military: 1e9, tradeRowIndex: 0 } } });
  const said = /^Invalid military bid: 1000000000\. Max bid: (\d+)$/.exec(tooMuch.json.error);
  if (!said) throw new Error(`unexpected answer: ${tooMuch.text}`);
  max = Number(said[1]);
});
afterAll(async () => server.close());

const sequenceID = async () => (await host.call('GET', `/api/game/${gameID}/state`)).json.sequenceID as number;

async function refused(action: unknown, error: string, code: string) {
  const answer = await host.call('POST', `/api/game/${gameID}/add_action`, { action });
  expect([answer.status, answer.json], JSON.stringify(action)).toEqual([400, { ok: false, error, code }]);
}

describe("add_action with a malformed field: the engine's message for that field", () => {
  it("BID military that is not a number: the engine's message, with the max bid", async () => {
    const before = await sequenceID();
    for (const military of ['1', '0', null, true, [1], { value: 1 }]) {
      await refused({ type: 'BID', bid: { military, tradeRowIndex: 0 } }, `Invalid military bid: NaN. Max bid: ${max}`, 'bid/invalid-military');
    }
    await refused({ type: 'BID', bid: { tradeRowIndex: 0 } }, `Invalid military bid: NaN. Max bid: ${max}`, 'bid/invalid-military');
    for (const military of [-1, 1.5, max + 1]) {
      await refused({ type: 'BID', bid: { military, tradeRowIndex: 0 } }, `Invalid military bid: ${military}. Max bid: ${max}`, 'bid/invalid-military');
    }
    expect(await sequenceID()).toBe(before);
  });

  it("BID tradeRowIndex: null, a string, missing or off the row: 'Invalid trade row index.'", async () => {
    for (const tradeRowIndex of [null, '0', -1, 0.5, 99, { index: 0 }]) {
      await refused({ type: 'BID', bid: { military: 0, tradeRowIndex } }, 'Invalid trade row index.', 'bid/invalid-trade-row-index');
    }
    await refused({ type: 'BID', bid: { military: 0 } }, 'Invalid trade row index.', 'bid/invalid-trade-row-index');
    await refused({ type: 'BID' }, 'Invalid trade row index.', 'bid/invalid-trade-row-index');
    await refused({ type: 'BID', bid: [0, 0] }, 'Invalid trade row index.', 'bid/invalid-trade-row-index');
  });

  it("RESOLVE cardIDToGain as a string, a list, null or missing: 'card to gain not found'", async () => {
    for (const cardIDToGain of ['120', [120], null, -1, 2.5]) {
      await refused({ type: 'RESOLVE', resolve: { cardIDToGain } }, 'card to gain not found', 'resolve/card-not-found');
    }
    await refused({ type: 'RESOLVE', resolve: {} }, 'card to gain not found', 'resolve/card-not-found');
    await refused({ type: 'RESOLVE' }, 'card to gain not found', 'resolve/card-not-found');
  });

  it("REROLL rerollType long, unknown or not a string: 'invalid reroll type'; rerollRound not a round: 'reroll count does not match'", async () => {
    for (const rerollType of ['x'.repeat(17), 'x'.repeat(5_000), 'maybe', 'Reroll', 1, null]) {
      await refused({ type: 'REROLL', rollSelection: { rerollType, rerollRound: 0 } }, 'invalid reroll type', 'reroll/invalid-type');
    }
    await refused({ type: 'REROLL', rollSelection: { rerollRound: 0 } }, 'invalid reroll type', 'reroll/invalid-type');
    for (const rerollRound of ['0', null, -1, 0.5]) {
      await refused({ type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound } }, 'reroll count does not match', 'reroll/round-mismatch');
    }
    await refused({ type: 'REROLL' }, 'reroll count does not match', 'reroll/round-mismatch');
  });

  it('an unknown, missing or mistyped action type: the unknown action type error', async () => {
    const unknown = (shown: string) => `unknown action type: ${shown}`;
    await refused({ type: 'PASS' }, unknown('PASS'), 'action/unknown-type');
    await refused({ type: 'bid', bid: { military: 0, tradeRowIndex: 0 } }, unknown('bid'), 'action/unknown-type');
    await refused({ type: 3 }, unknown('3'), 'action/unknown-type');
    await refused({ type: ['BID'] }, unknown('an array'), 'action/unknown-type');
    await refused({}, unknown('undefined'), 'action/unknown-type');
    await refused('BID', unknown('undefined'), 'action/unknown-type');
    await refused(null, unknown('undefined'), 'action/unknown-type');
    await refused({ type: 'T'.repeat(500) }, unknown(`${'T'.repeat(40)}...`), 'action/unknown-type');
    const missing = await host.call('POST', `/api/game/${gameID}/add_action`, {});
    expect([missing.status, missing.json]).toEqual([400, { ok: false, error: unknown('undefined'), code: 'action/unknown-type' }]);
  });

  it('a well-formed action with extra fields is read without them', async () => {
    const before = await sequenceID();
    const answer = await host.call('POST', `/api/game/${gameID}/add_action`, {
      action: { type: 'BID', bid: { military: 0, tradeRowIndex: 0, note: 'mine' }, userID: 'someone else' },
    });
    expect([answer.status, answer.json]).toEqual([200, { ok: true, sequenceID: expect.any(Number) }]);
    expect(answer.json.sequenceID).toBeGreaterThan(before);
  });
});
