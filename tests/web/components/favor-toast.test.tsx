/**
 * The "+3 favor" cue of a favor badge out of sight: it shows at the foot of the part of the screen
 * the phone's docked action panel leaves free (favor-cue.tsx, dock.ts). Above a panel docked
 * across the screen's foot; at the screen's own foot, centred beside it, when a phone held sideways
 * docks the panel down the right side (placed as if above a panel docked across the foot, it stood
 * above the top of the screen). happy-dom lays nothing out, so the boxes are given.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { FavorCueAnchor } from '../../../src/web/game/favor-cue.js';

/** The docked panel's box, as the test sets it. */
let dock = { left: 0, top: 0, width: 0, height: 0 };

function box({ left, top, width, height }: { left: number; top: number; width: number; height: number }): DOMRect {
  return { x: left, y: top, left, top, width, height, right: left + width, bottom: top + height, toJSON: () => ({}) } as DOMRect;
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.matches('.docked-action-panel')) return box(dock);
    // The badge's anchor scrolled up out of sight.
    return box({ left: 20, top: -200, width: 60, height: 20 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The toast's place once the cue has measured where its badge is (a frame and a task after the gain). */
async function toastAt(screen: { width: number; height: number }): Promise<{ bottom: string; left: string }> {
  vi.stubGlobal('innerWidth', screen.width);
  vi.stubGlobal('innerHeight', screen.height);
  render(
    <>
      <FavorCueAnchor gain={{ id: 1, amount: 3 }} placement="above">
        <span>3 favor</span>
      </FavorCueAnchor>
      <div className="docked-action-panel" />
    </>,
  );
  const toast = await vi.waitFor(() => {
    const found = document.querySelector<HTMLElement>('[data-favor-toast]');
    if (!found) throw new Error('no toast yet');
    return found;
  });
  expect(toast.textContent).toBe('+3 favor');
  return { bottom: toast.style.bottom, left: toast.style.left };
}

test("a phone held upright: above the panel docked across the screen's foot, in the screen's middle", async () => {
  dock = { left: 0, top: 479, width: 375, height: 188 };
  expect(await toastAt({ width: 375, height: 667 })).toEqual({ bottom: `${667 - 479 + 12}px`, left: `${375 / 2}px` });
});

test("a phone held sideways: at the screen's foot, in the middle of the part left of the panel docked down its side", async () => {
  dock = { left: 740 - 272, top: 0, width: 272, height: 360 };
  expect(await toastAt({ width: 740, height: 360 })).toEqual({ bottom: '24px', left: `${(740 - 272) / 2}px` });
});
