/**
 * The clash display's pure logic: the dice roll's timed steps, the timeline of a clash's rounds
 * (initial, rolling, results, ..., completed) and each player's result label.
 */
import type { ClashRound, RollResult } from '../../../engine/state.js';
import { COMPLETE_PAUSE_MS, INITIAL_MS, ROLL_STEPS, ROUND_PAUSE_MS, rollStepDelays } from '../../../shared/clash-timing.js';

// The dice's times are the server's too (it adds them to a turn timer): src/shared/clash-timing.ts.
export { COMPLETE_PAUSE_MS, ROLL_MS, ROLL_STEPS } from '../../../shared/clash-timing.js';
/** After completing, the summary stays in a corner this long unless dismissed. */
export const FINISH_PAUSE_MS = 15_000;

export type ClashStage = 'initial' | 'rolling' | 'results' | 'completed';

export interface ClashFrame {
  stage: ClashStage;
  /** The round shown (0-based). */
  round: number;
  /** During rolling: the step (0..19) reached. */
  step: number;
}

/**
 * When each stage starts (ms from the display's start) for a clash of `rounds` rounds whose
 * rounds before `fromRound` were already shown: initial, then per round the 20 rolling steps and
 * its results (a re-roll round 1.5 s after the one before), and completed 1.5 s after the last.
 */
export function clashTimeline(rounds: number, fromRound = 0): { at: number; frame: ClashFrame }[] {
  const last = Math.max(0, rounds - 1);
  if (fromRound >= rounds) {
    return [
      { at: 0, frame: { stage: 'results', round: last, step: ROLL_STEPS - 1 } },
      { at: COMPLETE_PAUSE_MS, frame: { stage: 'completed', round: last, step: ROLL_STEPS - 1 } },
    ];
  }
  const delays = rollStepDelays();
  const out: { at: number; frame: ClashFrame }[] = [{ at: 0, frame: { stage: 'initial', round: fromRound, step: 0 } }];
  let t = INITIAL_MS;
  for (let round = fromRound; round < rounds; round++) {
    if (round > fromRound) t += ROUND_PAUSE_MS;
    delays.forEach((delay, step) => {
      out.push({ at: t, frame: { stage: 'rolling', round, step } });
      t += delay;
    });
    out.push({ at: t, frame: { stage: 'results', round, step: ROLL_STEPS - 1 } });
  }
  out.push({ at: t + COMPLETE_PAUSE_MS, frame: { stage: 'completed', round: last, step: ROLL_STEPS - 1 } });
  return out;
}

/**
 * When the display completes (ms from its start): the last round's results and the pause to read
 * them. Until then its panel stands over the board, and input waits for it.
 */
export function completedAt(rounds: number, fromRound = 0): number {
  return clashTimeline(rounds, fromRound).at(-1)!.at;
}

/** The frame at time t (ms from the start). */
export function frameAt(timeline: readonly { at: number; frame: ClashFrame }[], t: number): ClashFrame {
  let current = timeline[0]!.frame;
  for (const entry of timeline) {
    if (entry.at > t) break;
    current = entry.frame;
  }
  return current;
}

/** The winner of one round: the single highest total, or null when the best totals tie. */
export function roundWinner(round: ClashRound): string | null {
  const results = Object.values(round);
  const best = Math.max(...results.map((r) => r.total));
  const top = results.filter((r) => r.total === best);
  return top.length === 1 ? top[0]!.playerID : null;
}

/**
 * A player's label: W or L, plus '+' if their bonus is strictly higher than every other bonus,
 * or '-' if it is lower than any other.
 */
export function resultLabel(round: ClashRound, playerID: string, winnerID: string | null): string {
  const mine = round[playerID];
  if (!mine) return '';
  const others = Object.values(round).filter((r) => r.playerID !== playerID).map((r) => r.bonus);
  const base = playerID === winnerID ? 'W' : 'L';
  if (others.length > 0 && others.every((b) => mine.bonus > b)) return `${base}+`;
  if (others.some((b) => mine.bonus < b)) return `${base}-`;
  return base;
}

/** A result label in words, for its tooltip and screen readers: 'W+' is 'Won, with the highest bid'. */
export function describeResultLabel(label: string): string {
  const outcome = label.startsWith('W') ? 'Won' : 'Lost';
  if (label.endsWith('+')) return `${outcome}, with the highest bid`;
  if (label.endsWith('-')) return `${outcome}, against a higher bid`;
  return outcome;
}

/** The players of a clash in a stable order (the order of the first round). */
export function clashPlayers(rounds: readonly ClashRound[]): string[] {
  return Object.keys(rounds[0] ?? {});
}

/** What one player shows at a round: their result then, or their latest earlier one if they sat it out. */
export function resultAt(rounds: readonly ClashRound[], round: number, playerID: string): RollResult | null {
  for (let r = Math.min(round, rounds.length - 1); r >= 0; r--) {
    const result = rounds[r]?.[playerID];
    if (result && (result.didRoll || r === 0)) return result;
  }
  return rounds[round]?.[playerID] ?? null;
}

/**
 * A clash's rounds before the last, in words, so a summary showing 'Round 3/3' says why there were
 * three: 'Round 1: Ann and Bob tied at 7', or 'Round 1: Ann led, 9 to 6; rerolled' (a loser's
 * reroll token). A round counts who rolled in it, and a leader who sat it out on their total.
 */
export function earlierRounds(rounds: readonly ClashRound[], nameOf: (playerID: string) => string): string[] {
  // The one player ahead after the round before, if one was.
  let leader: string | null = null;
  return rounds.slice(0, -1).map((round, r) => {
    // Who stands in a round: everyone in the first; after it, who rolled in it, and a lone leader
    // who sat it out while a loser spent a token to roll against their total. (A tie is rerolled
    // among the tied alone: whoever sits that round out has lost already.)
    const standing = Object.values(round).filter((res) => r === 0 || res.didRoll || res.playerID === leader);
    const best = Math.max(...standing.map((res) => res.total));
    const top = standing.filter((res) => res.total === best);
    leader = top.length === 1 ? top[0]!.playerID : null;
    if (top.length > 1) return `Round ${r + 1}: ${top.map((res) => nameOf(res.playerID)).join(' and ')} tied at ${best}`;
    const behind = standing.filter((res) => res.total < best).map((res) => res.total);
    return `Round ${r + 1}: ${nameOf(top[0]!.playerID)} led, ${best} to ${Math.max(...behind)}; rerolled`;
  });
}

/** The legend of the signed result labels shown: 'W+ won with the highest bid', in the order given, each once. */
export function resultLegend(labels: readonly string[]): string[] {
  const signed = [...new Set(labels.filter((l) => l.endsWith('+') || l.endsWith('-')))];
  return signed.map((label) => `${label} ${describeResultLabel(label).replace(',', '').replace(/^W/, 'w').replace(/^L/, 'l')}`);
}
