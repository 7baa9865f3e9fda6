/**
 * Who the game screen shows the live odds to, at every step of a game's last age and at its end:
 * a spectator sees the bar; a seated player does not, unless the lobby turned on "Show odds to
 * players", yet sees the odds over the game once it ended, under the result; a game played with
 * hidden favor shows no bar and no chart to anyone, saying why, live and after its end.
 * What needs a real browser and server (the settings and the views as the server sends them, the
 * odds worker's answers, the chart's place on a laid-out page) stays in tests/web/live-odds.test.ts.
 * The whole game screen (game-screen.tsx) is rendered, with the server's side stood in for: the
 * game's state as the page receives it, step by step, the game's settings, and every other query
 * answering nothing yet. The odds worker is stood in for by one that answers every step at once.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { botDecision } from '../../../src/bots/harness.js';
import type { Game } from '../../../src/engine/index.js';
import { loadClashDice } from '../../../src/web/game/presentation/clash-dice.js';
import { CHART_STARTING } from '../../../src/web/odds/odds-bar.js';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { ANN, act as play, newGame, screenState } from '../support/screen-state.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';
import { stubbed } from '../support/trpc-stub.js';

// The dice's chunk (clash-dice-view.tsx) is here before the clash, as the screen has it: it loads
// them once a clash may be near (and the page's time here is moved on in loops that await nothing).
beforeAll(async () => {
  await loadClashDice();
});

stubbed.settings = { showOddsToPlayers: false, turnTimerOn: false, turnTimerSeconds: 90 };


vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));
// happy-dom runs no Web Worker: the page's odds worker answers each step at once, an even split.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({
    ask: (view: { sequenceID: number; players: { userID: string }[] }) =>
      Promise.resolve({ sequenceID: view.sequenceID, shares: Object.fromEntries(view.players.map((p) => [p.userID, 1 / view.players.length])), rollouts: 1 }),
    release: () => undefined,
  }),
}));

const page = () => gamePage(served.state!.game.id);

/**
 * Every step of a game's last age as the page receives it, from its first planning to its end:
 * easy bots play both seats (a fixed seed: the same game every run).
 */
function lastAge(options: Partial<Game['options']> = {}): Game[] {
  let game = newGame(11, Date.now(), options);
  const steps: Game[] = [];
  for (let i = 0; i < 10_000 && game.gameEndTimestamp === null; i++) {
    if (game.age === 3) steps.push(game);
    const seat = game.players.findIndex((_, s) => botDecision(game, s, 7, 'easy_bot') !== null);
    if (seat < 0) throw new Error('no seat to play');
    game = play(game, game.players[seat]!.userID, botDecision(game, seat, 7, 'easy_bot')!);
  }
  if (game.gameEndTimestamp === null) throw new Error('the game did not end');
  return [...steps, game];
}

/** Whether `step` brought a clash (its results among the events since `before`). */
const clashIn = (before: Game, step: Game) => step.events.slice(before.events.length).some((e) => e.type === 'CONFLICT_RESULTS');

/**
 * The kinds of step of `steps` (every step of an age, as `lastAge` gives them): the age's first,
 * each that brought a clash (its dice rolling over the screen), the last before the end and the
 * end itself, arriving live. What the screen shows of the odds does not depend on which step of a
 * kind it is, and each step drawn costs the whole screen's render.
 */
function kindsOf(steps: readonly Game[]): Game[] {
  return steps.filter((step, i) => i === 0 || i >= steps.length - 2 || clashIn(steps[i - 1]!, step));
}

/** Fewer, for a check that the steps' own kinds are seen by: the age's first step, its first clash, and the end. */
function fewOf(steps: readonly Game[]): Game[] {
  const clash = steps.findIndex((step, i) => i > 0 && clashIn(steps[i - 1]!, step));
  return steps.filter((_, i) => i === 0 || i === clash || i === steps.length - 1);
}

const bar = () => document.querySelector('[data-testid="odds-bar"]');
const chart = () => screen.queryByText(CHART_STARTING);
/** The game screen's line saying who won ('Bob won!'), not the end view's own 'You won!'. */
const winnerLine = () => screen.queryByTestId('winner-banner');

/** Moves the page's time on, half a second at a time, until `done` (at most 30 s). */
function until(done: () => boolean): void {
  for (let waited = 0; !done(); waited += 500) {
    if (waited > 30_000) throw new Error('not after 30 s');
    act(() => vi.advanceTimersByTime(500));
  }
}

/**
 * Shows each of `steps` to `me` (null: a spectator) in turn and calls `check` on the screen as the
 * step arrives (a clash's dice rolling over it). The end is checked once told: its clashes' dice
 * skipped, as the player did, and their results gone from the table.
 */
function watch(steps: readonly Game[], me: string | null, check: (step: Game) => void): void {
  served.state = screenState(steps[0]!, me);
  const { rerender } = render(page());
  for (const step of steps) {
    served.state = screenState(step, me);
    act(() => rerender(page()));
    if (step.gameEndTimestamp !== null) {
      until(() => {
        const overlay = screen.queryByRole('region', { name: 'Clashes' });
        const skip = overlay && within(overlay).queryAllByRole('button', { name: 'Skip the dice roll' })[0];
        if (skip) fireEvent.click(skip);
        return overlay === null && winnerLine() !== null;
      });
    }
    check(step);
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  stubbed.settings!.showOddsToPlayers = false;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

describe('who sees the live odds', () => {
  const steps = lastAge();

  test('the seated player: no bar at any kind of step of the last age, nor at its end, and the odds over the game under the result once it ended', () => {
    // The age has clashes to watch.
    expect(steps.filter((step, i) => i > 0 && clashIn(steps[i - 1]!, step)).length).toBeGreaterThan(1);
    watch(kindsOf(steps), ANN, (step) => {
      expect(bar()).toBeNull();
      if (step.gameEndTimestamp === null) expect(chart()).toBeNull();
    });
    // The end: the chart's place (worked out from the replay, which has not come) under who won.
    const won = winnerLine()!;
    const coming = chart()!;
    expect(coming).not.toBeNull();
    expect(won.compareDocumentPosition(coming) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bar()).toBeNull();
  });

  test('a spectator: the bar as the age goes on, and the odds over the game at its end', async () => {
    watch(fewOf(steps), null, () => expect(bar()).not.toBeNull());
    expect(screen.getByText('Spectating')).toBeTruthy();
    const parts = () => [...document.querySelectorAll('[data-testid="odds-bar"] [data-odds-percent]')].map((e) => Number(e.getAttribute('data-odds-percent')));
    vi.useRealTimers();
    // The bar's chunk has come: the split the worker answered for the last step, summing to 100.
    await vi.waitFor(() => expect(parts()).toHaveLength(2), { timeout: 10_000 });
    expect(parts().reduce((a, b) => a + b, 0)).toBe(100);
    expect(chart()).not.toBeNull();
  });

  test('with "Show odds to players" on, the seated player sees the bar as the age goes on', () => {
    stubbed.settings!.showOddsToPlayers = true;
    watch(fewOf(steps), ANN, () => expect(bar()).not.toBeNull());
  });
});

describe('a game played with hidden favor', () => {
  const steps = lastAge({ hideFavor: true });
  const note = 'No odds in this game: favor is hidden, so nobody can tell who leads.';

  test.each([
    ['a spectator', null],
    ['the seated player with "Show odds to players" on', ANN],
  ])('%s: no bar and the note saying why at every kind of step, and no chart of the odds after the end', (_who, me) => {
    stubbed.settings!.showOddsToPlayers = me !== null;
    watch(kindsOf(steps), me, () => {
      expect(screen.getByTestId('odds-hidden-favor').textContent).toBe(note);
      expect(bar()).toBeNull();
      expect(chart()).toBeNull();
      expect(document.querySelector('[data-testid="odds-chart"], [data-testid="odds-chart-progress"]')).toBeNull();
    });
    expect(winnerLine()).not.toBeNull();
  });
});
