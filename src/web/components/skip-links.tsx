/**
 * The links a keyboard meets first on every page, hidden until focused: "Skip to content" (the
 * page's main region), then whatever the page below adds for itself (`SkipLink`). The game screen
 * adds one to the player's move: without it a keyboard's first turn took about twenty Tabs past
 * the header, the players' boards, the chat and the log before it reached the trade row.
 *
 * A page's link is rendered where it belongs (inside the page, with the page's state) and shown
 * here through a portal, so it comes right after the site's own in the Tab order.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { PAGE_START_ID } from '../lib/focus.js';

const Slot = createContext<HTMLElement | null>(null);

/**
 * The site's skip link and the slot for the page's own, around the page. Before them, the page's
 * start: where a new page puts a focus lost on the way (lib/focus.ts), so the next Tab is a skip link.
 */
export function SkipLinks({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <>
      <div id={PAGE_START_ID} tabIndex={-1} className="mythos-page-start" />
      <a className="mythos-skip" href="#main">
        Skip to content
      </a>
      <div ref={setSlot} />
      <Slot.Provider value={slot}>{children}</Slot.Provider>
    </>
  );
}

/** A page's own skip link, after the site's: `onSkip` moves the focus where it says. */
export function SkipLink({ label, onSkip }: { label: string; onSkip: () => void }) {
  const slot = useContext(Slot);
  if (!slot) return null;
  return createPortal(
    <a
      className="mythos-skip"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        onSkip();
      }}
    >
      {label}
    </a>,
    slot,
  );
}
