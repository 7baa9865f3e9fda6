/**
 * Lobbies in a real browser, each journey once through the real server and page: Play a Bot from
 * an empty list; a host and a non-host in two browser contexts seeing each other live (the list,
 * joining, an option, a bot, the chat overlay, or the CHAT dialog on a phone) and a started game
 * taking both to /game/{id}; a lobby filled and closed under a visitor's page. At 1280x800 and
 * 375x812 (and 360 wide), axe-clean, screenshotted. What the pages decide without the browser's
 * layout is held by component tests (tests/web/components): lobby-page (Start Game's wait, the
 * bots offered, a failed start, a full table, the guest's controls, a kick and the removed person,
 * the options' words and toggles, a ticked box held until the lobby comes back, 'Loading
 * lobby...', the host's own leave), lobby-list-buttons (Play a Bot's picker, its refusal at the
 * cap, Spectate) and chat-draft (the message box).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Guest, Server } from '../server/support.js';
import { guestInContext } from './support/game.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, SMALL_PHONE, launchBrowser, newContext, screenshot, seriousAxeViolations, smallTargets, startSite, releaseBrowser, type Viewport } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('lobbies, live between two players', () => {
  let site: Server;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const guests: Guest[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    for (const guest of guests) guest.close();
    await Promise.allSettled(contexts.map((c) => c.close()));
    await releaseBrowser(browser);
    await site?.close();
  });

  /**
   * A guest signed in through the API (the login form has its own tests in site.test.ts), in a
   * browser context of their own, on the lobby list.
   */
  async function person(name: string, viewport: Viewport): Promise<{ page: Page; guest: Guest }> {
    const context = await newContext(browser, viewport);
    contexts.push(context);
    const guest = await guestInContext(site, context, name);
    guests.push(guest);
    const page = await context.newPage();
    // This machine is shared and slow at times: waits are generous, the checks are not.
    page.setDefaultTimeout(60_000);
    await page.goto(`${site.url}/`);
    return { page, guest };
  }
  const player = async (name: string, viewport: Viewport): Promise<Page> => (await person(name, viewport)).page;
  const axeClean = async (page: Page) => expect(await seriousAxeViolations(page)).toEqual([]);

  /**
   * The sides of a focused field's keyboard ring a player cannot see: cut off by a box that clips
   * what passes its edges, by the screen's edge, or under the button beside it (drawn after it).
   * The chat's field once showed its ring as a stray gold line along its top alone.
   */
  const hiddenRingSides = (field: Locator) =>
    field.evaluate((f) => {
      if (!f.matches(':focus-visible')) return ['no ring: the field is not focused'];
      const style = getComputedStyle(f);
      const grow = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const box = f.getBoundingClientRect();
      const ring = { left: box.left - grow, top: box.top - grow, right: box.right + grow, bottom: box.bottom + grow };
      const hidden: string[] = [];
      const cut = (by: string, edges: { left: number; top: number; right: number; bottom: number }) => {
        if (ring.left < edges.left) hidden.push(`left, cut by ${by}`);
        if (ring.top < edges.top) hidden.push(`top, cut by ${by}`);
        if (ring.right > edges.right) hidden.push(`right, cut by ${by}`);
        if (ring.bottom > edges.bottom) hidden.push(`bottom, cut by ${by}`);
      };
      for (let up = f.parentElement; up; up = up.parentElement) {
        if (up === document.body || up === document.documentElement) break;
        if (getComputedStyle(up).overflow !== 'visible') cut(`a box that clips (${up.tagName.toLowerCase()})`, up.getBoundingClientRect());
      }
      cut('the screen', { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight });
      const beside = f.nextElementSibling?.getBoundingClientRect();
      if (beside && ring.right > beside.left && ring.bottom > beside.top && ring.top < beside.bottom) hidden.push('right, under the button beside it');
      return hidden;
    });

  /** The space between each shown column heading's words and the next's, as drawn. */
  const headingGaps = (page: Page) =>
    page.locator('[data-scroll="lobbies"] thead th').evaluateAll((cells) => {
      const words = cells
        .filter((c) => (c as HTMLElement).offsetParent !== null)
        .map((c) => {
          const range = document.createRange();
          range.selectNodeContents(c);
          return range.getBoundingClientRect();
        });
      return words.slice(1).map((w, i) => Math.round(w.left - words[i]!.right));
    });

  /**
   * Each row's Play cell as drawn over the parchment: whether it is pinned, its own fill and its
   * fold shadow. Pinned and filled only while the table is wider than the screen.
   */
  const playCells = (page: Page) =>
    page.locator('[data-scroll="lobbies"] tr').evaluateAll((rows) =>
      rows.map((r) => {
        const style = getComputedStyle(r.lastElementChild!);
        return `${style.position} ${style.backgroundColor} ${style.boxShadow}`;
      }),
    );

  /**
   * Two seated in a lobby, on a desktop: a start the network drops says so, in an alert whose
   * Dismiss is 24 px at least (Mantine's own was 20); the host's tick of an option reaches the
   * guest's page.
   */
  async function startDroppedAndOptionShared(host: Page, guest: Page, startGame: Locator): Promise<void> {
    const startCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('lobbies.start');
    await host.route(startCall, (route) => route.abort());
    await startGame.click();
    await host.getByText('Error adding calling lobby start').waitFor();
    await host.unroute(startCall);
    expect(await smallTargets(host, '.mantine-Alert-root')).toEqual([]);
    await host.getByRole('button', { name: 'Dismiss' }).click();
    const hideFavor = guest.locator('[data-setting="Hide favor"]');
    await host.getByLabel('Hide favor').click();
    await expect.poll(async () => (await hideFavor.textContent())?.endsWith('yes')).toBe(true);
  }

  // First, while the site's list is empty; its game is one the later tests' list shows playing.
  test('Play a Bot starts a game against the bot chosen beside it in one click', async () => {
    const page = await player('Quick', PHONE);
    await page.getByRole('heading', { name: 'Lobbies' }).waitFor();
    // A new site's list, on a phone: no pinned strip down the Play column while the table fits,
    // and none ever across the empty list's row.
    await page.getByText('No lobbies yet.', { exact: false }).waitFor();
    expect(await playCells(page)).toEqual(['sticky rgba(0, 0, 0, 0) none', 'static rgba(0, 0, 0, 0) none']);
    await screenshot(page, 'lobby-list-empty-phone');
    await page.getByRole('combobox', { name: 'Bot to play' }).selectOption({ label: 'Advanced Bot · 2214' });
    await page.getByRole('button', { name: 'Play a Bot' }).tap();
    await page.waitForURL(/\/game\/g_/);
    await page.locator('[data-game-phase]').waitFor();
    await page.getByText('Advanced Bot 1').first().waitFor();
    // The player's value for the dice is in the game's seed (the server's secret alone made a bot
    // game's dice), the bot's empty as ever.
    const game = await (await page.request.get(`${new URL(page.url()).origin}/api/game/${new URL(page.url()).pathname.split('/')[2]}/state`)).json();
    expect(game.seedContributions.map((c: { value: string }) => c.value)).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), '']);
  }, 120_000);

  for (const [label, hostViewport, guestViewport] of [
    ['desktop', DESKTOP, DESKTOP],
    ['phone', PHONE, PHONE],
  ] as const) {
    test(`a host and a guest see each other live, and both are taken to the game (${label})`, async () => {
      const host = await player(`Host${label.slice(0, 1)}`, hostViewport);
      const guest = await player(`Guest${label.slice(0, 1)}`, guestViewport);
      await host.getByRole('heading', { name: 'Lobbies' }).waitFor();
      await guest.getByRole('heading', { name: 'Lobbies' }).waitFor();

      // The host creates a lobby; it appears in the guest's list without a reload.
      await host.getByRole('button', { name: 'Create Lobby' }).click();
      await host.waitForURL(/\/lobby\/l_/);
      const lobbyPath = new URL(host.url()).pathname;
      const lobbyName = `Host${label.slice(0, 1)}'s lobby`;
      const row = guest.getByRole('row').filter({ hasText: lobbyName });
      await row.waitFor();
      // A phone has no room for a Host column: the host is named under the lobby's name instead.
      const columns = label === 'desktop' ? ['Lobby', 'Host', 'Players', 'Created', 'Status', 'Play'] : ['Lobby', 'Players', 'Created', 'Status', 'Play'];
      for (const column of columns) await guest.getByRole('columnheader', { name: column, exact: true }).waitFor();
      if (label === 'phone') {
        expect(await guest.getByRole('columnheader', { name: 'Host', exact: true }).isVisible()).toBe(false);
        await row.getByText(`by Host${label.slice(0, 1)}`, { exact: true }).waitFor();
      }
      const join = row.getByRole('button');
      // The visible label (the lobby's name is there for screen readers only).
      const visible = async (link: typeof join) => (await link.innerText()).replace(lobbyName, '').trim();
      expect(await visible(join)).toBe(label === 'desktop' ? 'Join Lobby' : 'Join');
      // On a phone every column fits, the names wrapping; were a long name to make the table
      // scroll sideways, the row's button would still stay on screen.
      const button = (await join.boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(guestViewport.width);
      await screenshot(guest, `lobby-list-${label}`);
      expect(await guest.locator('[data-scroll="lobbies"]').evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
      const status = (await row.getByText('Open', { exact: true }).boundingBox())!;
      expect(status.x + status.width).toBeLessThanOrEqual(button.x);
      expect(await row.getByText('Open', { exact: true }).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(await join.textContent()).toContain(lobbyName);
      await axeClean(guest);

      // The host's page, alone: Start Game waits, saying for what.
      const startGame = host.getByRole('button', { name: 'Start Game' });
      await host.getByText('Add a bot or wait for a second player to start.', { exact: true }).waitFor();
      await axeClean(host);
      await screenshot(host, `lobby-host-alone-${label}`);
      if (label === 'desktop') {
        // The host copies the lobby's address to send to someone.
        await host.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
        await host.getByRole('button', { name: 'Copy invite link' }).click();
        await host.getByRole('button', { name: 'Link copied' }).waitFor();
        expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(`${site.url}${lobbyPath}`);
      }

      // The guest's Join Lobby takes the seat and opens the lobby (options read-only yes/no): the
      // guest is seated there at once, and the host sees them.
      await join.click();
      await guest.waitForURL(`${site.url}${lobbyPath}`);
      await guest.getByRole('button', { name: 'Leave' }).waitFor();
      await host.getByText(`Guest${label.slice(0, 1)}`, { exact: true }).waitFor();
      // A failed start and an option reaching the guest are the same at any width: on the desktop.
      if (label === 'desktop') await startDroppedAndOptionShared(host, guest, startGame);

      // The host adds a bot: both see it, and a screen reader says it (the lobby's news).
      await host.getByRole('button', { name: 'Add Bot' }).click();
      await guest.getByText('Easy Bot 1', { exact: true }).waitFor();
      await host.getByText('Easy Bot 1', { exact: true }).waitFor();
      await guest.getByRole('log', { name: 'Lobby news' }).getByText('Easy Bot 1 took a seat.', { exact: true }).waitFor();
      await axeClean(host);
      await axeClean(guest);
      await screenshot(host, `lobby-host-${label}`);
      await screenshot(guest, `lobby-guest-${label}`);

      // Chat: the overlay on a desktop; on a phone (no overlay) a CHAT button and a dialog.
      if (label === 'desktop') {
        expect(await host.getByRole('button', { name: /^CHAT/ }).count()).toBe(0);
        const hostChat = host.getByRole('button', { name: /Lobby Chat/ });
        expect(await hostChat.getAttribute('aria-expanded')).toBe('false');
        await guest.getByRole('button', { name: /Lobby Chat/ }).click();
        // A paste past the limit stops at it, as the field's limit says.
        await guest.getByLabel('Message').fill('x'.repeat(840));
        expect(await guest.getByTestId('chat-count').textContent()).toBe('500/500: a message has at most 500 characters.');
        await guest.getByLabel('Message').fill('  May the gods favor us  ');
        await guest.getByLabel('Message').press('Enter');
        // The field keeps the focus for the next message, its ring whole at the screen's foot.
        expect(await hiddenRingSides(guest.getByLabel('Message'))).toEqual([]);
        await host.getByLabel('1 unread').waitFor();
        // Docked, its title bar leaves the page's foot clear once scrolled to (it covered the footer).
        await host.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const footer = (await host.getByRole('contentinfo').boundingBox())!;
        expect(footer.y + footer.height).toBeLessThanOrEqual((await host.getByRole('region', { name: 'Lobby Chat' }).boundingBox())!.y);
        await hostChat.click();
        await host.getByText('GuestD: May the gods favor us', { exact: false }).waitFor();
        expect(await host.getByRole('log', { name: 'Lobby Chat: what was said' }).evaluate((el) => [el.getBoundingClientRect().height, el.parentElement!.parentElement!.getBoundingClientRect().width])).toEqual([250, 200]);
        // Scrolled to its end, the page's last button is clear of the open window (it was under it).
        await host.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const lastButton = (await host.getByRole('button', { name: 'Use my value' }).boundingBox())!;
        const chatWindow = (await host.getByRole('region', { name: 'Lobby Chat' }).boundingBox())!;
        expect(lastButton.y + lastButton.height).toBeLessThanOrEqual(chatWindow.y);
        await axeClean(host);
        await screenshot(host, `lobby-chat-${label}`);
      } else {
        expect(await host.getByRole('region', { name: 'Lobby Chat' }).count()).toBe(0);
        await guest.getByRole('button', { name: /^CHAT/ }).tap();
        const guestDialog = guest.getByRole('dialog', { name: 'Lobby Chat' });
        await guestDialog.getByLabel('Message', { exact: true }).fill('  May the gods favor us  ');
        await guestDialog.getByLabel('Message', { exact: true }).press('Enter');
        // In the dialog's box, which clips its corners, the field's ring is whole too.
        expect(await hiddenRingSides(guestDialog.getByLabel('Message', { exact: true }))).toEqual([]);
        await guestDialog.getByText('May the gods favor us').waitFor();
        await guestDialog.getByRole('button', { name: 'Close', exact: true }).tap();
        // The host's button counts the message until the host opens the chat.
        await host.getByRole('button', { name: /^CHAT/ }).getByLabel('1 unread').waitFor();
        await host.getByRole('button', { name: /^CHAT/ }).tap();
        const hostDialog = host.getByRole('dialog', { name: 'Lobby Chat' });
        await hostDialog.getByText('GuestP: May the gods favor us').waitFor();
        await axeClean(host);
        await screenshot(host, `lobby-chat-${label}`);
        await hostDialog.getByRole('button', { name: 'Close', exact: true }).tap();
      }

      // The host starts the game: every viewer is taken to it.
      await host.getByRole('button', { name: 'Start Game' }).click();
      await host.waitForURL(/\/game\/g_/);
      await guest.waitForURL(host.url());

      // Back on the list the lobby is playing: Resume for a seated player.
      await guest.goto(`${site.url}/`);
      const resume = guest.getByRole('row').filter({ hasText: lobbyName }).getByRole('link');
      await expect.poll(() => visible(resume), { timeout: 30_000 }).toBe(label === 'desktop' ? 'Resume Game' : 'Resume');
      // The row names who sits at the table, in seat order, under the lobby's name.
      await row.getByText(`Host${label.slice(0, 1)}, Guest${label.slice(0, 1)}, Easy Bot 1`, { exact: true }).waitFor();
    }, 240_000);
  }

  test('a lobby that closes tells whoever has its page open, with a way back to the list; the list offers Spectate', async () => {
    const { page: host, guest: closer } = await person('Closer', DESKTOP);
    await host.getByRole('button', { name: 'Create Lobby' }).click();
    await host.waitForURL(/\/lobby\/l_/);
    const lobbyPath = new URL(host.url()).pathname;
    // Every seat filled with bots (made through the API: Add Bot's button has the first tests' checks).
    for (let i = 0; i < 7; i++) await closer.client.lobbies.addBot.mutate({ lobbyID: lobbyPath.slice('/lobby/'.length), botType: 'easy_bot' });
    await host.getByText('8 of 8 seats taken').waitFor();
    // On a small phone's list the eight names under the lobby's name are each there whole, on as
    // many lines as they take (cut at two, a table of bots ended in 'Easy Bo…'), and the table
    // still fits the screen.
    const visitor = await player('Visitor', SMALL_PHONE);
    const full = visitor.getByRole('row').filter({ hasText: "Closer's lobby" }).getByText(['Closer', ...Array.from({ length: 7 }, (_, i) => `Easy Bot ${i + 1}`)].join(', '), { exact: true });
    await full.waitFor();
    // Its column headings apart (they ran 'Players Created Status' together), and, the table
    // fitting, no pinned strip down the Play column.
    for (const gap of await headingGaps(visitor)) expect(gap).toBeGreaterThanOrEqual(8);
    for (const cell of await playCells(visitor)) expect(cell).toBe('sticky rgba(0, 0, 0, 0) none');
    const [lines, cut] = await full.evaluate((e) => [Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight)), e.scrollHeight > e.clientHeight || getComputedStyle(e).textOverflow === 'ellipsis']);
    expect(lines).toBeGreaterThan(2);
    expect(cut).toBe(false);
    expect(await visitor.locator('[data-scroll="lobbies"]').evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
    await screenshot(visitor, 'lobby-list-full-phone');
    // The narrowest phones (320 px): the Created column gives way, and every word in the lobby's
    // cell stays whole (squeezed to about 45 px, "Wilhelmina's lobby" broke inside its words).
    const narrow = await player('Narrow', { width: 320, height: 640 });
    const cell = narrow.getByRole('row').filter({ hasText: "Closer's lobby" }).locator('td').first();
    await cell.waitFor();
    const brokenWords = await cell.evaluate((root) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1) broken.push(match[0]);
        }
      }
      return broken;
    });
    expect(brokenWords).toEqual([]);
    expect(await narrow.getByRole('columnheader', { name: 'Created' }).isVisible()).toBe(false);
    expect(await narrow.locator('[data-scroll="lobbies"]').evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
    await screenshot(narrow, 'lobby-list-full-narrow-phone');
    await visitor.goto(`${site.url}${lobbyPath}`);
    await visitor.getByRole('button', { name: 'Join', exact: true }).waitFor();
    // The host, its only person, leaves: the lobby closes (as one left behind does, unwatched),
    // the visitor's page says so, and the host's goes to the lobby list.
    await host.getByRole('button', { name: 'Leave' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'This lobby has closed' }).waitFor();
    await host.waitForURL(`${site.url}/`);
    await host.getByRole('heading', { name: 'Lobbies' }).waitFor();
    expect(await visitor.getByRole('button', { name: 'Join' }).count()).toBe(0);
    await axeClean(visitor);
    await screenshot(visitor, 'lobby-closed-phone');
    await visitor.getByRole('link', { name: 'Find another lobby' }).click();
    await visitor.waitForURL('**/lobby-list');
    await visitor.getByRole('heading', { name: 'Lobbies' }).waitFor();
    // The earlier tests' games are playing, with the host of the closed lobby in none of them.
    const spectate = host.getByRole('link', { name: /^Spectate / }).first();
    await spectate.waitFor();
    expect(await spectate.innerText()).toMatch(/^Spectate/);
    await screenshot(host, 'lobby-list-playing-desktop');
  }, 120_000);
});
