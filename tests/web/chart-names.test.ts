/**
 * Players' names in charts, in a real browser: apexcharts writes legends and tooltips as HTML, so
 * a player named `<img src=x>` must show as those very characters in the end-of-game pies and in
 * the profile's charts, and never become an element (nor make the browser fetch `x`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Guest, Server } from '../server/support.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, launchBrowser, newContext, startSite, releaseBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** Eleven characters: within the 12 a name may have. */
const NAME = '<img src=x>';

describe.skipIf(!HAS_CHROMIUM)('names in charts', { timeout: 240_000 }, () => {
  let site: Server;
  let browser: Browser;
  let player: Guest;
  let viewer: Guest;
  let gameID: string;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    [player, viewer] = await Promise.all([guest(site, NAME), guest(site, 'Viewer')]);
    gameID = await playFinishedGame(player, ['easy_bot']);
  }, 180_000);
  afterAll(async () => {
    player?.close();
    viewer?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  /** A page signed in as `who`, counting the requests an `<img src=x>` would make. */
  async function open(who: Guest, path: string): Promise<{ page: Page; fetchedX: () => number }> {
    const context = await newContext(browser, DESKTOP);
    await signInContext(context, site, who);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    let fetched = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/x')) fetched++;
    });
    await page.goto(`${site.url}${path}`);
    return { page, fetchedX: () => fetched };
  }

  /** Hovers each of the chart's marks in turn and returns the tooltip texts seen. */
  async function tooltipTexts(chart: Locator, marks: string): Promise<string[]> {
    const texts: string[] = [];
    const tooltip = chart.locator('.apexcharts-tooltip').first();
    for (const mark of await chart.locator(marks).all()) {
      if (!(await mark.isVisible())) continue;
      await mark.hover({ force: true });
      await expect.poll(async () => (await tooltip.textContent()) ?? '').not.toBe('');
      texts.push((await tooltip.textContent()) ?? '');
      expect(await tooltip.locator('img').count()).toBe(0);
    }
    return texts;
  }

  test('the end-of-game pies show the name as text in the legend and the tooltip', async () => {
    const { page, fetchedX } = await open(player, `/game/${gameID}`);
    const end = page.getByTestId('end-of-game');
    const favor = end.locator('figure').filter({ hasText: 'Favor' }).first();
    await favor.locator('.apexcharts-pie').waitFor();
    const legends = end.locator('.apexcharts-legend-text');
    await expect.poll(() => legends.allTextContents()).toContain(NAME);
    expect(await end.locator('.apexcharts-canvas img, .apexcharts-legend img').count()).toBe(0);
    const texts = await tooltipTexts(favor, '.apexcharts-pie-area');
    expect(texts.some((text) => text.startsWith(`${NAME}: `))).toBe(true);
    expect(fetchedX()).toBe(0);
    await page.context().close();
  });

  test("another player's profile names its owner in the charts' legend and tooltip as text", async () => {
    const { page, fetchedX } = await open(viewer, `/user/${player.userID}`);
    const recent = page.getByRole('figure', { name: 'Recent games: favor and results' });
    await recent.locator('svg.apexcharts-svg').waitFor();
    await expect.poll(() => recent.locator('.apexcharts-legend-text').allTextContents()).toContain(`${NAME}'s favor`);
    expect(await page.locator('.apexcharts-canvas img, .apexcharts-legend img').count()).toBe(0);
    const texts = await tooltipTexts(recent, '.apexcharts-bar-area');
    expect(texts.some((text) => text.includes(`${NAME}'s favor: `))).toBe(true);
    expect(fetchedX()).toBe(0);
    await page.context().close();
  });
});
