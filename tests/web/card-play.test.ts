/**
 * The card gallery's "How cards play here" switch (/all-cards): after a few finished games the
 * cards show their figures with intervals and sample sizes, a card never played says "not enough
 * games", the scope switches between people-only and everyone, and the table view sorts by each
 * column. Axe-clean, screenshots at both widths. On a phone the same pages are checked for what a
 * phone changes (the switch and the view's controls in reach, the table's fit, axe, the
 * screenshots): the figures' words and the table's order are the desktop's alone (the server and
 * one component decide them at every width).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { cardPlayFigures, MIN_GAMES } from '../../src/engine/card-play.js';
import { endableGame, saveEnd, type EndableSeat } from '../server/endable-games.js';
import type { Server } from '../server/support.js';
import { signInGuest } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, newContext, screenshotOfScreen, seriousAxeViolations, startSite, type Viewport, releaseBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const SLOW = 240_000;
const WAIT = 60_000;

/** A game played to its end by bots in memory, its `people` seats marked as people's, saved through the end-of-game transaction. */
async function finishedGame(site: Server, id: string, seats: EndableSeat[]): Promise<void> {
  expect(await saveEnd(site, await endableGame(site, id, seats))).toBe(true);
}

describe.skipIf(!HAS_CHROMIUM)('how cards play, in the gallery', () => {
  let site: Server;
  let browser: Browser;
  type Row = Awaited<ReturnType<typeof readRows>>[number];
  const readRows = (scope: string) => site.app.services.db.kysely.selectFrom('card_play').selectAll().where('scope', '=', scope).execute();
  let people: Row[] = [];
  let all: Row[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    const ann = await signInGuest(site, 'Ann');
    ann.close();
    // Games with a person until some age card was offered in enough of them to show its pick rate.
    for (let i = 0; i < 40; i++) {
      await finishedGame(site, `g_gallery_p${i}`, [
        { userID: ann.userID, bot: null },
        { userID: 'bot_easy', bot: 'easy_bot' },
        { userID: 'bot_adv', bot: 'basic_bot' },
      ]);
      if (i >= MIN_GAMES - 1 && (await readRows('people')).some((r) => r.offered >= MIN_GAMES)) break;
    }
    for (let i = 0; i < 3; i++) {
      await finishedGame(site, `g_gallery_b${i}`, [
        { userID: 'bot_easy', bot: 'easy_bot' },
        { userID: 'bot_adv', bot: 'basic_bot' },
      ]);
    }
    [people, all] = await Promise.all([readRows('people'), readRows('all')]);
  }, SLOW);
  afterAll(async () => {
    await releaseBrowser(browser);
    await site?.close();
  });

  const figuresOf = (r: Row) => cardPlayFigures({ offered: r.offered, picked: r.picked, gainedGames: r.gained_games, gains: r.gains, winShare: r.win_share, favor: r.favor, favorSquares: r.favor_squares });

  test.each([
    ['desktop', 'figures with intervals, "not enough games", both scopes, the sortable table', DESKTOP],
    ['phone', 'the switch, both scopes and both views in reach, the table in the width, axe', PHONE],
  ] as [string, string, Viewport][])(
    'on a %s: %s',
    async (label, _checks, viewport) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const desktop = label === 'desktop';
      try {
        // Off by default: nothing is asked of the server until the switch is on.
        const asked: string[] = [];
        page.on('request', (r) => {
          if (r.url().includes('definitions.cardPlay')) asked.push(r.url());
        });
        await page.goto(`${site.url}/all-cards`);
        await page.locator('#age-1 [data-preview-anchor]').first().waitFor({ timeout: WAIT });
        expect(asked).toEqual([]);
        expect(await page.locator('[data-play-stats]').count()).toBe(0);

        if (desktop) {
          // A search cleared and the switch turned on at once, before the page draws again: the
          // switch wrote the old search back with it, and the box took it back from the URL.
          await page.getByRole('searchbox').fill('clash');
          await page.getByTestId('card-matches').filter({ hasText: '“clash”' }).waitFor();
          await page.evaluate(() => {
            const box = document.querySelector<HTMLInputElement>('input[type="search"]')!;
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, '');
            box.dispatchEvent(new Event('input', { bubbles: true }));
            document.querySelector<HTMLInputElement>('input[role="switch"]')!.click();
          });
        } else {
          await page.getByRole('switch', { name: 'How cards play here' }).click();
        }
        await page.locator('[data-play-stats]').first().waitFor({ timeout: WAIT });
        expect(asked.length).toBeGreaterThan(0);
        expect(page.url()).toContain('play=people');
        expect(page.url()).not.toContain('q=');
        expect(await page.getByRole('searchbox').inputValue()).toBe('');
        expect(await page.getByTestId('card-matches').count()).toBe(0);

        // A card with a pick rate (offered in enough games), in the people-only scope.
        const shown = people.find((r) => figuresOf(r).pickRate !== null);
        expect(shown, 'some age card offered in enough games').toBeDefined();
        const pick = figuresOf(shown!).pickRate!;
        const stats = page.locator(`[data-play-cell][data-card-id="${shown!.card_id}"] [data-play-stats]`).first();
        await stats.scrollIntoViewIfNeeded();
        // Its figure is in before the picture (the same figure, in the same words, at every width).
        await expect.poll(() => stats.innerText(), { timeout: WAIT }).toContain(`${Math.round(pick.value * 100)}%`);
        if (desktop) {
          const text = await stats.innerText();
          expect(text).toContain(`(95% ${Math.round(pick.low * 100)}%–${Math.round(pick.high * 100)}%, n=${shown!.offered})`);

          // A card never played (a module's) says so instead of a number.
          const played = new Set(all.map((r) => r.card_id));
          const ids = await page.locator('[data-play-cell]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-card-id'))));
          const unplayed = ids.find((id) => !played.has(id));
          expect(unplayed).toBeDefined();
          const unplayedStats = page.locator(`[data-play-cell][data-card-id="${unplayed}"] [data-play-stats]`).first();
          expect((await unplayedStats.innerText()).match(/not enough games/g)?.length).toBeGreaterThanOrEqual(2);
        }

        const people1 = page.locator(`[data-play-cell][data-card-id="${shown!.card_id}"] [data-play-stats]`).first();
        await page.getByRole('switch', { name: 'How cards play here' }).scrollIntoViewIfNeeded();
        await screenshotOfScreen(page, `card-play-cards-${label}`);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // Everyone: the bots-only games count too.
        await page.getByText('Everyone', { exact: true }).click();
        expect(page.url()).toContain('play=all');
        const allRow = all.find((r) => r.card_id === shown!.card_id)!;
        await expect.poll(() => people1.innerText(), { timeout: WAIT }).toContain(`n=${allRow.offered})`);
        if (desktop) expect(allRow.offered).toBeGreaterThan(shown!.offered - 1);

        // The table: every card of the gallery, sortable by each column.
        await page.getByText('Table', { exact: true }).click();
        const table = page.getByRole('table');
        await table.waitFor({ timeout: WAIT });
        expect(page.url()).toContain('view=table');
        // Sorting is the page's own code, the same at every width: checked on the desktop, which
        // ends on the first sort, Picked when offered, the way the table opens on a phone.
        if (desktop) await sortEachWay(table, page);

        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
        await screenshotOfScreen(page, `card-play-table-${label}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    SLOW,
  );
});

/** Favor per gain sorted down then up (cards without a figure last both ways), then Picked when offered. */
async function sortEachWay(table: Locator, page: Page): Promise<void> {
  const favorHeader = page.getByRole('columnheader', { name: /Favor per gain/ });
  await favorHeader.getByRole('button').click();
  await expect.poll(() => favorHeader.getAttribute('aria-sort')).toBe('descending');
  const favorValues = async () => (await table.locator('tbody tr td:nth-of-type(3) strong').allInnerTexts()).map(Number);
  const descending = await favorValues();
  expect(descending.length).toBeGreaterThan(0);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await favorHeader.getByRole('button').click();
  await expect.poll(() => favorHeader.getAttribute('aria-sort')).toBe('ascending');
  const ascending = await favorValues();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  // Cards without a figure sort last, whichever way.
  const lastCell = await table.locator('tbody tr').last().locator('td').nth(2).innerText();
  expect(lastCell).toBe('not enough games');
  await page.getByRole('columnheader', { name: /Picked when offered/ }).getByRole('button').click();
  const firstPick = await table.locator('tbody tr').first().locator('td').first().innerText();
  expect(firstPick).toMatch(/^\d+% \(95% /);
}
