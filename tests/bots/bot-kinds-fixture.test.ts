/**
 * The component tests' bot kinds (tests/web/support/bot-kinds.ts) are written out rather than
 * loaded from the bots: they stay the server's list (`definitions.get`'s `bots`), kind by kind.
 */
import { expect, test } from 'vitest';
import { BOTS } from '../../src/bots/index.js';
import { BOT_TYPES } from '../../src/engine/index.js';
import { BOT_KINDS } from '../web/support/bot-kinds.js';

test("the component tests' bot kinds are the server's, in its order, with their labels and who may seat them", () => {
  expect(BOT_KINDS).toEqual(BOT_TYPES.map((type) => ({ type, label: BOTS[type].label, visibility: BOTS[type].visibility })));
});
