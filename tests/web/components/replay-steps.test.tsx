/**
 * A finished game's replay stepped through: a link to a step opens there and says the step's
 * action and the table it left; the keys (a step each way, a turn, Home and End, on the page and
 * on the step slider, where ↓ is a turn forward as the legend says) move it and the address
 * follows; keys pressed faster than the screen draws each count; a jump shows its step's favor at
 * once; a step forward onto a clash rolls its dice, another step stops them, and a jump past one
 * rolls none. The browser test keeps the scrubber's click, the layout and the game end to end.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { loadClashDice } from '../../../src/web/game/presentation/clash-dice.js';
import { turnStep } from '../../../src/web/replay/moments.js';
import { addressStep, openReplay, playedReplay, replayScreen, shownStep } from '../support/replay-page.js';
import { ANN_AND_BOB, ANN } from '../support/screen-state.js';
import { stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer, which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

const { record, moments, last } = playedReplay();
const GAME = record.id;
const favorsAt = (step: number) => Object.fromEntries(moments[step]!.game.players.map((p) => [p.userID, p.counters.favor]));
const results = (step: number) => moments[step]!.game.events.filter((e) => e.type === 'CONFLICT_RESULTS').length;
/** The first step whose action brought a clash. */
const clashAt = moments.findIndex((_, i) => i > 0 && results(i) > results(i - 1));

/** Each summary's favor as on screen, by player id. */
const favors = () =>
  Object.fromEntries([...document.querySelectorAll('.player-summary')].map((s) => [s.getAttribute('data-player-id'), Number(/^\d+/.exec(s.querySelector('[data-counter="favor"]')?.textContent ?? '')?.[0])]));
/** Clash panels whose dice are still to roll or rolling. */
const rollingDice = () => document.querySelectorAll('[data-clash-stage="initial"], [data-clash-stage="rolling"]').length;

beforeEach(() => {
  stubbed.answers = { 'replays.get': record };
  stubbed.users = ANN_AND_BOB;
});
afterEach(() => {
  cleanup();
  stubbed.answers = {};
  stubbed.users = null;
});

describe('stepping through a replay', () => {
  test("a link to a step opens there, saying the step's action and the table it left", () => {
    // A bid in planning: "Resolution · Ann placed a bid" once read as a bid in the resolution.
    const bidAt = moments.findIndex((m) => m.game.phase === 'PLANNING' && m.entry?.action.type === 'BID');
    const { game, entry } = moments[bidAt]!;
    const who = entry!.userID === ANN ? 'Ann' : 'Bob';
    openReplay(GAME, bidAt);
    expect(shownStep()).toBe(bidAt);
    expect(screen.getByTestId('replay-where').textContent).toBe(`Step ${bidAt} of ${last} · ${who} placed a bid · Now: Age ${game.age}/3, turn ${game.turn}/${game.turnsPerAge}, Planning`);
  });

  test('the keys: a step each way, a turn, Home and End; the address follows, and a jump shows its favor at once', async () => {
    const user = userEvent.setup();
    openReplay(GAME, 5);
    await user.keyboard('{ArrowRight}');
    expect([shownStep(), addressStep()]).toEqual([6, '6']);
    await user.keyboard('{ArrowLeft}');
    expect(shownStep()).toBe(5);
    await user.keyboard('{ArrowDown}');
    expect(shownStep()).toBe(turnStep(moments, 5, 1));
    expect(moments[shownStep()]!.game.turn).not.toBe(moments[5]!.game.turn);
    // A jump shows its step's favor as soon as the step shows: ticking up from the step it left,
    // a player's favor read 14 almost a second after a jump to where it was 34.
    await user.keyboard('{End}');
    expect(shownStep()).toBe(last);
    expect(favors()).toEqual(favorsAt(last));
    expect(favorsAt(last)).not.toEqual(favorsAt(turnStep(moments, 5, 1)));
    expect(replayScreen().getAttribute('data-game-ended')).toBe('true');
    await user.keyboard('{Home}');
    expect([shownStep(), addressStep()]).toEqual([0, '0']);
    expect(favors()).toEqual(favorsAt(0));
    expect(screen.getByTestId('replay-where').textContent).toContain('The game begins');
  });

  test('keys pressed faster than the screen draws each count (a held arrow key), and the address says so', () => {
    openReplay(GAME, 0);
    act(() => {
      for (let i = 0; i < 5; i++) fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    });
    expect([shownStep(), addressStep()]).toEqual([5, '5']);
  });

  test("the step slider's own keys: → a step, ↓ a turn forward as the legend says (not a step back), the focus kept", async () => {
    const user = userEvent.setup();
    const mid = Math.floor(last / 2);
    openReplay(GAME, mid);
    const slider = screen.getByRole('slider', { name: 'Step' });
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(shownStep()).toBe(mid + 1);
    await user.keyboard('{ArrowDown}');
    expect(shownStep()).toBe(turnStep(moments, mid + 1, 1));
    expect(document.activeElement).toBe(slider);
  });
});

describe("a clash's dice in a replay", () => {
  // The dice's chunk (clash-dice-view.tsx) is here before the clash, as the screen has it: it loads
  // them once a clash may be near. Left to the tests before, a step onto a clash run first found none.
  beforeAll(async () => {
    await loadClashDice();
  });
  beforeEach(() => {
    // The dice's steps are timers planned from performance.now(): both stand still.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a step forward onto a clash rolls its dice, and another step stops them', () => {
    expect(clashAt).toBeGreaterThan(0);
    openReplay(GAME, clashAt - 1);
    fireEvent.click(screen.getByRole('button', { name: 'Next step (Right)' }));
    expect(shownStep()).toBe(clashAt);
    expect(within(screen.getByRole('region', { name: 'Clashes' })).getAllByRole('table', { name: 'Dice' }).length).toBeGreaterThan(0);
    expect(rollingDice()).toBeGreaterThan(0);
    // The viewer moved on while the dice rolled (a step that brings no other clash): they stop,
    // and the panel no longer waits for them. They had gone on rolling over the later steps.
    expect(results(clashAt + 1)).toBe(results(clashAt));
    fireEvent.click(screen.getByRole('button', { name: 'Next step (Right)' }));
    expect(shownStep()).toBe(clashAt + 1);
    expect(replayScreen().getAttribute('data-awaiting')).toBe('false');
    expect(rollingDice()).toBe(0);
  });

  test('a jump past a clash (a turn forward) shows the table as it stands: no dice roll', () => {
    openReplay(GAME, clashAt - 1);
    const landed = turnStep(moments, clashAt - 1, 1);
    expect(landed).toBeGreaterThan(clashAt);
    fireEvent.click(screen.getByRole('button', { name: 'Next turn (Down)' }));
    expect(shownStep()).toBe(landed);
    expect(rollingDice()).toBe(0);
    act(() => void vi.advanceTimersByTime(1_500));
    expect(rollingDice()).toBe(0);
  });
});
