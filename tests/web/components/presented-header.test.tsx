/**
 * The game screen says where the game stands in one order, the age before the turn, in its header
 * and its action panel alike. And it tells one story while a clash's dice roll: its header names
 * the phase, turn and age the table shows (the game from before the clash), not the server's next
 * phase, and says 'Game Over!' only once the last clash has played out, with the winner's line,
 * the chart of the odds over the game and the focus on the end view.
 * The whole game screen (game-screen.tsx) is rendered, with the server's side stood in for: the
 * game's state as the page receives it, step by step, and every other query answering nothing yet.
 * The page's time is held by the test, so the dice move only when it says.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { loadClashDice } from '../../../src/web/game/presentation/clash-dice.js';
import { botDecision } from '../../../src/bots/harness.js';
import type { Game } from '../../../src/engine/index.js';
import { useEndOfGameChunk } from '../../../src/web/game/presentation-slots.js';
import { CHART_STARTING } from '../../../src/web/odds/odds-bar.js';
import { act as play, beforeAndAfterClash, newGame, screenState } from '../support/screen-state.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';

// The dice's chunk (clash-dice-view.tsx) is here before the clash, as the screen has it: it loads
// them once a clash may be near.
beforeAll(async () => {
  await loadClashDice();
});

// Hoisted with the mocks, which run before the file's other lines.
const { cues } = vi.hoisted(() => ({ cues: [] as string[] }));

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
// The sounds the screen plays, heard by the test rather than synthesised.
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: (cue: string) => cues.push(cue), unlockAudio: () => undefined, audioUnlocked: () => true }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

const page = () => gamePage(served.state!.game.id);

/** Opens the screen on `before`, then `after` arrives from the server, as one step. */
function arrives(before: Game, after: Game): void {
  served.state = screenState(before);
  const { rerender } = render(page());
  served.state = screenState(after);
  act(() => rerender(page()));
}

const header = () => screen.getByTestId('game-header');
const overlay = () => screen.queryByRole('region', { name: 'Clashes' });
const skip = () => fireEvent.click(within(overlay()!).getByRole('button', { name: 'Skip the dice roll' }));

/** Moves the page's time on, 100 ms at a time, until `done` (at most 30 s). */
function until(done: () => boolean): void {
  for (let waited = 0; !done(); waited += 100) {
    if (waited > 30_000) throw new Error('not after 30 s');
    act(() => vi.advanceTimersByTime(100));
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  cleanup();
  cues.length = 0;
  vi.restoreAllMocks();
  localStorage.clear();
  vi.useRealTimers();
});

describe('where the game stands', () => {
  test('the header and the action panel both give the age before the turn (ages hold turns)', () => {
    served.state = screenState(newGame());
    render(page());
    for (const line of [header(), screen.getByTestId('standing')]) {
      const text = line.textContent ?? '';
      expect(text.indexOf('Age 1/3'), text).toBeGreaterThanOrEqual(0);
      expect(text.indexOf('Turn 1/5'), text).toBeGreaterThan(text.indexOf('Age 1/3'));
    }
  });
});

describe("the game header while a clash's dice roll", () => {
  test('names the phase the table shows, and the next one once the dice have settled', () => {
    const [before, after] = beforeAndAfterClash();
    expect(before.phase).toBe('PLANNING');
    expect(after.phase).not.toBe('PLANNING');
    arrives(before, after);
    // The server has moved on; the dice have not rolled yet: the header still says Planning.
    expect(overlay()).not.toBeNull();
    expect(header().getAttribute('data-phase')).toBe('PLANNING');
    expect(header().textContent).toContain('Planning');
    // Nor does the new phase's chime tell it before the dice.
    expect(cues).toEqual([]);
    // The dice roll and settle; the results stay on the panel for a moment: still Planning.
    until(() => overlay()?.querySelector('[data-clash-stage]')?.getAttribute('data-clash-stage') === 'results');
    expect(header().getAttribute('data-phase')).toBe('PLANNING');
    expect(cues).toEqual([]);
    // The panel leaves the board: the header tells the game as it now stands.
    until(() => overlay() === null);
    expect(header().getAttribute('data-phase')).toBe(after.phase);
    expect(header().textContent).toContain(`Turn ${after.turn}/${after.turnsPerAge}`);
    expect(cues).toEqual(['chime']);
  });

  test('Skip shows the next phase at once', () => {
    const [before, after] = beforeAndAfterClash();
    arrives(before, after);
    expect(header().getAttribute('data-phase')).toBe('PLANNING');
    expect(cues).toEqual([]);
    skip();
    expect(overlay()).toBeNull();
    expect(header().getAttribute('data-phase')).toBe(after.phase);
    expect(cues).toEqual(['chime']);
  });

  test("says 'Game Over!' only once the game's last clash has played out, with the winner's line, the odds over the game and the focus", async () => {
    const [before, after] = lastTurnWithClash();
    expect(after.gameEndTimestamp).not.toBeNull();
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    arrives(before, after);
    // The last clash rolls: the header is at the last turn's planning, the end not told yet.
    expect(overlay()).not.toBeNull();
    expect(header().textContent).not.toContain('Game Over!');
    expect(header().getAttribute('data-phase')).toBe('PLANNING');
    expect(header().textContent).toContain(`Turn ${before.turn}/${before.turnsPerAge}`);
    expect(header().textContent).toContain('Age 3/3');
    expect(screen.queryByTestId('winner-banner')).toBeNull();
    expect(screen.queryByTestId('end-of-game')).toBeNull();
    // Nor the chart of the odds over the whole game, which ends at the winner's 100%.
    expect(screen.queryByText(CHART_STARTING)).toBeNull();
    // The focus, which the action panel's going left nowhere, waits for the end view too.
    expect(document.activeElement).toBe(document.body);
    // And the page stays where the dice are: the end view takes it to the top when it shows.
    expect(scrolled).not.toHaveBeenCalled();
    // Skipped: the last cards land, and then the header and the winner's line say it together.
    skip();
    until(() => {
      const over = header().textContent?.includes('Game Over!') === true;
      expect(screen.queryByTestId('winner-banner') !== null).toBe(over);
      return over;
    });
    expect(header().getAttribute('data-phase')).toBeNull();
    expect(screen.getByText(CHART_STARTING)).toBeTruthy();
    expect(document.activeElement!.textContent).toMatch(/ won!/);
    // Once its chunk is here (loaded lazily: polled on the real clock), it is drawn and scrolls the page up.
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTestId('end-of-game')).toBeTruthy(), { timeout: 20_000 });
    // Its scroll is an effect of that render, which React runs after it: on a loaded machine the
    // view was there before the effect had run (a CI saw 0 calls).
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    // A moment for a second scroll, which must not come.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});

describe('the end view, its chunk already loaded (a second game in the same tab)', () => {
  function Preload() {
    useEndOfGameChunk(true);
    return null;
  }

  test('does not take the page up before the last clash has played out', async () => {
    render(<Preload />);
    await act(() => import('../../../src/web/game/presentation/end-of-game.js'));
    cleanup();
    const [before, after] = lastTurnWithClash();
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    arrives(before, after);
    expect(overlay()).not.toBeNull();
    expect(screen.queryByTestId('end-of-game')).toBeNull();
    expect(scrolled).not.toHaveBeenCalled();
    skip();
    until(() => screen.queryByTestId('end-of-game') !== null);
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});

/**
 * The game at its last turn's planning, and the game over at the end of that turn, in which both
 * seats bid nothing on the first card (a clash) and easy bots make every other choice: the whole
 * last turn reaches the screen as one step, as it does for a player whose seat a bot plays.
 */
function lastTurnWithClash(): [Game, Game] {
  let game = newGame();
  const bots = (g: Game, stop: (g: Game) => boolean): Game => {
    for (let i = 0; i < 10_000 && !stop(g); i++) {
      const seat = g.players.findIndex((_, s) => botDecision(g, s, 7, 'easy_bot') !== null);
      if (seat < 0) throw new Error('no seat to play');
      g = play(g, g.players[seat]!.userID, botDecision(g, seat, 7, 'easy_bot')!);
    }
    return g;
  };
  game = bots(game, (g) => g.age === 3 && g.turn === g.turnsPerAge && g.phase === 'PLANNING');
  const before = game;
  for (const player of before.players) game = play(game, player.userID, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } });
  const after = bots(game, (g) => g.gameEndTimestamp !== null);
  if (!after.events.slice(before.events.length).some((e) => e.type === 'CONFLICT_RESULTS')) throw new Error('no clash in the last turn');
  return [before, after];
}
