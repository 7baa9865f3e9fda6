/**
 * Where the board's cards were before an update: the element and its box (page coordinates) of
 * every `[data-card-id]` and `[data-tribute-id]`, keyed by zone. Taken while the old DOM is still
 * on screen, so a card that left the trade row can fly from where it was (FLIP).
 */
import type { Zone } from '../model.js';

export interface Placed {
  element: Element;
  /** Page coordinates (scroll included), so scrolling between snapshot and animation is harmless. */
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Snapshot {
  cards: Map<string, Placed>;
}

export const cardKey = (zone: Zone | null, id: number, tribute: boolean): string => `${zone ?? 'none'}:${tribute ? 't' : 'c'}${id}`;

export function placedOf(element: Element): Placed {
  const r = element.getBoundingClientRect();
  return { element, left: r.left + window.scrollX, top: r.top + window.scrollY, width: r.width, height: r.height };
}

export function zoneOf(element: Element): Zone | null {
  return (element.closest('[data-zone]')?.getAttribute('data-zone') as Zone | null) ?? null;
}

const SOURCES = ['trade-row', 'basic-pile', 'tribute-row'].map((zone) => `[data-zone="${zone}"] [data-card-id], [data-zone="${zone}"] [data-tribute-id]`).join(', ');

export function takeSnapshot(root: ParentNode = document): Snapshot {
  const cards = new Map<string, Placed>();
  // Only the rows cards leave from: boards hold many cards and nothing flies from them.
  root.querySelectorAll(SOURCES).forEach((element) => {
    const tributeID = element.getAttribute('data-tribute-id');
    const id = Number(tributeID ?? element.getAttribute('data-card-id'));
    const zone = zoneOf(element);
    if (Number.isNaN(id)) return;
    const placed = placedOf(element);
    if (placed.width === 0 && placed.height === 0) return;
    cards.set(cardKey(zone, id, tributeID !== null), placed);
  });
  return { cards };
}
