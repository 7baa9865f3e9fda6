/**
 * A player coming back to the site finds the tables they sat at: on the lobby list, a mark on
 * their lobby's row counting what others wrote in its chat since they last read it (live while
 * the list is open, gone once they have read it there), a bot seated there named whole ("Advanced
 * Bot 1"); and on "Your games" (/my-games), that lobby waiting to start, with its seats, who hosts
 * it and the way back to it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Guest, Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, newContext, releaseBrowser, screenshot, seriousAxeViolations, startSite, type Viewport } from './support/site.js';
import { guest, signInContext } from './support/finished-games.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('a returning player', { timeout: 180_000 }, () => {
  let site: Server;
  let browser: Browser;
  let ann: Guest;
  let bob: Guest;
  let lobbyID: string;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    [ann, bob] = await Promise.all([guest(site, 'Ann'), guest(site, 'Bob')]);
    ({ id: lobbyID } = await ann.client.lobbies.create.mutate());
    await bob.client.lobbies.join.mutate({ lobbyID });
    await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
  }, 120_000);
  afterAll(async () => {
    for (const g of [ann, bob]) g?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  async function open(viewport: Viewport, path: string): Promise<Page> {
    const context = await newContext(browser, viewport);
    await signInContext(context, site, ann);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${site.url}${path}`);
    return page;
  }

  test("the lobby list marks the lobby's unread chat, live, until it is read; the bot's name whole", async () => {
    const room = `lobby/${lobbyID}`;
    await bob.client.chat.send.mutate({ room, message: 'Hi Ann' });
    await bob.client.chat.send.mutate({ room, message: 'Start when you like' });
    const page = await open(DESKTOP, '/lobby-list');
    const row = page.locator(`tr[data-lobby-id="${lobbyID}"]`);
    const mark = row.locator('[data-unread]');
    await mark.waitFor();
    expect(await mark.getAttribute('title')).toBe('2 unread chat messages');
    // Seen as the count; read out as words.
    expect(await mark.locator('[aria-hidden="true"]').innerText()).toBe('2 unread');
    expect(await mark.ariaSnapshot()).toBe('- text: 2 unread chat messages');
    expect(await row.getByText('Ann, Bob, Advanced Bot 1', { exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'returning-lobby-list-unread');

    // Another message while the list is open: counted at once.
    await bob.client.chat.send.mutate({ room, message: 'Ann?' });
    await row.locator('[data-unread="3"]').waitFor();

    // Read in the lobby's chat, and back: no mark.
    await row.getByRole('link', { name: /Return to Lobby/ }).click();
    await page.waitForURL(`**/lobby/${lobbyID}`);
    await page.getByRole('button', { name: /Lobby Chat/ }).click();
    await page.getByText('Ann?').waitFor();
    await page.goBack();
    await row.waitFor();
    await row.locator('[data-unread]').waitFor({ state: 'detached' });
    expect(await row.locator('[data-unread]').count()).toBe(0);
    await page.context().close();

    // On a phone, under the lobby's name in its narrow column. This browser has read nothing,
    // but the server kept how far the desktop read: only Bob's message since then is unread.
    await bob.client.chat.send.mutate({ room, message: 'Still there?' });
    const phone = await open(PHONE, '/lobby-list');
    await phone.locator(`tr[data-lobby-id="${lobbyID}"] [data-unread="1"]`).waitFor();
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await screenshot(phone, 'returning-lobby-list-unread-phone');
    // The phone put down with its list open; Bob's message read on the desktop (the mark its
    // chat sends); the phone picked up again, its page back in view: nothing is unread.
    const newest = Math.max(...(await ann.client.chat.history.query({ room })).map((m) => m.createdAt));
    await ann.client.chat.markRead.mutate({ room, upTo: newest });
    await phone.evaluate(() => {
      const shown = (visibility: DocumentVisibilityState) => {
        Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
        // As the browser fires it: at the document, bubbling (the query library listens on the window).
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      };
      shown('hidden');
      shown('visible');
    });
    await phone.locator(`tr[data-lobby-id="${lobbyID}"] [data-unread]`).waitFor({ state: 'detached' });
    await phone.context().close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`"Your games" lists the lobby waiting to start, with its seats and the way back to it (${label})`, async () => {
      const page = await open(viewport, '/my-games');
      const section = page.getByRole('region', { name: 'Waiting to start' });
      const item = section.locator(`[data-lobby-id="${lobbyID}"]`);
      await item.waitFor();
      expect(await item.getByText('You host it').isVisible()).toBe(true);
      expect(await item.getByTestId('waiting-seats').innerText()).toBe('3 of 8 seats taken: Ann, Bob, Advanced Bot 1');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `returning-my-games-waiting-${label}`);
      await item.getByRole('link', { name: "Return to Lobby Ann's lobby" }).click();
      await page.waitForURL(`**/lobby/${lobbyID}`);
      await page.context().close();
    });
  }
});
