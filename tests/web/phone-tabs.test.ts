/**
 * A phone's Table/Boards/Log tabs come in a chunk of their own (src/web/game/phone-tabs.ts): a
 * desktop's game screen, which never shows them, does not load them; a phone's opens with them in
 * place; and a phone whose tabs' chunk does not come still gets the game's table and its chat.
 * The clash dice come in a chunk of their own too (src/web/game/presentation/clash-dice.tsx): not
 * with a game's first bid, but at the player's first press on the page, before any clash can be
 * due (the clashes themselves, dice and all, are game-play.test's).
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, siteAndBrowser, type Viewport } from './support/site.js';
import { guestInContext, startGame } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** The tabs' chunk, by the module it is named after. */
const TABS_CHUNK = /\/assets\/table-tabs-[\w-]+\.js$/;
/** The dice's chunk, likewise. */
const DICE_CHUNK = /\/assets\/clash-dice-view-[\w-]+\.js$/;

describe.skipIf(!HAS_CHROMIUM)("a phone's tabs on the game screen", () => {
  // The bot waits, so nothing in a game changes while a test looks (a change loads the dice).
  const suite = siteAndBrowser({ botDelayMs: 600_000 });

  /** A game against a bot, opened at `viewport`: the page, and every script it asked for. */
  async function openGame(viewport: Viewport, name: string, prepare?: (context: BrowserContext) => Promise<void>): Promise<{ page: Page; scripts: string[]; close: () => Promise<void> }> {
    const context = await newContext(suite.browser, viewport);
    await context.addInitScript(() => window.localStorage.setItem('mythosFirstGameHintSeen', 'true'));
    await prepare?.(context);
    const guest = await guestInContext(suite.site, context, name);
    const gameID = await startGame(suite.site, guest, { bots: ['easy_bot'] });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${suite.site.url}/game/${gameID}`);
    await page.locator('[data-decision="BID"]').waitFor();
    return {
      page,
      scripts,
      close: async () => {
        guest.close();
        await context.close();
      },
    };
  }

  test('a desktop never loads them; a phone opens with them in place; the dice come at the first press', async () => {
    const desktop = await openGame(DESKTOP, 'Dora');
    await desktop.page.waitForLoadState('networkidle');
    expect(desktop.scripts.filter((path) => TABS_CHUNK.test(path))).toEqual([]);
    expect(await desktop.page.getByRole('tab').count()).toBe(0);
    expect(desktop.scripts.filter((path) => DICE_CHUNK.test(path))).toEqual([]);
    const dice = desktop.page.waitForRequest(DICE_CHUNK);
    await desktop.page.getByRole('heading', { name: 'Trade row' }).click();
    await dice;
    await desktop.close();

    const phone = await openGame(PHONE, 'Pia');
    expect(phone.scripts.filter((path) => TABS_CHUNK.test(path))).toHaveLength(1);
    expect(await phone.page.getByRole('tab').allInnerTexts()).toEqual(['Table', 'Boards', 'Log']);
    expect(await phone.page.getByRole('tab', { name: 'Table' }).getAttribute('aria-selected')).toBe('true');
    await phone.close();
  });

  // A spectator presses nothing, and the first change their page sees may be the clash itself,
  // whose dice then stood empty until their chunk came.
  test("a spectator's page loads the dice once idle, with nothing pressed and nothing changed", async () => {
    const player = await openGame(DESKTOP, 'Pell');
    const gameID = new URL(player.page.url()).pathname.split('/')[2]!;
    const context = await newContext(suite.browser, DESKTOP);
    await guestInContext(suite.site, context, 'Wat');
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const dice = page.waitForRequest(DICE_CHUNK);
    await page.goto(`${suite.site.url}/game/${gameID}`);
    await page.getByText('SPECTATING').waitFor();
    await dice;
    expect(scripts.filter((path) => DICE_CHUNK.test(path))).toHaveLength(1);
    // The player's page, seen with nothing pressed, still has not asked for them.
    await player.page.waitForLoadState('networkidle');
    expect(player.scripts.filter((path) => DICE_CHUNK.test(path))).toEqual([]);
    await context.close();
    await player.close();
  });

  test("a phone whose tabs' chunk does not come still shows the game's table and its chat", async () => {
    const phone = await openGame(PHONE, 'Pim', async (context) => {
      await context.route(TABS_CHUNK, (route) => route.abort('failed'));
    });
    expect(await phone.page.getByRole('tab').count()).toBe(0);
    await phone.page.getByRole('heading', { name: 'Trade row' }).waitFor();
    expect(await phone.page.getByRole('button', { name: /^CHAT/ }).count()).toBe(1);
    expect(await phone.page.getByRole('button', { name: 'Submit' }).count()).toBe(1);
    await phone.close();
  });
});
