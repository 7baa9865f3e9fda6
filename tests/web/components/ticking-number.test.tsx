/**
 * useTickingNumber, commit by commit: a counter ticks towards its value, a tick planned for a
 * value the counter no longer has is never shown, and a jump (CountersJump: a replay moved more
 * than one step at once) shows its value at once.
 */
import { useLayoutEffect } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CountersJump, useTickingNumber } from '../../../src/web/game/presentation/use-ticking-number.js';
import { TICK_MS } from '../../../src/web/game/presentation/ticking.js';

function Counter({ value }: { value: number }) {
  return <span data-testid="counter">{useTickingNumber(value)}</span>;
}

/** Runs `during` in the commit of each render, after the counter's own layout effects and before its passive ones. */
function InCommit({ during }: { during: () => void }) {
  useLayoutEffect(() => {
    during();
  });
  return null;
}

function Scene({ value, during = () => {} }: { value: number; during?: () => void }) {
  return (
    <>
      <Counter value={value} />
      <InCommit during={during} />
    </>
  );
}

const shown = () => Number(screen.getByTestId('counter').textContent);

describe('a ticking counter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  test('ticks one step at a time, at least TICK_MS apart, to its value', () => {
    const { rerender } = render(<Counter value={3} />);
    act(() => rerender(<Counter value={6} />));
    const seen = [shown()];
    for (let i = 0; i < 3; i++) {
      act(() => vi.advanceTimersByTime(TICK_MS - 1));
      expect(shown()).toBe(seen.at(-1));
      act(() => vi.advanceTimersByTime(1));
      seen.push(shown());
    }
    expect(seen).toEqual([3, 4, 5, 6]);
  });

  test('a tick whose timer fires after the value changed back is dropped: the counter shows the value it has', () => {
    // The screen held the game from before a clash: the counter's value went 5 -> 6 -> 5. On a
    // busy page the tick planned towards 6 fired between the commit that brought 5 back and the
    // effect that plans the ticks towards 5. Fired here at that moment, it must not show 6.
    const fireTick = () => {
      vi.advanceTimersByTime(TICK_MS);
    };
    const { rerender } = render(<Scene value={5} />);
    act(() => rerender(<Scene value={6} />));
    expect(shown()).toBe(5);
    act(() => rerender(<Scene value={5} during={fireTick} />));
    expect(shown()).toBe(5);
    act(() => vi.advanceTimersByTime(10 * TICK_MS));
    expect(shown()).toBe(5);
  });

  test("a jump shows its value in the commit that brings it, and the step after it ticks from there", () => {
    // A replay jumped from a step where the favor was 14 to one where it was 34 (a turning point's
    // link, End): the counter read 14, then 15, 16 ... for a second. A step forward still ticks.
    const at = (value: number, jump: boolean) => (
      <CountersJump.Provider value={jump}>
        <Counter value={value} />
      </CountersJump.Provider>
    );
    const { rerender } = render(at(14, false));
    act(() => rerender(at(34, true)));
    expect(shown()).toBe(34);
    act(() => vi.advanceTimersByTime(10 * TICK_MS));
    expect(shown()).toBe(34);
    act(() => rerender(at(36, false)));
    expect(shown()).toBe(34);
    act(() => vi.advanceTimersByTime(TICK_MS));
    expect(shown()).toBe(35);
    act(() => vi.advanceTimersByTime(TICK_MS));
    expect(shown()).toBe(36);
  });
});
