/**
 * Where the large preview of a card that has the keyboard's focus goes, in a row the arrow keys
 * move along (the trade row): clear of every card of that row. Beside the card it covered the
 * next one, the card the player was about to read; on the side the focus came from it covered the
 * cards just passed, and on a phone, where neither side has room, the whole row.
 *
 * Four places are tried: left of the row, right of it, above it and below it, each inside the
 * window and clear of what the page keeps in sight (`avoid`: the action panel and its Submit).
 * At full size none may hold it (a 1280x800 window's row has 296 px on its left for a 300 px
 * preview), so each place holds it as large as its room allows, down to MIN_PREVIEW_SCALE of
 * the full size; the largest wins, so a preview is made smaller only as far as it must be.
 */

/** A box on the screen, as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A preview's top left corner, and the scale it is drawn at (1: full size). */
export interface RowPlacement {
  left: number;
  top: number;
  scale: number;
}

export type RowSide = 'left' | 'right' | 'above' | 'below';

/** Space between a preview and the row, the window's edges and what it avoids. */
const GAP = 12;
/** The smallest a preview is drawn clear of the row: 1.5 times a card at the usual 2.5. */
export const MIN_PREVIEW_SCALE = 0.6;
/** How finely the scale is tried, from 1 down. */
const SCALE_STEP = 0.05;

const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * The preview of the card at `anchor`, `width` by `height` at full size, clear of `row` (every
 * card of the row, the focused one too); null when no place holds it at MIN_PREVIEW_SCALE. `first`
 * is the side tried first between places that hold it equally large: the side the focus came
 * from, away from the card it moves on to.
 */
export function placeClearOfRow(
  anchor: Box,
  row: readonly Box[],
  width: number,
  height: number,
  viewport: { width: number; height: number },
  avoid: readonly Box[] = [],
  first: 'left' | 'right' = 'right',
): RowPlacement | null {
  const cards = row.length > 0 ? row : [anchor];
  const band = {
    left: Math.min(...cards.map((c) => c.left)),
    right: Math.max(...cards.map((c) => c.right)),
    top: Math.min(...cards.map((c) => c.top)),
    bottom: Math.max(...cards.map((c) => c.bottom)),
  };
  const middle = { x: (anchor.left + anchor.right) / 2, y: (anchor.top + anchor.bottom) / 2 };
  // Beside the row, level with the card; above or below it, centred on the card: as near to the
  // card as the row lets it be.
  const at = (side: RowSide, w: number, h: number): Box => {
    const left =
      side === 'left' ? band.left - GAP - w : side === 'right' ? band.right + GAP : clamp(middle.x - w / 2, GAP, viewport.width - GAP - w);
    const top =
      side === 'above' ? band.top - GAP - h : side === 'below' ? band.bottom + GAP : clamp(middle.y - h / 2, GAP, viewport.height - GAP - h);
    return { left, top, right: left + w, bottom: top + h };
  };
  const fits = (box: Box) =>
    box.left >= GAP &&
    box.top >= GAP &&
    box.right <= viewport.width - GAP &&
    box.bottom <= viewport.height - GAP &&
    !cards.some((card) => overlaps(box, card)) &&
    !avoid.some((kept) => overlaps(box, { left: kept.left - GAP, right: kept.right + GAP, top: kept.top - GAP, bottom: kept.bottom + GAP }));
  const order: RowSide[] = [first, first === 'right' ? 'left' : 'right', 'above', 'below'];
  let best: RowPlacement | null = null;
  for (const side of order) {
    for (let steps = 0; 1 - steps * SCALE_STEP >= MIN_PREVIEW_SCALE - 1e-9; steps++) {
      const scale = Math.round((1 - steps * SCALE_STEP) * 100) / 100;
      if (best !== null && scale <= best.scale) break;
      const box = at(side, width * scale, height * scale);
      if (fits(box)) {
        best = { left: box.left, top: box.top, scale };
        break;
      }
    }
  }
  return best;
}
