/** The dice display's pure logic: the 20 timed steps, the stages over time, and the W/L/+/- labels. */
import { describe, expect, test } from 'vitest';
import type { ClashRound } from '../../src/engine/index.js';
import {
  clashTimeline,
  COMPLETE_PAUSE_MS,
  completedAt,
  frameAt,
  resultAt,
  describeResultLabel,
  earlierRounds,
  resultLegend,
  resultLabel,
  roundWinner,
  ROLL_MS,
} from '../../src/web/game/presentation/clash.js';
import { clashDisplayMs, rollStepDelays, ROUND_PAUSE_MS } from '../../src/shared/clash-timing.js';
import { clashShows } from '../../src/web/game/presentation/clash-shows.js';
import type { GameEvent } from '../../src/engine/index.js';

function round(...players: [id: string, bonus: number, rolls: number[], didRoll?: boolean][]): ClashRound {
  return Object.fromEntries(
    players.map(([playerID, bonus, rolls, didRoll = true]) => [playerID, { playerID, bonus, rolls, total: bonus + rolls.reduce((a, b) => a + b, 0), didRoll }]),
  );
}

describe('dice steps', () => {
  test('20 steps from 25 ms to 250 ms, slowing down', () => {
    const delays = rollStepDelays();
    expect(delays).toHaveLength(20);
    expect(delays[0]).toBe(25);
    expect(delays[19]).toBe(250);
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(ROLL_MS).toBe(delays.reduce((a, b) => a + b, 0));
  });
});

describe('clash timeline', () => {
  test("ends when the server's allowance for the dice says it does (the time a turn timer does not count)", () => {
    for (const rounds of [1, 2, 3, 5]) for (let from = 0; from <= rounds; from++) expect(completedAt(rounds, from), `${rounds} from ${from}`).toBe(clashDisplayMs(rounds, from));
  });

  test('one round: initial, 20 rolling steps, results, completed 1.5 s later', () => {
    const timeline = clashTimeline(1);
    expect(timeline.map((e) => e.frame.stage)).toEqual(['initial', ...Array(20).fill('rolling'), 'results', 'completed']);
    const results = timeline.find((e) => e.frame.stage === 'results')!;
    const completed = timeline.at(-1)!;
    expect(completed.at - results.at).toBe(COMPLETE_PAUSE_MS);
    // The rolling steps are spaced by the step delays.
    const rolling = timeline.filter((e) => e.frame.stage === 'rolling');
    const gaps = rolling.slice(1).map((e, i) => e.at - rolling[i]!.at);
    expect(gaps).toEqual(rollStepDelays().slice(0, 19));
    expect(results.at - rolling.at(-1)!.at).toBe(250);
  });

  test('a re-roll round follows 1.5 s after the results of the one before', () => {
    const timeline = clashTimeline(3);
    const results = timeline.filter((e) => e.frame.stage === 'results');
    expect(results.map((e) => e.frame.round)).toEqual([0, 1, 2]);
    const firstRolls = [1, 2].map((r) => timeline.find((e) => e.frame.stage === 'rolling' && e.frame.round === r)!);
    expect(firstRolls[0]!.at - results[0]!.at).toBe(ROUND_PAUSE_MS);
    expect(firstRolls[1]!.at - results[1]!.at).toBe(ROUND_PAUSE_MS);
    expect(timeline.at(-1)!.at - results[2]!.at).toBe(COMPLETE_PAUSE_MS);
    // Input waits for the whole timeline: the results stay over the board for the complete pause.
    expect(completedAt(3)).toBe(results[2]!.at + COMPLETE_PAUSE_MS);
  });

  test('rounds already shown are not rolled again', () => {
    const timeline = clashTimeline(3, 2);
    expect(timeline.filter((e) => e.frame.stage === 'results').map((e) => e.frame.round)).toEqual([2]);
    const settled = clashTimeline(2, 2);
    expect(settled.map((e) => e.frame.stage)).toEqual(['results', 'completed']);
    expect(settled[1]!.at).toBe(COMPLETE_PAUSE_MS);
    expect(completedAt(2, 2)).toBe(COMPLETE_PAUSE_MS);
  });

  test('frameAt walks the timeline', () => {
    const timeline = clashTimeline(1);
    expect(frameAt(timeline, 0).stage).toBe('initial');
    expect(frameAt(timeline, timeline[1]!.at).stage).toBe('rolling');
    expect(frameAt(timeline, 1e9).stage).toBe('completed');
  });
});

describe('result labels', () => {
  test("W or L, '+' for a bonus strictly above all others, '-' for one below any other", () => {
    const r = round(['a', 5, [1]], ['b', 3, [6]], ['c', 1, [2]]);
    expect(roundWinner(r)).toBe('b');
    expect(resultLabel(r, 'a', 'b')).toBe('L+');
    expect(resultLabel(r, 'b', 'b')).toBe('W-');
    expect(resultLabel(r, 'c', 'b')).toBe('L-');
    expect(['W+', 'W-', 'W', 'L+', 'L-', 'L'].map(describeResultLabel)).toEqual([
      'Won, with the highest bid',
      'Won, against a higher bid',
      'Won',
      'Lost, with the highest bid',
      'Lost, against a higher bid',
      'Lost',
    ]);
  });

  test('equal bonuses get no sign; a shared top bonus is not strictly higher', () => {
    const r = round(['a', 2, [4]], ['b', 2, [3]]);
    expect(resultLabel(r, 'a', 'a')).toBe('W');
    expect(resultLabel(r, 'b', 'a')).toBe('L');
    const three = round(['a', 4, [1]], ['b', 4, [2]], ['c', 1, [6]]);
    expect(resultLabel(three, 'a', 'b')).toBe('L');
    expect(resultLabel(three, 'b', 'b')).toBe('W');
    expect(resultLabel(three, 'c', 'b')).toBe('L-');
  });

  test('a tie has no round winner', () => {
    expect(roundWinner(round(['a', 1, [3]], ['b', 2, [2]]))).toBeNull();
  });

  test('a player who sat a round out shows their earlier dice', () => {
    const rounds = [round(['a', 1, [5]], ['b', 2, [4]], ['c', 0, [1]]), round(['a', 1, [2]], ['b', 2, [6]], ['c', 0, [1], false])];
    expect(resultAt(rounds, 1, 'c')?.rolls).toEqual([1]);
    expect(resultAt(rounds, 1, 'b')?.rolls).toEqual([6]);
  });
});

describe('which clashes show', () => {
  const rounds = [round(['a', 1, [3]], ['b', 2, [2]]), round(['a', 1, [6]], ['b', 2, [1]])];
  const settled = { type: 'CONFLICT_RESULTS', age: 1, turn: 2, phase: 'WAR', timestamp: 0, payload: { cardID: 7, winningPlayerID: 'a', rounds, playerIDsWithRerolls: [] } } as GameEvent;
  const war = { phase: 'WAR' as const, age: 1 as const, turn: 2, clashes: [] };

  test('a settled clash rolls all its rounds once', () => {
    const shown = new Map<string, number>();
    const shows = clashShows([settled], { ...war, phase: 'RESOLUTION' }, shown);
    expect(shows).toMatchObject([{ fromRound: 0, settled: true }]);
    // Seen again (the same update re-rendered): only the verdict, no roll.
    expect(clashShows([settled], { ...war, phase: 'RESOLUTION' }, shown)).toMatchObject([{ fromRound: 2 }]);
  });

  test('an open clash of the war phase rolls, then only its new rounds', () => {
    const shown = new Map<string, number>();
    const open = { cardID: 7, winningPlayerID: 'a', rounds: rounds.slice(0, 1) };
    expect(clashShows([], { ...war, clashes: [open] as never }, shown)).toMatchObject([{ fromRound: 0, settled: false }]);
    expect(clashShows([], { ...war, clashes: [open] as never }, shown)).toEqual([]);
    expect(clashShows([settled], { ...war, phase: 'RESOLUTION' }, shown)).toMatchObject([{ fromRound: 1, settled: true }]);
  });
});

describe('a clash summary in words', () => {
  const names: Record<string, string> = { a: 'Ann', b: 'Bob', c: 'Cy' };
  test('the rounds before the last: a tie, or a lead rerolled', () => {
    const rounds = [round(['a', 1, [3]], ['b', 2, [2]]), round(['a', 1, [6]], ['b', 2, [1]]), round(['a', 1, [2]], ['b', 2, [6]])];
    expect(earlierRounds(rounds, (id) => names[id]!)).toEqual(['Round 1: Ann and Bob tied at 4', 'Round 2: Ann led, 7 to 3; rerolled']);
    expect(earlierRounds(rounds.slice(0, 1), (id) => names[id]!)).toEqual([]);
    // Who sat a round out does not count in it.
    const three = [round(['a', 1, [5]], ['b', 2, [4]], ['c', 0, [1]]), round(['a', 1, [2]], ['b', 2, [6]], ['c', 0, [1], false])];
    expect(earlierRounds(three, (id) => names[id]!)).toEqual(['Round 1: Ann and Bob tied at 6']);
  });

  test('a loser\'s reroll is against the leader\'s total, though the leader did not roll again', () => {
    // Bob leads 11 to 8; Ann spends a token and rolls 5, then another and rolls 12.
    const rerolls = [round(['a', 2, [6]], ['b', 5, [6]]), round(['a', 2, [3]], ['b', 5, [6], false]), round(['a', 2, [10]], ['b', 5, [6], false])];
    expect(earlierRounds(rerolls, (id) => names[id]!)).toEqual(['Round 1: Bob led, 11 to 8; rerolled', 'Round 2: Bob led, 11 to 5; rerolled']);
    // Ann's 12 took the lead; Bob spends a token in turn and rolls 9 against it.
    const back = [...rerolls, round(['a', 2, [10], false], ['b', 5, [4]]), round(['a', 2, [10], false], ['b', 5, [9]])];
    expect(earlierRounds(back, (id) => names[id]!).slice(2)).toEqual(['Round 3: Ann led, 12 to 11; rerolled', 'Round 4: Ann led, 12 to 9; rerolled']);
  });

  test('the legend names each signed label shown, once', () => {
    expect(resultLegend(['W+', 'L-', 'L-', 'L'])).toEqual(['W+ won with the highest bid', 'L- lost against a higher bid']);
    expect(resultLegend(['W', 'L'])).toEqual([]);
  });
});
