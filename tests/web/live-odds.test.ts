/**
 * Live odds on the game screen: a spectator sees the bar (its parts summing to 100%) move as the
 * game goes on and, after it, the odds over time; the seated player never sees it. Screenshots at
 * 1280x800 (spectator and player) and 375x812 (a phone spectator).
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, siteAndBrowser } from './support/site.js';
import { guestInContext, playToEnd, rawGame, startGame } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

async function barPercents(page: Page): Promise<number[]> {
  return page.locator('[data-testid="odds-bar"] [data-odds-percent]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-odds-percent'))));
}

describe.skipIf(!HAS_CHROMIUM)('live odds', () => {
  const suite = siteAndBrowser({ botDelayMs: 5 });

  test('a spectator sees the bar move and the chart at the end; the player does not', { timeout: 600_000 }, async () => {
    const [ca, cc, cd] = await Promise.all([newContext(suite.browser, DESKTOP), newContext(suite.browser, DESKTOP), newContext(suite.browser, PHONE)]);
    const ann = await guestInContext(suite.site, ca, 'Ann');
    await guestInContext(suite.site, cc, 'Cat');
    await guestInContext(suite.site, cd, 'Dan');
    const gameID = await startGame(suite.site, ann, { bots: ['easy_bot'] });
    const [pa, pc, pd] = await Promise.all([ca.newPage(), cc.newPage(), cd.newPage()]);
    const errors: string[] = [];
    for (const p of [pa, pc, pd]) p.on('pageerror', (e) => errors.push(String(e)));
    for (const p of [pa, pc, pd]) await p.goto(`${suite.site.url}/game/${gameID}`, { waitUntil: 'domcontentloaded' });
    for (const p of [pa, pc, pd]) await p.locator('[data-game-phase]').waitFor({ state: 'attached', timeout: 150_000 });

    await pc.getByText('Spectating').waitFor();
    await pc.locator('[data-testid="odds-bar"] [data-odds-percent]').first().waitFor({ timeout: 60_000 });
    const first = await barPercents(pc);
    expect(first).toHaveLength(2);
    expect(first.reduce((a, b) => a + b, 0)).toBe(100);
    await pd.locator('[data-testid="odds-bar"] [data-odds-percent]').first().waitFor({ timeout: 60_000 });
    await screenshot(pc, 'odds-spectator-desktop');
    await screenshot(pd, 'odds-spectator-phone');

    // The seated player: no bar, now or at any step.
    expect(await pa.locator('[data-testid="odds-bar"]').count()).toBe(0);
    const seen = new Set<string>([first.join(',')]);
    let playerSawBar = false;
    await playToEnd(pa, async () => {
      if ((await pa.locator('[data-testid="odds-bar"]').count()) > 0) playerSawBar = true;
      const now = await barPercents(pc);
      if (now.length > 0) {
        expect(now.reduce((a, b) => a + b, 0)).toBe(100);
        seen.add(now.join(','));
      }
    }, 480_000);
    expect(playerSawBar).toBe(false);
    await screenshot(pa, 'odds-player-desktop');
    // The bar moved as the game went on.
    expect(seen.size).toBeGreaterThan(2);

    // The end: the winners share 100% (a tie splits it), and the odds over time are charted with
    // turning points marked.
    await pc.locator('[data-game-ended="true"]').waitFor({ timeout: 60_000 });
    const { winnerIDs, players } = await rawGame(suite.site, gameID);
    // Two players: one winner's 100, or a tie's 50 each.
    const expected = Object.fromEntries(players.map((p) => [p.userID, winnerIDs.includes(p.userID) ? 100 / winnerIDs.length : 0]));
    await expect
      .poll(async () => {
        const ids = await pc.locator('[data-testid="odds-bar"] [data-odds-player]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-odds-player')!, Number(e.getAttribute('data-odds-percent'))] as const));
        return Object.fromEntries(ids);
      }, { timeout: 60_000 })
      .toEqual(expected);
    await pc.locator('[data-testid="odds-chart"] svg').first().waitFor({ timeout: 60_000 });
    await screenshot(pc, 'odds-spectator-end-desktop');
    await pd.locator('[data-testid="odds-chart"] svg').first().waitFor({ timeout: 60_000 });
    await screenshot(pd, 'odds-spectator-end-phone');
    expect(errors).toEqual([]);
  });
});
