/**
 * Replays new events as animations: cards flying to boards, deals, removals, resources flying to
 * the counters, and the clash dice. The log present when the screen opens is not replayed.
 * Returns `awaiting`: true while a clash's panel stands over the board (rolling, then its results
 * for a moment), when the action panel hides Submit, Undo and Skip and the rows cannot be picked;
 * and `dealing`: true while a new trade row is dealt (a new age's), when a bid on it waits for its
 * cards.
 * `usePresentationPlaying` tells whether anything still plays.
 */
import { useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { GameScreenState } from '../model.js';
import { MAX_REPLAYED_EVENTS, newRowDealtAt, planAnimations, planLength, startsFromTheRows, type AnimationStep } from '../../../shared/animation-plan.js';
import { runPlan } from './animation-runner.js';
import { animationStore } from './animation-store.js';
import { completedAt } from './clash.js';
import { clashShows, markShown } from './clash-shows.js';
import { takeSnapshot, type Snapshot } from './dom-snapshot.js';
import { prefersReducedMotion, useDisableAnimations } from './prefs.js';

export interface EventAnimationOptions {
  /** Turns every animation off (the 'Disable Animations' preference is read as well). */
  disabled?: boolean;
  /**
   * A new step stops what is still playing of the one before (a replay: the viewer moved on, and
   * a clash still rolling held the player list at the table from before it, steps behind the
   * step shown). The game screen leaves it off: a live update waits behind the clash it follows.
   */
  supersede?: boolean;
}

/**
 * When the page was last hidden (performance.now()): a plan whose frame comes after that was
 * waiting for a tab in the background, and is not started. A slow frame alone (a busy phone) still
 * plays: it once skipped every flight of a step whose frame came a second late.
 */
let hiddenAt = -Infinity;
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) hiddenAt = performance.now();
  });
}

interface Seen {
  gameID: string;
  count: number;
}

export function useEventAnimations(state: GameScreenState, { disabled = false, supersede = false }: EventAnimationOptions = {}): { awaiting: boolean; dealing: boolean } {
  const preferenceOff = useDisableAnimations();
  const off = disabled || preferenceOff;
  const seen = useRef<Seen | null>(null);
  const shownRounds = useRef(new Map<string, number>());
  /** The plan of the update being drawn, and the rows' boxes before it when the plan needs them. */
  const planned = useRef<{ count: number; plan: AnimationStep[]; snapshot: Snapshot | null } | null>(null);
  const running = useRef(new Set<() => void>());
  const { game, events } = state;

  // Measured during render, while the DOM still shows the state before this update: the cards
  // that are about to leave their rows are still there to fly from. Reading a box lays the page
  // out in the middle of the render, so only a plan that flies a card from a row reads them, and
  // nothing is read for someone who asked for less motion (nothing flies for them).
  if (seen.current && seen.current.gameID === game.id && events.length > seen.current.count && planned.current?.count !== events.length && !off && typeof document !== 'undefined' && !prefersReducedMotion()) {
    const plan = planAnimations(events.slice(seen.current.count));
    planned.current = { count: events.length, plan, snapshot: startsFromTheRows(plan) ? takeSnapshot() : null };
  }

  useLayoutEffect(() => {
    // Turned off while a clash rolls: it stops at once and shows settled under the trade row.
    if (off && animationStore.get().clashes.length > 0) animationStore.reset();
    const before = seen.current;
    seen.current = { gameID: game.id, count: events.length };
    if (!before || before.gameID !== game.id || events.length < before.count) {
      // First sight of this game (or a fresh log): nothing replays, every clash counts as shown.
      shownRounds.current = new Map();
      markShown(events, game, shownRounds.current);
      animationStore.reset();
      return;
    }
    const fresh = events.slice(before.count);
    // Any new step, even one that brought no event this viewer sees (a hidden choice).
    if (supersede && (running.current.size > 0 || animationStore.get().clashes.length > 0)) {
      running.current.forEach((stop) => stop());
      running.current.clear();
      animationStore.reset();
    }
    if (fresh.length > MAX_REPLAYED_EVENTS) {
      // A catch-up (a reconnect, a tab back from the background): show where things stand, not history.
      markShown(fresh, game, shownRounds.current);
      return;
    }
    if (off) {
      // 'Disable Animations': no panel comes and goes over the page; the clash shows settled under
      // the trade row at once.
      markShown(fresh, game, shownRounds.current);
      return;
    }
    const shows = clashShows(fresh, game, shownRounds.current);
    // A hidden tab, or someone who asked for less motion: the clash shows its result at once,
    // without dice tumbling through their faces.
    const instant = document.hidden || prefersReducedMotion();
    animationStore.addClashes(shows, instant, (show) => completedAt(show.clash.rounds.length, show.fromRound), before.count);
    if (instant || fresh.length === 0) return;
    const ready = planned.current?.count === events.length ? planned.current : null;
    const plan = ready?.plan ?? planAnimations(fresh);
    const layer = animationStore.get().layer;
    const taken = ready?.snapshot ?? { cards: new Map() };
    if (plan.length === 0 || !layer) return;
    // Said now, so an end-of-game view committed with this step waits for the cards.
    const dealt = newRowDealtAt(plan, game.tableIDs);
    animationStore.addFlights(planLength(plan), dealt);
    // Started in the next frame's callbacks, before that frame is painted: the runner reads where
    // the step's cards now stand, and read here it laid the page out inside the step's own task
    // (15-32 ms of it when a clash came, on the slowest machine met); the frame lays the page out anyway.
    // Nothing is painted between the step's commit and the frame, so no card shows unhidden.
    const scheduled = performance.now();
    let stop: (() => void) | null = null;
    const frame = window.requestAnimationFrame(() => {
      // A tab hidden meanwhile has no frames: back long after, the cards stand where they belong.
      // A new row's bid waits for its cards as they land, however late this frame comes.
      if (hiddenAt < scheduled) stop = runPlan(plan, { layer, snapshot: taken, onRowDealt: dealt > 0 ? animationStore.holdForDeal() : undefined });
    });
    const cancel = () => {
      window.cancelAnimationFrame(frame);
      stop?.();
    };
    running.current.add(cancel);
    window.setTimeout(() => running.current.delete(cancel), planLength(plan) + 100);
  }, [game, events, off, supersede]);

  useLayoutEffect(
    () => () => {
      running.current.forEach((stop) => stop());
      animationStore.reset();
    },
    [],
  );

  const awaiting = useClashOnBoard();
  const dealing = useSyncExternalStore(animationStore.subscribe, () => animationStore.get().dealing, () => false);
  return { awaiting: awaiting && !off, dealing: dealing && !off };
}

/** Whether a clash's panel stands over the board (its dice rolling, then its results): input, and a turn's clock, wait for it. */
export function useClashOnBoard(): boolean {
  return useSyncExternalStore(animationStore.subscribe, () => animationStore.get().awaiting, () => false);
}

/**
 * The game as the player list should show it: while a clash is being rolled, the game from just
 * before the update that brought it (so the counters do not tell the result before the dice);
 * otherwise `state`. Only the game and its log wait: the table beside it (who is here, each seat's
 * clock, the players' names) is always the latest, or a player who hid their tab as a clash came
 * was shown here for the whole roll (3.4 s), and the clocks stood still. Keeps the last few states
 * it was given, by event count.
 */
export function usePresentedState(state: GameScreenState): GameScreenState {
  const recent = useRef(new Map<number, GameScreenState>());
  const heldAt = useSyncExternalStore(animationStore.subscribe, () => animationStore.get().heldAt, () => null);
  const held = heldAt === null ? undefined : recent.current.get(heldAt);
  // The latest state for each event count: the one at `heldAt` is what the screen showed just
  // before the update that brought the clash. Only recent counts are kept.
  const count = state.events.length;
  recent.current.set(count, state);
  for (const kept of recent.current.keys()) if (kept < count - 64 || kept > count) recent.current.delete(kept);
  const holding = held !== undefined && heldAt !== null && held.game.id === state.game.id && count > heldAt ? held : null;
  // One object while neither changes, so the memoised summaries are not redrawn for nothing.
  return useMemo(() => (holding ? { ...state, game: holding.game, events: holding.events } : state), [holding, state]);
}

/**
 * Whether a state of `count` events is one the presented state is about to hold back: the update
 * that brings a clash is rendered once as it is, before the hook above sees the clash and the
 * state from before it comes back (in the same task, never painted). Effects that act on what is
 * presented (a sound) wait for the state that stays.
 */
export function heldBack(count: number): boolean {
  const { heldAt } = animationStore.get();
  return heldAt !== null && count > heldAt;
}

/**
 * Whether a clash is still rolling or cards are still flying: the end-of-game view waits for the
 * last turn to finish playing out instead of covering it (and telling the winner before the dice do).
 */
export function usePresentationPlaying(): boolean {
  return useSyncExternalStore(animationStore.subscribe, () => animationStore.get().playing, () => false);
}

/**
 * Whether anything plays now, read when an effect runs rather than when its render was made: the
 * update that ends the game with a clash is rendered once before its clash is seen (as above), with
 * nothing playing yet, and an effect of that render must not act on an end not yet shown.
 */
export function presentationPlaying(): boolean {
  return animationStore.get().playing;
}
