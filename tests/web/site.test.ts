/**
 * The site shell and the signed-out/signed-in journeys in a real browser: login (guest, the OAuth
 * buttons, failures), every redirect, the anonymous limits, the header and user
 * menu, settings, and the error pages, at 1280x800, axe-clean, screenshotted. At 375x812 the same
 * journeys check only what a phone can change (the header's short labels and fit, the menu, each
 * page's layout under axe, the screenshots): forms, refusals and redirects are the desktop's.
 * Each test is a journey through several pages: one browser and one server serve them all.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInGuest, type Server } from '../server/support.js';
import { FIRST_BATCH_URL } from '../../src/shared/first-batch.js';
import { guestInContext } from './support/game.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, newContext, screenshot, seriousAxeViolations, smallTargets, startSite, userIDOf, releaseBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.skipIf(!HAS_CHROMIUM)('site shell, login and redirects', () => {
  let site: Server;
  let browser: Browser;
  let names = 0;
  /** A fresh guest name. */
  const guestName = () => `Hero${++names}`;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite({
        communityUrl: 'https://chat.example.org/mythos',
        // Discord set up (never reached: its link is only read), Google not.
        discord: { clientId: 'mythos', clientSecret: 'secret', authorizeEndpoint: 'http://127.0.0.1:9/authorize', tokenEndpoint: 'http://127.0.0.1:9/token', userEndpoint: 'http://127.0.0.1:9/user' },
        google: null,
      }), launchBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await site?.close();
  });

  async function withPage(viewport: typeof DESKTOP | typeof PHONE, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await newContext(browser, viewport);
    try {
      const page = await context.newPage();
      // This machine is shared and slow at times: waits are generous, the checks are not.
      page.setDefaultTimeout(60_000);
      await run(page);
    } finally {
      await context.close();
    }
  }

  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };
  const axeClean = async (page: Page) => expect(await seriousAxeViolations(page)).toEqual([]);
  /** Signed in: /login and ?redirect= go where they say, never to another site; /dev goes to /. */
  const signedInRedirects = async (page: Page) => {
    await page.goto(`${site.url}/login?redirect=%2Frules`);
    await page.waitForURL(`${site.url}/rules`, { waitUntil: 'commit' });
    await page.goto(`${site.url}/?redirect=%2Fsettings`);
    await page.waitForURL(`${site.url}/settings`);
    await page.goto(`${site.url}/?redirect=${encodeURIComponent('//evil.example/')}`);
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('heading', { name: 'Lobbies' }).waitFor();
    for (const target of ['/dev', '/dev/users']) {
      await page.goto(`${site.url}${target}`);
      await page.waitForURL(`${site.url}/`);
    }
    await page.getByRole('heading', { name: 'Lobbies' }).waitFor();
  };
  /** An unknown path, signed in. */
  const notFound = async (page: Page, label: string) => {
    await page.goto(`${site.url}/nowhere`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await axeClean(page);
    await screenshot(page, `not-found-signed-in-${label}`);
  };
  /**
   * A page whose code fails to load (a tab opened before the site was updated asks for a file the
   * update removed) says so, in a page of its own that passes axe, and its reload link gets it.
   */
  const routeError = async (page: Page, label: string) => {
    await page.route('**/assets/not-found-*.js', (route) => route.abort());
    await page.goto(`${site.url}/broken/page`);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByText("This page's code did not load: Mythos may have been updated since this tab was opened, or the connection dropped.").waitFor();
    await axeClean(page);
    await screenshot(page, `route-error-${label}`);
    await page.unroute('**/assets/not-found-*.js');
    await page.getByRole('link', { name: 'Reload the page' }).click();
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(page.url()).toBe(`${site.url}/broken/page`);
  };

  test('the pages\' accessibility checks hold touch targets to 24 px: a smaller button is a serious violation', async () => {
    // axe-core leaves its target-size rule (WCAG 2.2's 2.5.8) off unless asked; every page the
    // browser files check with it passes it, and this keeps the helper asking.
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.setContent('<html lang="en"><title>Targets</title><main><h1>Targets</h1><div style="display:flex;gap:2px"><button style="width:14px;height:14px;padding:0">a</button><button style="width:14px;height:14px;padding:0">b</button></div></main></html>');
    expect((await seriousAxeViolations(page)).map((v) => [v.id, v.nodes.length])).toEqual([['target-size', 2]]);
    await context.close();
  });

  test("at a tablet's width (768 px), signed in with a 12-letter name: each of the header's five links on one line", async () => {
    const context = await newContext(browser, { width: 768, height: 1024 });
    try {
      const guest = await guestInContext(site, context, 'Wilhelminaxy');
      const page = await context.newPage();
      await page.goto(`${site.url}/lobby-list`);
      await page.getByRole('heading', { name: 'Lobbies' }).waitFor();
      // "Game Rules" and "View Cards" each broke over two lines beside the account's name.
      const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').evaluateAll((els) => els.map((e) => [(e as HTMLElement).innerText, Math.round(e.getBoundingClientRect().height)] as const));
      expect(links.map(([text]) => text)).toEqual(['Lobby', 'Game Rules', 'View Cards', 'Leaderboard', 'Community']);
      expect(new Set(links.map(([, height]) => height)).size).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
      // The account shows its initial alone there; its button still says whose it is.
      expect(await page.getByRole('button', { name: 'Wilhelminaxy Account menu' }).count()).toBe(1);
      await screenshot(page, 'header-tablet');
      guest.close();
    } finally {
      await context.close();
    }
  });

  for (const [label, viewport] of VIEWPORTS) {
    describe(label, () => {
      test(label === 'desktop' ? 'anonymous: the login page, the header, the guest form rules and the anonymous limits' : "anonymous: the login page, the header's short labels, a failed page's code", () =>
        withPage(viewport, async (page) => {
          await page.goto(`${site.url}/`);
          await page.getByRole('heading', { name: 'Log in to save your stats' }).waitFor();
          expect(await page.getByRole('link', { name: 'Log in with Discord' }).getAttribute('href')).toBe('/auth/discord?redirect=%2F');
          // A login the server has not set up is disabled, with the reason: no dead end.
          await expect.poll(() => page.getByRole('button', { name: 'Log in with Google' }).isDisabled()).toBe(true);
          expect(await page.getByRole('link', { name: 'Log in with Google' }).count()).toBe(0);
          expect(await page.locator('#logins-not-set-up').textContent()).toBe('Google login is not set up on this server: play as a guest.');
          await page.getByRole('heading', { name: 'Guest Login' }).waitFor();
          await axeClean(page);
          await screenshot(page, `login-${label}`);

          // The header: the site's links (short labels under 768 px), the community link, a footer.
          const nav = page.getByRole('navigation', { name: 'Main' });
          // (The leaderboard's link only once signed in: the page asks to log in first.)
          const links = label === 'desktop' ? ['Lobby', 'Game Rules', 'View Cards', 'Community'] : ['Lobby', 'Rules', 'Cards', 'Chat'];
          for (const name of links) await nav.getByRole('link', { name, exact: true }).waitFor();
          expect(await nav.getByRole('link', { name: links[3] }).getAttribute('href')).toBe('https://chat.example.org/mythos');
          expect(await nav.getByRole('link', { name: label === 'desktop' ? 'Leaderboard' : 'Ranks' }).count()).toBe(0);
          expect(await page.getByRole('contentinfo').textContent()).toMatch(/© \d{4} Mythos/);
          await page.getByRole('link', { name: 'Log in', exact: true }).waitFor();
          if (label === 'phone') {
            // The rest cannot differ on a phone (the form's rules, the server's refusal, the
            // router's redirects): checked once, on the desktop. What a phone shows of a failed
            // page's code is its own.
            await routeError(page, label);
            return;
          }

          // Tabbed into, the name field shows the site's focus ring (Mantine's own was a 1 px border turning gold).
          await page.getByRole('button', { name: 'Log in as guest' }).focus();
          await page.keyboard.press('Shift+Tab');
          expect(await page.getByLabel('Name').evaluate((field) => field === document.activeElement && `${getComputedStyle(field).outlineStyle} ${getComputedStyle(field).outlineWidth}`)).toBe('solid 2px');

          // The name field takes at most 12 characters; an empty (or blank) name sends nothing.
          await page.getByLabel('Name').fill('Aphrodisiastes the Great');
          expect(await page.getByLabel('Name').inputValue()).toHaveLength(12);
          // Characters as the server counts them: twelve emoji, not six (a field's maxLength counts
          // an emoji twice), and never half of one.
          await page.getByLabel('Name').fill('🦉'.repeat(14));
          expect(await page.getByLabel('Name').inputValue()).toBe('🦉'.repeat(12));
          let posts = 0;
          page.on('request', (request) => {
            if (request.url().endsWith('/auth/guest')) posts++;
          });
          await page.getByLabel('Name').fill('   ');
          await page.getByRole('button', { name: 'Log in as guest' }).click();
          await page.getByRole('alert').getByText('A name needs at least one visible character.').waitFor();
          expect(posts).toBe(0);
          expect(pathOf(page)).toBe('/');

          // A refusal: 'error logging in' with the server's text, and the form usable again.
          await page.route('**/auth/guest', (route) => route.fulfill({ status: 429, contentType: 'text/plain', body: 'Too many guest accounts from your network.' }));
          await page.getByLabel('Name').fill('Unlucky');
          await page.getByRole('button', { name: 'Log in as guest' }).click();
          const alert = page.getByRole('alert');
          await alert.getByText('error logging in').waitFor();
          expect(await alert.textContent()).toContain('Too many guest accounts from your network.');
          // Readable on the parchment: ink, not the dark scheme's white (axe leaves a tinted
          // background's contrast for review, so it is checked here).
          expect(await alert.locator('.mantine-Alert-message').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(43, 33, 24)');
          expect(await page.getByLabel('Name').isEnabled()).toBe(true);
          expect(await page.getByRole('button', { name: 'Log in as guest' }).isEnabled()).toBe(true);
          await axeClean(page);
          await page.unroute('**/auth/guest');

          // Protected routes go to /?redirect={path}; /dev goes to /.
          for (const target of ['/lobby-list', '/lobby/l_none', '/user/u_none', '/game/g_none', '/settings']) {
            await page.goto(`${site.url}${target}`);
            await page.waitForURL(`${site.url}/?redirect=${encodeURIComponent(target)}`);
            await page.getByRole('heading', { name: 'Log in to save your stats' }).waitFor();
          }
          for (const target of ['/dev', '/dev/users', '/dev/game-history-list']) {
            await page.goto(`${site.url}${target}`);
            await page.waitForURL(`${site.url}/`);
          }
          // The rules and the cards are public.
          for (const target of ['/rules', '/all-cards']) {
            await page.goto(`${site.url}${target}`);
            await page.waitForLoadState('networkidle');
            expect(pathOf(page)).toBe(target);
          }
          // Unknown paths; and a page whose code fails to load.
          await page.goto(`${site.url}/no/such/page`);
          await page.getByRole('heading', { name: 'Page not found' }).waitFor();
          await axeClean(page);
          await routeError(page, label);
        }),
      240_000);

      if (label === 'desktop') {
        test('the session is asked for once, by the HTML, beside the scripts', async () => {
          const guest = await signInGuest(site, guestName());
          try {
            for (const [path, cookie, shown] of [
              ['/login', null, (page: Page) => page.getByRole('heading', { name: 'Log in to save your stats' })],
              ['/', guest.cookie, (page: Page) => page.getByRole('heading', { name: 'Lobbies' })],
              ['/rules', guest.cookie, (page: Page) => page.getByRole('button', { name: /Account menu/ })],
            ] as const) {
              const context = await newContext(browser, viewport);
              try {
                if (cookie) {
                  const [name, ...value] = cookie.split('=');
                  await context.addCookies([{ name: name!, value: value.join('='), url: site.url }]);
                }
                const page = await context.newPage();
                const asked: string[] = [];
                const warnings: string[] = [];
                page.on('request', (request) => {
                  if (request.url().includes('session.me')) asked.push(request.url().slice(site.url.length));
                });
                page.on('console', (message) => {
                  if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
                });
                await page.goto(`${site.url}${path}`);
                await shown(page).waitFor();
                // The client's first fetch is the request the HTML's preload already made: a
                // second request would mean its address drifted from the preloaded one, which
                // the browser would also warn of as a preload not used.
                await page.waitForTimeout(500);
                expect(asked, path).toEqual([FIRST_BATCH_URL]);
                expect(warnings, path).toEqual([]);
              } finally {
                await context.close();
              }
            }
          } finally {
            guest.close();
          }
        });
      }

      test("before any script runs: the site's frame, which the live one replaces where it stands", async () => {
        // What a phone on a slow network sees first, drawn by the HTML and the stylesheet alone.
        const boxes = async (javaScriptEnabled: boolean) => {
          const context = await browser.newContext({ viewport, javaScriptEnabled });
          try {
            const page = await context.newPage();
            await page.goto(`${site.url}/login`);
            if (javaScriptEnabled) await page.getByRole('heading', { name: 'Log in to save your stats' }).waitFor();
            // The logo, and the tagline the width shows.
            const logo = page.locator('[data-site-header] svg, .boot-header svg').first();
            const tagline = page.getByText(label === 'desktop' ? /^Three ages, five turns each/ : "Bid, clash, and win the gods' favor.");
            return { logo: await logo.boundingBox(), tagline: await tagline.boundingBox(), shells: await page.locator('.boot-shell').count() };
          } finally {
            await context.close();
          }
        };
        // The stylesheet that draws it is the head's first request, ahead of the scripts (over
        // HTTP/1.1's six connections a stylesheet found eighth waits for a script to finish). The
        // same HTML at any width: checked once.
        if (label === 'desktop') {
          const html = await (await fetch(`${site.url}/login`)).text();
          // A browser that runs no script is told what they are for, in the frame (Chromium driven
          // with its scripts turned off still parses <noscript> as text, so it is read from the HTML).
          expect(html).toContain('<noscript><p class="boot-noscript">Mythos runs in your browser: turn on JavaScript to play, or to read the cards and the rules.</p></noscript>');
          const head = html.split('</head>')[0]!;
          const requests = [...head.matchAll(/<(?:script|link) [^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('rel="icon"'));
          expect(requests[0]).toMatch(/^<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">$/);
          expect(requests.filter((tag) => tag.includes('rel="stylesheet"'))).toHaveLength(1);
        }
        const before = await boxes(false);
        const live = await boxes(true);
        expect(before.shells).toBe(1);
        expect(live.shells).toBe(0);
        expect(before.logo).not.toBeNull();
        expect(before.tagline).not.toBeNull();
        // Nothing moves when React puts the live frame in: the same places to the pixel.
        for (const key of ['logo', 'tagline'] as const) {
          for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(before[key]![side] - live[key]![side]), `${key} ${side}`).toBeLessThanOrEqual(1);
        }
      });

      test(label === 'desktop' ? 'signed in: ?redirect= honoured, /login and /dev forward, the user menu, settings, not found, log out' : 'signed in: the header fits, the user menu, settings, not found', () =>
        withPage(viewport, async (page) => {
          // A protected page, then the login form there: back to the page once signed in.
          await page.goto(`${site.url}/lobby-list`);
          await page.waitForURL(`${site.url}/?redirect=%2Flobby-list`);
          const name = guestName();
          await page.getByLabel('Name').fill(`  ${name}  `);
          await page.getByRole('button', { name: 'Log in as guest' }).click();
          await page.waitForURL(`${site.url}/lobby-list`);
          await page.getByRole('heading', { name: 'Lobbies' }).waitFor();
          // Signed in, the header adds the leaderboard, and all five links and the account still fit.
          const leaderboard = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: viewport === DESKTOP ? 'Leaderboard' : 'Ranks', exact: true });
          expect(await leaderboard.getAttribute('href')).toBe('/leaderboard');
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          const me = await page.request.get(`${site.url}/trpc/session.me`);
          expect(((await me.json()) as { result: { data: { name: string } } }).result.data.name).toBe(name);

          // Where the router sends a signed-in person cannot differ on a phone: the desktop's.
          if (label === 'desktop') await signedInRedirects(page);

          // The account menu: Profile (canSeeProfile), Settings, Log out.
          const menu = page.getByRole('button', { name: /Account menu/ });
          await menu.click();
          const id = await userIDOf(page);
          expect(await page.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(`/user/${id}`);
          await page.getByRole('link', { name: 'Settings' }).waitFor();
          await axeClean(page);
          await screenshot(page, `user-menu-${label}`);
          await page.keyboard.press('Escape');
          expect(await page.getByRole('link', { name: 'Log out' }).isVisible()).toBe(false);

          // Settings: rename, and the animations preference in localStorage.
          await menu.click();
          await page.getByRole('link', { name: 'Settings' }).click();
          await page.getByRole('heading', { name: 'Settings' }).waitFor();
          if (label === 'phone') {
            // The page at a phone's width; what its forms do cannot differ there (the desktop's).
            await axeClean(page);
            // Its checkbox, fields and buttons, and the header's, 24 px at least for a finger.
            expect(await smallTargets(page)).toEqual([]);
            await screenshot(page, `settings-${label}`);
            await notFound(page, label);
            return;
          }
          await page.getByLabel('New Name').fill('🦉'.repeat(14));
          expect(await page.getByLabel('New Name').inputValue()).toBe('🦉'.repeat(12));
          // A name that starts with an emoji: the account button shows it whole, not half of it ('�').
          const renamed = `🦉${guestName().replace('Hero', 'Sage')}`;
          await page.getByLabel('New Name').fill(renamed);
          await page.getByRole('button', { name: 'Submit' }).click();
          await page.getByText(`You are now ${renamed}.`).waitFor();
          expect(await page.getByLabel('New Name').inputValue()).toBe('');
          expect(await menu.locator('span').first().textContent()).toBe('🦉');
          const box = page.getByLabel('Disable Animations');
          expect(await box.isChecked()).toBe(false);
          await box.click();
          await expect.poll(() => page.evaluate(() => localStorage.getItem('userPrefs'))).toBe('{"disableAnimations":true}');
          await page.reload();
          expect(await page.getByLabel('Disable Animations').isChecked()).toBe(true);
          await axeClean(page);
          await screenshot(page, `settings-${label}`);
          await notFound(page, label);

          await menu.click();
          await page.getByRole('link', { name: 'Log out' }).click();
          // A guest is asked first (attendance.test.ts covers the warning itself).
          await page.getByRole('dialog', { name: 'Log out of a guest account?' }).getByRole('link', { name: 'Log out' }).click();
          await page.getByRole('heading', { name: 'Log in to save your stats' }).waitFor();
          expect(pathOf(page)).toBe('/');
        }),
      240_000);
    });
  }
});
