/**
 * The notice over the action panel when a stand-in bot chose for the viewer. A player whose page
 * was hidden or offline when their time ran out comes back to a seat whose stand-in mark the
 * server has already cleared: the log's STAND_IN for their seat this turn or the turn before is what
 * tells them, once, unless the page showed them the mark itself.
 */
import { useMemo, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { act as reactAct, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { botDecision } from '../../../src/bots/harness.js';
import type { Action, Game } from '../../../src/engine/index.js';
import { withStandIn } from '../../../src/server/services/stand-in.js';
import { ActionPanel } from '../../../src/web/game/action-panel.js';
import { decisionOf } from '../../../src/web/game/derive.js';
import { TakeoverNotice } from '../../../src/web/game/seat-notices.js';
import { useChoice } from '../../../src/web/game/use-choice.js';
import type { GameScreenState, SeatView } from '../../../src/web/game/model.js';
import { theme } from '../../../src/web/theme.js';
import { ANN, BOB, act, newGame, screenState } from '../support/screen-state.js';

const MISSED = 'While you were away, a bot chose for you: the log says what.';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

/** `game` after a stand-in bid for `userID` (its STAND_IN mark first, as the server logs it). */
function standInBid(game: Game, userID: string): Game {
  const seat = game.players.findIndex((p) => p.userID === userID);
  const action = botDecision(game, seat, 5, 'basic_bot') as Action;
  return act(withStandIn(game, userID, action, 'turn timer', Date.now()).game, userID, action);
}

/** `game` played on by bots in both seats until its turn changes. */
function nextTurn(game: Game): Game {
  const { age, turn } = game;
  while (game.age === age && game.turn === turn) {
    const seat = game.players.findIndex((_, i) => botDecision(game, i, 5, 'basic_bot') !== null);
    if (seat < 0) throw new Error('no seat has a decision');
    game = act(game, game.players[seat]!.userID, botDecision(game, seat, 5, 'basic_bot')!);
  }
  return game;
}

/** Ann's screen of `game`, her seat marked or not. */
function annSees(game: Game, standIn: SeatView['standIn'] = null, me: string | null = ANN): GameScreenState {
  const seat: SeatView = { userID: ANN, presence: 'here', deadline: null, standIn, left: false };
  return { ...screenState(game, me), seatsByUserID: { [ANN]: seat } };
}

const notice = (state: GameScreenState, compact = false) => (
  <MantineProvider theme={theme}>
    <TakeoverNotice state={state} onBack={() => undefined} compact={compact} />
  </MantineProvider>
);

const missed = () => screen.queryByText(MISSED);

describe('a bot chose for the player while they were away', () => {
  test('back with the mark already cleared: the log’s STAND_IN of this turn says so, and closed it stays closed', () => {
    const game = standInBid(newGame(), ANN);
    const { rerender } = render(notice(annSees(game)));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(MISSED);
    expect(status.getAttribute('data-takeover')).toBe('missed');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
    // Another update of the same turn (Bob's bid) does not bring it back.
    const bobBid = act(game, BOB, botDecision(game, 1, 5, 'basic_bot')!);
    expect(bobBid.sequenceID).toBeGreaterThan(game.sequenceID);
    rerender(notice(annSees(bobBid)));
    expect(missed()).toBeNull();
  });

  test('on a phone too, in its one line', () => {
    render(notice(annSees(standInBid(newGame(), ANN)), true));
    expect(screen.getByRole('status').textContent).toBe(MISSED);
  });

  test('not when the page showed the mark itself, read for a while or answered with "I’ll choose"', () => {
    vi.useFakeTimers();
    const game = standInBid(newGame(), ANN);
    const { rerender } = render(notice(annSees(game, 'turn timer')));
    expect(screen.getByRole('alert').textContent).toContain('Time ran out: a bot chose for you');
    reactAct(() => void vi.advanceTimersByTime(1_500));
    rerender(notice(annSees(game)));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    const again = render(notice(annSees(game, 'turn timer')));
    fireEvent.click(screen.getByRole('button', { name: "I'll choose" }));
    again.rerender(notice(annSees(game)));
    expect(missed()).toBeNull();
  });

  test("its button says what it does in the notice's words: the bot chose for you, now you choose (desktop and phone)", () => {
    let backs = 0;
    for (const compact of [false, true]) {
      for (const [standIn, title] of [['turn timer', 'Time ran out: a bot chose for you'], ['no one connected', 'You were away: a bot chose for you']] as const) {
        render(
          <MantineProvider theme={theme}>
            <TakeoverNotice state={annSees(standInBid(newGame(), ANN), standIn)} onBack={() => void backs++} compact={compact} />
          </MantineProvider>,
        );
        const alert = screen.getByRole('alert');
        expect(alert.textContent).toContain(title);
        expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(["I'll choose"]);
        expect(alert.textContent).not.toContain("I'm back");
        fireEvent.click(screen.getByRole('button', { name: "I'll choose" }));
        cleanup();
      }
    }
    expect(backs).toBe(4);
  });

  test('when the page had the mark only for a moment (its fetch, back from a drop) or only while hidden, it did not show it', () => {
    vi.useFakeTimers();
    const game = standInBid(newGame(), ANN);
    const { rerender } = render(notice(annSees(game, 'turn timer')));
    reactAct(() => void vi.advanceTimersByTime(300));
    rerender(notice(annSees(game)));
    expect(missed()).not.toBeNull();
    cleanup();

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const hidden = render(notice(annSees(game, 'turn timer')));
    reactAct(() => void vi.advanceTimersByTime(60_000));
    hidden.rerender(notice(annSees(game)));
    expect(missed()).not.toBeNull();
  });

  test('back in the next turn after a bot made the last choice of the turn before: still told; not two turns later', () => {
    // A gain the bot made for an away player is often the turn's last choice: they came back to
    // the next turn, whose log has no STAND_IN of theirs, and were told nothing.
    const game = standInBid(newGame(), ANN);
    const later = nextTurn(game);
    expect(later.turn).not.toBe(game.turn);
    render(notice(annSees(later)));
    expect(screen.getByRole('status').textContent).toBe(MISSED);
    cleanup();

    render(notice(annSees(nextTurn(later))));
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('not for the turn before when the page showed the mark in that turn', () => {
    vi.useFakeTimers();
    const game = standInBid(newGame(), ANN);
    const { rerender } = render(notice(annSees(game, 'turn timer')));
    reactAct(() => void vi.advanceTimersByTime(1_500));
    rerender(notice(annSees(nextTurn(game))));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('not for another seat’s stand-in, nor once the game is over, nor for a spectator', () => {
    render(notice(annSees(standInBid(newGame(), BOB))));
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();

    const game = standInBid(newGame(), ANN);
    const over = annSees(game);
    render(notice({ ...over, game: { ...over.game, gameEndTimestamp: Date.now() } }));
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();

    render(notice(annSees(game, null, null)));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('"I’ll choose"', () => {
  /** Ann's notice over her action panel, as the game screen has them; the server clears her mark once told she is back. */
  function Seat({ game }: { game: Game }) {
    const [standIn, setStandIn] = useState<SeatView['standIn']>('turn timer');
    const state = useMemo(() => annSees(game, standIn), [game, standIn]);
    const decision = decisionOf(state);
    const choice = useChoice(state, decision);
    return (
      <MantineProvider theme={theme}>
        <TakeoverNotice state={state} onBack={() => setStandIn(null)} />
        <ActionPanel state={state} decision={decision} choice={choice} act={async () => ({ ok: true })} awaiting={false} />
      </MantineProvider>
    );
  }

  test('pressed by keyboard, it goes with its notice and the focus goes to the action panel, not to the page', async () => {
    const user = userEvent.setup();
    render(<Seat game={standInBid(newGame(), ANN)} />);
    screen.getByRole('button', { name: "I'll choose" }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Action panel' }));
  });
});
