/**
 * Browser test support: the real server (fresh SQLite, random port) serving the built web client,
 * Debian's Chromium driven by playwright-core, axe-core injected into pages, and screenshots
 * saved under test-results/screenshots (git-ignored) for a reviewer to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startServer, type Server } from '../../server/support.js';
import type { Config } from '../../../src/server/config.js';

/**
 * The Chromium the tests drive: Debian's headless shell when it is installed (`apt-get install
 * chromium-headless-shell`, the same Chromium without the browser's windows and tabs around the
 * page: a fifth less CPU over the browser files, see docs/decisions.md), else Debian's Chromium.
 * `MYTHOS_TEST_CHROMIUM` names another.
 */
export const CHROMIUM = process.env.MYTHOS_TEST_CHROMIUM ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = fs.existsSync(CHROMIUM);
/** Why browser tests are skipped on a machine without Chromium (CI installs it, so never there). */
export const NO_CHROMIUM_REASON = `${CHROMIUM} not found: browser tests skipped (apt-get install -y chromium-headless-shell)`;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;
/** A small phone's screen, 360 px wide, as many Android phones'. */
export const SMALL_PHONE = { width: 360, height: 740 } as const;
/** A short phone's screen, an iPhone SE's (or 8's): as wide as PHONE, 145 px less tall. */
export const SHORT_PHONE = { width: 375, height: 667 } as const;
export type Viewport = { readonly width: number; readonly height: number };

export const WEB_DIR = path.resolve('dist/web');
const SCREENSHOTS = path.resolve('test-results/screenshots');

/** The server with the built client; `overrides` as for startServer (say, devUserIDs). */
export async function startSite(overrides: Partial<Config> = {}): Promise<Server> {
  return startServer({ webDir: WEB_DIR, ...overrides });
}

/**
 * A site and a browser for the tests of one describe block: both started before its first test
 * and closed after its last. Read `.site` and `.browser` inside the tests.
 */
export function siteAndBrowser(overrides: Partial<Config> = {}): { readonly site: Server; readonly browser: Browser } {
  const held = {} as { site: Server; browser: Browser };
  beforeAll(async () => {
    [held.site, held.browser] = await Promise.all([startSite(overrides), launchBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(held.browser);
    await held.site?.close();
  });
  return held;
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The worker's Chromium: started by the first file that asks and shared by the files after it in
 * the same worker (the browser project shares modules between a worker's files), so a file pays
 * for its own contexts, not for a browser start. Started again if it went away. Files give it back
 * with `releaseBrowser`, never `close()`.
 */
export async function launchBrowser(): Promise<Browser> {
  const running = workerBrowser && (await workerBrowser.catch(() => undefined));
  if (running?.isConnected()) return running;
  workerBrowser = chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // The flags this machine needs: no sandbox as root, and no background calls to the outside.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return workerBrowser;
}

/**
 * A file is done with the shared browser: the contexts it left open (a failed test's, say) are
 * closed, so the next file starts from a browser with none. Playwright ends Chromium when the
 * worker exits.
 */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

/**
 * A fresh browser context (its own cookies) at a viewport; phones get touch and a mobile UA.
 * `phone` for a phone wider than that (one held sideways, 844 px and up).
 */
export async function newContext(browser: Browser, viewport: Viewport = DESKTOP, { phone = viewport.width < 768 } = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    hasTouch: phone,
    isMobile: phone,
    // One device pixel a CSS pixel, phones too: a pixel ratio of 2 is four times the pixels to
    // paint, a fifth of Chromium's CPU in the game screen's tests (62 s against 52 s), for sharper
    // screenshots. Lighthouse (bench/web.ts) measures the pages on a phone's own profile.
    deviceScaleFactor: 1,
  });
}

/** Signs in through the login page's 'Guest Login' form, as a person would. */
export async function loginAsGuest(page: Page, site: Pick<Server, 'url'>, name: string, redirect = '/'): Promise<void> {
  await page.goto(`${site.url}/login${redirect === '/' ? '' : `?redirect=${encodeURIComponent(redirect)}`}`);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Log in as guest' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The signed-in user's id, read through the tRPC API with the page's own cookie. */
export async function userIDOf(page: Page): Promise<string> {
  const response = await page.request.get(`${new URL(page.url()).origin}/trpc/session.me`);
  const body = (await response.json()) as { result: { data: { id: string } | null } };
  if (!body.result.data) throw new Error('not signed in');
  return body.result.data.id;
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** Each failing element's selector. */
  nodes: string[];
  /** For a contrast failure, each node's colours and ratio, in the same order (so a message says what to change). */
  colours?: string[];
}

/**
 * axe-core's serious and critical violations on the page once what is moving has settled (empty
 * when clean), WCAG 2.2's target size among them. A dialog still fading in measured as a button of half its contrast: axe judges the
 * page a player reads, so finite animations and transitions end first (at most 3 s; endless ones,
 * like a spinner, are not waited for).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol, not added as a <script>: the site's Content
  // Security Policy (script-src 'self') refuses inline scripts, as it should.
  await page.evaluate(AXE_SOURCE);
  await page.evaluate(async () => {
    const moving = document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.all(moving.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
  const violations = await page.evaluate(async () => {
    type Check = { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; any: Check[] }[] }[] }> } }).axe;
    // With WCAG 2.2's target size (2.5.8), which axe-core leaves off unless asked: a control a
    // finger presses is 24 px at least, or has room around it.
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    const colours = (checks: Check[]) => checks.map((c) => c.data).filter((d) => d?.fgColor).map((d) => `${d!.fgColor} on ${d!.bgColor}: ${d!.contrastRatio}`).join('; ');
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
      ...(v.id === 'color-contrast' ? { colours: v.nodes.map((n) => colours(n.any)) } : {}),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Whether `screenshot` saves its picture. On a person's machine it does: the pictures are there to
 * be looked at. Under CI (`CI=true`, as `.ci/run` sets) nobody can: the machine goes with them,
 * and they cost a sixth of the browser files' time (149 pictures, 72 s of 262 s on a fast machine,
 * bench/RESULTS.md). No test reads a picture back; a screenshot checks nothing. `MYTHOS_SCREENSHOTS`
 * set to 1 or 0 decides either way.
 */
export const SAVES_SCREENSHOTS = savesScreenshots(process.env.MYTHOS_SCREENSHOTS, process.env.CI);

function savesScreenshots(asked: string | undefined, ci: string | undefined): boolean {
  if (asked === undefined || asked === '') return ci !== 'true';
  if (asked === '1' || asked === '0') return asked === '1';
  throw new Error(`MYTHOS_SCREENSHOTS must be 1 (save the browser tests' screenshots) or 0 (skip them), not "${asked}"`);
}

/** The most screens of a page a screenshot holds: more is not looked at, and costs seconds to encode. */
const SCREENS_PER_SHOT = 10;

/**
 * Saves a screenshot of the page from its top as test-results/screenshots/{name}.png: the whole
 * page, or its first ten screens when it is longer (the rules and the card gallery run to 30-70
 * screens on a phone: 40 megapixels, and seconds of encoding, for a picture no one scrolls).
 * A desktop's is taken through Chromium's own protocol to ask for its fast PNG encoding
 * (`optimizeForSpeed`, which playwright does not offer): files a third to two thirds larger, for
 * half the CPU. A tall page's usual PNG took a second of Chromium's CPU, and the browser files'
 * 136 screenshots 85 s of the suite.
 * A phone's (a touch screen) is playwright's own: Chromium's capture beyond the screen drops the
 * phone's touch emulation, and the page then matched `(hover: hover)` and `(pointer: fine)` for the
 * rest of its test (a phone's hint telling it to rest the pointer on a card). Playwright puts it
 * back after its capture.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SAVES_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  const viewport = page.viewportSize() ?? DESKTOP;
  // As playwright's own screenshot does: the page's fonts in before the picture.
  const { height, touch } = await page.evaluate(async () => {
    await document.fonts.ready;
    return { height: document.documentElement.scrollHeight, touch: navigator.maxTouchPoints > 0 };
  });
  const clip = { x: 0, y: 0, width: viewport.width, height: Math.min(height, viewport.height * SCREENS_PER_SHOT) };
  if (touch) {
    await page.screenshot({ path: file, fullPage: true, clip });
    return;
  }
  const protocol = await page.context().newCDPSession(page);
  try {
    const { data } = await protocol.send('Page.captureScreenshot', { format: 'png', clip: { ...clip, scale: 1 }, captureBeyondViewport: true, optimizeForSpeed: true });
    fs.writeFileSync(file, Buffer.from(data, 'base64'));
  } finally {
    await protocol.detach();
  }
}

/**
 * Saves what the screen shows now, or one element of it, as test-results/screenshots/{name}.png:
 * not the whole page (resizing the page for a full picture lays the game screen out anew, closing
 * its chat and its log's pages, and moves what is fixed to the screen's foot).
 */
export async function screenshotOfScreen(target: Page | Locator, name: string): Promise<void> {
  if (!SAVES_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await target.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** The page's layout shifts since it loaded (not those right after an input), with what moved. */
export async function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
        const seen: string[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Shift[]) if (!e.hadRecentInput) seen.push(`${e.value.toFixed(3)}: ${e.sources.map((s) => s.node?.nodeName ?? '?').join(', ')}`);
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // The buffered entries come in the observer's first callback, a task later (none when
        // nothing shifted).
        setTimeout(() => {
          observer.disconnect();
          resolve(seen);
        }, 100);
      }),
  );
}

/**
 * The visible targets a finger may press (buttons, links, fields, tabs, sliders, summaries) less
 * than 24x24 CSS px, the least WCAG 2.2 asks for (2.5.8 Target Size, Minimum), each as
 * 'role "name" WxH': empty when all are large enough. Stricter than WCAG: its exception for a
 * small target with room around it is not taken (a phone's targets are close together). A link
 * inside a line of prose is left out, as WCAG leaves it out: its size is the text's.
 * A target inside a larger one (an icon button in a card's button) counts as the larger one.
 * `within`: a selector for the part of the page to look in (the whole page without it).
 */
export async function smallTargets(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((root) => {
    const SELECTOR = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=slider], [role=link], [role=checkbox], [role=switch]';
    const all = [...document.querySelectorAll(root)].flatMap((part) => [...part.querySelectorAll<HTMLElement>(SELECTOR)]);
    const shown = (e: HTMLElement) => {
      const box = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && e.closest('[aria-hidden="true"], [inert]') === null;
    };
    const inProse = (e: HTMLElement) => e.tagName === 'A' && getComputedStyle(e).display === 'inline' && (e.parentElement?.textContent ?? '').trim().length > (e.textContent ?? '').trim().length;
    const targets = all.filter(shown);
    const small: string[] = [];
    for (const e of targets) {
      const box = e.getBoundingClientRect();
      if ((box.width >= 24 && box.height >= 24) || inProse(e)) continue;
      if (targets.some((outer) => outer !== e && outer.contains(e) && outer.getBoundingClientRect().width >= 24 && outer.getBoundingClientRect().height >= 24)) continue;
      const label = e instanceof HTMLInputElement ? e.labels?.[0]?.textContent : null;
      const name = (e.getAttribute('aria-label') ?? label ?? e.getAttribute('title') ?? e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      small.push(`${e.getAttribute('role') ?? e.tagName.toLowerCase()} "${name}" ${Math.round(box.width * 10) / 10}x${Math.round(box.height * 10) / 10}`);
    }
    return small;
  }, within);
}
