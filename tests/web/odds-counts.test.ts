/**
 * The odds worker's answer depends on the step alone: its sampling seed and its count of rollouts
 * are fixed by what everyone sees, so a phone and a desktop watching one game show the same odds
 * (with a time budget, a slower device played fewer rollouts and read other numbers). Run here in
 * Node on the worker's own module, its clock made ten times slower for the second answer.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { viewFor } from '../../src/engine/index.js';
import { samplingSeed, spectatorView } from '../../src/web/odds/spectator-view.js';
import type * as OddsWorker from '../../src/web/odds/odds-worker.js';
import type { OddsAnswer, OddsRequest } from '../../src/web/odds/odds-worker.js';
import { annDecisionStates } from '../bots/hidden-twins.js';
import { ANN, BOB, act, newGame } from './support/screen-state.js';

interface WorkerScope {
  onmessage: ((e: { data: OddsRequest }) => void) | null;
  postMessage: (answer: OddsAnswer) => void;
}

const posted: OddsAnswer[] = [];
let worker: WorkerScope;
let counts: typeof OddsWorker;

beforeAll(async () => {
  worker = { onmessage: null, postMessage: (answer) => posted.push(answer) };
  (globalThis as { self?: unknown }).self = worker;
  counts = await import('../../src/web/odds/odds-worker.js');
});

// The files of this group share a Node process: no other file should find a worker's `self`.
afterAll(() => {
  delete (globalThis as { self?: unknown }).self;
});

/** The worker's answer to `request`, with the clock running `slowdown` times faster than it does (a slower device). */
function answerOn(request: OddsRequest, slowdown: number): OddsAnswer {
  const now = performance.now.bind(performance);
  const start = now();
  performance.now = () => start + (now() - start) * slowdown;
  try {
    worker.onmessage!({ data: request });
  } finally {
    performance.now = now;
  }
  return posted.at(-1)!;
}

describe('the odds worker', () => {
  const states = annDecisionStates(5, {}, ['easy_bot', 'basic_bot', 'easy_bot']);

  test('a bar and a chart point: the same count and the same shares on a slow device as on a fast one', () => {
    const first = spectatorView(viewFor(states[0]!, null));
    const late = spectatorView(viewFor(states.at(-2)!, null));
    const { barRollouts, CHART_ROLLOUTS } = counts;
    for (const [view, kind, count] of [
      [first, 'chart', CHART_ROLLOUTS],
      [late, 'bar', barRollouts(late)],
    ] as const) {
      const request: OddsRequest = { view, cards: view, seed: view.sequenceID, kind };
      const fast = answerOn(request, 1);
      const slow = answerOn(request, 10);
      expect(fast.rollouts).toBe(count);
      expect(slow).toEqual(fast);
    }
    // A bar's count grows with the game: each rollout is shorter the later it starts.
    expect(barRollouts(first)).toBe(64);
    expect(barRollouts(late)).toBeGreaterThan(180);
  });

  test('a step that shows a spectator nothing new (a hidden bid) is seeded as the step before: the same odds', () => {
    const game = newGame();
    const bid = act(game, ANN, { type: 'BID', bid: { military: 1, tradeRowIndex: 0 } });
    const [before, after] = [game, bid].map((g) => spectatorView(viewFor(g, null)));
    expect(after!.sequenceID).toBeGreaterThan(before!.sequenceID);
    expect(samplingSeed(after!)).toBe(samplingSeed(before!));
    const shares = (view: typeof before) => answerOn({ view: view!, cards: view!, seed: samplingSeed(view!), kind: 'bar' }, 1).shares;
    expect(shares(after)).toEqual(shares(before));
    // Seeded by the step's number, the same view drew other samples: the bar moved by their noise.
    expect(answerOn({ view: after!, cards: after!, seed: after!.sequenceID, kind: 'bar' }, 1).shares).not.toEqual(answerOn({ view: before!, cards: before!, seed: before!.sequenceID, kind: 'bar' }, 1).shares);
    // Both bids in, the bids show: a new seed.
    const both = act(bid, BOB, { type: 'BID', bid: { military: 0, tradeRowIndex: 1 } });
    expect(samplingSeed(spectatorView(viewFor(both, null)))).not.toBe(samplingSeed(before!));
  });

  test("a game's card set is sent once: a step without it is answered as with it", () => {
    const view = spectatorView(viewFor(states.at(-2)!, null));
    const { cardsByID, tributeCardsByID, ...bare } = view;
    const whole = answerOn({ view: bare, cards: { cardsByID, tributeCardsByID }, seed: 7, kind: 'bar' }, 1);
    expect(answerOn({ view: bare, seed: 7, kind: 'bar' }, 1)).toEqual(whole);
  });
});

/** What the page posts to its odds worker (odds-client.ts), with a worker that never answers. */
describe("the page's side of the odds worker", () => {
  const sent: OddsRequest[] = [];
  beforeAll(() => {
    (globalThis as { Worker?: unknown }).Worker = class {
      onmessage: unknown = null;
      postMessage(request: OddsRequest) {
        sent.push(request);
        // Answered at once, so the next ask is posted.
        queueMicrotask(() => (this.onmessage as (e: { data: OddsAnswer }) => void)({ data: { sequenceID: request.view.sequenceID, shares: {}, rollouts: 0 } }));
      }
      terminate() {}
    };
  });
  afterAll(() => {
    delete (globalThis as { Worker?: unknown }).Worker;
  });

  test("the card set goes with a game's first step and again only when the game changes", async () => {
    const { acquireOdds } = await import('../../src/web/odds/odds-client.js');
    const odds = acquireOdds();
    const game = newGame();
    const steps = [game, act(game, ANN, { type: 'BID', bid: { military: 1, tradeRowIndex: 0 } })].map((g) => spectatorView(viewFor(g, null)));
    // Another game with a card set of its own (games of one card set share its object, and ask nothing more).
    const otherGame = spectatorView(viewFor(newGame(12), null));
    const other = { ...otherGame, cardsByID: { ...otherGame.cardsByID } };
    for (const view of [...steps, other]) await odds.ask(view, samplingSeed(view), 'bar', 'now');
    odds.release();
    expect(sent.map((request) => request.cards?.cardsByID ?? null)).toEqual([steps[0]!.cardsByID, null, other.cardsByID]);
    // What goes each step is the view without its cards.
    expect(sent.every((request) => !('cardsByID' in request.view))).toBe(true);
  });
});
