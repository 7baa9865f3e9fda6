/**
 * Another page on the same host, in Chromium, against a signed-in visitor: a hostile page served
 * by a tiny HTTP server on another port of 127.0.0.1 (the same site, so the SameSite=Lax session
 * cookie goes along with its requests) tries to take the websocket token with `<script src>` and
 * a Proxy on the global named after the JWT's header, and to frame the site. It gets nothing. And
 * the built site itself runs under its Content-Security-Policy without a single violation.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Server } from '../server/support.js';
import { guestInContext, startGame } from './support/game.js';
import { playFinishedGame } from './support/finished-games.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, launchBrowser, loginAsGuest, newContext, startSite, releaseBrowser, siteAndBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/** The hostile pages, by path; `{site}` becomes the site's origin and `{header}` the JWT's first part. */
const HOSTILE_PAGES: Record<string, string> = {
  // Every read of the trapped global, and every property read of what it returns, is written down;
  // a token's other parts read as names too (`a.b-c` reads `c`), so every error message is kept.
  '/steal': `<!doctype html><title>Free gold</title>
<script>
  window.stolen = [];
  window.loads = {};
  const trap = new Proxy(function () {}, {
    get(_target, key) { window.stolen.push(String(key)); return trap; },
    apply() { window.stolen.push('(called)'); return trap; },
  });
  Object.defineProperty(globalThis, '{header}', { get() { window.stolen.push('{header}'); return trap; } });
  window.addEventListener('error', (event) => window.stolen.push('error: ' + event.message));
  window.include = (name, src) => new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve((window.loads[name] = 'ran'));
    script.onerror = () => resolve((window.loads[name] = 'refused'));
    document.head.append(script);
  });
</script>`,
  '/frame': `<!doctype html><title>Click to win</title><iframe id="site" src="{site}/lobby-list" width="800" height="600"></iframe>`,
};

/** Every token's first part: its fixed header, encoded (docs/protocol.md). */
const JWT_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function startHostileServer(site: string, header: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const page = HOSTILE_PAGES[request.url ?? ''];
    if (!page) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html' }).end(page.replaceAll('{site}', site).replaceAll('{header}', header));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!HAS_CHROMIUM)('a page on another port of the same host', () => {
  let site: Server;
  let browser: Browser;
  let hostile: http.Server;
  let hostileURL: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    hostile = await startHostileServer(site.url, JWT_HEADER);
    hostileURL = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    context = await newContext(browser);
    page = await context.newPage();
    page.setDefaultTimeout(60_000);
    // The visitor signs in on the site, then opens the hostile page in the same browser.
    await loginAsGuest(page, site, 'Victim');
  });
  afterAll(async () => {
    await context?.close();
    await releaseBrowser(browser);
    await new Promise((resolve) => hostile?.close(resolve));
    await site?.close();
  });

  test('cannot take the token with <script src> and a Proxy on the global named after its header', async () => {
    await page.goto(`${hostileURL}/steal`);
    const loads = await page.evaluate(async (origin) => {
      const include = (window as unknown as { include(name: string, src: string): Promise<string> }).include;
      await include('auth/jwt', `${origin}/auth/jwt`);
      await include('session.jwt', `${origin}/trpc/session.jwt`);
      await include('session.jwt batched', `${origin}/trpc/session.jwt?batch=1&input=%7B%7D`);
      return (window as unknown as { loads: Record<string, string> }).loads;
    }, site.url);
    expect(loads).toEqual({ 'auth/jwt': 'refused', 'session.jwt': 'refused', 'session.jwt batched': 'refused' });
    expect(await page.evaluate(() => (window as unknown as { stolen: string[] }).stolen)).toEqual([]);
  });

  test('cannot frame the site: the frame never loads it', async () => {
    const siteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(site.url) && request.frame() !== page.mainFrame()) siteRequests.push(request.url());
    });
    await page.goto(`${hostileURL}/frame`);
    const frame = await (await page.locator('#site').elementHandle())!.contentFrame();
    // The frame is given the site's document and refuses to show it: nothing of it runs.
    await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/);
    expect(siteRequests).toEqual([`${site.url}/lobby-list`]);
  });
});

describe.skipIf(!HAS_CHROMIUM)('the built site under its Content-Security-Policy', () => {
  const suite = siteAndBrowser();

  test('runs every page (login, lobbies, a game, a profile with charts, rules, cards) with no violation', { timeout: 300_000 }, async () => {
    const context = await newContext(suite.browser);
    const violations: string[] = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
    });
    page.setDefaultTimeout(60_000);
    await page.goto(`${suite.site.url}/login`);
    await page.getByLabel('Name').waitFor();

    const host = await guestInContext(suite.site, context, 'Watcher');
    await playFinishedGame(host);
    const gameID = await startGame(suite.site, host, { bots: ['easy_bot'] });
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    const visits: [string, () => Promise<unknown>][] = [
      ['/', () => page.getByRole('banner').waitFor()],
      ['/lobby-list', () => page.getByText(`${host.name}`).first().waitFor()],
      [`/lobby/${lobbyID}`, () => page.getByText(host.name).first().waitFor()],
      // The game's live view comes over the page's own websocket (connect-src 'self').
      [`/game/${gameID}`, () => page.locator('[data-game-phase]').waitFor()],
      [`/user/${host.userID}`, () => page.locator('.apexcharts-canvas').first().waitFor()],
      ['/rules', () => page.getByRole('heading').first().waitFor()],
      ['/all-cards', () => page.getByRole('heading', { level: 1, name: 'Cards' }).waitFor()],
      ['/settings', () => page.getByLabel('New Name').waitFor()],
    ];
    for (const [path, shown] of visits) {
      await page.goto(`${suite.site.url}${path}`);
      await shown();
      expect([path, violations]).toEqual([path, []]);
    }
    host.close();
    await context.close();
  });
});
