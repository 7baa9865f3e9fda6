/**
 * Names as wide as a name may be (twelve three-em dashes, each as wide as three letters) on a
 * phone: the lobby its owner hosts, with another such name seated, the lobby list, the end of a
 * game they played and "Your games" all stay within the screen's width. Such a name made the
 * lobby's page 616 px wide on a 375 px screen, the end view's standings 466 px and "Your games"
 * 401 px: a stranger's name alone made another player's page scroll sideways.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MAX_NAME_LENGTH } from '../../src/shared/names.js';
import type { Guest, Server } from '../server/support.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, newContext, releaseBrowser, screenshot, startSite } from './support/site.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** The widest name: as many three-em dashes as a name may hold. */
const WIDE = '\u2E3B'.repeat(MAX_NAME_LENGTH);
/** Another as wide, whichever of the two wins: the winner's name is the end view's title. */
const WIDE_TOO = `${'\u2E3B'.repeat(MAX_NAME_LENGTH - 1)}W`;

describe.skipIf(!HAS_CHROMIUM)('the widest names on a phone', { timeout: 180_000 }, () => {
  let site: Server;
  let browser: Browser;
  let host: Guest;
  let seated: Guest;
  let gameID: string;
  let lobbyID: string;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    [host, seated] = await Promise.all([guest(site, WIDE), guest(site, WIDE_TOO)]);
    gameID = await playFinishedGame(host, [], [seated]);
    ({ id: lobbyID } = await host.client.lobbies.create.mutate());
    await seated.client.lobbies.join.mutate({ lobbyID });
  }, 120_000);
  afterAll(async () => {
    for (const g of [host, seated]) g?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  /**
   * How far the page reaches past the screen's right edge, in CSS pixels (0 when it fits). Not
   * against `innerWidth`: a phone's browser widens its layout to a page that is too wide, and
   * shows it all smaller, as a phone does.
   */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth).then((width) => width - PHONE.width);

  test("the lobby, the lobby list, the game's end and Your games stay within the screen", async () => {
    const context = await newContext(browser, PHONE);
    await signInContext(context, site, seated);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);

    await page.goto(`${site.url}/lobby/${lobbyID}`);
    await page.getByText(WIDE, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Leave' }).waitFor();
    await screenshot(page, 'wide-names-lobby-phone');
    expect(await overflow(page)).toBe(0);

    await page.goto(`${site.url}/lobby-list`);
    await page.locator(`tr[data-lobby-id="${lobbyID}"]`).waitFor();
    expect(await overflow(page)).toBe(0);

    await page.goto(`${site.url}/game/${gameID}`);
    await page.getByTestId('end-of-game').waitFor();
    await screenshot(page, 'wide-names-end-phone');
    expect(await overflow(page)).toBe(0);

    await page.goto(`${site.url}/my-games`);
    await page.locator(`[data-game-id="${gameID}"]`).first().waitFor();
    await screenshot(page, 'wide-names-my-games-phone');
    expect(await overflow(page)).toBe(0);
    await context.close();
  });
});
