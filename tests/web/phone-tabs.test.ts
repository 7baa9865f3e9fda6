/**
 * A phone's Table/Boards/Log tabs come in a chunk of their own (src/web/game/phone-tabs.ts): a
 * desktop's game screen, which never shows them, does not load them; a phone's opens with them in
 * place; and a phone whose tabs' chunk does not come still gets the game's table and its chat.
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, siteAndBrowser, type Viewport } from './support/site.js';
import { guestInContext, startGame } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** The tabs' chunk, by the module it is named after. */
const TABS_CHUNK = /\/assets\/table-tabs-[\w-]+\.js$/;

describe.skipIf(!HAS_CHROMIUM)("a phone's tabs on the game screen", () => {
  const suite = siteAndBrowser();

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

  test('a desktop never loads them; a phone opens with them in place', async () => {
    const desktop = await openGame(DESKTOP, 'Dora');
    await desktop.page.waitForLoadState('networkidle');
    expect(desktop.scripts.filter((path) => TABS_CHUNK.test(path))).toEqual([]);
    expect(await desktop.page.getByRole('tab').count()).toBe(0);
    await desktop.close();

    const phone = await openGame(PHONE, 'Pia');
    expect(phone.scripts.filter((path) => TABS_CHUNK.test(path))).toHaveLength(1);
    expect(await phone.page.getByRole('tab').allInnerTexts()).toEqual(['Table', 'Boards', 'Log']);
    expect(await phone.page.getByRole('tab', { name: 'Table' }).getAttribute('aria-selected')).toBe('true');
    await phone.close();
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
