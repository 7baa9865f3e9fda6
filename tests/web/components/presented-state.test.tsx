/**
 * What the player list is given while a clash rolls, commit by commit: the game and its log from
 * before the clash (the counters wait for the dice), with the table beside the game (who is here,
 * each seat's clock, the names) always the latest. Held whole, a player who hid their tab as a
 * clash came was shown present for the whole roll, and the clocks stood still.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { useEventAnimations, usePresentedState } from '../../../src/web/game/presentation/index.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { ANN, BOB, beforeAndAfterClash, screenState } from '../support/screen-state.js';

const seen: GameScreenState[] = [];

function PlayerList({ state }: { state: GameScreenState }) {
  useEventAnimations(state);
  seen.push(usePresentedState(state));
  return null;
}

afterEach(() => {
  cleanup();
  seen.length = 0;
});

const here = { presence: 'here', deadline: 1_000, standIn: null, left: false } as const;

describe('the player list while a clash rolls', () => {
  test('holds the game from before the clash, and shows the latest table', () => {
    const [beforeGame, afterGame] = beforeAndAfterClash();
    const before = { ...screenState(beforeGame), seatsByUserID: { [ANN]: { userID: ANN, ...here }, [BOB]: { userID: BOB, ...here } } };
    const { rerender } = render(<PlayerList state={before} />);
    // The clash's step, and then, while its dice roll, Bob hides his tab and Ann's clock is reset.
    const after = { ...screenState(afterGame), seatsByUserID: before.seatsByUserID };
    act(() => rerender(<PlayerList state={after} />));
    const tableChanged = { ...after, seatsByUserID: { [ANN]: { userID: ANN, ...here, deadline: 9_000 }, [BOB]: { userID: BOB, ...here, presence: 'away' as const } }, clockOffsetMs: 40 };
    act(() => rerender(<PlayerList state={tableChanged} />));

    const last = seen.at(-1)!;
    expect(last.game).toBe(before.game);
    expect(last.events).toBe(before.events);
    expect(last.seatsByUserID[BOB]!.presence).toBe('away');
    expect(last.seatsByUserID[ANN]!.deadline).toBe(9_000);
    expect(last.clockOffsetMs).toBe(40);
  });

  test('the same object while nothing it shows changes', () => {
    const [beforeGame, afterGame] = beforeAndAfterClash();
    const { rerender } = render(<PlayerList state={screenState(beforeGame)} />);
    const after = screenState(afterGame);
    act(() => rerender(<PlayerList state={after} />));
    const count = seen.length;
    act(() => rerender(<PlayerList state={after} />));
    expect(seen.length).toBeGreaterThan(count);
    expect(seen.at(-1)).toBe(seen[count - 1]);
    // Still held: the game from before the clash.
    expect(seen.at(-1)!.events.length).toBe(beforeGame.events.length);
  });
});
