/**
 * /replay and a replay file made by hand that no saved game matches: an event of the server's log
 * that is null, players' values for the seed that are null, a value nested 20,000 deep. Each
 * threw out of the engine (a TypeError, a RangeError) as the page re-ran and checked the game,
 * and the page stayed as it was, saying nothing; then it said the engine's error; now the file's
 * own checks refuse each, naming the field at fault, as they refuse a card set no data file could
 * hold (tests/server/security-review-15.test.ts).
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { openOnReplayPage } from '../support/replay-file-page.js';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { botGameFile } from '../support/recorded-games.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer, which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

afterEach(cleanup);

/** The file's text after `edit`, which gets the parsed JSON. */
type Edit = (doc: { final: { events: unknown[]; cardsByID: Record<string, Record<string, unknown>> } & Record<string, unknown> }) => void;
const file = botGameFile();
const edited = (edit: Edit): string => {
  const doc: Parameters<Edit>[0] = JSON.parse(JSON.stringify(file));
  edit(doc);
  return JSON.stringify(doc);
};

/** The alert /replay shows once the file is opened. */
async function opened(text: string): Promise<string> {
  await openOnReplayPage(text, 'crafted.json');
  const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
  expect(alert.textContent).toMatch(/^This file cannot be shown/);
  return alert.textContent!.slice('This file cannot be shown'.length);
}

const notReplay = (why: string) => `This is not a replay file: ${why}.`;

test('an event of the saved log that is null', { timeout: 30_000 }, async () => {
  expect(await opened(edited((doc) => (doc.final.events[3] = null)))).toBe(notReplay('final.events[3] must be an event (an object with a "type")'));
});

test("players' values for the seed that are null", { timeout: 30_000 }, async () => {
  const text = edited((doc) => {
    doc.final.serverSecretCommitment = 'a'.repeat(64);
    doc.final.serverSecret = 'b'.repeat(64);
    doc.final.seedContributions = [null, null];
  });
  expect(await opened(text)).toBe(notReplay("final.seedContributions must be null or a list of the seats' values (objects of userID and value)"));
});

test('a value nested 20,000 deep', { timeout: 30_000 }, async () => {
  const text = edited((doc) => (doc.final.nested = 'NESTED')).replace('"NESTED"', '['.repeat(20_000) + ']'.repeat(20_000));
  expect(await opened(text)).toBe(notReplay('a value is nested more than 64 levels deep, as in no saved game'));
});

test('a card of no known type', { timeout: 30_000 }, async () => {
  const [key, card] = Object.entries(file.final.cardsByID)[0]!;
  expect(await opened(edited((doc) => (doc.final.cardsByID[key]!.type = 'Wonder')))).toBe(
    `This is not a replay file: final.cardsByID: card ${card.id} (${card.name}): field type: invalid card type string: Wonder.`,
  );
});
