/**
 * What a replay shows of its game, as each could see it then: a bid made but not yet revealed is
 * hidden to a spectator and to the other seat, 'Reveal all' shows it, and the seat sees it once
 * revealed; the ratings beside the names are the ones the game started from until its end, then
 * the ones it left (a bot's fixed); the fair-dice line, checked here, gives the commitment and
 * the seed, or names the first difference in a changed die; a player's own game opens through their eyes; a replay of no game says so, with a
 * way back to the lobby. The browser test keeps the whole game's replay served end to end.
 */
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { GameEvent } from '../../../src/engine/index.js';
import { FAIR_DICE_VERIFIED, verify, type GameRecord } from '../../../src/engine/replay.js';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { openReplay, playedReplay, replayScreen, shownStep } from '../support/replay-page.js';
import { ANN, BOB } from '../support/screen-state.js';
import { stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer, which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

const { record, moments, last } = playedReplay();
const GAME = record.id;
const NAMES: Record<string, string> = { [ANN]: 'Ann', [BOB]: 'Bob' };

/** A moment in planning where one seat has bid and the bids are not revealed yet; that seat; the first moment after it where the bids show. */
const hiddenAt = moments.findIndex((m) => m.game.phase === 'PLANNING' && m.game.players.some((p) => p.bid !== null));
const bidder = moments[hiddenAt]!.game.players.find((p) => p.bid !== null)!.userID;
const other = bidder === ANN ? BOB : ANN;
const revealedAt = moments.findIndex((m, i) => i > hiddenAt && m.game.phase !== 'PLANNING');

const bidOf = (userID: string) => document.querySelector(`[data-testid="replay-bids"] [data-bid-of="${userID}"] [data-bid]`)!;
const ratingOf = (userID: string) => document.querySelector(`.player-summary[data-player-id="${userID}"] .mythos-rating`)?.getAttribute('data-rating');

beforeEach(() => {
  stubbed.answers = { 'replays.get': record };
  stubbed.users = [ANN, BOB].map((id) => ({ id, name: NAMES[id]!, profilePictureURL: null }));
});
afterEach(() => {
  cleanup();
  stubbed.answers = {};
  stubbed.refusals = {};
  stubbed.users = null;
});

/** Picks the seat of `userID` in 'See it through the eyes of', as a person does. */
async function throughTheEyesOf(user: ReturnType<typeof userEvent.setup>, userID: string): Promise<void> {
  const seat = record.seats.findIndex((s) => s.userID === userID);
  await user.click(screen.getByRole('combobox', { name: 'See it through the eyes of' }));
  await user.click(await screen.findByRole('option', { name: `Seat ${seat + 1}: ${NAMES[userID]}` }));
  expect(replayScreen().getAttribute('data-viewer')).toBe(userID);
}

describe('what each pair of eyes saw', () => {
  test("a bid made but not revealed: hidden to a spectator and to the other seat, shown with 'Reveal all', and to the seat once revealed", async () => {
    expect(hiddenAt).toBeGreaterThan(0);
    const user = userEvent.setup();
    openReplay(GAME, hiddenAt);
    // A spectator (the default), then the other seat: the bid is made, and hidden.
    expect(replayScreen().getAttribute('data-viewer')).toBe('spectator');
    expect(bidOf(bidder).getAttribute('data-bid')).toBe('hidden');
    expect(bidOf(bidder).textContent).toBe('bid made, hidden');
    await throughTheEyesOf(user, other);
    expect(bidOf(bidder).getAttribute('data-bid')).toBe('hidden');
    // 'Reveal all', from the keyboard: the bid, its size and its card.
    const bid = moments[hiddenAt]!.game.players.find((p) => p.userID === bidder)!.bid!;
    const card = record.cardsByID[moments[hiddenAt]!.game.tableIDs[bid.tradeRowIndex]!]!;
    screen.getByRole('switch', { name: /^Reveal all/ }).focus();
    await user.keyboard(' ');
    expect(replayScreen().getAttribute('data-reveal')).toBe('true');
    expect(bidOf(bidder).getAttribute('data-bid')).toBe('shown');
    expect(bidOf(bidder).textContent).toBe(`${bid.military} military on ${card.name}`);
    await user.keyboard(' ');
    expect(replayScreen().getAttribute('data-reveal')).toBe('false');
    expect(bidOf(bidder).getAttribute('data-bid')).toBe('hidden');
    // Once revealed, the other seat sees it too (the bid stays on the board for the turn).
    expect(moments[revealedAt]!.game.players.find((p) => p.userID === bidder)!.bid).not.toBeNull();
    cleanup();
    openReplay(GAME, revealedAt);
    await throughTheEyesOf(user, other);
    expect(bidOf(bidder).getAttribute('data-bid')).toBe('shown');
  });

  test("a player's own game opens through their own eyes, their seat marked '(you)'; anyone else's through a spectator's", async () => {
    const user = userEvent.setup();
    // One of its players: their seat, which sees their own bid before the reveal.
    stubbed.answers['session.me'] = { id: bidder, name: NAMES[bidder] };
    openReplay(GAME, hiddenAt);
    expect(replayScreen().getAttribute('data-viewer')).toBe(bidder);
    expect(bidOf(bidder).getAttribute('data-bid')).toBe('shown');
    const seat = record.seats.findIndex((s) => s.userID === bidder);
    await user.click(screen.getByRole('combobox', { name: 'See it through the eyes of' }));
    await user.click(await screen.findByRole('option', { name: `Seat ${seat + 1} (you): ${NAMES[bidder]}` }));
    expect(replayScreen().getAttribute('data-viewer')).toBe(bidder);
    // Their choice holds: a spectator's eyes.
    await user.click(screen.getByRole('combobox', { name: 'See it through the eyes of' }));
    await user.click(await screen.findByRole('option', { name: 'A spectator' }));
    expect(replayScreen().getAttribute('data-viewer')).toBe('spectator');
    expect(bidOf(bidder).getAttribute('data-bid')).toBe('hidden');
    cleanup();
    // Someone who did not play it: a spectator's, and no seat is theirs.
    stubbed.answers['session.me'] = { id: 'u_someone_else', name: 'Cleo' };
    openReplay(GAME, hiddenAt);
    expect(replayScreen().getAttribute('data-viewer')).toBe('spectator');
    await user.click(screen.getByRole('combobox', { name: 'See it through the eyes of' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['A spectator', ...record.seats.map((s, i) => `Seat ${i + 1}: ${NAMES[s.userID]}`)]);
  });

  test("beside each name the rating as it was then: the game's start until its end, then the one it left; a bot's fixed", async () => {
    const user = userEvent.setup();
    stubbed.answers['ratings.ofGame'] = { [ANN]: { gameID: GAME, at: 0, before: 1500, after: 1523, provisional: true, provisionalBefore: true, ceiling: null } };
    stubbed.answers['ratings.ofUsers'] = { [BOB]: { rating: 1350, provisional: false } };
    openReplay(GAME, hiddenAt);
    expect([ratingOf(ANN), ratingOf(BOB)]).toEqual(['1500', '1350']);
    await user.keyboard('{End}');
    expect(shownStep()).toBe(last);
    expect([ratingOf(ANN), ratingOf(BOB)]).toEqual(['1523', '1350']);
    await user.keyboard('{Home}');
    expect(shownStep()).toBe(0);
    expect([ratingOf(ANN), ratingOf(BOB)]).toEqual(['1500', '1350']);
  });
});

describe('the fair-dice line', () => {
  test('an honest game: verified in this browser, with the commitment and the revealed seed', () => {
    openReplay(GAME, hiddenAt);
    const line = screen.getByTestId('fair-dice');
    expect(line.getAttribute('data-verified')).toBe('true');
    expect(line.textContent).toContain(FAIR_DICE_VERIFIED);
    expect(line.textContent).toContain(record.seedCommitment!);
    expect(line.textContent).toContain(record.seed);
  });

  test('a die the server changed after the game: NOT verified, and the first difference named', () => {
    // The stored clash's first roll, one pip more.
    const events = structuredClone(record.events) as GameEvent[];
    const clash = events.find((e) => e.type === 'CONFLICT_RESULTS')!;
    if (clash.type !== 'CONFLICT_RESULTS') throw new Error('no clash');
    const result = Object.values(clash.payload.rounds[0]!)[0]!;
    result.rolls[0] = (result.rolls[0]! % 6) + 1;
    const changed: GameRecord = { ...record, events };
    const expected = verify(changed);
    if (expected.ok) throw new Error('the changed die verified');
    expect(expected.problem).toMatch(/^A die differs: event \d+ \(CONFLICT_RESULTS/);
    stubbed.answers['replays.get'] = changed;
    openReplay(GAME);
    const line = screen.getByTestId('fair-dice');
    expect(line.getAttribute('data-verified')).toBe('false');
    expect(line.textContent).toContain(`Fair dice NOT verified: ${expected.problem}`);
    expect(line.textContent).not.toContain(FAIR_DICE_VERIFIED);
  });

  test('a replay of no game says so, with a way back to the lobby rather than a dead end', () => {
    stubbed.answers = {};
    stubbed.refusals['replays.get'] = { message: 'Game g_missing not found.', data: { code: 'NOT_FOUND' } };
    openReplay('g_missing');
    const alert = screen.getAllByRole('alert').find((a) => a.textContent!.includes('This replay cannot be shown'))!;
    expect(alert.textContent).toContain('Game g_missing not found.');
    expect([...alert.querySelectorAll('a')].filter((a) => a.textContent === 'Back to the lobby').map((a) => a.getAttribute('href'))).toEqual(['/']);
  });
});
