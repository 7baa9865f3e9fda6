/**
 * Lobbies in a real browser: a host and a non-host in two browser contexts see each other live
 * (the list, joining, options and modules, a bot, a kick that keeps its person out), lobby call failures, the chat overlay
 * (and the CHAT dialog on a phone), Play a Bot,
 * and a started game taking both players to /game/{id}; at 1280x800 and 375x812, axe-clean,
 * screenshotted. The phone's run leaves out what its width cannot change (a failed start, the
 * options' texts and toggles, a kick): the desktop's run checks those.
 */
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
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
   * browser context of their own, on `path` (the lobby list unless said; `null`: no page loaded
   * yet, for a test that routes the page's traffic first).
   */
  async function person(name: string, viewport: Viewport, { on = site, path = '/' as string | null } = {}): Promise<{ page: Page; guest: Guest }> {
    const context = await newContext(browser, viewport);
    contexts.push(context);
    const guest = await guestInContext(on, context, name);
    guests.push(guest);
    const page = await context.newPage();
    // This machine is shared and slow at times: waits are generous, the checks are not.
    page.setDefaultTimeout(60_000);
    if (path !== null) await page.goto(`${on.url}${path}`);
    return { page, guest };
  }
  const player = async (name: string, viewport: Viewport, options?: Parameters<typeof person>[2]): Promise<Page> => (await person(name, viewport, options)).page;
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
   * Two seated in a lobby: a start the network drops says so and stays in the lobby; the guest
   * has no host controls; each option says what it does; the host's toggles reach the guest.
   */
  async function lobbyLogic(host: Page, guest: Page, lobbyPath: string, startGame: Locator): Promise<void> {
    const startCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('lobbies.start');
    await host.route(startCall, (route) => route.abort());
    await startGame.click();
    await host.getByText('Error adding calling lobby start').waitFor();
    await host.unroute(startCall);
    await host.getByRole('button', { name: 'Dismiss' }).click();
    expect(host.url()).toBe(`${site.url}${lobbyPath}`);
    expect(await guest.getByRole('checkbox').count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Start Game' }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: /^Kick/ }).count()).toBe(0);
    const hideFavor = guest.locator('[data-setting="Hide favor"]');
    expect((await hideFavor.textContent())?.endsWith('no')).toBe(true);
    // Each option says what it does: under the host's checkbox, and on the guest's line when pointed at.
    const hint = 'Favor and tribute tokens stay hidden until the game ends.';
    expect(await host.getByLabel('Hide favor').getAttribute('aria-describedby')).toBeTruthy();
    await host.getByText(hint, { exact: true }).waitFor();
    expect(await hideFavor.getAttribute('title')).toBe(hint);
    // The host toggles an option and a module: the guest sees yes.
    await host.getByLabel('Hide favor').click();
    await expect.poll(async () => (await hideFavor.textContent())?.endsWith('yes')).toBe(true);
    await host.getByLabel('Alternative Leaders').click();
    await expect.poll(async () => (await guest.locator('[data-setting="Alternative Leaders"]').textContent())?.endsWith('yes')).toBe(true);
  }

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

      // The host's page: Start Game, Add Bot with only the bots a non-developer may add.
      await host.getByRole('button', { name: 'Start Game' }).waitFor();
      const bots = await host.getByLabel('Bot', { exact: true }).locator('option').allTextContents();
      expect(bots).toEqual(['Easy Bot', 'Advanced Bot', 'Expert Bot']);
      // A game needs two players: alone, the host's Start Game is disabled and says what it waits for.
      const startGame = host.getByRole('button', { name: 'Start Game' });
      const startHint = host.getByText('Add a bot or wait for a second player to start.', { exact: true });
      expect(await startGame.isDisabled()).toBe(true);
      await startHint.waitFor();
      expect(await startGame.getAttribute('aria-describedby')).toBe(await startHint.getAttribute('id'));
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
      // Two seated: Start Game is enabled and the hint gone.
      await expect.poll(() => startGame.isEnabled()).toBe(true);
      expect(await startHint.count()).toBe(0);
      // What the lobby does with a failed start, its options and a kick is the same at any width
      // (the server and the page's logic decide it): checked on the desktop. The phone keeps
      // what it lays out its own way: the list, the panels under axe, the chat, the screenshots.
      if (label === 'desktop') await lobbyLogic(host, guest, lobbyPath, startGame);

      // The host adds a bot: both see it.
      await host.getByRole('button', { name: 'Add Bot' }).click();
      await guest.getByText('Easy Bot 1').waitFor();
      await host.getByText('Easy Bot 1').waitFor();
      await axeClean(host);
      await axeClean(guest);
      await screenshot(host, `lobby-host-${label}`);
      await screenshot(guest, `lobby-guest-${label}`);

      if (label === 'desktop') {
        // A third person joins and the host kicks them: they are told so, and not offered Join
        // again, even once the notice is dismissed.
        const drifter = await player('Drifter', DESKTOP, { path: lobbyPath });
        await drifter.getByRole('button', { name: 'Join', exact: true }).click();
        await host.getByRole('button', { name: 'Kick Drifter' }).click();
        const notice = drifter.getByRole('status').filter({ hasText: 'You were removed from this lobby' });
        expect(await notice.textContent()).toContain('The host removed you, and you cannot join this lobby again.');
        // Its Dismiss is 24 px at least (Mantine's own was 20).
        expect(await smallTargets(drifter, '.mantine-Alert-root')).toEqual([]);
        expect(await drifter.getByRole('button', { name: 'Join', exact: true }).count()).toBe(0);
        await notice.getByRole('button', { name: 'Dismiss' }).click();
        expect(await drifter.getByRole('button', { name: 'Join', exact: true }).count()).toBe(0);
        // A page opened afresh does not know, and the server says why it refuses.
        await drifter.reload();
        await drifter.getByRole('button', { name: 'Join', exact: true }).click();
        await drifter.getByRole('alert').filter({ hasText: 'The host removed you from this lobby: you cannot join it again.' }).waitFor();
        await drifter.context().close();
      }

      // Chat: the overlay on a desktop; on a phone (no overlay) a CHAT button and a dialog.
      if (label === 'desktop') {
        expect(await host.getByRole('button', { name: /^CHAT/ }).count()).toBe(0);
        const hostChat = host.getByRole('button', { name: /Lobby Chat/ });
        expect(await hostChat.getAttribute('aria-expanded')).toBe('false');
        await guest.getByRole('button', { name: /Lobby Chat/ }).click();
        // Near the limit the box says how much is left; a longer paste stops at it, and says so.
        await guest.getByLabel('Message').fill('x'.repeat(450));
        expect(await guest.getByTestId('chat-count').textContent()).toBe('450/500');
        await guest.getByLabel('Message').fill('x'.repeat(840));
        expect(await guest.getByTestId('chat-count').textContent()).toBe('500/500: a message has at most 500 characters.');
        await guest.getByLabel('Message').fill('   ');
        expect(await guest.getByTestId('chat-count').count()).toBe(0);
        await guest.getByLabel('Message').press('Enter');
        await guest.getByLabel('Message').fill('  May the gods favor us  ');
        await guest.getByLabel('Message').press('Enter');
        expect(await guest.getByLabel('Message').inputValue()).toBe('');
        // The field keeps the focus for the next message, its ring whole at the screen's foot.
        expect(await hiddenRingSides(guest.getByLabel('Message'))).toEqual([]);
        await host.getByLabel('1 unread').waitFor();
        // Docked, its title bar leaves the page's foot clear once scrolled to (it covered the footer).
        await host.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const footer = (await host.getByRole('contentinfo').boundingBox())!;
        expect(footer.y + footer.height).toBeLessThanOrEqual((await host.getByRole('region', { name: 'Lobby Chat' }).boundingBox())!.y);
        await hostChat.click();
        await host.getByText('GuestD: May the gods favor us', { exact: false }).waitFor();
        expect(await host.locator('[data-chat-message]').count()).toBe(1);
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
        expect(await guestDialog.getByLabel('Message', { exact: true }).inputValue()).toBe('');
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

  test('Play a Bot starts a game against the bot chosen beside it in one click, and keeps the choice; at the open-lobby cap it says why', async () => {
    const capped = await startSite({ maxOpenLobbiesPerUser: 3 });
    onTestFinished(() => capped.close());
    const { page, guest: quick } = await person('Quick', PHONE, { on: capped });
    await page.getByRole('heading', { name: 'Lobbies' }).waitFor();
    // A new site's list, on a phone: no pinned strip down the Play column while the table fits,
    // and none ever across the empty list's row.
    await page.getByText('No lobbies yet.', { exact: false }).waitFor();
    expect(await playCells(page)).toEqual(['sticky rgba(0, 0, 0, 0) none', 'static rgba(0, 0, 0, 0) none']);
    await screenshot(page, 'lobby-list-empty-phone');
    const level = page.getByRole('combobox', { name: 'Bot to play' });
    expect(await level.inputValue()).toBe('easy_bot');
    // Each with the fixed rating a game against it is rated against.
    expect(await level.locator('option').allTextContents()).toEqual(['Easy Bot · 1500', 'Advanced Bot · 2214', 'Expert Bot · 2363']);
    await level.selectOption({ label: 'Advanced Bot · 2214' });
    expect(await page.getByRole('button', { name: 'Play a Bot' }).getAttribute('title')).toBe('Start a rated game against an Advanced Bot at once');
    await page.getByRole('button', { name: 'Play a Bot' }).tap();
    await page.waitForURL(/\/game\/g_/);
    await page.locator('[data-game-phase]').waitFor();
    await page.getByText('Advanced Bot 1').first().waitFor();
    // At the cap of open lobbies (3 here), Play a Bot is refused with the server's message and
    // nothing is made.
    await page.goto(`${capped.url}/`);
    // The device remembers the bot played.
    expect(await level.inputValue()).toBe('basic_bot');
    // (Made through the API: Create Lobby's button has the first test's checks.)
    for (let i = 0; i < 3; i++) await quick.client.lobbies.create.mutate();
    await page.getByRole('button', { name: 'Play a Bot' }).tap();
    const alert = page.getByRole('alert').filter({ hasText: 'error creating lobby' });
    await alert.getByText(/^You are already in 3 open lobbies/).waitFor();
    expect(page.url()).toBe(`${capped.url}/`);
  }, 120_000);

  test("a toggled option stays ticked until the lobby comes back with it, however late the websocket brings it", async () => {
    const host = await player('Ticker', DESKTOP, { path: null });
    // The lobby's updates come over the websocket, the change's answer over HTTP: hold the first
    // back, so the answer always arrives first (routed before the page's first load, whose socket
    // a route made later would not hold back).
    await host.routeWebSocket(/\/trpc/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => void setTimeout(() => ws.send(message), 600));
      ws.onMessage((message) => server.send(message));
    });
    await host.goto(`${site.url}/`);
    await host.getByRole('heading', { name: 'Lobbies' }).waitFor();
    await host.getByRole('button', { name: 'Create Lobby' }).click();
    await host.waitForURL(/\/lobby\/l_/);
    const box = host.getByLabel('Hide favor');
    await box.waitFor();
    const id = await box.getAttribute('id');
    // Every state the box shows, frame by frame, from the click until the lobby has come back.
    await host.evaluate((boxID) => {
      const g = globalThis as unknown as { seen: boolean[]; document: { getElementById(id: string): { checked: boolean } | null }; requestAnimationFrame(f: () => void): void };
      g.seen = [];
      const look = () => {
        const checked = g.document.getElementById(boxID)?.checked ?? false;
        if (g.seen.at(-1) !== checked) g.seen.push(checked);
        g.requestAnimationFrame(look);
      };
      look();
    }, id!);
    await box.click();
    await host.waitForTimeout(2_000);
    expect(await host.evaluate(() => (globalThis as unknown as { seen: boolean[] }).seen)).toEqual([false, true]);
  }, 120_000);

  test('a lobby that closes tells whoever has its page open, with a way back to the list', async () => {
    const host = await player('Closer', DESKTOP);
    await host.getByRole('button', { name: 'Create Lobby' }).click();
    await host.waitForURL(/\/lobby\/l_/);
    const visitor = await player('Visitor', SMALL_PHONE, { path: new URL(host.url()).pathname });
    await visitor.getByRole('button', { name: 'Join' }).waitFor();
    // The host fills every seat with bots: neither Add Bot nor Join can be pressed, and both say why.
    for (let seats = 1; seats < 8; seats++) {
      await host.getByRole('button', { name: 'Add Bot' }).click();
      await host.getByText(`${seats + 1} of 8 seats taken`).waitFor();
    }
    // On a small phone's list the eight names under the lobby's name are each there whole, on as
    // many lines as they take (cut at two, a table of bots ended in 'Easy Bo…'), and the table
    // still fits the screen.
    await visitor.goto(`${site.url}/`);
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
    await visitor.goto(host.url());
    await visitor.getByRole('button', { name: 'Join', exact: true }).waitFor();
    for (const [page, name] of [[host, 'Add Bot'], [visitor, 'Join']] as const) {
      const button = page.getByRole('button', { name, exact: true });
      await expect.poll(() => button.isDisabled()).toBe(true);
      expect(await page.locator(`#${await button.getAttribute('aria-describedby')}`).textContent()).toBe('All 8 seats are taken.');
    }
    // The host, its only person, leaves: the lobby closes (as one left behind does, unwatched).
    // The host's own page goes to the lobby list without ever saying the lobby they left has
    // closed (the close reaches the page before the answer to the leave).
    await host.evaluate(() => {
      const g = globalThis as unknown as { sawClosed: boolean; document: { body: unknown; querySelector(s: string): { textContent: string | null } | null }; MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void } };
      g.sawClosed = false;
      new g.MutationObserver(() => {
        if (g.document.querySelector('h1')?.textContent === 'This lobby has closed') g.sawClosed = true;
      }).observe(g.document.body, { subtree: true, childList: true, characterData: true });
    });
    await host.getByRole('button', { name: 'Leave' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'This lobby has closed' }).waitFor();
    await host.waitForURL(`${site.url}/`);
    await host.getByRole('heading', { name: 'Lobbies' }).waitFor();
    expect(await host.evaluate(() => (globalThis as unknown as { sawClosed: boolean }).sawClosed)).toBe(false);
    expect(await visitor.getByRole('button', { name: 'Join' }).count()).toBe(0);
    await axeClean(visitor);
    await screenshot(visitor, 'lobby-closed-phone');
    await visitor.getByRole('link', { name: 'Find another lobby' }).click();
    await visitor.waitForURL('**/lobby-list');
    await visitor.getByRole('heading', { name: 'Lobbies' }).waitFor();
  }, 120_000);

  test("a lobby page says 'Loading lobby...' until its data arrives, and spectators get Spectate", async () => {
    const watcher = await player('Watcher', DESKTOP);
    await watcher.getByRole('heading', { name: 'Lobbies' }).waitFor();
    // The earlier tests' lobbies are playing, with the watcher in none of them.
    const spectate = watcher.getByRole('link', { name: /^Spectate / }).first();
    await spectate.waitFor();
    expect(await spectate.innerText()).toMatch(/^Spectate/);
    await screenshot(watcher, 'lobby-list-playing-desktop');
    // Hold back the websocket: the page waits, saying so.
    await watcher.routeWebSocket(/\/trpc/, () => {});
    await watcher.goto(`${site.url}/lobby/l_anything`);
    await watcher.getByText('Loading lobby...').waitFor();
  }, 120_000);
});
