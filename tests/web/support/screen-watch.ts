/**
 * A watcher in the game page that looks at every frame in which the screen can change, for what a
 * screenshot taken now and then would miss: a dealt card's slot showing its cost before the card
 * lands, the action panel asking for a bid on a new age's row none of whose cards has landed yet,
 * the trade row moving inside the table (a clash display appearing above it), and the "+n favor"
 * cues as they show. The screen changes only when the page changes its DOM or while something on
 * it moves (an animation or transition), so the watcher looks at the frame after each
 * change and at every frame while anything moves; a watcher asking for every frame of a whole game
 * kept Chromium drawing 60 of them a second, a fifth of the game's CPU.
 */
import type { Page } from 'playwright-core';

export interface ScreenWatch {
  frames: number;
  /** Card ids whose face was seen hidden on the trade row (a card being dealt or slid in). */
  dealtHidden: number[];
  /** Frames where a trade row card's face was hidden while its slot's cost caption showed. */
  costWithoutCard: { cardID: number; caption: string }[];
  /** Frames at a new age's first turn where the trade row had cards and none had landed yet (its new row being dealt). */
  undealtRowFrames: number;
  /** Those of them in which the action panel asked for a bid on the row (its words, or Submit). */
  bidOnUndealtRow: string[];
  /** Each distinct top of the trade row within the table (px, rounded), and whether clashes were under it then. */
  rowOffsets: { offset: number; clashes: boolean }[];
  /** Frames where an inline clash display (or its stand-in) was on the table. */
  clashFrames: number;
  /** Each favor cue seen: its text, whether it moved, where it was, and whether it took pointer events. */
  cues: { text: string; animated: boolean; inMySummary: boolean; toast: boolean; pointerEvents: string; reducedMotion: boolean }[];
}

interface Globals {
  __watch: ScreenWatch & { stop: boolean };
}

/** Starts watching (again, after a reload: the page's state is lost with it). */
export async function watchScreen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w: ScreenWatch & { stop: boolean } = { frames: 0, dealtHidden: [], costWithoutCard: [], undealtRowFrames: 0, bidOnUndealtRow: [], rowOffsets: [], clashFrames: 0, cues: [], stop: false };
    (window as unknown as Globals).__watch = w;
    const seenCues = new WeakSet<Element>();
    // The opacity an element is drawn with: its own times every ancestor's.
    const drawn = (element: Element | null): number => {
      let opacity = 1;
      for (let e = element; e && e !== document.documentElement; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      return opacity;
    };
    // The page's own viewport. A full-page screenshot re-lays the page out at other sizes while it
    // captures (a frame at 1x1 pixels was seen, the whole table then drawn 725 px above the
    // window): where things stand in those frames is the screenshot's, not the player's, so the
    // row's place is not measured in them. (What is drawn, and what moves, is looked at in every frame.)
    const width = innerWidth;
    const height = innerHeight;
    let asked = false;
    const ask = () => {
      if (asked || w.stop) return;
      asked = true;
      requestAnimationFrame(frame);
    };
    const frame = () => {
      asked = false;
      if (w.stop) return;
      w.frames++;
      const slots = document.querySelectorAll('[data-zone="trade-row"] [data-card-slot]');
      const panel = document.querySelector('[data-action-panel]');
      // A new age's (the panel says so): within an age, a card sliding along the row is hidden in its new slot too.
      const newAge = (panel?.textContent ?? '').includes(' begins: a new trade row');
      if (newAge && slots.length > 0 && [...slots].every((slot) => drawn(slot.querySelector('[data-card-id]')) <= 0.05)) {
        w.undealtRowFrames++;
        const asks = (panel?.textContent ?? '').includes('Choose a card on the trade row') || [...(panel?.querySelectorAll('button') ?? [])].some((b) => (b.textContent ?? '').startsWith('Submit'));
        if (asks) w.bidOnUndealtRow.push(panel?.textContent ?? '');
      }
      for (const slot of slots) {
        const face = slot.querySelector('[data-card-id]');
        if (!face || drawn(face) > 0.05) continue;
        const cardID = Number(face.getAttribute('data-card-id'));
        if (!w.dealtHidden.includes(cardID)) w.dealtHidden.push(cardID);
        const caption = slot.querySelector('.game-card > div:nth-child(2)');
        if (caption && drawn(caption) > 0.05) w.costWithoutCard.push({ cardID, caption: caption.textContent ?? '' });
      }
      const row = document.querySelector('section[aria-label="Trade row"]');
      const table = document.querySelector('.game-table');
      if (row && table && innerWidth === width && innerHeight === height) {
        const offset = Math.round(row.getBoundingClientRect().top - table.getBoundingClientRect().top);
        const clashes = table.querySelector('[data-testid="clashes"]') !== null;
        if (clashes) w.clashFrames++;
        if (!w.rowOffsets.some((o) => o.offset === offset && o.clashes === clashes)) w.rowOffsets.push({ offset, clashes });
      }
      for (const cue of document.querySelectorAll('[data-testid="favor-cue"]')) {
        if (seenCues.has(cue)) continue;
        seenCues.add(cue);
        const summary = cue.closest('.player-summary');
        w.cues.push({
          text: cue.textContent ?? '',
          animated: cue.getAnimations().length > 0,
          inMySummary: summary !== null && (summary.textContent ?? '').includes('(you)'),
          toast: cue.closest('[data-favor-toast]') !== null,
          pointerEvents: getComputedStyle(cue).pointerEvents,
          reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
        });
      }
      if (document.getAnimations().some((a) => a.playState === 'running')) ask();
    };
    new MutationObserver(ask).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    ask();
  });
}

export async function readWatch(page: Page): Promise<ScreenWatch> {
  return page.evaluate(() => {
    const { stop: _stop, ...w } = (window as unknown as Globals).__watch;
    return JSON.parse(JSON.stringify(w)) as ScreenWatch;
  });
}
