/**
 * `npm run bench:web`: what the web client costs a visitor. It builds the client if needed,
 * starts the real server (fresh SQLite, random port) and measures with Debian's Chromium:
 * - JavaScript sent for /login and /rules: every script the page loads, gzip bytes (each
 *   response body gzipped at level 9) and the bytes actually transferred (the server sends the
 *   build's brotli files);
 * - Lighthouse 12 mobile performance score (its default: a mid-range phone on slow 4G, simulated)
 *   on /login, /rules and /all-cards, and its time to interactive of the lobby list (signed in);
 * - the lobby list's time to usable on a desktop: from navigation to the first lobby row.
 * Results are printed and written as the "Web client" section of bench/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { signInGuest, startServer } from '../tests/server/support.js';

const CHROMIUM = '/usr/bin/chromium';
const RESULTS = 'bench/RESULTS.md';
const HEADER = '## Web client';

function ensureBuilt(): void {
  const setup = 'tests/web/support/build.ts';
  execFileSync(process.execPath, ['--import', 'tsx', '-e', `import(${JSON.stringify(`./${setup}`)}).then((m) => m.default())`], { stdio: 'inherit' });
}

interface ScriptCost {
  files: number;
  gzip: number;
  transferred: number;
}

async function scriptCost(url: string): Promise<ScriptCost> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const scripts: Promise<{ gzip: number; transferred: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { gzip: zlib.gzipSync(body, { level: 9 }).length, transferred: sizes.responseBodySize };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_000);
  const all = await Promise.all(scripts);
  await browser.close();
  return { files: all.length, gzip: all.reduce((s, x) => s + x.gzip, 0), transferred: all.reduce((s, x) => s + x.transferred, 0) };
}

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tti: number;
  tbt: number;
}

async function runLighthouse(url: string, cookie?: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: cookie ? { Cookie: cookie } : undefined });
    const lhr = result!.lhr;
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), fcp: ms('first-contentful-paint'), lcp: ms('largest-contentful-paint'), tti: ms('interactive'), tbt: ms('total-blocking-time') };
  } finally {
    await chrome.kill();
  }
}

/** Desktop Chromium, signed in: milliseconds from navigation to the first lobby row on screen. */
async function lobbyListReady(url: string, cookie: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  const times: number[] = [];
  for (let i = 0; i < 4; i++) {
    await page.goto(`${url}/`);
    await page.locator('tr[data-lobby-id]').first().waitFor();
    times.push(await page.evaluate(() => performance.now()));
  }
  await browser.close();
  // The first load fills the cache as a returning visitor would have it; the median of the rest.
  return Math.round(times.slice(1).sort((a, b) => a - b)[1]!);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  ensureBuilt();
  const site = await startServer({ webDir: 'dist/web' } as never);
  try {
    const guest = await signInGuest(site, 'Bencher');
    await guest.client.lobbies.create.mutate();
    guest.close();

    const js = { login: await scriptCost(`${site.url}/login`), rules: await scriptCost(`${site.url}/rules`) };
    const lh: Record<string, LighthouseRun> = {};
    for (const route of ['/login', '/rules', '/all-cards']) lh[route] = await runLighthouse(`${site.url}${route}`);
    lh['/ (lobby list, signed in)'] = await runLighthouse(`${site.url}/`, guest.cookie);
    const ready = await lobbyListReady(site.url, guest.cookie);

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const section = [
      HEADER,
      '',
      'Run with `npm run bench:web` (`bench/web.ts`): the production build served by `npm start`\'s server',
      '(fresh SQLite), Debian Chromium. JavaScript is every script response of the page, gzip at level 9',
      '(the server actually sends the build\'s brotli files, "transferred"). Lighthouse 12, mobile',
      '(its default simulated mid-range phone on slow 4G), performance category only. The lobby list is',
      'measured signed in with one lobby; "first row" is desktop Chromium from navigation to the first',
      `lobby row on screen (median of 3 warm loads). Node ${process.version}, ${cpu}, ${os.cpus().length} cores,`,
      `shared with other work while measured; ${new Date().toISOString().slice(0, 10)}.`,
      '',
      '| page | JS files | JS gzip | JS transferred | aim |',
      '|---|---|---|---|---|',
      `| /login | ${js.login.files} | ${kb(js.login.gzip)} | ${kb(js.login.transferred)} | ≤ 150 KB gzip |`,
      `| /rules | ${js.rules.files} | ${kb(js.rules.gzip)} | ${kb(js.rules.transferred)} | ≤ 150 KB gzip |`,
      '',
      '| page | Lighthouse performance | FCP | LCP | TTI | TBT |',
      '|---|---|---|---|---|---|',
      ...Object.entries(lh).map(([route, r]) => `| ${route} | ${r.score} | ${r.fcp} ms | ${r.lcp} ms | ${r.tti} ms | ${r.tbt} ms |`),
      '',
      `Lobby list, desktop, navigation to first row: ${ready} ms. Aim: Lighthouse ≥ 95 on /login, /rules, /all-cards.`,
      '',
    ].join('\n');
    console.log(section);

    const old = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '# Benchmarks\n';
    const start = old.indexOf(`${HEADER}\n`);
    let next = start < 0 ? -1 : old.indexOf('\n## ', start + HEADER.length);
    if (start >= 0 && next < 0) next = old.length;
    const updated = start < 0 ? `${old.trimEnd()}\n\n${section}` : `${old.slice(0, start)}${section}${old.slice(next).replace(/^\n+/, '\n')}`;
    fs.writeFileSync(RESULTS, updated.endsWith('\n') ? updated : `${updated}\n`);
  } finally {
    await site.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
