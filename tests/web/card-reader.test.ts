/**
 * Reading a card on the game screen: a touch held on a card opens it large in a dialog (a phone
 * has no hover), a quick tap still picks it; with a mouse, hovering shows the large preview.
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, seriousAxeViolations, siteAndBrowser, type Viewport } from './support/site.js';
import { guestInContext, pickTradeRowCard, startGame, waitForPhase } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** Touches the middle of `target` (scrolled into view), holds for `ms`, and lets go, through the browser's touch input. */
async function touchAndHold(page: Page, target: Locator, ms: number): Promise<void> {
  // Scrolled to the middle of the screen, as a person would: the phone's action panel is fixed
  // over the bottom of the page.
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The trade row's cards (their places in the row) that the card preview on show covers, drawn as it ends (its fade-in's scale done). */
async function rowCardsUnder(page: Page): Promise<number[]> {
  await page.getByTestId('card-preview').evaluate((preview) => Promise.all(preview.getAnimations().map((a) => a.finished)));
  return page.evaluate(() => {
    const shown = document.querySelector('[data-testid="card-preview"]')!.getBoundingClientRect();
    const cards = [...document.querySelectorAll('[data-zone="trade-row"] .game-card')].map((card) => card.getBoundingClientRect());
    return cards.flatMap((card, i) => (shown.left < card.right && shown.right > card.left && shown.top < card.bottom && shown.bottom > card.top ? [i] : []));
  });
}

/**
 * The box of the range input labelled `label`'s thumb, as the browser lays it out. The thumb is
 * drawn in the input's own (user-agent) shadow tree, out of reach of the page's scripts, of
 * getComputedStyle and of Playwright's selectors, so it is found through the DevTools protocol.
 */
async function rangeThumbBox(page: Page, label: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    type DomNode = typeof root;
    const all = (n: DomNode): DomNode[] => [n, ...[...(n.children ?? []), ...(n.shadowRoots ?? [])].flatMap(all)];
    const attr = (n: DomNode, name: string): string | undefined => {
      const a = n.attributes ?? [];
      for (let i = 0; i < a.length; i += 2) if (a[i] === name) return a[i + 1];
      return undefined;
    };
    const input = all(root).find((n) => n.nodeName === 'INPUT' && attr(n, 'aria-label') === label);
    const thumb = input && all(input).find((n) => attr(n, 'id') === 'thumb');
    if (!thumb) throw new Error(`no range thumb for '${label}'`);
    const { model } = await cdp.send('DOM.getBoxModel', { backendNodeId: thumb.backendNodeId });
    return { x: model.border[0]!, y: model.border[1]!, width: model.width, height: model.height };
  } finally {
    await cdp.detach();
  }
}

/**
 * The top edge of the page's dialog at every frame, from now until it has been open for `ms`
 * (or 30 s have passed, on a machine too busy to open it).
 */
function dialogTopsFor(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(
    (open) =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const giveUp = performance.now() + 30_000;
        let end = Infinity;
        const frame = () => {
          const now = performance.now();
          const dialog = document.querySelector('[role="dialog"]');
          if (dialog) {
            seen.push(dialog.getBoundingClientRect().top);
            if (end === Infinity) end = now + open;
          }
          if (now < Math.min(end, giveUp)) requestAnimationFrame(frame);
          else resolve(seen);
        };
        requestAnimationFrame(frame);
      }),
    ms,
  );
}

const firstTradeRowCard = (page: Page): Locator => page.locator('[data-zone="trade-row"] .game-card').first();

describe.skipIf(!HAS_CHROMIUM)('reading a card on the game screen', () => {
  const suite = siteAndBrowser({ botDelayMs: 5 });

  async function openGame(viewport: Viewport, name: string): Promise<Page> {
    const context = await newContext(suite.browser, viewport);
    const host = await guestInContext(suite.site, context, name);
    const gameID = await startGame(suite.site, host, { bots: ['easy_bot'] });
    const page = await context.newPage();
    await page.goto(`${suite.site.url}/game/${gameID}`, { waitUntil: 'domcontentloaded' });
    await waitForPhase(page, ['PLANNING']);
    return page;
  }

  test('on a phone, holding a card opens it large and picks nothing; a tap picks it', { timeout: 120_000 }, async () => {
    const page = await openGame(PHONE, 'Hold');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.getByText('Touch and hold a card to read it.').waitFor();
    // The bid for a finger: a slider thumb of at least 28 px, no tiny arrows on the number box.
    const bidPanel = page.getByRole('region', { name: 'Action panel' });
    const slider = bidPanel.getByRole('slider', { name: 'Military bid slider' });
    const thumb = await rangeThumbBox(page, 'Military bid slider');
    expect(thumb.width).toBeGreaterThanOrEqual(28);
    expect(thumb.height).toBeGreaterThanOrEqual(28);
    // Each number under the slider is centred under the thumb's stop for it: the least and the most bid.
    for (const key of ['End', 'Home']) {
      await slider.press(key);
      const stop = await rangeThumbBox(page, 'Military bid slider');
      const mark = (await bidPanel.locator('[data-bid-marks] span').getByText(await slider.inputValue(), { exact: true }).boundingBox())!;
      expect(Math.abs(mark.x + mark.width / 2 - (stop.x + stop.width / 2))).toBeLessThanOrEqual(1);
    }
    expect(await bidPanel.locator('[data-bid-controls]').count()).toBe(0);
    const card = firstTradeRowCard(page);
    const name = (await card.locator('[data-card-name]').textContent())!;

    await touchAndHold(page, card, 800);
    const reader = page.getByRole('dialog', { name });
    await reader.waitFor();
    const big = reader.locator('[data-card="face"]');
    // As wide as the phone allows: 375 px less the dialog's margins (the card on the table is 96).
    expect(Math.round((await big.boundingBox())!.width)).toBe(311);
    expect(await big.locator('[data-card-name]').textContent()).toBe(name);
    // Under it, what the card does in words: the rules its spoken label reads after name and kind.
    const label = (await big.getAttribute('aria-label'))!;
    const rules = label.slice(0, -1).split('. ').slice(2);
    expect(rules[0]).toMatch(/^Cost \d+ gold/);
    expect(await reader.getByRole('listitem').allTextContents()).toEqual(rules);
    expect(await page.locator('[data-zone="trade-row"] .game-card[data-selected="true"]').count()).toBe(0);
    await screenshot(page, 'game-card-reader-phone');
    // Still a touch screen after the picture (a capture beyond the screen once left the page a
    // pointer's for the rest of its test).
    await page.getByText('Touch and hold a card to read it.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reader.getByRole('button', { name: /close/i }).tap();
    await reader.waitFor({ state: 'detached' });

    // A short touch is a tap: it picks the card and opens no reader.
    await pickTradeRowCard(page, card, 'tap');
    expect(await page.getByRole('dialog', { name }).count()).toBe(0);

    // Dialogs fade in where they stand: one sliding in moves its buttons from under a quick tap
    // (a test's OK, to confirm a card it could not afford, once landed where the button had been).
    // A dealt card the player cannot afford asks for confirmation first: that dialog fades out
    // after its OK, and measured with the deck's it looked like a dialog moving 268 px.
    await expect.poll(() => page.locator('[role="dialog"]').count(), { timeout: 10_000 }).toBe(0);
    const tops = dialogTopsFor(page, 1_000);
    await page.getByRole('button', { name: /^Age deck/ }).tap();
    await page.getByRole('dialog', { name: /^Age 1 deck/ }).waitFor();
    const seen = await tops;
    expect(seen.length).toBeGreaterThan(1);
    expect(Math.max(...seen) - Math.min(...seen)).toBeLessThan(1);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // By keyboard (a phone with one), a card in focus shows its preview above the docked action
    // panel, not over its Submit, and above the row, not over its cards (it covered the whole
    // row): here the row scrolled down to the panel (the page keeps the card in focus clear of
    // it), where a preview beside the card, its sentences under it, would end over it.
    await card.locator('[data-card="face"]').focus();
    const next = page.locator('[data-zone="trade-row"] .game-card').nth(1);
    await next.evaluate((element) => {
      const dockTop = document.querySelector('.docked-action-panel')!.getBoundingClientRect().top;
      window.scrollBy(0, element.getBoundingClientRect().bottom - (dockTop - 4));
    });
    await page.keyboard.press('ArrowRight');
    expect(await next.locator('[data-card="face"]').evaluate((face) => face === document.activeElement)).toBe(true);
    const preview = page.getByTestId('card-preview');
    await preview.waitFor();
    const dock = (await page.locator('.docked-action-panel').boundingBox())!;
    const shown = (await preview.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y + shown.height).toBeLessThanOrEqual(dock.y);
    expect(await rowCardsUnder(page)).toEqual([]);
    await screenshot(page, 'game-card-preview-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('on a phone held sideways (740x360), the card held opens with its rules beside it and stays open: the click that ends the hold, outside the reader, does not close it', { timeout: 120_000 }, async () => {
    // The reader stands in the screen's middle: the finger on the row's first card is outside it,
    // and the click its lift brings fell on the dialog's overlay, which closed the reader in the
    // moment it opened.
    const page = await openGame({ width: 740, height: 360 }, 'Sidehold');
    const card = firstTradeRowCard(page);
    const name = (await card.locator('[data-card-name]').textContent())!;
    await touchAndHold(page, card, 800);
    const reader = page.getByRole('dialog', { name });
    await reader.waitFor();
    const box = (await reader.boundingBox())!;
    const held = (await card.boundingBox())!;
    expect(held.x + held.width / 2 < box.x || held.x + held.width / 2 > box.x + box.width).toBe(true);
    // The card as tall as the screen allows, its rules beside it, read at once: nothing under the
    // screen's foot and nothing to scroll (under the card, the rules had pushed a 150 px card's
    // dialog past the foot).
    const face = (await reader.locator('[data-card="face"]').boundingBox())!;
    const rules = (await reader.getByRole('list').boundingBox())!;
    expect(Math.round(face.width)).toBe(174);
    expect(rules.x).toBeGreaterThanOrEqual(face.x + face.width);
    expect(rules.y).toBeLessThan(face.y + face.height / 2);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(360);
    expect(await reader.evaluate((dialog) => dialog.scrollHeight - dialog.clientHeight)).toBe(0);
    await screenshot(page, 'game-card-reader-sideways');
    // Still open a moment after the finger lifted, and nothing picked.
    await page.waitForTimeout(1_000);
    expect(await reader.count()).toBe(1);
    expect(await page.locator('[data-zone="trade-row"] .game-card[data-selected="true"]').count()).toBe(0);
    // The next tap is the player's own: on the overlay, it closes the reader.
    await page.touchscreen.tap(20, 20);
    await reader.waitFor({ state: 'detached' });

    // A tablet held sideways (1024x600) reads it beside its rules too, the dialog's margins grown
    // with the screen: nothing under the dialog's fold (with 360 px's margins, 19 px were).
    await page.setViewportSize({ width: 1024, height: 600 });
    await touchAndHold(page, card, 800);
    await reader.waitFor();
    const tablet = (await reader.boundingBox())!;
    const tabletFace = (await reader.locator('[data-card="face"]').boundingBox())!;
    expect((await reader.getByRole('list').boundingBox())!.x).toBeGreaterThanOrEqual(tabletFace.x + tabletFace.width);
    expect(tabletFace.width).toBeGreaterThan(300);
    expect(tablet.y + tablet.height).toBeLessThanOrEqual(600);
    expect(await reader.evaluate((dialog) => dialog.scrollHeight - dialog.clientHeight)).toBe(0);
    await page.context().close();
  });

  test('on a desktop, hovering a table card shows it 2.5 times larger', { timeout: 120_000 }, async () => {
    const page = await openGame(DESKTOP, 'Hover');
    expect(await page.getByText('Touch and hold a card to read it.').count()).toBe(0);
    const card = firstTradeRowCard(page).locator('[data-card="face"]');
    await card.hover();
    const preview = page.getByTestId('card-preview');
    await preview.waitFor();
    expect(await preview.locator('[data-card="face"]').getAttribute('data-card-id')).toBe(await card.getAttribute('data-card-id'));
    await expect.poll(async () => Math.round((await preview.locator('[data-card="face"]').boundingBox())?.width ?? 0)).toBe(300);
    // Under it, what the card does in words (the rules its spoken label reads after name and
    // kind), and all of it inside the window.
    const label = (await preview.locator('[data-card="face"]').getAttribute('aria-label'))!;
    const rules = label.slice(0, -1).split('. ').slice(2);
    expect(rules[0]).toMatch(/^Cost \d+ gold/);
    expect(await preview.locator('li').allTextContents()).toEqual(rules);
    const box = (await preview.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    await screenshot(page, 'game-card-preview-desktop');
    // By keyboard, arrowing right along the row: the preview goes on the left, clear of the whole
    // row (it covered the cards just passed), so the next one stays in sight.
    await page.mouse.move(0, 0);
    await preview.waitFor({ state: 'detached' });
    const faces = page.locator('[data-zone="trade-row"] .game-card [data-card="face"]');
    const boxes = await faces.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    // From the first card to the second, the third still to come.
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    const to = 1;
    await faces.nth(to - 1).focus();
    await page.keyboard.press('ArrowRight');
    expect(await faces.nth(to).evaluate((face) => face === document.activeElement)).toBe(true);
    await expect.poll(async () => (await preview.locator('[data-card="face"]').getAttribute('data-card-id')) === (await faces.nth(to).getAttribute('data-card-id'))).toBe(true);
    const beside = (await preview.boundingBox())!;
    expect(beside.x + beside.width).toBeLessThanOrEqual(boxes[0]!.left);
    expect(await rowCardsUnder(page)).toEqual([]);
    await screenshot(page, 'game-card-preview-keyboard-desktop');
    // Escape puts it away, the focus staying on the card. (The card is focused again first, by
    // keyboard as before: one run found the focus gone after the full-page capture above.)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await preview.waitFor({ state: 'detached' });
    await faces.nth(to).focus();
    await preview.waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    expect(await faces.nth(to).evaluate((face) => face === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    // The preview lets clicks through: the card under it is still picked by a click.
    await card.hover();
    await preview.waitFor();
    await pickTradeRowCard(page, card);
    await page.mouse.move(0, 0);
    await preview.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
