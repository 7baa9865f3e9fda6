/**
 * The card gallery (/all-cards) in a real browser, through the real server: at each width the
 * whole gallery come in with nothing moved, the hash scrolled to, every card's name whole, axe and
 * screenshots; on a desktop a card read large on hover, drawn at that size inside the window, and
 * print at card size with the copies shown; the page's top drawn before its scripts run, and what
 * is typed there kept; and the devOnly modules a developer's real session opens. What the page
 * draws from the cards (the sections, the link bar, the basic piles, the spoken labels, the search,
 * a preview's words, the print copies, the devOnly modules for each visitor) is checked without a
 * browser in components/card-gallery.test.tsx; what each query parameter keeps is the catalogue's,
 * in catalogue.test.ts.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, layoutShifts, newContext, SAVES_SCREENSHOTS, screenshot, screenshotOfScreen, seriousAxeViolations, startSite, siteAndBrowser } from './support/site.js';
import { guestInContext } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** MYTHOS_TEST_WEB_DIR: a client built elsewhere, for running these tests while dist/web is rebuilt. */
const SITE_OPTIONS = process.env.MYTHOS_TEST_WEB_DIR ? { webDir: process.env.MYTHOS_TEST_WEB_DIR } : {};
/** Generous limits: these pages draw hundreds of cards, and a busy machine runs many browsers. */
const SLOW = 240_000;
const WAIT = 120_000;

const { cardDefs: CARDS, modules: MODULES } = GAME_DEFINITIONS;
const LEADERS = CARDS.filter((c) => c.affinity === 'Leader');
const DEV_ONLY = MODULES.filter((m) => m.state === 'devOnly');

/** Card ids shown in a section, in page order (print copies excluded). */
async function idsIn(page: Page, section: string): Promise<number[]> {
  return page.$$eval(`#${section} [data-preview-anchor] [data-card-id]`, (els) => els.map((e) => Number(e.getAttribute('data-card-id'))));
}

/** A full-page screenshot with every card drawn (off-screen cards are skipped by content-visibility). */
async function galleryScreenshot(page: Page, name: string): Promise<void> {
  if (!SAVES_SCREENSHOTS) return;
  await page.addStyleTag({ content: '[data-gallery-grid] > [data-preview-anchor] { content-visibility: visible !important; }' });
  await screenshot(page, name);
}

async function gallery(page: Page, url: string, query = ''): Promise<void> {
  await page.goto(`${url}/all-cards${query}`);
  // The heading and the search box come first; the section links come with the cards.
  await page.getByRole('heading', { level: 1, name: 'Cards' }).waitFor();
  await page.getByRole('navigation', { name: 'Card sections' }).waitFor();
}

/** Hovering a card shows it 2.5 times larger, drawn at that size, inside the window; it goes when the pointer does. */
async function readLarge(page: Page): Promise<void> {
  const card = page.locator('#age-1 [data-preview-anchor] [data-card="face"]').first();
  const id = await card.getAttribute('data-card-id');
  await card.hover();
  const preview = page.getByTestId('card-preview');
  await preview.waitFor();
  const big = preview.locator('[data-card="face"]');
  expect(await big.getAttribute('data-card-id')).toBe(id);
  // The preview fades and grows in: read its size once it has settled.
  await expect.poll(async () => (await big.boundingBox())?.width ?? 0, { timeout: WAIT }).toBeCloseTo(140 * 2.5, 0);
  const box = (await big.boundingBox())!;
  // Drawn at the larger size (a bigger font), not a scaled copy.
  expect(await big.evaluate((e) => getComputedStyle(e).transform)).toBe('none');
  expect(await big.evaluate((e) => getComputedStyle(e).fontSize)).toBe('25px');
  // Inside the window, the sentences under it too.
  const whole = (await preview.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
  expect(whole.y).toBeGreaterThanOrEqual(0);
  expect(whole.y + whole.height).toBeLessThanOrEqual(DESKTOP.height);
  await screenshot(page, 'all-cards-preview-desktop');
  await page.mouse.move(5, 5);
  await expect.poll(() => preview.count(), { timeout: WAIT }).toBe(0);
}

/** Printed: the cards alone at card size (63 mm wide), with the print copies shown; on screen again, without them. */
async function printed(page: Page): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  const visible = (selector: string) => page.$$eval(selector, (els) => els.filter((e) => e.getBoundingClientRect().width > 0).length);
  // The copies are drawn when printing starts.
  await expect.poll(() => visible('#leader [data-card="face"]'), { timeout: WAIT }).toBe(LEADERS.length * 5);
  // Card backs, the link bar and the site's header are not printed.
  expect(await visible('#basic [data-card="back"]')).toBe(0);
  expect(await page.locator('nav[aria-label="Card sections"]').isVisible()).toBe(false);
  // 63 mm wide (96 px per inch).
  const width = (await page.locator('#age-1 [data-card="face"]').first().boundingBox())!.width;
  expect(width).toBeCloseTo((63 / 25.4) * 96, 0);
  await galleryScreenshot(page, 'all-cards-print');
  await page.emulateMedia({ media: 'screen' });
  await expect.poll(() => visible('#leader [data-card="face"]'), { timeout: WAIT }).toBe(LEADERS.length);
}

describe.skipIf(!HAS_CHROMIUM)('card gallery', { timeout: SLOW }, () => {
  const suite = siteAndBrowser(SITE_OPTIONS);

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const more = label === 'desktop' ? 'a card read large on hover, print at card size' : 'the whole gallery under axe';
    test(`the whole gallery opened at a section, anonymous (${label}): scrolled to it once the cards are in, nothing moved, ${more}, and its screenshots`, async () => {
      const context = await newContext(suite.browser, viewport);
      context.setDefaultTimeout(WAIT);
      const page = await context.newPage();
      // The hash's section is scrolled to once the cards are in (the browser tried before they were drawn).
      await gallery(page, suite.site.url, '#age-3');
      await expect
        .poll(async () => (await page.locator('#age-3').boundingBox())?.y ?? -1, { timeout: WAIT })
        .toBeLessThan(viewport.height / 2);
      expect((await page.locator('#age-3').boundingBox())!.y).toBeGreaterThanOrEqual(0);
      // What the visitor sees is the screen the hash scrolled to: the whole gallery is drawn above.
      await screenshotOfScreen(page, `all-cards-hash-${label}`);
      // Nothing in view moved as the gallery came in: the footer once stood in view under
      // "Loading..." and the cards pushed it away.
      expect(await layoutShifts(page)).toEqual([]);
      // Every card's whole name, and the search box's whole hint, in sight: a name's last line lost
      // the foot of its g to the clip, and on a phone the hint ended "…type or abilit".
      expect(await page.locator('[data-card-name]').evaluateAll((names) => names.filter((e) => e.scrollHeight > e.clientHeight).map((e) => e.textContent))).toEqual([]);
      const hint = await page.getByRole('searchbox', { name: 'Find a card' }).evaluate((box: HTMLInputElement) => {
        const style = getComputedStyle(box, '::placeholder');
        const pen = document.createElement('canvas').getContext('2d')!;
        pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = box.clientWidth - parseFloat(getComputedStyle(box).paddingLeft) - parseFloat(getComputedStyle(box).paddingRight);
        return { room, needs: pen.measureText(box.placeholder).width };
      });
      expect(hint.needs).toBeLessThanOrEqual(hint.room);
      // The phone's screen is one that cannot hover (its touch hint), the desktop's one that can.
      expect(await page.getByText('Touch and hold a card to read it large.').count()).toBe(label === 'phone' ? 1 : 0);
      // Every card under axe once, on the phone: one component draws a card at every width, and a
      // phone's smaller targets are the stricter test. The desktop's own layout (its header, link
      // bar and sections) under axe on a short gallery: a run of axe over the whole one costs about
      // 13 s of a core here, for the same cards again.
      if (label === 'phone') expect(await seriousAxeViolations(page)).toEqual([]);
      await galleryScreenshot(page, `all-cards-${label}`);
      if (label === 'desktop') {
        await readLarge(page);
        await printed(page);
        await gallery(page, suite.site.url, '?include=village*');
        expect(await seriousAxeViolations(page)).toEqual([]);
      }
      await context.close();
    });
    test(`before its scripts run, the heading and the search box where the page draws them, and what is typed there kept (${label})`, async () => {
      const context = await newContext(suite.browser, viewport);
      context.setDefaultTimeout(WAIT);
      const page = await context.newPage();
      // The scripts held back, as a slow network does: the page's HTML draws its top alone.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${suite.site.url}/all-cards`, { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1, name: 'Cards' });
      const box = page.getByRole('searchbox', { name: 'Find a card' });
      await box.waitFor();
      // The HTML's stylesheets in, as a visitor's eye meets the frame: the page paints nothing
      // before them, but a measure taken earlier reads the unstyled page (a run on a busy
      // machine did, at the browser's default margins).
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
      await page.getByText('Loading...').waitFor();
      const frame = { heading: await heading.boundingBox(), box: await box.boundingBox() };
      await screenshot(page, `all-cards-before-scripts-${label}`);
      // A visitor starts typing, and moves the caret back two letters.
      await box.click();
      await page.keyboard.type('zeona');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      release();
      await page.getByTestId('card-matches').filter({ hasText: 'match “zeona” of' }).waitFor();
      expect(await page.locator('[data-frame-search]').count()).toBe(0);
      // The page's own heading and box stand where the HTML's stood, to the pixel.
      const live = { heading: await heading.boundingBox(), box: await box.boundingBox() };
      expect(live).toEqual(frame);
      // The text, the focus and the caret carried over: typing goes on where it was.
      expect(await box.evaluate((e: HTMLInputElement) => [document.activeElement === e, e.selectionStart, e.selectionEnd])).toEqual([true, 3, 3]);
      expect(new URL(page.url()).searchParams.get('q')).toBe('zeona');
      // The gallery narrowed to a search, as a phone shows it.
      if (label === 'phone') await screenshot(page, 'all-cards-search-phone');
      // Two keys in the middle of the word: the caret stays between them and the rest (it jumped
      // to the end after each key while the box read its text back from the URL).
      await page.keyboard.type('-x');
      await expect.poll(() => box.inputValue()).toBe('zeo-xna');
      // Keys typed as fast as a keyboard sends them: none lost.
      await page.keyboard.press('End');
      await page.keyboard.type(' unit of the age');
      await expect.poll(() => box.inputValue()).toBe('zeo-xna unit of the age');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('zeo-xna unit of the age');
      await context.close();
    });
  }

  test('devOnly modules are shown to developers only', async () => {
    expect(DEV_ONLY.length).toBeGreaterThan(0);
    // The gallery narrowed to the devOnly modules' cards: a developer's has their sections, anyone
    // else's only the core cards of those names (whole, the gallery costs seconds more to draw).
    const devNames = [...new Set(DEV_ONLY.flatMap((m) => [...m.cardDefs, ...m.replaceCore].map((c) => c.name)))];
    const devCards = `?${new URLSearchParams(devNames.map((name) => ['include', name]))}`;
    const coreIDs = CARDS.filter((c) => devNames.includes(c.name)).map((c) => c.id).toSorted();
    expect(coreIDs.length).toBeGreaterThan(0);
    const context = await newContext(suite.browser, DESKTOP);
    // Signed in through the API (the login form has its own tests in site.test.ts).
    const plain = await guestInContext(suite.site, context, 'Plain');
    context.setDefaultTimeout(WAIT);
    const page = await context.newPage();
    await gallery(page, suite.site.url, devCards);
    for (const m of DEV_ONLY) expect(await page.locator(`#${m.key}`).count()).toBe(0);
    const shownIDs = await page.$$eval('[data-preview-anchor] [data-card-id]', (els) => els.map((e) => Number(e.getAttribute('data-card-id'))));
    expect(shownIDs.toSorted()).toEqual(coreIDs);
    // Asked for by name, it is not found.
    await page.goto(`${suite.site.url}/all-cards?module=${DEV_ONLY[0]!.key}`);
    await page.getByRole('alert').filter({ hasText: `Module ${DEV_ONLY[0]!.key} not found` }).waitFor();
    // Signed in, the header differs (the user menu): checked by axe on a short gallery, since every
    // card of the whole one was checked above (each full run of axe over it costs 15-30 s here).
    await gallery(page, suite.site.url, '?include=village*');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotOfScreen(page, 'all-cards-signed-in-desktop');

    // The same account on a server that names it a developer (same database, same session cookie).
    const devSite = await startSite({ ...SITE_OPTIONS, devUserIDs: [plain.userID], dataDir: suite.site.config.dataDir });
    try {
      await gallery(page, devSite.url, devCards);
      for (const m of DEV_ONLY) {
        await page.locator(`#${m.key}`).waitFor();
        expect(await page.locator(`nav[aria-label="Card sections"] a[href="#${m.key}"]`).count()).toBe(1);
        expect((await idsIn(page, m.key)).toSorted()).toEqual([...m.cardDefs, ...m.replaceCore].map((c) => c.id).toSorted());
      }
    } finally {
      await devSite.close();
    }
    plain.close();
    await context.close();
  });
});
