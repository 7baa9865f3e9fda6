/**
 * The card gallery (/all-cards) in a real browser: sections and anchors, the hash scroll, devOnly
 * modules for a developer's session (a query through the real page), the card back heading each
 * basic pile, the hover preview, print layout with the copy counts, axe, and screenshots at both
 * widths. What each query parameter keeps is the catalogue's, checked without a browser in
 * catalogue.test.ts. On a phone the whole gallery is checked for what a phone changes (axe, the
 * hash's scroll, the screenshots): which sections, cards and labels it holds come from the data
 * files through the same components at every width, and are read on the desktop.
 */
import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, layoutShifts, newContext, SAVES_SCREENSHOTS, screenshot, screenshotOfScreen, seriousAxeViolations, startSite, siteAndBrowser } from './support/site.js';
import { guestInContext } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** MYTHOS_TEST_WEB_DIR: a client built elsewhere, for running these tests while dist/web is rebuilt. */
const SITE_OPTIONS = process.env.MYTHOS_TEST_WEB_DIR ? { webDir: process.env.MYTHOS_TEST_WEB_DIR } : {};
/** Generous limits: these pages draw hundreds of cards, and a busy machine runs many browsers. */
const SLOW = 240_000;
const WAIT = 120_000;

interface RawCard {
  id: number;
  name: string;
  affinity: string;
  type: string;
  age: number | null;
}
interface RawModule {
  key: string;
  name: string;
  state: string;
  cardDefs: RawCard[];
  replaceCore: RawCard[];
  tributeCardDefs: { id: number; name: string }[];
  cardsToRemove: number[];
}
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const CARDS = ['leaders', 'basic', 'age-1', 'age-2', 'age-3'].flatMap((f) => read<RawCard[]>(`data/cards/${f}.json`));
const TRIBUTES = read<{ id: number; name: string }[]>('data/tributes.json');
const MODULES = fs.readdirSync('data/modules').map((f) => read<RawModule>(`data/modules/${f}`));
const LEADERS = CARDS.filter((c) => c.affinity === 'Leader');
const BASIC = CARDS.filter((c) => c.affinity === 'Basic');
const ageCards = (age: number) => CARDS.filter((c) => c.age === age && c.affinity !== 'Basic' && c.affinity !== 'Leader');
const ENABLED = MODULES.filter((m) => m.state === 'enabled');
const DEV_ONLY = MODULES.filter((m) => m.state === 'devOnly');
const CORE_ANCHORS = ['leader', 'basic', 'age-1', 'age-2', 'age-3', 'tributes'];

/** Card ids shown in a section, in page order (print copies excluded). */
async function idsIn(page: Page, section: string, attribute = 'data-card-id'): Promise<number[]> {
  return page.$$eval(`#${section} [data-preview-anchor] [${attribute}]`, (els, attr) => els.map((e) => Number(e.getAttribute(attr))), attribute);
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

/**
 * The gallery's link bar and sections, the cards of each in order, the basic piles' backs and the
 * cards' spoken labels, as the data files give them.
 */
async function readSections(page: Page): Promise<void> {
  const anchors = await page.$$eval('nav[aria-label="Card sections"] a', (as) => as.map((a) => a.getAttribute('href')));
  expect(anchors).toEqual([...CORE_ANCHORS, ...ENABLED.map((m) => m.key)].map((id) => `#${id}`));
  const headings = await page.$$eval('[data-gallery-section] h2', (hs) => hs.map((h) => h.textContent));
  expect(headings).toEqual(['Leaders', 'Basic Cards', 'Age 1', 'Age 2', 'Age 3', 'Tributes', ...ENABLED.map((m) => m.name)]);
  for (const m of MODULES.filter((m) => m.state !== 'enabled')) expect(await page.locator(`#${m.key}`).count()).toBe(0);

  expect(await idsIn(page, 'leader')).toEqual(LEADERS.map((c) => c.id));
  // What printing gives, said as printing's: "Prints 5 copies" alone puzzled a player on screen.
  expect(await page.locator('#leader').textContent()).toContain('Printing this page gives 5 copies of each leader.');
  expect(await page.locator('#basic').textContent()).toContain('Printing this page gives 6 copies of each basic card.');
  for (const age of [1, 2, 3]) expect(await idsIn(page, `age-${age}`)).toEqual(ageCards(age).map((c) => c.id));
  expect(await idsIn(page, 'tributes', 'data-tribute-id')).toEqual(TRIBUTES.map((t) => t.id));

  // Basic cards: age 1, 2, 3, then the ageless ones; each age pile starts with its card back.
  const basicOrder = [1, 2, 3, null].flatMap((age) => BASIC.filter((c) => c.age === age).map((c) => c.id));
  expect(await idsIn(page, 'basic')).toEqual(basicOrder);
  for (const age of [1, 2, 3]) {
    const first = page.locator(`#basic [data-pile="${age}"] [data-gallery-grid] > *`).first();
    expect(await first.locator('[data-card-back]').getAttribute('data-card-back')).toBe(String(age));
    await expect.poll(() => first.locator('[role="img"]').getAttribute('aria-label')).toBe(`Card back, age ${age}`);
  }

  // Every card reads out for screen readers: name, cost, abilities.
  const label0 = await page.locator('#age-1 [data-preview-anchor] [data-card="face"]').first().getAttribute('aria-label');
  // Name, kind, cost, then printed favor ("2 favor when gained", left out at 0) and abilities.
  expect(label0).toMatch(/^.+\. .+\. Cost \d+ gold[^.]*\. .+\.$/);
  expect(label0).not.toMatch(/\. 0 favor/);
}

/** The search box narrows the gallery to the cards that say every word, and says how many; one click shows them all again. */
async function searchTheGallery(page: Page): Promise<void> {
  const every = await page.locator('[data-gallery-grid] [data-card="face"]').count();
  const zeonaUnits = CARDS.filter((c) => c.affinity === 'Zeona' && c.type === 'Unit' && c.age !== null);
  await page.getByRole('searchbox', { name: 'Find a card' }).fill('zeona unit');
  const matches = page.getByTestId('card-matches');
  await matches.filter({ hasText: 'cards match “zeona unit” of' }).waitFor();
  const faces = page.locator('[data-gallery-grid] [data-card="face"]');
  await expect.poll(() => faces.count()).toBeLessThan(every);
  const shown = Number(/^(\d+) cards match/.exec((await matches.textContent())!)![1]);
  expect(await faces.count()).toBe(shown);
  const names = await faces.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')!.split('. ')[0]!));
  expect(names).toEqual(expect.arrayContaining(zeonaUnits.map((c) => c.name)));
  expect(new URL(page.url()).searchParams.get('q')).toBe('zeona unit');
  await screenshot(page, 'all-cards-search-phone');
  await page.getByRole('searchbox', { name: 'Find a card' }).fill('no such card anywhere');
  await page.getByText('No card matches.').waitFor();
  await page.getByRole('button', { name: 'Show every card' }).click();
  await expect.poll(() => faces.count()).toBe(every);
  expect(new URL(page.url()).searchParams.has('q')).toBe(false);
}

describe.skipIf(!HAS_CHROMIUM)('card gallery', { timeout: SLOW }, () => {
  const suite = siteAndBrowser(SITE_OPTIONS);

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(label === 'desktop' ? 'sections, link bar and basic piles, anonymous (desktop)' : 'the whole gallery under axe, and its screenshot, anonymous (phone)', async () => {
      const context = await newContext(suite.browser, viewport);
      context.setDefaultTimeout(WAIT);
      const page = await context.newPage();
      await gallery(page, suite.site.url);
      // Which sections, cards and labels it holds are the data files' through the same components
      // at every width: read on the desktop.
      if (label === 'desktop') await readSections(page);
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
      // A touch screen is told how to read a card large (a tap does nothing here); a mouse's needs no word.
      expect(await page.getByText('Touch and hold a card to read it large.').count()).toBe(label === 'phone' ? 1 : 0);
      // Every card under axe once, on the phone: one component draws a card at every width, and a
      // phone's smaller targets are the stricter test. The desktop's own layout (its header, link
      // bar and sections) under axe on a short gallery: a run of axe over the whole one costs about
      // 13 s of a core here, for the same cards again.
      if (label === 'phone') expect(await seriousAxeViolations(page)).toEqual([]);
      await galleryScreenshot(page, `all-cards-${label}`);
      if (label === 'phone') await searchTheGallery(page);
      else {
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

    test(`the hash is scrolled to once the cards are in (${label})`, async () => {
      const context = await newContext(suite.browser, viewport);
      context.setDefaultTimeout(WAIT);
      const page = await context.newPage();
      await gallery(page, suite.site.url, '#age-3');
      await expect
        .poll(async () => (await page.locator('#age-3').boundingBox())?.y ?? -1, { timeout: WAIT })
        .toBeLessThan(viewport.height / 2);
      expect((await page.locator('#age-3').boundingBox())!.y).toBeGreaterThanOrEqual(0);
      // What the visitor sees is the screen the hash scrolled to: the whole gallery is drawn above.
      await screenshotOfScreen(page, `all-cards-hash-${label}`);
      await context.close();
    });
  }

  test('devOnly modules are shown to developers only', async () => {
    expect(DEV_ONLY.length).toBeGreaterThan(0);
    const context = await newContext(suite.browser, DESKTOP);
    // Signed in through the API (the login form has its own tests in site.test.ts).
    const plain = await guestInContext(suite.site, context, 'Plain');
    context.setDefaultTimeout(WAIT);
    const page = await context.newPage();
    await gallery(page, suite.site.url);
    for (const m of DEV_ONLY) expect(await page.locator(`#${m.key}`).count()).toBe(0);
    await screenshotOfScreen(page, 'all-cards-signed-in-desktop');
    // Asked for by name, it is not found, and the page is no dead end: the whole gallery is a click away.
    await page.goto(`${suite.site.url}/all-cards?module=${DEV_ONLY[0]!.key}`);
    await page.getByRole('alert').filter({ hasText: `Module ${DEV_ONLY[0]!.key} not found` }).waitFor();
    await page.getByRole('link', { name: 'See all the cards' }).click();
    await page.getByRole('navigation', { name: 'Card sections' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    // Signed in, the header differs (the user menu): checked by axe on a short gallery, since every
    // card of the whole one was checked above (each full run of axe over it costs 15-30 s here).
    await gallery(page, suite.site.url, '?include=village*');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The same account on a server that names it a developer (same database, same session cookie).
    const devSite = await startSite({ ...SITE_OPTIONS, devUserIDs: [plain.userID], dataDir: suite.site.config.dataDir });
    try {
      await gallery(page, devSite.url);
      for (const m of DEV_ONLY) {
        await page.locator(`#${m.key}`).waitFor();
        expect(await page.locator(`nav[aria-label="Card sections"] a[href="#${m.key}"]`).count()).toBe(1);
        const ids = await idsIn(page, m.key);
        expect(ids.sort()).toEqual([...m.cardDefs, ...m.replaceCore].map((c) => c.id).sort());
      }
      await gallery(page, devSite.url, `?module=${DEV_ONLY[0]!.key}`);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await idsIn(page, 'leader')).toEqual(LEADERS.map((c) => c.id));
    } finally {
      await devSite.close();
    }
    plain.close();
    await context.close();
  });

  test('hovering a card shows it 2.5 times larger, drawn at that size', async () => {
    const context = await newContext(suite.browser, DESKTOP);
    context.setDefaultTimeout(WAIT);
    const page = await context.newPage();
    await gallery(page, suite.site.url);
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
    // Under it, what the card does in words: the rules its spoken label reads after name and kind.
    const rules = (await card.getAttribute('aria-label'))!.slice(0, -1).split('. ').slice(2);
    expect(rules[0]).toMatch(/^Cost \d+ gold/);
    expect(await preview.locator('li').allTextContents()).toEqual(rules);
    // Inside the window, the sentences too.
    const whole = (await preview.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    expect(whole.y).toBeGreaterThanOrEqual(0);
    expect(whole.y + whole.height).toBeLessThanOrEqual(DESKTOP.height);
    await screenshot(page, 'all-cards-preview-desktop');
    await page.mouse.move(5, 5);
    await expect.poll(() => preview.count(), { timeout: WAIT }).toBe(0);

    const tribute = page.locator('#tributes [data-preview-anchor] [data-card="tribute"]').first();
    await tribute.scrollIntoViewIfNeeded();
    await tribute.hover();
    await expect.poll(() => page.getByTestId('card-preview').locator('[data-card="tribute"]').count(), { timeout: WAIT }).toBe(1);
    expect(await page.getByTestId('card-preview').locator('li').count()).toBe(3);
    await context.close();
  });

  test('print lays the cards out at card size with the print copy counts', async () => {
    const context = await newContext(suite.browser, DESKTOP);
    context.setDefaultTimeout(WAIT);
    const page = await context.newPage();
    await gallery(page, suite.site.url);
    await page.emulateMedia({ media: 'print' });
    const visible = (selector: string) =>
      page.$$eval(selector, (els) => els.filter((e) => e.getBoundingClientRect().width > 0).length);
    // The copies are drawn when printing starts.
    await expect.poll(() => visible('#leader [data-card="face"]'), { timeout: WAIT }).toBe(LEADERS.length * 5);
    expect(await visible('#basic [data-card="face"]')).toBe(BASIC.length * 6);
    for (const age of [1, 2, 3]) expect(await visible(`#age-${age} [data-card="face"]`)).toBe(ageCards(age).length);
    expect(await visible('#tributes [data-card="tribute"]')).toBe(TRIBUTES.length);
    for (const m of ENABLED) {
      const leaders = m.cardDefs.filter((c) => c.affinity === 'Leader').length;
      expect(await visible(`#${m.key} [data-card="face"]`)).toBe(leaders * 5 + (m.cardDefs.length + m.replaceCore.length - leaders));
    }
    // Card backs, the link bar and the suite.site's header are not printed.
    expect(await visible('#basic [data-card="back"]')).toBe(0);
    expect(await page.locator('nav[aria-label="Card sections"]').isVisible()).toBe(false);
    // 63 mm wide (96 px per inch).
    const width = (await page.locator('#age-1 [data-card="face"]').first().boundingBox())!.width;
    expect(width).toBeCloseTo((63 / 25.4) * 96, 0);
    await galleryScreenshot(page, 'all-cards-print');
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => visible('#leader [data-card="face"]'), { timeout: WAIT }).toBe(LEADERS.length);
    await context.close();
  });
});
