/**
 * The game screen in Chromium (`npx tsx bench/game-web.ts`): the JavaScript /game/:id loads
 * (gzip bytes of every script), and the time from a click on Submit to the screen showing the
 * server's acknowledgement ('Waiting for other players...'), then from Undo back to the choice,
 * over repeated bids in one planning phase (the bot opponent waits, so the phase stays open).
 * Prints the figures; they go into bench/RESULTS.md by hand with the machine's load noted.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import buildWebClient from '../tests/web/support/build.js';
import { startServer } from '../tests/server/support.js';
import { guestInContext, panel, startGame, submitButton } from '../tests/web/support/game.js';

const ROUNDS = 12;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  buildWebClient();
  // The bot waits ten minutes before it acts, so planning stays open for the whole measurement.
  const site = await startServer({ webDir: path.resolve('dist/web'), botDelayMs: 600_000 });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const host = await guestInContext(site, context, 'Bencher');
    const gameID = await startGame(site, host, { bots: ['easy_bot'], options: { unbid: true } });
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => zlib.gzipSync(body, { level: 9 }).length));
    });
    await page.goto(`${site.url}/game/${gameID}`, { waitUntil: 'networkidle' });
    await page.locator('[data-decision="BID"]').waitFor();
    const gzip = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);

    const submitted: number[] = [];
    const undone: number[] = [];
    const waiting = panel(page).getByText('Waiting for other players...');
    const undo = panel(page).getByRole('button', { name: 'Undo' });
    for (let round = 0; round < ROUNDS; round++) {
      // An affordable card when there is one, so no confirmation comes between.
      const affordable = page.locator('[data-zone="trade-row"] .game-card:not([data-unaffordable]) [role=button]');
      await ((await affordable.count()) > 0 ? affordable : page.locator('[data-zone="trade-row"] [role=button]')).first().click();
      await page.locator('[data-zone="trade-row"] .game-card[data-selected="true"]').waitFor();
      let start = Date.now();
      await submitButton(page).click();
      await waiting.waitFor();
      submitted.push(Date.now() - start);
      start = Date.now();
      await undo.click();
      await submitButton(page).waitFor();
      undone.push(Date.now() - start);
    }
    console.log(`JavaScript for /game/:id: ${(gzip / 1024).toFixed(1)} KB gzip in ${scripts.length} scripts`);
    console.log(`Submit click to 'Waiting for other players...': median ${median(submitted)} ms, max ${Math.max(...submitted)} ms (${ROUNDS} bids)`);
    console.log(`Undo click to the choice again: median ${median(undone)} ms, max ${Math.max(...undone)} ms`);
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
