/**
 * Plays an animation plan on the page: each step flies a clone (of the card, or a small resource
 * token) in a fixed overlay layer, with the Web Animations API on transform and opacity only, so
 * the compositor runs it at full frame rate even when the main thread is busy. The real element at
 * the destination is hidden until its clone lands.
 */
import { assertKnownStyle, type AnimationStep, type FlyingResource } from '../../../shared/animation-plan.js';
import { cardKey, placedOf, type Placed, type Snapshot } from './dom-snapshot.js';
import { ART } from '../../lib/palette.js';

const EASE_FLY = 'cubic-bezier(0.2, 0.7, 0.2, 1)';

/** A flying token's look: a radial gradient of its resource's colours (lib/palette.ts ART.flying) and its glyph. */
const look = (glyph: string, c: { light: string; middle: string; dark: string; ink: string }) => ({
  glyph,
  background: `radial-gradient(circle at 35% 30%, ${c.light}, ${c.middle} 55%, ${c.dark})`,
  color: c.ink,
});

const RESOURCE_LOOK: Record<FlyingResource, { glyph: string; background: string; color: string }> = {
  gold: look('G', ART.flying.gold),
  military: look('M', ART.flying.military),
  favor: look('V', ART.flying.favor),
  warTokens: look('W', ART.flying.warTokens),
  rerollTokens: look('R', ART.flying.rerollTokens),
};

const attr = (name: string, value: string | number) => `[${name}="${CSS.escape(String(value))}"]`;

/** A player's summary (the one holding their counters), not their board. */
function summaryOf(playerID: string): Element | null {
  for (const element of document.querySelectorAll(attr('data-player-id', playerID))) {
    if (element.getAttribute('data-zone') !== 'board' && !element.closest('[data-zone="board"]')) return element;
  }
  return null;
}

function boardOf(playerID: string): Element | null {
  return (
    document.querySelector(`[data-zone="board"]${attr('data-player-id', playerID)}`) ??
    document.querySelector(`${attr('data-player-id', playerID)} [data-zone="board"]`) ??
    document.querySelector(`[data-zone="board"] ${attr('data-player-id', playerID)}`)
  );
}

/** Where a resource lands: the summary's counter for it when marked, else the summary. */
function counterOf(playerID: string, resource: FlyingResource): Element | null {
  const summary = summaryOf(playerID);
  return summary?.querySelector(attr('data-counter', resource)) ?? summary;
}

function liveCard(zone: string, id: number, tribute: boolean, within: ParentNode = document): Element | null {
  const selector = tribute ? attr('data-tribute-id', id) : attr('data-card-id', id);
  return within.querySelector(`[data-zone="${zone}"] ${selector}`);
}

function visible(element: Element | null): Placed | null {
  if (!element) return null;
  const placed = placedOf(element);
  return placed.width > 0 || placed.height > 0 ? placed : null;
}

export interface RunnerOptions {
  layer: HTMLElement;
  snapshot: Snapshot;
  /** Called once the cards the plan deals onto the trade row have landed (or were stopped): at once when it deals none there. */
  onRowDealt?: (() => void) | undefined;
}

/** Starts every step of the plan; returns a function that cancels whatever is still running. */
export function runPlan(plan: readonly AnimationStep[], { layer, snapshot, onRowDealt }: RunnerOptions): () => void {
  const running: Animation[] = [];
  /** When each card dealt onto the trade row lands. */
  const landing: Promise<unknown>[] = [];
  const clones: Element[] = [];
  const layerBox = layer.getBoundingClientRect();
  const origin = { left: layerBox.left + window.scrollX, top: layerBox.top + window.scrollY };

  /** A clone of `source` placed over `at` in the layer. */
  const cloneAt = (source: Element, at: Placed): HTMLElement => {
    const clone = source.cloneNode(true) as HTMLElement;
    clone.removeAttribute('id');
    clone.querySelectorAll('[id]').forEach((e) => e.removeAttribute('id'));
    clone.setAttribute('aria-hidden', 'true');
    // A flying picture, not a control: nothing in it may take focus (a clickable card's clone
    // would otherwise be a focusable button inside an aria-hidden layer).
    clone.setAttribute('inert', '');
    for (const focusable of [clone, ...clone.querySelectorAll('[tabindex], button, a[href], input, select, textarea')]) {
      focusable.setAttribute('tabindex', '-1');
      focusable.removeAttribute('role');
    }
    clone.removeAttribute('data-card-id');
    clone.removeAttribute('data-tribute-id');
    place(clone, at);
    return clone;
  };
  const place = (element: HTMLElement, at: Placed) => {
    Object.assign(element.style, {
      position: 'absolute',
      left: `${at.left - origin.left}px`,
      top: `${at.top - origin.top}px`,
      width: `${at.width}px`,
      height: `${at.height}px`,
      margin: '0',
      pointerEvents: 'none',
      willChange: 'transform, opacity',
    });
    layer.appendChild(element);
    clones.push(element);
  };
  const track = (animation: Animation, element?: Element) => {
    running.push(animation);
    if (element) animation.finished.then(() => element.remove(), () => element.remove());
    return animation;
  };
  /** Hides the real element until its clone lands (an animation, so nothing is left behind if cancelled). */
  const hideUntil = (element: Element, ms: number) => track(element.animate([{ opacity: 0 }, { opacity: 0 }], { duration: ms }));
  /**
   * A card arriving in a row hides its whole slot (`data-card-slot`: the card with its cost
   * caption and marks) until it lands: hiding the card alone left its cost and lock showing in an
   * empty slot while it waited for its turn to be dealt.
   */
  const slotOf = (element: Element): Element => element.closest('[data-card-slot]') ?? element;

  /** Moves `clone` (placed at `to`) from `from` to where it stands, scaling between the two boxes. */
  const fly = (clone: HTMLElement, from: Placed, to: Placed, step: AnimationStep, end: Keyframe = {}) => {
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const sx = to.width > 0 ? from.width / to.width : 1;
    const sy = to.height > 0 ? from.height / to.height : 1;
    track(
      clone.animate(
        [
          { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, opacity: 1 },
          { transform: 'translate(0, 0) scale(1, 1)', opacity: 1, ...end },
        ],
        { duration: step.duration, delay: step.delay, easing: EASE_FLY, fill: 'both' },
      ),
      clone,
    );
  };

  // Every box is read first and every clone added after: a clone added to the page between two
  // reads made the next read lay the page out again, once per step (a clash's gains are a dozen).
  const starts: (() => void)[] = [];
  for (const step of plan) {
    assertKnownStyle(step.kind);
    switch (step.kind) {
      case 'card-fly': {
        const from =
          snapshot.cards.get(cardKey('trade-row', step.cardID, false)) ??
          (step.from === 'trade-row-or-basic-pile' ? (snapshot.cards.get(cardKey('basic-pile', step.cardID, false)) ?? visible(liveCard('basic-pile', step.cardID, false))) : null);
        // No start on the page is no fault: steps that came faster than frames render as one, and a
        // card dealt and taken among them was never on the page before (its deal finds no card to
        // fly either); or its row is off screen (a phone's other tab). It stands on its board.
        if (!from) break;
        const target = step.toPlayerID === null ? liveCard('trade-row', step.cardID, false) : boardCard(step.toPlayerID, step.cardID);
        const to = visible(target) ?? (step.toPlayerID ? visible(summaryOf(step.toPlayerID)) : null);
        if (!to) break;
        starts.push(() => {
          const clone = cloneAt(target ?? from.element, to);
          if (target) hideUntil(step.toPlayerID === null ? slotOf(target) : target, step.delay + step.duration);
          fly(clone, from, to, step);
        });
        break;
      }
      case 'card-deal': {
        const zone = step.tribute ? 'tribute-row' : 'trade-row';
        const target = liveCard(zone, step.cardID, step.tribute);
        const to = visible(target);
        const deck = visible(document.querySelector('[data-zone="deck"]'));
        if (!target || !to) break;
        const from: Placed = deck ?? { ...to, top: to.top - 40 };
        starts.push(() => {
          const clone = cloneAt(target, to);
          const hidden = hideUntil(slotOf(target), step.delay + step.duration);
          if (!step.tribute) landing.push(hidden.finished);
          track(
            clone.animate(
              [
                { transform: `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(0.6) rotateY(90deg)`, opacity: 0 },
                { opacity: 1, offset: 0.3 },
                { transform: 'translate(0, 0) scale(1) rotateY(0deg)', opacity: 1 },
              ],
              { duration: step.duration, delay: step.delay, easing: EASE_FLY, fill: 'both' },
            ),
            clone,
          );
        });
        break;
      }
      case 'card-remove': {
        const zone = step.tribute ? 'tribute-row' : 'trade-row';
        const was = snapshot.cards.get(cardKey(zone, step.cardID, step.tribute));
        if (!was) break;
        starts.push(() => {
          const clone = cloneAt(was.element, was);
          track(
            clone.animate(
              [
                { transform: 'translateY(0) scale(1)', opacity: 1 },
                { transform: 'translateY(24px) scale(0.8)', opacity: 0 },
              ],
              { duration: step.duration, delay: step.delay, easing: 'ease-in', fill: 'both' },
            ),
            clone,
          );
        });
        break;
      }
      case 'tribute-fly': {
        const was = snapshot.cards.get(cardKey('tribute-row', step.tributeID, true));
        const to = visible(summaryOf(step.toPlayerID));
        if (!was || !to) break;
        const dx = to.left + to.width / 2 - (was.left + was.width / 2);
        const dy = to.top + to.height / 2 - (was.top + was.height / 2);
        starts.push(() => {
          const clone = cloneAt(was.element, was);
          track(
            clone.animate(
              [
                { transform: 'translate(0, 0) scale(1)', opacity: 1 },
                { transform: 'translate(0, -12px) scale(1.08)', opacity: 1, offset: 0.25 },
                { transform: `translate(${dx}px, ${dy}px) scale(0.2)`, opacity: 0 },
              ],
              { duration: step.duration, delay: step.delay, easing: 'ease-in-out', fill: 'both' },
            ),
            clone,
          );
        });
        break;
      }
      case 'resource-fly': {
        const source =
          (step.fromCardID !== null ? boardCard(step.toPlayerID, step.fromCardID) : null) ??
          (step.fromZone === 'board' ? boardOf(step.toPlayerID) : document.querySelector('[data-zone="trade-row"]'));
        const fromBox = visible(source) ?? visible(summaryOf(step.toPlayerID));
        const toBox = visible(counterOf(step.toPlayerID, step.resource));
        if (!fromBox || !toBox) break;
        starts.push(() => {
          const size = 22;
          const token = document.createElement('div');
          const look = RESOURCE_LOOK[step.resource];
          token.textContent = step.amount > 1 ? `+${step.amount}` : look.glyph;
          Object.assign(token.style, {
            borderRadius: '50%',
            background: look.background,
            color: look.color,
            font: '700 11px/22px system-ui, sans-serif',
            textAlign: 'center',
            boxShadow: '0 2px 6px rgba(0,0,0,.45)',
          });
          const at: Placed = { element: token, left: toBox.left + toBox.width / 2 - size / 2, top: toBox.top + toBox.height / 2 - size / 2, width: size, height: size };
          place(token, at);
          const start: Placed = { element: token, left: fromBox.left + fromBox.width / 2 - size / 2, top: fromBox.top + fromBox.height / 2 - size / 2, width: size, height: size };
          fly(token, start, at, step, { opacity: 0.2 });
        });
        break;
      }
    }
  }
  for (const start of starts) start();
  if (onRowDealt) void Promise.allSettled(landing).then(onRowDealt);
  return () => {
    running.forEach((a) => a.cancel());
    clones.forEach((c) => c.remove());
  };
}

function boardCard(playerID: string, cardID: number): Element | null {
  const board = boardOf(playerID);
  return board?.querySelector(attr('data-card-id', cardID)) ?? null;
}
