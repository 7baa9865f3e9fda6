/**
 * The profile page in a real browser: a guest who has finished six games against bots sees their
 * name, subtitle, total and average stats, the charts (drawn, each with its table of numbers) and
 * the first 5 recent games with 'View Game'; anonymous visitors are sent to log in first. At
 * 375x812 the profile checks only what a phone can change (the charts drawn at its width, the
 * opened tables of numbers, the fit, axe, the screenshot, 'View Game' within reach): the numbers,
 * the order of the games and where the router goes are the same DOM at any width, checked once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Guest, Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, layoutShifts, newContext, screenshot, seriousAxeViolations, startSite, releaseBrowser } from './support/site.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const GAMES = 6;

// A shared machine can be slow: pages get a minute to appear, tests three.
describe.skipIf(!HAS_CHROMIUM)('profile page', { timeout: 180_000 }, () => {
  let site: Server;
  let browser: Browser;
  let player: Guest;
  let newcomer: Guest;
  let gameIDs: string[];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    [player, newcomer] = await Promise.all([guest(site, 'Ariadne'), guest(site, 'Newcomer')]);
    gameIDs = [];
    for (let i = 0; i < GAMES; i++) gameIDs.push(await playFinishedGame(player, i % 2 ? ['easy_bot', 'basic_bot'] : ['easy_bot']));
  }, 120_000);
  afterAll(async () => {
    player?.close();
    newcomer?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const desktop = label === 'desktop';
    test(desktop ? `a player with finished games sees stats, charts and 5 recent games (${label})` : `a player's profile fits a phone: charts drawn, tables of numbers open, axe, View Game in reach (${label})`, async () => {
      const context = await newContext(browser, viewport);
      await signInContext(context, site, player);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(`${site.url}/user/${player.userID}`);
      // The heading comes with the profile's data: the stats and the recent games with it.
      await page.getByRole('heading', { level: 1, name: 'Ariadne' }).waitFor();

      const totals = page.getByRole('region', { name: 'Total stats' });
      const recent = page.getByRole('region', { name: 'Recent games' });
      // The same DOM at any width (only its CSS differs): the words and numbers are checked once.
      if (desktop) {
        await page.getByText('Mythos player').waitFor();
        await expect.poll(() => totals.getByRole('listitem').filter({ hasText: 'Games played' }).textContent()).toContain(String(GAMES));
        for (const label of ['Games won', 'Win rate', 'Favor', 'From cards', 'From prophecies', 'From tributes', 'From resources', 'Clashes', 'Clashes won', 'Blame time', 'Solo time']) {
          await totals.getByText(label, { exact: true }).waitFor();
        }
        // The favor's four sources add up to it.
        const valueOf = async (label: string) => Number((await totals.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) }).innerText()).split('\n')[1]);
        const sources = await Promise.all(['From cards', 'From prophecies', 'From tributes', 'From resources'].map(valueOf));
        expect(sources.every(Number.isInteger)).toBe(true);
        expect(sources.reduce((a, b) => a + b, 0)).toBe(await valueOf('Favor'));
        const averages = page.getByRole('region', { name: 'Average stats' });
        await averages.getByText('Favor', { exact: true }).waitFor();
        // Seven charts, each with its numbers as a table.
        await expect.poll(() => page.getByRole('figure').count()).toBe(7);
      }

      // Each chart drawn by apexcharts (an SVG), at the page's width.
      for (const title of ['Rating history', 'Recent games: favor and results', 'Win rate and clash win rate', 'Where the favor came from', 'Favor sources, game by game', 'Cards by affinity', 'Cards by type']) {
        const figure = page.getByRole('figure', { name: title });
        await figure.locator('svg.apexcharts-svg').waitFor();
      }
      // The rates' words in the middle of the rings stay inside the hole: 'Games won' at 13 px once
      // ran 8 px over the inner ring on each side, the ring's colour striking through its letters.
      const rates = page.getByRole('figure', { name: 'Win rate and clash win rate' });
      await expect
        .poll(() =>
          rates.evaluate((figure) => {
            const hole = figure.querySelector('circle.apexcharts-radialbar-hollow')!.getBoundingClientRect();
            const [x, y, r] = [hole.x + hole.width / 2, hole.y + hole.height / 2, hole.width / 2];
            const words = [...figure.querySelectorAll('.apexcharts-datalabels-group text')].map((t) => t.getBoundingClientRect()).filter((b) => b.width > 0);
            const corners = words.flatMap((b) => [[b.left, b.top], [b.right, b.top], [b.left, b.bottom], [b.right, b.bottom]]);
            return words.length > 0 && corners.every(([cx, cy]) => Math.hypot(cx! - x, cy! - y) <= r);
          }),
        )
        .toBe(true);
      // Nothing moved as the profile and its charts came in: the footer once stood in view under
      // "Loading..." and was pushed away, and each chart, once drawn, grew 15 px under the place
      // kept for it, moving what was under it (a "Show the numbers" being clicked among them).
      await page.waitForTimeout(500);
      expect(await layoutShifts(page)).toEqual([]);
      // Two tables of numbers opened: they count in the fit, axe and the screenshot below.
      const affinity = page.getByRole('figure', { name: 'Cards by affinity' });
      await affinity.getByText('Show the numbers').click();
      await affinity.getByRole('table').waitFor();
      const recentChart = page.getByRole('figure', { name: 'Recent games: favor and results' });
      await recentChart.getByText('Show the numbers').click();
      await recentChart.getByRole('table').waitFor();
      if (desktop) {
        await affinity.getByRole('rowheader', { name: 'Derion' }).waitFor();
        await affinity.getByRole('rowheader', { name: 'Zeona' }).waitFor();
        // The recent-games chart covers the five recent games, each with its result in words.
        await expect.poll(() => recentChart.getByRole('row').count()).toBe(6);

        await expect.poll(() => recent.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'View Game' }) }).count()).toBe(5);
        // Newest first: the last game played heads the list.
        expect(await recent.locator('[data-game-id]').first().getAttribute('data-game-id')).toBe(gameIDs[GAMES - 1]!);
        expect(await recent.getByRole('link', { name: 'View Game' }).first().getAttribute('href')).toBe(`/game/${gameIDs[GAMES - 1]}`);
        await recent.getByText('Easy Bot').first().waitFor();
      }

      await page.waitForTimeout(800); // let the charts finish drawing before axe and the screenshot
      expect(await seriousAxeViolations(page)).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `profile-${label}`);

      const view = recent.getByRole('link', { name: 'View Game' }).first();
      if (desktop) {
        await view.click();
        await page.waitForURL(`**/game/${gameIDs[GAMES - 1]}`);
      } else {
        // On a phone: the button is shown, uncovered and steady where a finger would tap it
        // (where it leads, the router's, is the desktop's check).
        await view.click({ trial: true });
      }
      await context.close();
    });
  }

  test('a newcomer profile without games says so instead of drawing empty charts', async () => {
    const context = await newContext(browser, DESKTOP);
    await signInContext(context, site, player);
    const page = await context.newPage();
    await page.goto(`${site.url}/user/${newcomer.userID}`);
    await page.getByRole('heading', { level: 1, name: 'Newcomer' }).waitFor();
    await page.getByText('Charts appear after the first finished game.').waitFor();
    await page.getByText('No games played yet.').waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Total stats' }).getByRole('listitem').first().textContent()).toContain('0');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'profile-empty-desktop');
    await context.close();
  });

  test('an unknown user id says so', async () => {
    const context = await newContext(browser, PHONE);
    await signInContext(context, site, player);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${site.url}/user/u_nobody`);
    await page.getByRole('alert').filter({ hasText: 'No such user.' }).waitFor();
    expect(await page.getByRole('alert').getByRole('link', { name: 'Back to the lobby' }).getAttribute('href')).toBe('/');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  test('the apexcharts code loads only with the profile', async () => {
    const context = await newContext(browser, DESKTOP);
    await signInContext(context, site, player);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    const charts = () => scripts.filter((url) => /apexcharts/i.test(url));
    await page.goto(`${site.url}/rules`);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(charts()).toEqual([]);
    await page.goto(`${site.url}/user/${player.userID}`);
    await page.getByRole('figure', { name: 'Cards by type' }).locator('svg.apexcharts-svg').waitFor();
    // The chart library (about 1 MB) is its own chunk, fetched once the profile draws a chart.
    expect(charts()).toHaveLength(1);
    await context.close();
  });

  // The router decides this before any page draws: the same at any width, so checked once.
  test('anonymous visitors are sent to /?redirect=', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${site.url}/user/${player.userID}`);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === `/user/${player.userID}`);
    await context.close();
  });
});
