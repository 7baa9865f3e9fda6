/**
 * Ratings in a real browser: after finished games against bots a player's profile shows their
 * rating and its history as a chart (with its numbers), and the leaderboard lists the settled
 * players and, apart, the provisional ones, with the reader's own row highlighted. Screenshots at
 * 1280x800 and 375x812. The phone's run keeps what its width can change (the chart drawn, its
 * opened table, the header's short 'Ranks' link, the fit, axe, the screenshots); the ratings, the
 * numbers and the places are the server's and the same DOM at any width, checked on the desktop.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Guest, Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, newContext, screenshot, seriousAxeViolations, startSite, releaseBrowser } from './support/site.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const GAMES = 3;

describe.skipIf(!HAS_CHROMIUM)('ratings in the browser', { timeout: 180_000 }, () => {
  let site: Server;
  let browser: Browser;
  let player: Guest;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    player = await guest(site, 'Ariadne');
    for (let i = 0; i < GAMES; i++) await playFinishedGame(player, ['easy_bot', 'basic_bot']);
    // Two settled players (as after many games), one above and one below any three-game rating.
    const { users, db } = site.app.services;
    for (const [name, mu] of [['Theseus', 60], ['Icarus', 5]] as const) {
      const user = await users.createGuest(name, '10.7.0.1');
      await db.kysely.insertInto('ratings').values({ user_id: user.id, mu, sigma: 3, games: 40, updated_at: 0 }).execute();
    }
  }, 150_000);
  afterAll(async () => {
    player?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const desktop = label === 'desktop';
    test(desktop ? `the profile shows the rating and its history; the leaderboard highlights the player (${label})` : `the profile's rating chart and the leaderboard fit a phone, reached by its 'Ranks' link (${label})`, async () => {
      // What the server answers, and what the page writes of it, cannot differ by width: the desktop's.
      let shown = '';
      if (desktop) {
        const { rating, history } = await player.client.users.rating.query({ userID: player.userID });
        expect(rating.games).toBe(GAMES);
        expect(history.length).toBe(GAMES);
        shown = `${rating.rating}${rating.provisional ? '?' : ''}`;
        expect(rating.provisional).toBe(true);
      }

      const context = await newContext(browser, viewport);
      await signInContext(context, site, player);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(`${site.url}/user/${player.userID}`);
      await page.getByRole('heading', { level: 1, name: 'Ariadne' }).waitFor();
      if (desktop) {
        await expect.poll(() => page.getByTestId('profile-rating').textContent()).toBe(shown);
        // A screen reader reads the number in words, not "1500?".
        expect(await page.getByRole('region', { name: 'Rating' }).ariaSnapshot()).toContain(`- paragraph: Rating ${shown.replace('?', '')}, provisional\n`);
        await page.getByText(`Provisional ("?") after ${GAMES} rated games: it settles after about ten.`).waitFor();
      }
      const chart = page.getByRole('figure', { name: 'Rating history' });
      await chart.locator('svg.apexcharts-svg').waitFor();
      // The line starts from the rating before the first game, then a point a game.
      await expect.poll(() => chart.locator('.apexcharts-xaxis-label').allTextContents()).toEqual(['Start', ...Array.from({ length: GAMES }, (_, i) => `#${i + 1}`)]);
      // The table of numbers opened: it counts in the fit, axe and the screenshot below.
      await chart.getByText('Show the numbers').click();
      await chart.getByRole('table').waitFor();
      if (desktop) {
        await expect.poll(() => chart.getByRole('row').count()).toBe(GAMES + 1);
        await chart.getByRole('rowheader', { name: 'Game 1' }).waitFor();
        // A first game started from a provisional 1500: marked as the rating after it is.
        expect(await chart.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()).toBe('1500?');
        expect(await chart.getByRole('row').nth(GAMES).getByRole('cell').nth(2).textContent()).toBe(shown);
      }
      await page.waitForTimeout(800); // the chart finishes drawing before axe and the screenshot
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `rating-profile-${label}`);

      // The header links to the leaderboard (a phone's header has the short label).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: desktop ? 'Leaderboard' : 'Ranks' }).click();
      await page.waitForURL('**/leaderboard');
      await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
      const rated = page.getByRole('region', { name: 'Rated players' });
      const provisional = page.getByRole('region', { name: 'Provisional' });
      const mine = provisional.locator('tr[aria-current="true"]');
      if (desktop) {
        await expect.poll(() => rated.getByRole('row').allTextContents()).toEqual(['PlacePlayerRatingGames', '#1Theseus269040', '#2Icarus82040']);
        await expect.poll(() => provisional.getByRole('row').count()).toBe(2);
        expect(await mine.textContent()).toBe(`#1Ariadne (you)${shown}${GAMES}`);
        // In the sentence, words: "rated 1500?." read as a question with a stray full stop.
        await provisional.getByText(`Your place: #1 of 1, rated ${shown.replace('?', ' (provisional)')}.`).waitFor();
        expect(await rated.locator('tr[aria-current="true"]').count()).toBe(0);
      } else {
        // Both tables drawn, the player's row highlighted, before axe and the screenshot.
        await rated.locator('tbody tr').first().waitFor();
        await mine.waitFor();
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `rating-leaderboard-${label}`);
      await context.close();
    });
  }
});
