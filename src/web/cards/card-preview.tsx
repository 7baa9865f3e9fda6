/**
 * The large preview shown while the mouse rests on a card (or a card inside has keyboard focus):
 * the same face drawn again at 2.5 times the width, beside the card and inside the window, so it
 * is as crisp as the card itself. Touch screens get none (a tap is not a hover).
 */
import { useCallback, useRef, useState, type CSSProperties, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CARD_RATIO, CARD_WIDTH, CardFace, type CardFaceProps } from './card-face.js';
import './cards.css';

export const PREVIEW_SCALE = 2.5;
const GAP = 12;

interface Placement {
  left: number;
  top: number;
}

/** Where a preview of this size goes: right of the card if it fits, else left, inside the window. */
export function placePreview(anchor: DOMRect, width: number, height: number, viewport = { width: window.innerWidth, height: window.innerHeight }): Placement | null {
  if (width + 2 * GAP > viewport.width || height + 2 * GAP > viewport.height) return null;
  const right = anchor.right + GAP;
  const left = right + width + GAP <= viewport.width ? right : Math.max(GAP, anchor.left - GAP - width);
  const top = Math.min(Math.max(GAP, anchor.top + anchor.height / 2 - height / 2), viewport.height - height - GAP);
  return { left, top };
}

export interface CardPreviewProps {
  /** Draws the preview at the given width (the card's width times 2.5). */
  render: (width: number) => ReactNode;
  /** The width of the card on the page (default 140). */
  width?: number;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** Wraps a card; shows `render(width * 2.5)` beside it on hover or keyboard focus. */
export function CardPreview({ render, width = CARD_WIDTH, children, className, style }: CardPreviewProps) {
  const [placement, setPlacement] = useState<Placement | null>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const big = Math.round(width * PREVIEW_SCALE);
  const show = useCallback(() => {
    if (!anchor.current) return;
    setPlacement(placePreview(anchor.current.getBoundingClientRect(), big, big * CARD_RATIO));
  }, [big]);
  const hide = useCallback(() => setPlacement(null), []);
  return (
    <span
      ref={anchor}
      className={className ? `mc-preview-anchor ${className}` : 'mc-preview-anchor'}
      style={{ display: 'inline-block', lineHeight: 0, '--card-w': `${width}px`, ...style } as CSSProperties}
      onPointerEnter={(e: PointerEvent) => e.pointerType === 'mouse' && show()}
      onPointerLeave={hide}
      onFocus={(e: FocusEvent) => e.target.matches(':focus-visible') && show()}
      onBlur={hide}
    >
      {children}
      {placement
        ? createPortal(
            <div className="mc-preview" style={{ left: placement.left, top: placement.top }} aria-hidden="true" data-testid="card-preview">
              {render(big)}
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}

/** A card face with its hover preview. */
export function CardFaceWithPreview(props: CardFaceProps) {
  const { width = CARD_WIDTH } = props;
  return (
    <CardPreview width={width} render={(w) => <CardFace card={props.card} width={w} aria-label={props['aria-label']} />}>
      <CardFace {...props} />
    </CardPreview>
  );
}
