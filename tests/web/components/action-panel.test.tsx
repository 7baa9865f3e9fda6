/**
 * The action panel's own logic, rendered by React into happy-dom with a real engine game's view:
 * the bid box's clamping as it is typed in, a refused action's message and how long it stays, and
 * the panel while a clash's dice roll. The browser tests keep one run of each end to end (the
 * typed bid reaching the server, a tampered bid refused by it).
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { act as reactAct, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Action } from '../../../src/engine/index.js';
import { ActionPanel } from '../../../src/web/game/action-panel.js';
import { CLIENT_MESSAGES } from '../../../src/web/game/selection.js';
import { decisionOf, playerOf, unaffordableReason } from '../../../src/web/game/derive.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { useChoice } from '../../../src/web/game/use-choice.js';
import { UNSENT_MESSAGE, type ActOutcome } from '../../../src/web/game/use-game-state.js';
import { theme } from '../../../src/web/theme.js';
import { withCounters } from '../../support/scenario.js';
import { ANN, BOB, act, newGame, screenState } from '../support/screen-state.js';

/** A right-to-left name, and one ending in digits (which such a name carries across it). */
const NAMES: Record<string, string> = { [ANN]: 'אבי', [BOB]: 'سارة 2' };

function Panel({ state, send, awaiting = false }: { state: GameScreenState; send: (action: Action) => Promise<ActOutcome>; awaiting?: boolean }) {
  const decision = decisionOf(state);
  const choice = useChoice(state, decision);
  return (
    <>
      {/* The trade row's first card Ann can pay for, as the table offers it: a click picks it. */}
      <button type="button" onClick={() => choice.pick(state.game.tableIDs[affordable(state)]!, affordable(state))}>
        pick a card
      </button>
      <ActionPanel state={state} decision={decision} choice={choice} act={send} awaiting={awaiting} />
    </>
  );
}

/** The first trade row card Ann can pay for (one she cannot asks her to confirm first). */
function affordable(state: GameScreenState): number {
  const me = playerOf(state, ANN)!;
  const index = state.game.tableIDs.findIndex((id) => id !== null && unaffordableReason(state, me, id) === null);
  if (index < 0) throw new Error('Ann can pay for no card on the row');
  return index;
}

const submit = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
const wrap = (node: ReactNode) => <MantineProvider theme={theme}>{node}</MantineProvider>;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('the action panel', () => {
  test('a player who left has no decision and no panel: nothing to pick, nothing the server would refuse', () => {
    const state = screenState(newGame());
    expect(decisionOf(state)?.type).toBe('BID');
    const left: GameScreenState = { ...state, seatsByUserID: { [ANN]: { userID: ANN, presence: 'gone', deadline: null, standIn: 'left', left: true } } };
    expect(decisionOf(left)).toBeNull();
    render(wrap(<ActionPanel state={left} decision={state.game.decision} choice={{ selection: { cardID: null, bid: null }, pick: () => undefined, update: () => undefined } as never} act={async () => ({ ok: true })} awaiting={false} />));
    expect(screen.queryByRole('region', { name: 'Action panel' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('the bid box clamps what is typed at every key; empty is no bid', async () => {
    const user = userEvent.setup();
    const state = screenState(newGame());
    const sent: Action[] = [];
    render(wrap(<Panel state={state} send={async (a) => (sent.push(a), { ok: true })} />));
    await user.click(screen.getByRole('button', { name: 'pick a card' }));
    const decision = decisionOf(state);
    if (decision?.type !== 'BID') throw new Error(`expected a bid, got ${decision?.type}`);
    const { minMilitary: min, maxMilitary: max } = decision;
    expect(max).toBeGreaterThan(min);
    expect(max - min).toBe(playerOf(state, ANN)!.counters.military);
    screen.getByText(`${min} to ${max}`, { exact: false });
    const field = screen.getByRole('textbox', { name: 'Military bid' }) as HTMLInputElement;
    const slider = screen.getByRole('slider') as HTMLInputElement;
    // A lone minus sign, then a negative number: the bid is the minimum at once, Submit stays
    // usable, and leaving the box shows the bid it holds.
    await user.clear(field);
    await user.type(field, '-');
    expect(slider.value).toBe(String(min));
    await user.keyboard('3');
    expect(slider.value).toBe(String(min));
    screen.getByText(`${min} to ${max} · Submit bids ${min}`);
    expect(submit().disabled).toBe(false);
    await user.tab();
    expect(field.value).toBe(String(min));
    // Too much: the most Ann can bid.
    await user.clear(field);
    await user.keyboard(String(max + 4));
    expect(slider.value).toBe(String(max));
    // The box still shows what was typed, and says what Submit would bid.
    expect(field.value).toBe(String(max + 4));
    screen.getByText(`${min} to ${max} · Submit bids ${max}`);
    await user.tab();
    expect(field.value).toBe(String(max));
    screen.getByText(`${min} to ${max}`);
    // Empty: no bid, as the box says.
    await user.clear(field);
    expect(field.placeholder).toBe('No bid');
    screen.getByText(`${min} to ${max} · empty: no bid`);
    await user.keyboard('-3');
    await user.tab();
    expect(field.value).toBe(String(min));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent).toEqual([{ type: 'BID', bid: { military: min, tradeRowIndex: affordable(state) } }]);
  });

  test("a refused action's message shows for 8 s, the form still there to try again", async () => {
    const user = userEvent.setup();
    const state = screenState(newGame());
    const message = 'Invalid military bid: 99. Max bid: 5';
    render(wrap(<Panel state={state} send={async () => ({ ok: false, why: 'refused', message })} />));
    await user.click(screen.getByRole('button', { name: 'pick a card' }));
    // The page's time from here on is the test's: the refusal's own timer starts with it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submit());
    // The refusal comes when the sent action's promise settles.
    await reactAct(async () => {});
    const refusal = screen.getByTestId('refusal');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toBe(`Not accepted${message}`);
    expect(submit().disabled).toBe(false);
    reactAct(() => vi.advanceTimersByTime(7_900));
    expect(screen.queryByTestId('refusal')).not.toBeNull();
    reactAct(() => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId('refusal')).toBeNull();
  });

  /**
   * Submits a bid, then has another step reach the page before the answer (the seat's own bid, as
   * another tab sent it), then answers with `outcome`.
   */
  async function answeredAfterOwnBid(outcome: ActOutcome): Promise<void> {
    const user = userEvent.setup();
    const game = newGame();
    const state = screenState(game);
    let answer: (outcome: ActOutcome) => void = () => undefined;
    const send = () => new Promise<ActOutcome>((resolve) => (answer = resolve));
    const { rerender } = render(wrap(<Panel state={state} send={send} />));
    await user.click(screen.getByRole('button', { name: 'pick a card' }));
    fireEvent.click(submit());
    const bid: Action = { type: 'BID', bid: { military: 0, tradeRowIndex: affordable(state) } };
    rerender(wrap(<Panel state={screenState(act(game, ANN, bid))} send={send} />));
    await reactAct(async () => answer(outcome));
  }

  test('a refusal that comes after the game moved on says so under the rules\' message', async () => {
    await answeredAfterOwnBid({ ok: false, why: 'refused', message: 'You can only bid during the planning phase.' });
    expect(screen.getByTestId('refusal').textContent).toBe(`Not accepted${'You can only bid during the planning phase.'}${CLIENT_MESSAGES.movedOn}`);
  });

  test('a choice the seat had already sent from another tab is told in a player\'s words, not as a refusal', async () => {
    // The other tab's bid came first; this tab's screen, not yet showing it, sent its own.
    await answeredAfterOwnBid({ ok: false, why: 'chosen', message: CLIENT_MESSAGES.chosen });
    const refusal = screen.getByTestId('refusal');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toBe(`Already chosen${CLIENT_MESSAGES.chosen}`);
    // The game as it is now: the bid sent from the other tab, waiting for the others.
    expect(screen.getByText('Waiting for other players...')).toBeTruthy();
  });

  test('an action that never reached the server says so, not that it was refused', async () => {
    // "Not accepted / Failed to fetch" read as the rules refusing the move.
    const user = userEvent.setup();
    const state = screenState(newGame());
    render(wrap(<Panel state={state} send={async () => ({ ok: false, why: 'unsent', message: UNSENT_MESSAGE })} />));
    await user.click(screen.getByRole('button', { name: 'pick a card' }));
    fireEvent.click(submit());
    await reactAct(async () => {});
    expect(screen.getByTestId('refusal').textContent).toBe(`Not sent${UNSENT_MESSAGE}`);
    expect(submit().disabled).toBe(false);
  });

  test('while the dice roll the panel says so and offers neither Submit nor the choice', () => {
    // Both bid on the first card with all their military: a clash, and the resolution's choice
    // (or the reroll) is the next decision.
    let game = newGame();
    for (const userID of game.players.map((p) => p.userID)) {
      const military = game.players.find((p) => p.userID === userID)!.counters.military;
      game = act(game, userID, { type: 'BID', bid: { military, tradeRowIndex: 0 } });
    }
    const state = screenState(game);
    const decision = decisionOf(state);
    expect(['RESOLVE', 'REROLL']).toContain(decision?.type);
    const { rerender } = render(wrap(<Panel state={state} send={async () => ({ ok: true })} awaiting />));
    const panel = screen.getByRole('region', { name: 'Action panel' });
    within(panel).getByText('The dice are rolling...');
    expect(within(panel).queryByRole('button', { name: /^Submit/ })).toBeNull();
    // The dice settled: the decision is offered.
    rerender(wrap(<Panel state={state} send={async () => ({ ok: true })} />));
    expect(within(panel).queryByText('The dice are rolling...')).toBeNull();
    expect(within(panel).getAllByRole('button').length).toBeGreaterThan(0);
  });

  test("a lost clash's reroll choice names its winner's total, the name isolated from the words around it", () => {
    // Both hold a reroll token and bid nothing on the first card: the loser may reroll.
    let clashed = newGame();
    for (const { userID } of clashed.players) clashed = withCounters(clashed, userID, { rerollTokens: 1 });
    for (const { userID } of clashed.players) clashed = act(clashed, userID, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } });
    const loser = clashed.players.find((p) => decisionOf(screenState(clashed, p.userID, NAMES))?.type === 'REROLL')!;
    const winner = clashed.players.find((p) => p !== loser)!;
    render(wrap(<Panel state={screenState(clashed, loser.userID, NAMES)} send={async () => ({ ok: true })} />));
    const prompt = within(screen.getByRole('region', { name: 'Action panel' })).getByText(/^You lost the clash for/);
    expect(prompt.textContent).toMatch(new RegExp(`^You lost the clash for .+ \\(\\d+ against ${NAMES[winner.userID]}'s \\d+\\)\\. Reroll with a token \\(\\d+ held\\), or keep\\?$`));
    expect([...prompt.querySelectorAll('bdi')].map((name) => name.textContent)).toEqual([NAMES[winner.userID]]);
  });
});
