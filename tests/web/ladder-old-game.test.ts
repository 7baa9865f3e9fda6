/**
 * A game finished a while ago, opened again at /game/{id} (from the history page or a profile's
 * recent games) after more rated games: the rating beside the player's name is the one that game
 * left them with, as its end view's "Your rating: A → B" and its replay's last step say, not
 * today's (the end view said 1486? while the name beside it said 1555?).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Guest, Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, launchBrowser, newContext, releaseBrowser, startSite } from './support/site.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const shown = (r: { rating: number; provisional: boolean }) => `${r.rating}${r.provisional ? '?' : ''}`;

describe.skipIf(!HAS_CHROMIUM)('an old game opened again', { timeout: 180_000 }, () => {
  let site: Server;
  let browser: Browser;
  let player: Guest;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    player?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  test("the name beside the table shows the rating that game left, as its end view does, not today's", async () => {
    player = await guest(site, 'Ariadne');
    const first = await playFinishedGame(player, ['basic_bot']);
    const then = (await player.client.ratings.ofGame.query({ gameID: first }))[player.userID]!;
    // More games until today's rating differs from the one the first game left.
    for (let i = 0; i < 4; i++) {
      const now = (await player.client.users.rating.query({ userID: player.userID })).rating;
      if (shown(now) !== shown({ rating: then.after, provisional: then.provisional })) break;
      await playFinishedGame(player, ['basic_bot']);
    }
    const today = (await player.client.users.rating.query({ userID: player.userID })).rating;
    expect(shown(today)).not.toBe(shown({ rating: then.after, provisional: then.provisional }));

    const context = await newContext(browser, DESKTOP);
    await signInContext(context, site, player);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${site.url}/game/${first}`);
    await expect
      .poll(() => page.getByTestId('end-rating').textContent())
      .toBe(`Your rating: ${shown({ rating: then.before, provisional: then.provisionalBefore })} → ${shown({ rating: then.after, provisional: then.provisional })} (${then.after - then.before > 0 ? '+' : '\u2212'}${Math.abs(then.after - then.before)})`);
    const tag = page.locator(`.player-summary[data-player-id="${player.userID}"] .mythos-rating [aria-hidden]`).first();
    await expect.poll(() => tag.textContent()).toBe(shown({ rating: then.after, provisional: then.provisional }));
    await context.close();
  });
});
