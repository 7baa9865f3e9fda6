/**
 * The rules page (/rules) in a real browser: every anchored section, the war
 * probability table equal to the engine's clash function, the hash scroll, the anatomy figures
 * drawn with the card components, the JavaScript it costs, axe signed in and not, screenshots.
 * At 375x812 the page is checked for what its width changes (axe, the hash's scroll, the table's
 * fit, the screenshots); what its DOM says, the same at any width, is read on the desktop.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { clashWinProbabilities } from '../../src/engine/probability.js';
import { SAMPLE_CARD, SAMPLE_TRIBUTE } from '../../src/web/rules/samples.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, loginAsGuest, newContext, screenshot, seriousAxeViolations, siteAndBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** MYTHOS_TEST_WEB_DIR: a client built elsewhere, for running these tests while dist/web is rebuilt. */
const SITE_OPTIONS = process.env.MYTHOS_TEST_WEB_DIR ? { webDir: process.env.MYTHOS_TEST_WEB_DIR } : {};
/** Generous limits: these pages draw hundreds of cards, and a busy machine runs many browsers. */
const SLOW = 240_000;
const WAIT = 120_000;

/** The rules page's anchors, in order (the war probability table is #war-probability). */
const ANCHORS = [
  'overview',
  'resources',
  'card_anatomy',
  'tribute_anatomy',
  'setup',
  'age-setup',
  'turn',
  'age-end',
  'game-end',
  'card_types',
  'card_subtypes',
  'card_outputs',
  'war-probability',
  'online',
  'lore',
  'components',
  'decks',
  'board_anatomy',
  'player_board',
];

describe('rules page samples', () => {
  test('the anatomy figures show cards exactly as the card set has them', () => {
    const age3 = JSON.parse(fs.readFileSync('data/cards/age-3.json', 'utf8')) as { id: number }[];
    const tributes = JSON.parse(fs.readFileSync('data/tributes.json', 'utf8')) as { id: number }[];
    expect(age3.find((c) => c.id === SAMPLE_CARD.id)).toEqual(SAMPLE_CARD);
    expect(tributes.find((t) => t.id === SAMPLE_TRIBUTE.id)).toEqual(SAMPLE_TRIBUTE);
  });
});

describe.skipIf(!HAS_CHROMIUM)('rules page', { timeout: SLOW }, () => {
  const suite = siteAndBrowser(SITE_OPTIONS);

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(label === 'desktop' ? `every anchor, the probability table and the figures (${label})` : `the page under axe, its screenshot (${label})`, async () => {
      const context = await newContext(suite.browser, viewport);
      context.setDefaultTimeout(WAIT);
      const page = await context.newPage();
      await page.goto(`${suite.site.url}/rules`);
      await page.getByRole('heading', { level: 1, name: 'Game Rules' }).waitFor();
      // The same DOM at any width, only its CSS differs (a phone's contents start folded, still
      // in the DOM): the sections, the contents' links, the numbers and the figures' words are
      // read once, on the desktop.
      if (label === 'desktop') {
        const ids = await page.$$eval('section[id]', (sections) => sections.map((s) => s.id));
        for (const anchor of ANCHORS) expect(ids, anchor).toContain(anchor);
        // In the rules' own order (docs/rules.md).
        expect(ids.filter((id) => ANCHORS.includes(id))).toEqual(ANCHORS);
        // Each is linked from the contents and has a heading.
        for (const anchor of ANCHORS) {
          expect(await page.locator(`nav[aria-label="Rules contents"] a[href="#${anchor}"]`).count(), anchor).toBe(1);
          expect(await page.locator(`#${anchor} h2`).count(), anchor).toBe(1);
        }

        // The war probability table is the engine's clash function, cell for cell.
        const cells = await page.$$eval('#war-probability table td', (tds) =>
          tds.map((td) => ({ age: Number(td.dataset.age), difference: Number(td.dataset.difference), text: td.textContent!.trim() })),
        );
        expect(cells.length).toBeGreaterThanOrEqual(3 * 7);
        for (const { age, difference, text } of cells) {
          const p = clashWinProbabilities(age, [difference, 0])[0]!;
          expect(text, `age ${age}, difference ${difference}`).toBe(`${(p * 100).toFixed(1)}%`);
        }
        expect(cells.find((c) => c.age === 1 && c.difference === 3)!.text).toBe('90.9%');

        // The anatomy figures are the real card components, read out for screen readers.
        expect(await page.locator('#card_anatomy [data-card="face"]').getAttribute('aria-label')).toContain(SAMPLE_CARD.name);
        expect(await page.locator('#tribute_anatomy [data-card="tribute"]').getAttribute('aria-label')).toContain(SAMPLE_TRIBUTE.name);
        // No callout's dot sits on the number it names: the cost's 7 and the favor's 5 were hidden.
        const covered = await page.locator('#card_anatomy figure').first().evaluate((figure) => {
          const numbers = [...figure.querySelectorAll('[data-card-part="cost"] span, [data-card-part="favor"] span')].map((span) => {
            const range = document.createRange();
            range.selectNodeContents(span);
            return range.getBoundingClientRect();
          });
          const dots = [...figure.querySelectorAll('svg circle[r="3"]')].map((dot) => dot.getBoundingClientRect());
          const meet = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          return { numbers: numbers.length, covered: numbers.filter((n) => dots.some((d) => meet(n, d))).length };
        });
        expect(covered).toEqual({ numbers: 2, covered: 0 });
        // One region of each name in a screen reader's list of them (the rules' Resources and the
        // icon legend's were both "Resources": axe's landmark-unique).
        expect(await page.getByRole('region', { name: 'Resources', exact: true }).count()).toBe(1);
        expect(await page.getByRole('region', { name: 'Resource icons', exact: true }).count()).toBe(1);
        // How to read an ability in words, said for a touch screen too: it told a phone to hover.
        expect(await page.locator('#card_anatomy').textContent()).toContain('rest the pointer on an ability row, or on a touch screen touch and hold the card.');
      }

      // The contents and the parchment keep a margin from the screen's sides: on a phone they ran
      // edge to edge and the contents' disclosure arrow was cut at the left.
      const sides = await page.evaluate(() =>
        ['nav[aria-label="Rules contents"] summary', 'article'].map((selector) => {
          const box = document.querySelector(selector)!.getBoundingClientRect();
          return { selector, left: box.left, right: document.documentElement.clientWidth - box.right };
        }),
      );
      for (const side of sides) {
        expect(side.left, side.selector).toBeGreaterThanOrEqual(4);
        expect(side.right, side.selector).toBeGreaterThanOrEqual(4);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `rules-${label}`);
      await context.close();
    });

    test(`a hash scrolls to its section (${label})`, async () => {
      const context = await newContext(suite.browser, viewport);
      context.setDefaultTimeout(WAIT);
      const page = await context.newPage();
      await page.goto(`${suite.site.url}/rules#war-probability`);
      await page.getByRole('heading', { level: 1, name: 'Game Rules' }).waitFor();
      await expect.poll(async () => (await page.locator('#war-probability').boundingBox())?.y ?? -1, { timeout: WAIT }).toBeLessThan(viewport.height / 2);
      expect((await page.locator('#war-probability').boundingBox())!.y).toBeGreaterThanOrEqual(0);
      // The whole table fits the width, the phone's included: nothing to scroll to.
      const wrap = page.getByRole('region', { name: 'War probability table' });
      expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      // So does every other table of the rules: a column past the edge (the Resources table's
      // Limits, 9 px over on a phone) looked cut, with nothing to say it scrolled.
      const over = await page.locator('[role="region"][aria-label^="Table"]').evaluateAll((regions) =>
        regions.filter((r) => r.scrollWidth > r.clientWidth).map((r) => `${r.getAttribute('aria-label')}: ${r.scrollWidth - r.clientWidth} px`),
      );
      expect(over).toEqual([]);
      await screenshot(page, `rules-war-probability-${label}`);
      await context.close();
    });
  }

  test('signed in: the same page, no serious axe violation', async () => {
    const context = await newContext(suite.browser, PHONE);
    context.setDefaultTimeout(WAIT);
    const page = await context.newPage();
    await loginAsGuest(page, suite.site, 'Reader');
    await page.goto(`${suite.site.url}/rules#card_anatomy`);
    await page.locator('#card_anatomy [data-card="face"]').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'rules-signed-in-phone');
    await context.close();
  });

  test('the JavaScript sent for /rules, gzipped, is reported (aim: at most 150 KB)', async () => {
    const page = await suite.browser.newPage();
    page.setDefaultTimeout(WAIT);
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${suite.site.url}/rules`, { waitUntil: 'networkidle' });
    await page.locator('#war-probability table').waitFor();
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(`/rules JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzip`);
    // No chart library or game screen code on this page.
    for (const url of scripts.keys()) expect(url).not.toMatch(/apexcharts|game-/);
    expect(total).toBeLessThan(200 * 1024);
    await page.close();
  });
});
