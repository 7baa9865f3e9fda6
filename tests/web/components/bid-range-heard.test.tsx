/**
 * A bid's limits, as a screen reader hears the bid's box and slider: each is described by the
 * range beside it ('0 to 2'), which a sighted player reads there. Named 'Military bid' alone, the
 * box left a blind player to guess how much they could bid, or to find it by typing past it.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { ActionPanel } from '../../../src/web/game/action-panel.js';
import { decisionOf } from '../../../src/web/game/derive.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { useChoice } from '../../../src/web/game/use-choice.js';
import { theme } from '../../../src/web/theme.js';
import { newGame, screenState } from '../support/screen-state.js';

function Panel({ state }: { state: GameScreenState }) {
  const decision = decisionOf(state);
  const choice = useChoice(state, decision);
  return <ActionPanel state={state} decision={decision} choice={choice} act={async () => ({ ok: true })} awaiting={false} />;
}

// A choice kept for this game by another file of the worker (the same seed, the same game id) would
// change the words beside the box: each test starts from none.
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(cleanup);

/** The words an element's aria-describedby points at, as a screen reader reads them after its name. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

test("the bid's box and slider say the bid's range", () => {
  const game = newGame();
  const state = screenState(game);
  const decision = decisionOf(state);
  expect(decision?.type).toBe('BID');
  const { minMilitary, maxMilitary } = decision as Extract<typeof decision, { type: 'BID' }>;
  expect(maxMilitary).toBeGreaterThan(minMilitary);
  render(
    <MantineProvider theme={theme}>
      <Panel state={state} />
    </MantineProvider>,
  );
  expect(description(screen.getByRole('textbox', { name: 'Military bid' }))).toBe(`${minMilitary} to ${maxMilitary}`);
  expect(description(screen.getByRole('slider', { name: 'Military bid slider' }))).toBe(`${minMilitary} to ${maxMilitary}`);
});
