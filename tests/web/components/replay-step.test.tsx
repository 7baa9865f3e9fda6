/**
 * The replay's step (`useReplayStep`): held in the address, moved by keys faster than the screen
 * draws (each press counts), followed when a link changes the address, kept within the game, and
 * drawn once a move: the page's copy of the step drew the whole replay twice a step, once for the
 * copy and once for the router's new address.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { Link } from '../../../src/web/components/link.js';
import { useReplayStep, type StepMove } from '../../../src/web/replay/use-replay-step.js';

const LAST = 20;
let renders = 0;
let go: (move: StepMove) => void = () => undefined;

function Stepper() {
  const [step, move] = useReplayStep(LAST);
  const { search } = useLocation();
  renders++;
  go = move;
  return (
    <>
      <p data-testid="step">{step}</p>
      <p data-testid="address">{search}</p>
      <Link to="?step=12">a turning point</Link>
    </>
  );
}

function open(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/replay" element={<Stepper />} />
      </Routes>
    </MemoryRouter>,
  );
}

const shown = () => ({ step: screen.getByTestId('step').textContent, address: screen.getByTestId('address').textContent });

beforeEach(() => {
  renders = 0;
});
afterEach(cleanup);

test('a move is drawn once, and the address says the step', () => {
  open('/replay?step=3');
  const before = renders;
  act(() => go((s) => s + 1));
  expect(shown()).toEqual({ step: '4', address: '?step=4' });
  expect(renders - before).toBe(1);
});

test('moves made before the screen draws each count (a held arrow key)', () => {
  open('/replay?step=3');
  act(() => {
    for (let i = 0; i < 5; i++) go((s) => s + 1);
  });
  expect(shown()).toEqual({ step: '8', address: '?step=8' });
  act(() => go((s) => s - 1));
  expect(shown()).toEqual({ step: '7', address: '?step=7' });
});

test('a link to a step is followed, and moves go on from it', () => {
  open('/replay?step=3');
  act(() => go(15));
  expect(shown().step).toBe('15');
  fireEvent.click(screen.getByRole('link', { name: 'a turning point' }));
  expect(shown()).toEqual({ step: '12', address: '?step=12' });
  act(() => go((s) => s + 1));
  expect(shown()).toEqual({ step: '13', address: '?step=13' });
});

test('the step stays within the game, whatever the address or the move asks', () => {
  open('/replay?step=500');
  expect(shown().step).toBe(String(LAST));
  act(() => go((s) => s + 1));
  expect(shown()).toEqual({ step: String(LAST), address: '?step=500' });
  act(() => go(-4));
  expect(shown()).toEqual({ step: '0', address: '?step=0' });
  cleanup();
  open('/replay?step=soon');
  expect(shown().step).toBe('0');
});
