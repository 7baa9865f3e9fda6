/**
 * The developer pages in a real browser: the index linking to its pages, the users list whose
 * entries open profiles, and the game-history list; everyone else is sent to `/`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Guest, Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, newContext, screenshot, seriousAxeViolations, startSite, type Viewport, releaseBrowser } from './support/site.js';
import { guest, signInContext } from './support/finished-games.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const DEV_PAGES = ['/dev', '/dev/users', '/dev/game-history-list'] as const;

// A shared machine can be slow: pages get a minute to appear, tests three.
describe.skipIf(!HAS_CHROMIUM)('developer pages', { timeout: 180_000 }, () => {
  let site: Server;
  let browser: Browser;
  let dev: Guest;
  let player: Guest;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    // Guest ids are random, so the developer is made after signing in, as `mythos users make-dev` does.
    [dev, player] = await Promise.all([guest(site, 'Daedalus'), guest(site, 'Icarus')]);
    await site.app.services.users.makeDev(dev.userID);
  });
  afterAll(async () => {
    dev?.close();
    player?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  async function open(viewport: Viewport, as: Guest | null, path: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, viewport);
    if (as) await signInContext(context, site, as);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${site.url}${path}`);
    return { context, page };
  }

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`a developer finds the users and opens a profile from the list (${label})`, async () => {
      const { context, page } = await open(viewport, dev, '/dev');
      await page.getByRole('heading', { level: 1, name: 'Developer pages' }).waitFor();
      expect(await page.getByRole('link', { name: /Game history/ }).getAttribute('href')).toBe('/dev/game-history-list');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `dev-index-${label}`);

      await page.getByRole('link', { name: /Users/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      const list = page.getByRole(viewport === DESKTOP ? 'table' : 'list', { name: 'Users' });
      await list.getByText('Icarus').waitFor();
      await list.getByText('Daedalus').waitFor();
      expect(await list.getByText('developer').count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `dev-users-${label}`);

      await page.getByLabel('Find a user').fill('ica');
      await expect.poll(() => list.getByText('Daedalus').count()).toBe(0);
      if (viewport === DESKTOP) {
        // The whole row opens the profile, not only the name.
        await list.getByRole('row').filter({ hasText: 'Icarus' }).getByRole('cell').last().click();
      } else {
        await list.getByRole('link', { name: /Icarus/ }).click();
      }
      await page.waitForURL(`**/user/${player.userID}`);
      await page.getByRole('heading', { level: 1, name: 'Icarus' }).waitFor();
      await context.close();
    });

    test(`a developer reaches the game-history list (${label})`, async () => {
      const { context, page } = await open(viewport, dev, '/dev/game-history-list');
      await page.getByRole('heading', { level: 1, name: 'Game history' }).waitFor();
      await page.getByRole('checkbox', { name: 'Show bots' }).waitFor();
      await page.getByRole('checkbox', { name: 'My games' }).waitFor();
      await page.getByText('No games to show', { exact: false }).waitFor();
      await page.getByRole('link', { name: 'Developer pages' }).click();
      await page.waitForURL((url) => url.pathname === '/dev');
      await context.close();
    });
  }

  // Where the route guards send people cannot differ by the screen's width: checked on a desktop.
  test('a player who is not a developer is sent to /', async () => {
    const { context, page } = await open(DESKTOP, player, '/lobby-list');
    for (const path of DEV_PAGES) {
      await page.goto(`${site.url}${path}`);
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
      await page.getByRole('heading', { level: 1, name: 'Developer pages' }).waitFor({ state: 'detached' });
    }
    await context.close();
  });

  test('an anonymous visitor is sent to / and its login', async () => {
    const { context, page } = await open(DESKTOP, null, '/login');
    for (const path of DEV_PAGES) {
      await page.goto(`${site.url}${path}`);
      // /dev is for developers only; others go to / (the route's guard may also keep
      // the path as ?redirect=, so a developer comes back after logging in).
      const allowed: (string | null)[] = [null, path];
      await page.waitForURL((url) => url.pathname === '/' && allowed.includes(url.searchParams.get('redirect')));
      await page.getByRole('button', { name: 'Log in as guest' }).waitFor();
    }
    await context.close();
  });

  test('the users list refuses non-developers at the API too', async () => {
    await expect(player.client.users.devList.query()).rejects.toThrow();
    expect((await dev.client.users.devList.query()).map((u) => u.name)).toEqual(expect.arrayContaining(['Daedalus', 'Icarus']));
  });
});
