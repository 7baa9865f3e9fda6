/**
 * A replay, heard: a step forward says its news as the game screen does (a clash's result with
 * its totals, the cards gained), once; a jump (a turn) or a step back says nothing more than the
 * step's place. The clash's panel is no live region any more: without the news, a blind player
 * stepping through a replay heard who bid, never who won.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { openReplay, playedReplay, shownStep } from '../support/replay-page.js';
import { ANN_AND_BOB, ANN } from '../support/screen-state.js';
import { stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer, which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

const { record, moments } = playedReplay();
const results = (step: number) => moments[step]!.game.events.filter((e) => e.type === 'CONFLICT_RESULTS').length;
/** The first step whose action brought a clash. */
const clashAt = moments.findIndex((_, i) => i > 0 && results(i) > results(i - 1));

beforeEach(() => {
  // The dice settled at once: the step's result is on the screen as it comes.
  localStorage.setItem('userPrefs', JSON.stringify({ disableAnimations: true }));
  stubbed.answers = { 'replays.get': record };
  stubbed.users = ANN_AND_BOB;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  stubbed.answers = {};
  stubbed.users = null;
});

const said = () => [...(screen.queryByRole('log', { name: 'Game news' })?.querySelectorAll('p') ?? [])].map((p) => p.textContent ?? '');

test("a step forward onto a clash says who won it and the totals, once; a jump and a step back say nothing more", async () => {
  const user = userEvent.setup();
  openReplay(record.id, clashAt - 1);
  await screen.findByTestId('replay-where');
  expect(said()).toEqual([]);
  await user.keyboard('{ArrowRight}');
  expect(shownStep()).toBe(clashAt);
  const clash = moments[clashAt]!.game.events.filter((e) => e.type === 'CONFLICT_RESULTS').at(-1)!;
  if (clash.type !== 'CONFLICT_RESULTS') throw new Error('no clash');
  const name = (id: string) => (id === ANN ? 'Ann' : 'Bob');
  const totals = Object.values(clash.payload.rounds.at(-1)!).map((r) => `${name(r.playerID)} ${r.total}`).join(', ');
  const result = `${name(clash.payload.winningPlayerID)} won the clash for `;
  await act(async () => undefined);
  const lines = said();
  expect(lines.filter((line) => line.includes(result) && line.includes(`(${totals}).`))).toHaveLength(1);
  const heard = lines.length;
  await user.keyboard('{ArrowDown}');
  await user.keyboard('{ArrowLeft}');
  expect(said()).toHaveLength(heard);
});
