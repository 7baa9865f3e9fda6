/**
 * Windows High Contrast (forced colors): the browser paints every background in the system's
 * Canvas colour and drops box shadows, so a state drawn only with either vanishes. These tests
 * look at the pixels Chromium paints under `forcedColors: 'active'` (the computed style still
 * reports the author's colours there, so only the picture tells): the trade-row card a player
 * chose, Play now's chosen table size and the header's link to the current page must each look
 * different from their unchosen neighbours; a switch and a slider keep their shape and state, a dialog its edge, a list its current page, a phone's tabs the one shown.
 */
import { describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { guestInContext, pickTradeRowCard, sitDown } from './support/game.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, siteAndBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

type Box = { x: number; y: number; width: number; height: number };

/**
 * The share (0 to 1) of the pixels of `box` on the page's screen, less the pixels of `hole` when
 * given, that differ from the page's Canvas colour: 0 where nothing is painted but the background.
 * The PNG is decoded in a blank page of the same browser (the site's Content Security Policy
 * keeps such work out of its own pages).
 */
async function inkShare(browser: Browser, page: Page, box: Box, hole?: Box): Promise<number> {
  const clip = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
  const png = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const blank = await browser.newPage();
  try {
    return await blank.evaluate(
      async ({ b64, canvasColour, at, inner }) => {
        const [r0, g0, b0] = (canvasColour.match(/\d+/g) ?? ['255', '255', '255']).map(Number) as [number, number, number];
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const drawn = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
        drawn.drawImage(bitmap, 0, 0);
        const data = drawn.getImageData(0, 0, bitmap.width, bitmap.height).data;
        let inked = 0;
        let counted = 0;
        for (let y = 0; y < bitmap.height; y++) {
          for (let x = 0; x < bitmap.width; x++) {
            const px = at.x + x;
            const py = at.y + y;
            if (inner && px >= inner.x && px < inner.x + inner.width && py >= inner.y && py < inner.y + inner.height) continue;
            const i = (y * bitmap.width + x) * 4;
            counted++;
            if (Math.max(Math.abs(data[i]! - r0), Math.abs(data[i + 1]! - g0), Math.abs(data[i + 2]! - b0)) > 48) inked++;
          }
        }
        return counted === 0 ? 0 : inked / counted;
      },
      { b64: png.toString('base64'), canvasColour: canvas, at: clip, inner: hole ?? null },
    );
  } finally {
    await blank.close();
  }
}

/** The share of ink in the 5 px band just outside `target`'s box (where a ring around it is drawn). */
async function ringInk(browser: Browser, page: Page, target: Locator): Promise<number> {
  const box = (await target.boundingBox())!;
  const outer = { x: box.x - 6, y: box.y - 6, width: box.width + 12, height: box.height + 12 };
  const hole = { x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2 };
  return inkShare(browser, page, outer, hole);
}

describe.skipIf(!HAS_CHROMIUM)('Forced colors: what is chosen still shows', () => {
  const held = siteAndBrowser({ botDelayMs: 0 });

  test('the trade-row card a player chose has a ring around it, the others none', async () => {
    const context = await newContext(held.browser);
    const table = await sitDown(held.site, context, ['Forcea', 'Forceb']);
    try {
      const { page } = table;
      await page.emulateMedia({ forcedColors: 'active' });
      const cards = page.locator('[data-zone="trade-row"] .game-card');
      await pickTradeRowCard(page, cards.nth(0).locator('[data-card="face"]'));
      await expect.poll(() => cards.nth(0).getAttribute('data-selected')).toBe('true');
      // Away from the cards: no preview, no hover.
      await page.mouse.move(5, 5);
      await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const chosen = await ringInk(held.browser, page, cards.nth(0).locator('> div').first());
      const other = await ringInk(held.browser, page, cards.nth(1).locator('> div').first());
      expect({ chosen: chosen > 0.3, other: other < 0.05 }).toEqual({ chosen: true, other: true });
    } finally {
      await table.close();
    }
  });

  test("each card's face keeps an edge: its box's outermost 2 px are drawn, not left blank", async () => {
    const context = await newContext(held.browser);
    const table = await sitDown(held.site, context, ['Forcee', 'Forcef']);
    try {
      const { page } = table;
      await page.emulateMedia({ forcedColors: 'active' });
      await page.mouse.move(5, 5);
      const faces = page.locator('[data-zone="trade-row"] [data-card="face"]');
      const edges: boolean[] = [];
      for (let i = 0; i < (await faces.count()); i++) {
        const box = (await faces.nth(i).boundingBox())!;
        const hole = { x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 4 };
        edges.push((await inkShare(held.browser, page, box, hole)) > 0.8);
      }
      expect(edges.length).toBeGreaterThan(0);
      expect(edges).toEqual(edges.map(() => true));
    } finally {
      await table.close();
    }
  });

  test("Play now's chosen table size is painted apart from the other sizes", async () => {
    const context = await newContext(held.browser);
    await guestInContext(held.site, context, 'Forcec');
    const page = await context.newPage();
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(held.site.url);
    await page.locator('[data-play-now="idle"]').waitFor();
    const sizes = page.getByRole('radiogroup', { name: 'Players at the table' }).locator('label');
    // The keyboard's way: focus the group's checked radio and move to 3 players.
    await sizes.nth(0).locator('input').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => sizes.nth(1).getAttribute('data-active')).toBe('true');
    await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    const share = async (n: number) => inkShare(held.browser, page, (await sizes.nth(n).boundingBox())!);
    const [two, three, four] = [await share(0), await share(1), await share(2)];
    // Unchosen: dark text on the Canvas (a fifth of the box at most); chosen: a filled box.
    expect({ two: two < 0.35, three: three > 0.6, four: four < 0.35 }).toEqual({ two: true, three: true, four: true });
    await context.close();
  });

  test("the header's link to the current page alone is underlined", async () => {
    const context = await newContext(held.browser);
    await guestInContext(held.site, context, 'Forced');
    const page = await context.newPage();
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(`${held.site.url}/leaderboard`);
    await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    await page.mouse.move(5, 400);
    const nav = page.getByRole('navigation').first();
    const underline = async (name: string) => {
      const box = (await nav.getByRole('link', { name, exact: true }).boundingBox())!;
      // The link's last 2 px, where its bottom border lies.
      return inkShare(held.browser, page, { x: box.x + 4, y: box.y + box.height - 2, width: box.width - 8, height: 2 });
    };
    const shares = { Lobby: await underline('Lobby'), Leaderboard: await underline('Leaderboard') };
    expect({ Lobby: shares.Lobby < 0.1, Leaderboard: shares.Leaderboard > 0.9 }).toEqual({ Lobby: true, Leaderboard: true });
    await context.close();
  });
  test("the replay's Reveal all switch shows on and off, and its step slider its rail", async () => {
    const host = await guest(held.site, 'Forceg');
    const gameID = await playFinishedGame(host);
    const context = await newContext(held.browser);
    await signInContext(context, held.site, host);
    const page = await context.newPage();
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(`${held.site.url}/game/${gameID}/replay`);
    const reveal = page.getByRole('switch', { name: /^Reveal all/ });
    await reveal.waitFor({ state: 'attached' });
    await page.mouse.move(5, 5);
    const track = page.locator('.mantine-Switch-track').first();
    const off = await inkShare(held.browser, page, (await track.boundingBox())!);
    await reveal.check({ force: true });
    await expect.poll(() => reveal.isChecked()).toBe(true);
    await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    const on = await inkShare(held.browser, page, (await track.boundingBox())!);
    // The slider at step 0: its thumb at the left end, the rail's right half bare but for its edges.
    const rail = (await page.locator('.mantine-Slider-root').first().boundingBox())!;
    const rightHalf = await inkShare(held.browser, page, { x: rail.x + rail.width / 2, y: rail.y, width: rail.width / 2 - 4, height: rail.height });
    expect({ off: off > 0.05, on: on > 0.5, rail: rightHalf > 0.05 }).toEqual({ off: true, on: true, rail: true });
    host.close();
    await context.close();
  });
  test("the game's chat dialog keeps its edge over the table", async () => {
    const context = await newContext(held.browser);
    const table = await sitDown(held.site, context, ['Forceh', 'Forcei']);
    try {
      const { page } = table;
      await page.emulateMedia({ forcedColors: 'active' });
      await page.getByRole('button', { name: /^Chat/i }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Game Chat' });
      await dialog.getByRole('textbox', { name: 'Message' }).waitFor();
      await page.mouse.move(5, 5);
      const box = (await page.locator('.mantine-Modal-content').boundingBox())!;
      // The 2 px around the dialog: drawn, not the faded page behind it.
      const edge = await inkShare(held.browser, page, { x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4 }, box);
      expect(edge).toBeGreaterThan(0.6);
    } finally {
      await table.close();
    }
  });
  test("a list's current page is painted apart from the other pages' buttons", async () => {
    // Eleven finished games: "Your games" lists ten a page, so it has two.
    const host = await guest(held.site, 'Forcej');
    for (let i = 0; i < 11; i++) await playFinishedGame(host);
    const context = await newContext(held.browser);
    await signInContext(context, held.site, host);
    const page = await context.newPage();
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(`${held.site.url}/my-games`);
    const current = page.getByRole('button', { name: 'Page 1' });
    await current.waitFor();
    await current.scrollIntoViewIfNeeded();
    await page.mouse.move(5, 5);
    const share = async (name: string) => inkShare(held.browser, page, (await page.getByRole('button', { name }).boundingBox())!);
    const [one, two] = [await share('Page 1'), await share('Page 2')];
    expect({ one: one > 0.5, two: two < 0.35 }).toEqual({ one: true, two: true });
    host.close();
    await context.close();
  }, 120_000);
  test("a phone's Table tab, the one shown, is painted apart from Boards and Log; the bid slider keeps its track", async () => {
    const context = await newContext(held.browser, PHONE);
    const table = await sitDown(held.site, context, ['Forcek', 'Forcel']);
    try {
      const { page } = table;
      await page.emulateMedia({ forcedColors: 'active' });
      const tab = (name: string) => page.getByRole('tab', { name, exact: true });
      await expect.poll(() => tab('Table').getAttribute('aria-selected')).toBe('true');
      await tab('Table').scrollIntoViewIfNeeded();
      await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const share = async (name: string) => inkShare(held.browser, page, (await tab(name).boundingBox())!);
      const [shown, boards, log] = [await share('Table'), await share('Boards'), await share('Log')];
      // The bid's slider at 0 of 0 to 1: its thumb at the left end, the track's right half bare but for its edges.
      const slider = page.getByRole('slider').first();
      await slider.scrollIntoViewIfNeeded();
      const box = (await slider.boundingBox())!;
      const track = await inkShare(held.browser, page, { x: box.x + box.width / 2, y: box.y, width: box.width / 2 - 4, height: box.height });
      expect({ shown: shown > 0.5, boards: boards < 0.35, log: log < 0.35, track: track > 0.05 }).toEqual({ shown: true, boards: true, log: true, track: true });
    } finally {
      await table.close();
    }
  });
});
