/**
 * A row of cards as one Tab stop, the arrow keys moving between its cards (the WAI-ARIA roving
 * tabindex, the toolbar pattern): Tab reaches the row once, at the card it left from (else the
 * chosen card, else the first), and leaves it at once. Left and Right move to the card beside,
 * stopping at the ends; Home and End go to the first and the last. Enter and Space pick the
 * focused card as a click does (the card's own keys, card-face.tsx); on the card already chosen they
 * go on to what comes after the choice (`onChosenAgain`: the action panel's bid or Submit, which
 * lie many Tabs further on, past the tributes and the decks). Only the cards that can be
 * picked now are in it: the others stay pictures, and with none to pick the row is no toolbar.
 * With a key held with Alt, Ctrl or Meta the browser's own shortcut (Alt+Left: back) is left alone.
 *
 * The cards are found by their `data-card-id` (model.ts), on the face that takes the focus.
 */
import { useState, type FocusEvent, type KeyboardEvent } from 'react';

export interface RovingRow {
  /** The card the row's Tab stop is on (tabIndex 0; the row's other cards -1), or null with none to pick. */
  stop: number | null;
  /** For the row's container: its role and name while it holds cards to pick, and the keys. */
  props: {
    role?: 'toolbar';
    'aria-label'?: string;
    onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
    onKeyDownCapture?: (event: KeyboardEvent<HTMLElement>) => void;
    onFocus?: (event: FocusEvent<HTMLElement>) => void;
  };
}

/** The card id of a card face that has the focus, or null for anything else. */
function cardOf(target: EventTarget): number | null {
  if (!(target instanceof HTMLElement) || target.dataset.card !== 'face') return null;
  const id = Number(target.dataset.cardId);
  return Number.isInteger(id) ? id : null;
}

/** Where a key moves the focus from the card at `at` of `count`, or null for a key the row leaves alone. */
function rovingTarget(key: string, at: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return Math.min(at + 1, count - 1);
    case 'ArrowLeft':
      return Math.max(at - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The roving Tab stop over `ids`, the pickable cards in the row's order; `selected` is the card
 * chosen (where Tab lands when the row has not had the focus yet, or its card went), and `label`
 * names the toolbar; Enter or Space on the card chosen calls `onChosenAgain`.
 */
export function useRovingRow(ids: readonly number[], selected: number | null, label: string, onChosenAgain: () => void): RovingRow {
  // The card the focus was last on, in this row: Tab comes back to it, as a toolbar does.
  const [last, setLast] = useState<number | null>(null);
  if (ids.length === 0) return { stop: null, props: {} };
  const stop = last !== null && ids.includes(last) ? last : selected !== null && ids.includes(selected) ? selected : ids[0]!;
  return {
    stop,
    props: {
      role: 'toolbar',
      'aria-label': label,
      // A click or a tap focuses its card too: the stop follows the focus however it came.
      onFocus: (event) => {
        const id = cardOf(event.target);
        if (id !== null && ids.includes(id)) setLast(id);
      },
      // Before the card's own keys (card-face.tsx), which would pick it again: nothing.
      onKeyDownCapture: (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        if (selected === null || cardOf(event.target) !== selected) return;
        event.preventDefault();
        event.stopPropagation();
        onChosenAgain();
      },
      onKeyDown: (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        const id = cardOf(event.target);
        const at = id === null ? -1 : ids.indexOf(id);
        if (at < 0) return;
        const to = rovingTarget(event.key, at, ids.length);
        if (to === null) return;
        // The arrows would otherwise scroll the row or the page too.
        event.preventDefault();
        event.currentTarget.querySelector<HTMLElement>(`[data-card="face"][data-card-id="${ids[to]}"]`)?.focus();
      },
    },
  };
}
