/**
 * Reading a card at a size its text is easy to read, on any screen:
 * - with a mouse, a large preview shows while the pointer rests on the card (or a card inside
 *   has keyboard focus): the same face drawn again at 2.5 times the width, beside the card and
 *   inside the window, so it is as crisp as the card itself, with what it does in words under it
 *   (the face says it in icons only); Escape puts a focused card's preview away. A card focused
 *   in a row the arrow keys move along has its preview clear of the whole row (clear-of-row.ts),
 *   smaller if it must be, so the cards the keyboard moves on to stay in sight;
 * - on a touch screen, where there is no hover, touching and holding a card opens it in a dialog
 *   (the reader), drawn as large as the screen allows, with what it does in words. A quick tap stays a tap (it picks the
 *   card where cards can be picked); the hold that opened the reader picks nothing.
 */
import { Suspense, useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { createPortal } from 'react-dom';
import { CARD_RATIO, CARD_WIDTH } from './card-face.js';
import { placeClearOfRow } from './clear-of-row.js';
import { useHold } from '../lib/press.js';
import { RuleList } from './rule-list.js';
import classes from './cards.module.css';

const CardReader = retryingLazy(() => import('./card-reader.js').then((m) => ({ default: m.CardReader })));

export const PREVIEW_SCALE = 2.5;
const GAP = 12;

interface Placement {
  left: number;
  top: number;
  /** Drawn smaller than full size (clear of a row with no room for it whole); 1 when absent. */
  scale?: number;
}

/** The side of its card a preview goes on first, if it fits there. */
export type PreviewSide = 'right' | 'left';

/**
 * Where a preview of this size goes: on the `first` side of the card (right unless said) if it
 * fits, else the other, inside the window. A side where it would cover one of `avoid` (say, the
 * game's action panel and its Submit) is passed over while the other side is free. When both
 * would cover it (a phone, its panel docked across the screen's foot), the preview goes up above
 * what it covers if there is room.
 */
export function placePreview(anchor: DOMRect, width: number, height: number, viewport = { width: window.innerWidth, height: window.innerHeight }, avoid: readonly DOMRect[] = [], first: PreviewSide = 'right'): Placement | null {
  if (width + 2 * GAP > viewport.width || height + 2 * GAP > viewport.height) return null;
  const top = Math.min(Math.max(GAP, anchor.top + anchor.height / 2 - height / 2), viewport.height - height - GAP);
  const right = anchor.right + GAP;
  const leftSide = Math.max(GAP, anchor.left - GAP - width);
  const fits = { right: right + width + GAP <= viewport.width, left: anchor.left - GAP - width >= GAP };
  const covered = (left: number, at: number) => avoid.filter((r) => left < r.right && left + width > r.left && at < r.bottom && at + height > r.top);
  const beside = { right: covered(right, top), left: covered(leftSide, top) };
  const other: PreviewSide = first === 'right' ? 'left' : 'right';
  // The left side is always usable, pushed inside the window; the right one only where it fits.
  const usable = (side: PreviewSide) => side === 'left' || fits.right;
  const firstTaken = fits[first] && !(beside[first].length > 0 && beside[other].length === 0 && usable(other));
  const side: PreviewSide = firstTaken || !usable(other) ? first : other;
  const left = side === 'right' ? right : leftSide;
  const under = beside[side];
  if (under.length === 0) return { left, top };
  // A whole pixel, rounded up the screen: a box's fractional top (the dock's, 607.9 px) left a
  // quarter-pixel overlap once the preview was drawn at its own rounded size.
  const above = Math.floor(Math.min(...under.map((r) => r.top)) - GAP - height);
  return above >= GAP && covered(left, above).length === 0 ? { left, top: above } : { left, top };
}

/**
 * The side a keyboard-focused card's preview goes on first: the side the focus came from, so the
 * cards it is moving on to stay in sight (arrowing right along a row, a preview on the right
 * covered the next card each time). `from` is the left edge of the card focused before, if any.
 */
export function sideForFocus(from: number | null, at: number): PreviewSide {
  return from !== null && from < at ? 'left' : 'right';
}

/** The left edge of the card whose preview keyboard focus showed last (one focus at a time on a page). */
let lastFocusedLeft: number | null = null;

/**
 * Puts away the preview on show, if any: one at a time on a page. The hover of one card and the
 * keyboard focus of another once showed two, one over the other.
 */
let hideShown: (() => void) | null = null;

/**
 * Whether a mouse's arrival should show a preview: only where the main pointer can hover. A phone
 * reports a "mouse" arriving where it was last tapped when the page scrolls under it (Chromium
 * updates hover after a scroll), which opened a preview no one had asked for.
 */
const canHover = () => window.matchMedia('(hover: hover)').matches;

/** A preview placed, with what it was placed by: it is placed again once its real height is known. */
interface Placed extends Placement {
  anchor: DOMRect;
  avoid: readonly DOMRect[];
  height: number;
  first: PreviewSide;
  /** Shown for the pointer resting on the card, or for keyboard focus on it. */
  by: 'pointer' | 'focus';
  /** The cards of the row keyboard focus moves along (the arrow keys' toolbar), to keep clear of; empty for a pointer, or a card in no such row. */
  row: readonly DOMRect[];
}

/**
 * Where a preview goes: for keyboard focus in a row of cards, clear of the row when a place holds
 * it at a readable size; else beside the card.
 */
function place(anchor: DOMRect, width: number, height: number, avoid: readonly DOMRect[], first: PreviewSide, row: readonly DOMRect[]): Placement | null {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  return (row.length > 1 ? placeClearOfRow(anchor, row, width, height, viewport, avoid, first) : null) ?? placePreview(anchor, width, height, viewport, avoid, first);
}

/** The cards of the row the arrow keys move along (roving-row.ts: a toolbar) that holds `anchor`; none outside one. */
function rowOf(anchor: HTMLElement): DOMRect[] {
  const toolbar = anchor.closest('[role="toolbar"]');
  return toolbar ? [...toolbar.querySelectorAll('[data-preview-anchor]')].map((card) => card.getBoundingClientRect()) : [];
}

export interface CardPreviewProps {
  /** Draws the card at the given width (the preview's, or the reader's). */
  render: (width: number) => ReactNode;
  /** The card's name: the reader's title. */
  name: string;
  /** What the card does in words, a sentence each, under the card in the preview and the reader (asked for when one opens). */
  rules?: () => readonly string[];
  /** The width of the card on the page (default 140). */
  width?: number;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** Wraps a card; shows `render(width * 2.5)` beside it on hover or keyboard focus, and in the reader on a touch hold. */
export function CardPreview({ render, name, rules, width = CARD_WIDTH, children, className, style }: CardPreviewProps) {
  const [placement, setPlacement] = useState<Placed | null>(null);
  const [reading, setReading] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  // A touch hold opens the reader; the click that ends it must not also pick the card.
  const hold = useHold(() => setReading(true), { touchOnly: true });
  const big = Math.round(width * PREVIEW_SCALE);
  const hide = useCallback(() => {
    if (hideShown === hide) hideShown = null;
    setPlacement(null);
  }, []);
  const show = useCallback(
    (by: 'pointer' | 'focus') => {
      if (!anchor.current) return;
      const avoid = [...document.querySelectorAll('[data-preview-avoid]')].map((e) => e.getBoundingClientRect());
      const rect = anchor.current.getBoundingClientRect();
      const height = big * CARD_RATIO;
      const first = by === 'focus' ? sideForFocus(lastFocusedLeft, rect.left) : 'right';
      if (by === 'focus') lastFocusedLeft = rect.left;
      const row = by === 'focus' ? rowOf(anchor.current) : [];
      const placed = place(rect, big, height, avoid, first, row);
      if (hideShown !== hide) hideShown?.();
      hideShown = placed && hide;
      setPlacement(placed && { ...placed, anchor: rect, avoid, height, first, by, row });
    },
    [big, hide],
  );
  // Placed by the card's height alone; measured before it is painted (the sentences under the card
  // make it taller), it is placed again by its real height: inside the window, clear of the panel.
  // (offsetHeight: the fade-in's scale does not count.)
  useLayoutEffect(() => {
    if (!placement || !preview.current) return;
    const height = preview.current.offsetHeight;
    if (height === placement.height) return;
    // Taller than the window allows: from its top, as far down as it goes.
    const placed = place(placement.anchor, big, height, placement.avoid, placement.first, placement.row) ?? { left: placement.left, top: GAP };
    setPlacement({ ...placement, scale: undefined, ...placed, height });
  }, [placement, big]);

  // A preview shown for keyboard focus goes once the focus has left its card, however it left. A
  // card that stops being pickable while focused (a clash's dice starting to roll over the row)
  // loses the focus while React writes that change to the page, and React passes on no blur from
  // that moment: onBlur never ran, and the preview of a card no longer focused stayed over the
  // clash's dice.
  useLayoutEffect(() => {
    if (placement?.by !== 'focus' || anchor.current?.contains(document.activeElement)) return;
    hide();
  });

  return (
    <>
      <span
        ref={anchor}
        className={className ? `${classes.previewAnchor} ${className}` : classes.previewAnchor}
        data-preview-anchor
        style={{ display: 'inline-block', lineHeight: 0, '--card-w': `${width}px`, ...style } as CSSProperties}
        onPointerEnter={(e: PointerEvent) => e.pointerType === 'mouse' && canHover() && show('pointer')}
        onPointerLeave={hide}
        {...hold.handlers}
        // A long touch opens the reader, not the browser's menu for the card's image.
        onContextMenu={(e) => (hold.holding() || reading ? e.preventDefault() : undefined)}
        onFocus={(e: FocusEvent) => e.target.matches(':focus-visible') && show('focus')}
        onBlur={hide}
        // Escape puts the preview away, the focus staying on the card (content shown on focus can
        // be dismissed without moving it); only then is the key this wrapper's, before the card's.
        onKeyDownCapture={(e: KeyboardEvent) => {
          if (e.key !== 'Escape' || !placement) return;
          e.stopPropagation();
          hide();
        }}
      >
        {children}
        {placement
          ? createPortal(
              <div
                ref={preview}
                className={classes.preview}
                style={{ left: placement.left, top: placement.top, ...(placement.scale !== undefined && placement.scale < 1 ? { scale: String(placement.scale), transformOrigin: 'top left' } : {}) }}
                aria-hidden="true"
                data-testid="card-preview"
              >
                {render(big)}
                {rules ? <RuleList rules={rules()} className={classes.previewRules} width={big} /> : null}
              </div>,
              document.body,
            )
          : null}
      </span>
      {reading ? (
        <Suspense fallback={null}>
          <CardReader name={name} render={render} rules={rules} onClose={() => setReading(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
