/**
 * The game history (on /dev/game-history-list) in a real browser: its columns, newest first,
 * games with bots only under 'Show bots', the viewer's own under 'My games', '(unknown-user)' for
 * a player the server cannot name, 'Loading...' until the list arrives, and the error message.
 * A phone shows cards instead of the table: its run checks the cards (their order and contents,
 * axe, the screenshots, 'View Game' in reach); which games the filters keep is the server's and
 * the same list at any width, checked once on the desktop, as where 'View Game' leads.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { Guest, Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, newContext, screenshot, seriousAxeViolations, startSite, type Viewport, releaseBrowser } from './support/site.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const HISTORY = '/dev/game-history-list';

/** The procedures of a batched tRPC call (`/trpc/a,b?batch=1`), in the order of its answers. */
const proceduresOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/trpc\//, '')).split(',');

// A shared machine can be slow: pages get a minute to appear, tests three.
describe.skipIf(!HAS_CHROMIUM)('game history', { timeout: 180_000 }, () => {
  let site: Server;
  let browser: Browser;
  let dev: Guest;
  let bob: Guest;
  let carol: Guest;
  const games = {} as Record<'withBot' | 'devAndBob' | 'bobAndCarol' | 'unfinished', string>;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    [dev, bob, carol] = await Promise.all([guest(site, 'Ada'), guest(site, 'Bob'), guest(site, 'Carol')]);
    await site.app.services.users.makeDev(dev.userID); // as `mythos users make-dev` does
    games.withBot = await playFinishedGame(dev, ['easy_bot']);
    games.devAndBob = await playFinishedGame(dev, [], [bob]);
    games.bobAndCarol = await playFinishedGame(bob, [], [carol]);
    const { id: lobbyID } = await dev.client.lobbies.create.mutate();
    await carol.client.lobbies.join.mutate({ lobbyID });
    games.unfinished = (await dev.client.lobbies.start.mutate({ lobbyID })).gameID;
  }, 120_000);
  afterAll(async () => {
    for (const g of [dev, bob, carol]) g?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  async function open(viewport: Viewport, route?: (page: Page) => Promise<unknown>): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, viewport);
    await signInContext(context, site, dev);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await route?.(page);
    await page.goto(`${site.url}${HISTORY}`);
    await page.getByRole('heading', { level: 1, name: 'Game history' }).waitFor();
    return { context, page };
  }

  /** The games listed now, top to bottom (table rows on desktops, cards on phones). */
  const listed = (page: Page) => page.locator('[data-game-id]:visible').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-game-id')));
  const row = (page: Page, gameID: string) => page.locator(`[data-game-id="${gameID}"]:visible`);

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const desktop = viewport === DESKTOP;
    test(desktop ? `columns, newest first, 'Show bots' and 'My games' (${label})` : `the cards, newest first, their contents and 'My games' (${label})`, async () => {
      const { context, page } = await open(viewport);
      await row(page, games.unfinished).waitFor();
      // Without bots: the three games of people only, newest first (the table's rows or the
      // cards, never both).
      expect(await listed(page)).toEqual([games.unfinished, games.bobAndCarol, games.devAndBob]);
      if (desktop) {
        const headers = await page.getByRole('columnheader').allTextContents();
        expect(headers.slice(0, 3)).toEqual(['Started', 'Players', 'Duration']);
      }
      const finished = row(page, games.devAndBob);
      const text = (await finished.textContent())!;
      expect(text).toMatch(/\d+m \d{2}s/); // duration in minutes and seconds
      expect(text).toContain(new Date().getFullYear().toString()); // the start date
      expect(await finished.getByRole('listitem').allTextContents()).toEqual(['Ada', 'Bob']);
      expect(await row(page, games.unfinished).textContent()).toContain('In progress');
      const view = finished.getByRole('link', { name: 'View Game' });
      expect(await view.getAttribute('href')).toBe(`/game/${games.devAndBob}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `history-${label}`);

      // Which games the filters keep is the server's answer, drawn from one list as rows or as
      // cards: checked on the desktop. The phone ticks 'My games' alone, for its screenshot.
      if (desktop) {
        await page.getByRole('checkbox', { name: 'Show bots' }).check();
        await row(page, games.withBot).waitFor();
        expect(await listed(page)).toEqual([games.unfinished, games.bobAndCarol, games.devAndBob, games.withBot]);
        const botRow = (await row(page, games.withBot).textContent())!;
        expect(botRow).toContain('Easy Bot');
        expect(botRow).toContain('bot');
      }

      await page.getByRole('checkbox', { name: 'My games' }).check();
      if (desktop) {
        await expect.poll(() => listed(page)).toEqual([games.unfinished, games.devAndBob, games.withBot]);
        await page.getByRole('checkbox', { name: 'Show bots' }).uncheck();
      }
      await expect.poll(() => listed(page)).toEqual([games.unfinished, games.devAndBob]);
      await screenshot(page, `history-my-games-${label}`);

      const viewGame = row(page, games.devAndBob).getByRole('link', { name: 'View Game' });
      if (desktop) {
        await viewGame.click();
        await page.waitForURL(`**/game/${games.devAndBob}`);
      } else {
        // The card's button is shown, uncovered and steady where a finger would tap it (where it
        // leads, the router's, is the desktop's check; its href is checked above).
        await viewGame.click({ trial: true });
      }
      await context.close();
    });
  }

  test('the filters and View Game work from the keyboard', async () => {
    const { context, page } = await open(DESKTOP);
    await row(page, games.devAndBob).waitFor();
    /** Tabs forward, as a keyboard user would, until the 'Show bots' box or a 'View Game' link has focus. */
    const tabTo = async (target: 'Show bots' | 'View Game') => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const reached = await page.evaluate((name) => {
          const el = document.activeElement;
          if (name === 'View Game') return el?.textContent === name;
          return el instanceof HTMLInputElement && el.type === 'checkbox' && el.labels?.[0]?.textContent === name;
        }, target);
        if (reached) return;
      }
      throw new Error(`focus never reached ${target}`);
    };
    await tabTo('Show bots');
    await page.keyboard.press('Space');
    await row(page, games.withBot).waitFor();
    await tabTo('View Game');
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(href).toBe(`/game/${games.unfinished}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/game/${games.unfinished}`);
    await context.close();
  });

  test("a player the server cannot name is shown as '(unknown-user)'", async () => {
    const { context, page } = await open(DESKTOP, (p) =>
      p.route('**/trpc/**', async (route: Route) => {
        const procedures = proceduresOf(route.request().url());
        if (!procedures.includes('users.byIDs')) return route.continue();
        const response = await route.fetch();
        const answers = (await response.json()) as { result: { data: { id: string }[] } }[];
        procedures.forEach((procedure, i) => {
          if (procedure === 'users.byIDs') answers[i]!.result.data = answers[i]!.result.data.filter((u) => u.id !== bob.userID);
        });
        await route.fulfill({ response, json: answers });
      }),
    );
    await row(page, games.devAndBob).waitFor();
    expect(await row(page, games.devAndBob).getByRole('listitem').allTextContents()).toEqual(['Ada', '(unknown-user)']);
    expect(await row(page, games.bobAndCarol).getByRole('listitem').allTextContents()).toEqual(['(unknown-user)', 'Carol']);
    await context.close();
  });

  test("'Loading...' shows until the list arrives", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { context, page } = await open(PHONE, (p) =>
      p.route('**/trpc/**', async (route: Route) => {
        if (proceduresOf(route.request().url()).includes('games.history')) await held;
        await route.continue();
      }),
    );
    await page.getByText('Loading...', { exact: true }).waitFor();
    expect(await page.locator('[data-game-id]').count()).toBe(0);
    release();
    await row(page, games.devAndBob).waitFor();
    expect(await page.getByText('Loading...', { exact: true }).count()).toBe(0);
    await context.close();
  });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`a failed fetch says 'error fetching game history list' (${label})`, async () => {
      const { context, page } = await open(viewport, (p) =>
        p.route('**/trpc/**', async (route: Route) => {
          if (!proceduresOf(route.request().url()).includes('games.history')) return route.continue();
          await route.fulfill({ status: 500, contentType: 'application/json', body: '[{"error":{"message":"boom","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500}}}]' });
        }),
      );
      await page.getByRole('alert').filter({ hasText: 'error fetching game history list' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `history-error-${label}`);
      await context.close();
    });
  }
});
