/**
 * Cards fly from where they stood before an update, so the screen reads the rows' boxes while it
 * renders the update (the old page still showing). Each read lays the page out in the middle of a
 * render: it is made only when the update flies a card from a row, and never for someone who asked
 * their system for less motion, for whom nothing flies (it cost a spectator's page 7 ms a move).
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Game } from '../../../src/engine/index.js';
import { useEventAnimations } from '../../../src/web/game/presentation/index.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { bidAll, gainAll, startGame, withCounters } from '../../support/scenario.js';
import { screenState } from '../support/screen-state.js';

/** The trade row as the game screen marks it, under the screen's animations. */
function Screen({ state }: { state: GameScreenState }) {
  useEventAnimations(state);
  return <div data-zone="trade-row">{state.game.tableIDs.map((id, i) => (id === null ? null : <div key={`${i}-${id}`} data-card-id={id} />))}</div>;
}

/** Turn 1's bids (no clash), and the same game once both seats gained the cards they won. */
function bidsThenGains(): [Game, Game] {
  let game = startGame({ players: 2 });
  for (const id of ['ann', 'bob']) game = withCounters(game, id, { gold: 40 });
  const bids = bidAll(game, { ann: [0], bob: [1] });
  return [bids, gainAll(bids, { ann: bids.tableIDs[0]!, bob: bids.tableIDs[1]! })];
}

/** How many boxes the screen read while it rendered and committed the gains (or, `bids`, the bids before them). */
function boxesReadForTheGains(step: 'gains' | 'bids' = 'gains'): number {
  const [bids, gains] = bidsThenGains();
  const [before, after] = step === 'gains' ? [bids, gains] : [startGame({ players: 2 }), bids];
  if (after.events.length === before.events.length) throw new Error('the step brings no event');
  const { rerender } = render(<Screen state={screenState(before, 'ann')} />);
  const reads = vi.spyOn(Element.prototype, 'getBoundingClientRect');
  act(() => rerender(<Screen state={screenState(after, 'ann')} />));
  return reads.mock.calls.length;
}

function askForLessMotion(reduce: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query.includes('prefers-reduced-motion: reduce'), media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList,
  );
}

beforeEach(() => {
  // The flights start in the next frame, which this test never draws: what it counts is the render's own reads.
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

test('cards gained from the trade row: the row is read before the update is drawn, to fly them from', () => {
  askForLessMotion(false);
  expect(boxesReadForTheGains()).toBeGreaterThan(0);
});

test('an update that flies no card from a row (the bids shown): nothing is read', () => {
  askForLessMotion(false);
  expect(boxesReadForTheGains('bids')).toBe(0);
});

test('someone who asked for less motion: nothing is read, nothing flies', () => {
  askForLessMotion(true);
  expect(boxesReadForTheGains()).toBe(0);
});
