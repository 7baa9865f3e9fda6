/**
 * A seat's clock never shows more than the turn timer, and warns for its last 20 s (a fast game's
 * last third). A decision's deadline also counts the clash's dice shown before it, and the clock
 * waits through them at the timer's whole length.
 * Hidden only while the dice stand over the board, it showed 1:33 and 1:34 of a 90 s timer where
 * the dice had been skipped or were not drawn (a helper's new player's evening).
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { SeatClock, TurnTimerLength } from '../../../src/web/game/clock.js';
import { theme } from '../../../src/web/theme.js';
import { ANN, newGame, screenState } from '../support/screen-state.js';

afterEach(cleanup);

/** Ann's clock in her action panel, her deadline `ms` from now; the turn timer `length` (null: not known yet). */
function clock(ms: number, length: number | null) {
  const base = screenState(newGame());
  const state = { ...base, seatsByUserID: { [ANN]: { userID: ANN, presence: 'here' as const, deadline: Date.now() + ms, standIn: null, left: false } } };
  render(
    <MantineProvider theme={theme}>
      <TurnTimerLength.Provider value={length}>
        <SeatClock state={state} userID={ANN} label />
      </TurnTimerLength.Provider>
    </MantineProvider>,
  );
  return screen.getByLabelText(/^You have .* left$/).textContent;
}

/** Whether that clock is in the warning colour. */
const warned = () => screen.getByLabelText(/^You have .* left$/).getAttribute('data-clock-warning');

describe("a seat's clock", () => {
  test('with the dice still in its deadline, shows the whole timer and no more', () => {
    expect(clock(94_000, 90_000)).toBe('Time left 1:30');
  });

  test('counts down as the deadline says once inside the timer', () => {
    expect(clock(45_200, 90_000)).toBe('Time left 0:46');
  });

  test("before the timer's length is known, shows the deadline as it is", () => {
    expect(clock(94_000, null)).toBe('Time left 1:34');
  });

  test("turns to the warning colour for its last 20 s, or a fast game's last third", () => {
    for (const [left, length, warning] of [
      [21_000, 90_000, 'false'],
      [19_000, 90_000, 'true'],
      [19_000, 30_000, 'false'],
      [11_000, 30_000, 'false'],
      [9_000, 30_000, 'true'],
      [19_000, null, 'true'],
    ] as const) {
      clock(left, length);
      expect(warned(), `${left} ms left of ${length}`).toBe(warning);
      cleanup();
    }
  });
});
