/**
 * A clash on the screen with animations on, commit by commit and with the page's time held by the
 * test: the results stay on the panel for a moment with input waiting, the overlay's Skip and Close
 * give the board back at once, and a settled clash's summary under the trade row stays for the
 * 15 s finish pause, then goes; the summary says its labels in words and the rounds before the
 * last. The browser tests keep a desktop run of each end to end (the clash reaching the page from
 * the server), and the summary's names whole at both widths.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { loadClashDice } from '../../../src/web/game/presentation/clash-dice.js';
import { AnimationLayer, ClashDisplay, useEventAnimations } from '../../../src/web/game/presentation/index.js';
import { SeatClock } from '../../../src/web/game/clock.js';
import { COMPLETE_PAUSE_MS } from '../../../src/web/game/presentation/clash.js';
import type { Game } from '../../../src/engine/index.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { theme } from '../../../src/web/theme.js';
import { act as play, ANN, BOB, beforeAndAfterClash, newGame, screenState } from '../support/screen-state.js';

// The dice's chunk (clash-dice-view.tsx) is here before the clash, as the screen has it: it loads
// them once a clash may be near.
beforeAll(async () => {
  await loadClashDice();
});

/** The clash display as the game screen mounts it, whether the action panel would wait for the dice, and Ann's clock. */
function Screen({ state }: { state: GameScreenState }) {
  const { awaiting } = useEventAnimations(state);
  return (
    <>
      <output data-testid="awaiting">{String(awaiting)}</output>
      <ClashDisplay state={state} />
      <SeatClock state={state} userID={state.me!} label />
    </>
  );
}

const wrap = (state: GameScreenState) => (
  <MantineProvider theme={theme}>
    <Screen state={state} />
  </MantineProvider>
);

/** Renders the step before the clash, then the clash's step, as the screen receives them (with `deadline`, Ann's decision's). */
function clashArrives(deadline: number | null = null): void {
  const [before, after] = beforeAndAfterClash();
  const { rerender } = render(wrap(screenState(before)));
  const shown = screenState(after);
  if (deadline !== null) shown.seatsByUserID = { [shown.me!]: { userID: shown.me!, presence: 'here', deadline, standIn: null, left: false } };
  act(() => rerender(wrap(shown)));
}

const awaiting = () => screen.getByTestId('awaiting').textContent;
const summary = () => document.querySelector('[data-testid="clashes"] [data-clash-stage="completed"]');

/**
 * The dice's steps are timers planned from performance.now(): both stand still unless the test
 * moves them. Each test starts from a fresh screen and device.
 */
function withStoppedClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.useRealTimers();
  });
}

describe('a clash with animations on', () => {
  withStoppedClock();

  test('Skip on the rolling dice: the panel gives the board back at once, the results in the summary under the trade row', () => {
    clashArrives();
    const overlay = screen.getByRole('region', { name: 'Clashes' });
    const skip = within(overlay).getByRole('button', { name: 'Skip the dice roll' });
    expect(skip.textContent).toBe('Skip');
    // Time stands still: the dice wait at their start, unrolled, and the panel waits for them.
    expect(overlay.querySelector('[data-clash-stage]')!.getAttribute('data-clash-stage')).toBe('initial');
    expect(within(overlay).getAllByRole('img', { name: 'die not rolled' }).length).toBeGreaterThan(0);
    expect(awaiting()).toBe('true');
    fireEvent.click(skip);
    // No time has passed: the panel is gone, and the summary under the trade row has every die
    // with a face and a winner named.
    expect(screen.queryByRole('region', { name: 'Clashes' })).toBeNull();
    const shown = summary()!;
    expect(within(shown as HTMLElement).queryAllByRole('img', { name: 'die not rolled' })).toEqual([]);
    expect(within(shown as HTMLElement).getAllByRole('img', { name: /^die showing \d$/ }).length).toBeGreaterThanOrEqual(2);
    // The winner's name is isolated from the words after it (a right-to-left name took them along).
    const line = (shown as HTMLElement).querySelector('footer')!;
    const winner = line.querySelector('bdi');
    expect([winner?.textContent, line.textContent]).toEqual([expect.stringMatching(/^(Ann|Bob)$/), `${winner?.textContent} wins the clash`]);
    expect(awaiting()).toBe('false');
  });

  test("a turn's clock waits while the dice roll (the server counts their time on top of the timer), then shows the time left", () => {
    // A minute's timer, with the dice's 7 s on top, as the server sets the deadline.
    clashArrives(Date.now() + 67_000);
    expect(awaiting()).toBe('true');
    expect(document.querySelector('[data-clock]')).toBeNull();
    fireEvent.click(within(screen.getByRole('region', { name: 'Clashes' })).getByRole('button', { name: 'Skip the dice roll' }));
    expect(awaiting()).toBe('false');
    expect(document.querySelector('[data-clock]')!.textContent).toMatch(/^Time left 1:0[67]$/);
  });

  test('the results stay in the panel for the complete pause, and input waits until the panel leaves the board', () => {
    clashArrives();
    const overlay = screen.getByRole('region', { name: 'Clashes' });
    const stage = () => overlay.querySelector('[data-clash-stage]')?.getAttribute('data-clash-stage');
    let waited = 0;
    while (stage() !== 'results' || overlay.querySelector('[data-clash-stage] footer')?.textContent?.endsWith('wins the clash') !== true) {
      if (waited > 30_000) throw new Error('no results in the panel after 30 s');
      act(() => vi.advanceTimersByTime(50));
      waited += 50;
    }
    // The last round's results are on the panel, which still stands over the board: nothing under
    // it may be picked yet (a click meant for a card took the panel, growing as the results came).
    expect(awaiting()).toBe('true');
    act(() => vi.advanceTimersByTime(COMPLETE_PAUSE_MS - 100));
    expect(screen.queryByRole('region', { name: 'Clashes' })).not.toBeNull();
    expect(awaiting()).toBe('true');
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByRole('region', { name: 'Clashes' })).toBeNull();
    expect(summary()).not.toBeNull();
    expect(awaiting()).toBe('false');
  });

  test('Close on the settled panel gives the board back before the pause ends', () => {
    clashArrives();
    const overlay = screen.getByRole('region', { name: 'Clashes' });
    while (overlay.querySelector('[data-clash-stage]')?.getAttribute('data-clash-stage') !== 'results') act(() => vi.advanceTimersByTime(50));
    expect(awaiting()).toBe('true');
    fireEvent.click(within(overlay).getByRole('button', { name: 'Close clash' }));
    expect(screen.queryByRole('region', { name: 'Clashes' })).toBeNull();
    expect(awaiting()).toBe('false');
    expect(summary()).not.toBeNull();
  });

  test("a settled clash's summary under the trade row stays for the 15 s finish pause, then goes", () => {
    clashArrives();
    // The dice roll and settle in the overlay (a few seconds), a stand-in keeping the summary's place.
    expect(screen.queryByRole('region', { name: 'Clashes' })).not.toBeNull();
    let waited = 0;
    while (!summary()) {
      if (waited > 30_000) throw new Error('no clash summary after 30 s');
      act(() => vi.advanceTimersByTime(100));
      waited += 100;
    }
    // Settled: the overlay is gone, the summary shows under the trade row (at most 100 ms into its pause).
    expect(screen.queryByRole('region', { name: 'Clashes' })).toBeNull();
    act(() => vi.advanceTimersByTime(14_800));
    expect(summary()).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(summary()).toBeNull();
    expect(screen.queryByTestId('clashes')).toBeNull();
    // Nothing of the clash comes back in a corner either.
    expect(screen.queryByRole('region', { name: 'Clash results' })).toBeNull();
  });
});

/**
 * Bob bids 1 military and Ann none on the trade row's first card: a clash whose labels carry a
 * sign, of two rounds or more (the first seed from 11 that gives one). The game before and after.
 */
function clashOfRounds(): [Game, Game, number] {
  for (let seed = 11; seed < 111; seed++) {
    const before = newGame(seed);
    const after = play(play(before, BOB, { type: 'BID', bid: { military: 1, tradeRowIndex: 0 } }), ANN, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } });
    const clash = after.events.findLast((e) => e.type === 'CONFLICT_RESULTS');
    if (clash?.type === 'CONFLICT_RESULTS' && clash.payload.rounds.length >= 2) return [before, after, clash.payload.rounds.length];
  }
  throw new Error('no seed from 11 to 110 gives a clash of two rounds');
}

describe("a settled clash's summary", () => {
  withStoppedClock();

  test('the labels in words, on the screen (a tooltip never shows on a touch screen), and the rounds before the last', () => {
    const [before, after, rounds] = clashOfRounds();
    const { rerender } = render(wrap(screenState(before)));
    act(() => rerender(wrap(screenState(after))));
    fireEvent.click(within(screen.getByRole('region', { name: 'Clashes' })).getByRole('button', { name: 'Skip the dice roll' }));
    const shown = summary() as HTMLElement;
    const labels = [...shown.querySelectorAll('[data-label]')].map((e) => e.getAttribute('data-label')!);
    expect(labels.map((l) => l.slice(1)).sort()).toEqual(['+', '-']);
    const legend = within(shown).getByTestId('clash-legend').textContent;
    for (const l of labels) expect(legend).toContain(l.startsWith('W') ? `${l} won` : `${l} lost`);
    expect(within(within(shown).getByRole('list', { name: 'Earlier rounds' })).getAllByRole('listitem')).toHaveLength(rounds - 1);
  });
});

/**
 * A phone on its Boards or Log tab has no summary under the trade row: a settled clash waits in the
 * overlay's corner (at the top on a phone, the newest alone: the stylesheet's). Opening the Table
 * tab shows the summary there, and the corner's go: a returning player's several replayed
 * clashes covered the bid panel for the whole finish pause.
 */
describe('settled clashes with no summary under the trade row (a phone on another tab)', () => {
  withStoppedClock();

  function OtherTab({ state, table }: { state: GameScreenState; table: boolean }) {
    useEventAnimations(state);
    return table ? <ClashDisplay state={state} /> : <AnimationLayer state={state} />;
  }
  const tab = (state: GameScreenState, table: boolean) => (
    <MantineProvider theme={theme}>
      <OtherTab state={state} table={table} />
    </MantineProvider>
  );

  test('wait in the corner, placed under the game header, and go when the Table tab opens', () => {
    const [before, after] = beforeAndAfterClash();
    const { rerender } = render(tab(screenState(before), false));
    const shown = screenState(after);
    act(() => rerender(tab(shown, false)));
    let waited = 0;
    while (!screen.queryByRole('region', { name: 'Clash results' })) {
      if (waited > 30_000) throw new Error('no docked clash after 30 s');
      act(() => vi.advanceTimersByTime(100));
      waited += 100;
    }
    const dock = screen.getByRole('region', { name: 'Clash results' });
    // Where the dice rolled, under the game header: a phone's stylesheet docks it there.
    expect(dock.style.getPropertyValue('--clash-top')).toMatch(/^\d+px$/);
    act(() => rerender(tab(shown, true)));
    expect(screen.queryByRole('region', { name: 'Clash results' })).toBeNull();
    expect(summary()).not.toBeNull();
  });
});
