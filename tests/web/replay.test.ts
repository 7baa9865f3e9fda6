/**
 * Replays in a real browser (/game/{id}/replay), end to end from a game played on the server: a
 * ?step=N link, the fair-dice line, green for an honest game and naming the first difference for a
 * game whose stored die was changed in the database, the odds chart waiting below the fold, the
 * scrubber's click, the keys' legend on a desktop only, a phone's docked step buttons, the
 * end-of-game view's line and its link to the replay; axe-clean, screenshots at 1280x800 and
 * 375x812. What each step shows (the keys, the eyes, reveal all, the ratings then, the dice on a
 * step, a missing replay) is tests/web/components/replay-steps.test.tsx's and replay-seen.test.tsx's.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { GameEvent } from '../../src/engine/index.js';
import { FAIR_DICE_VERIFIED, rebuild, verify } from '../../src/engine/replay.js';
import { gameRecord } from '../../src/server/services/replays.js';
import { momentsOf } from '../../src/web/replay/moments.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, seriousAxeViolations, siteAndBrowser, type Viewport } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('replays in the browser', () => {
  const suite = siteAndBrowser();

  async function open(who: Parameters<typeof signInContext>[2], path: string, viewport: Viewport = DESKTOP): Promise<Page> {
    const context = await newContext(suite.browser, viewport);
    await signInContext(context, suite.site, who);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${suite.site.url}${path}`);
    return page;
  }
  const stepOf = async (page: Page) => Number(await page.locator('.replay-screen').getAttribute('data-replay-step'));
  const waitStep = (page: Page, step: number) => page.locator(`.replay-screen[data-replay-step="${step}"]`).waitFor();

  test('a finished game served and rebuilt: its dice verified, the chart waiting out of sight, the scrubber, axe and the layouts, and the end-of-game link', async () => {
    const host = await guest(suite.site, 'Replayer');
    const gameID = await playFinishedGame(host, ['easy_bot', 'basic_bot']);
    const record = await gameRecord(suite.site.app.services.db, gameID);
    const moments = momentsOf(rebuild(record));
    const last = moments.length - 1;
    const bot = record.seats.find((s) => s.botType !== null)!.userID;
    // For the pictures, a moment whose bids show on the board: the first after a bot's bid in
    // planning where the turn's planning is over.
    const hiddenAt = moments.findIndex((m) => m.game.phase === 'PLANNING' && m.game.players.find((p) => p.userID === bot)!.bid !== null);
    expect(hiddenAt).toBeGreaterThan(0);
    const revealedAt = moments.findIndex((m, i) => i > hiddenAt && m.game.phase !== 'PLANNING');
    const shotAt = revealedAt > 0 ? revealedAt : hiddenAt;

    // A link to a moment opens there; the server's record, rebuilt in this browser, gives every
    // deal and die it logged (what each step shows, and a changed die named, are
    // tests/web/components/replay-steps.test.tsx's and replay-seen.test.tsx's).
    const page = await open(host, `/game/${gameID}/replay?step=${shotAt}`);
    await waitStep(page, shotAt);
    await page.getByText(`Step ${shotAt} of ${last}`).waitFor();
    await page.getByTestId('fair-dice').filter({ hasText: FAIR_DICE_VERIFIED }).waitFor();
    expect(await page.getByTestId('fair-dice').getAttribute('data-verified')).toBe('true');
    expect(await page.getByTestId('fair-dice').textContent()).toContain(record.seed);
    // The odds over the game are worked out once their chart comes into sight (below the table on a
    // desktop): the step's own bar is answered, and nothing is spent on the chart meanwhile. It says
    // so, rather than "0 of N steps", which read as stuck for as long as it was out of view. (The
    // chart drawn once scrolled to is tests/web/live-odds.test.ts's, the same chart at a game's end.)
    const progress = page.getByTestId('odds-chart-progress');
    await page.getByTestId('odds-bar').getByText('Chances to win', { exact: true }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await progress.textContent()).toBe(`The chances over the game (${moments.length} steps) are worked out once this chart is in view`);

    // How it looks: mid-game, on a desktop.
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'replay-desktop');
    // A wide screen: the replay keeps to the game's 1440 px, centred, as the game does.
    await page.setViewportSize({ width: 1920, height: 1080 });
    const frame = (await page.locator('.replay-screen').boundingBox())!;
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect([Math.round(frame.width), Math.round(frame.x)]).toEqual([1440, Math.round((width - 1440) / 2)]);
    await page.setViewportSize(DESKTOP);

    // The scrubber: a click halfway along.
    const box = (await page.locator('.mantine-Slider-root').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => stepOf(page), { timeout: 15_000 }).toBeGreaterThan(last / 2 - last / 10);
    expect(await stepOf(page)).toBeLessThan(last / 2 + last / 10);

    // On a phone.
    const phone = await open(host, `/game/${gameID}/replay?step=${shotAt}`, PHONE);
    await waitStep(phone, shotAt);
    await phone.getByTestId('fair-dice').waitFor();
    // The keyboard's legend on a desktop only: a phone has the buttons and the slider.
    expect(await page.getByText(/^Keys:/).count()).toBe(1);
    expect(await phone.getByText(/^Keys:/).count()).toBe(0);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, 'replay-phone');
    // The step buttons stay in reach at the foot of a phone's screen, wherever the page is
    // scrolled (at the top they scrolled away), and the page's last line scrolls above them.
    await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const docked = (await phone.getByTestId('replay-buttons').boundingBox())!;
    expect(docked.y + docked.height).toBeLessThanOrEqual(PHONE.height + 0.5);
    expect(docked.y).toBeGreaterThan(PHONE.height / 2);
    const lastLine = (await phone.getByTestId('fair-dice').boundingBox())!;
    expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(docked.y);
    await phone.getByRole('button', { name: 'Next step (Right)' }).tap();
    await waitStep(phone, shotAt + 1);
    // Turned sideways, they stay across the foot: the game's panel docks down the side
    // (game/dock.ts), and the replay's buttons, placed as it is, came with it over the page's text.
    await phone.setViewportSize({ width: 740, height: 360 });
    await expect.poll(async () => (await phone.getByTestId('replay-buttons').boundingBox())!).toMatchObject({ x: 0, width: 740 });
    const sideways = (await phone.getByTestId('replay-buttons').boundingBox())!;
    expect(sideways.y + sideways.height).toBeCloseTo(360, 0);

    // The end-of-game view checks the dice too, and links to the replay.
    const end = await open(host, `/game/${gameID}`);
    const endView = end.getByTestId('end-of-game');
    await endView.getByTestId('fair-dice').filter({ hasText: FAIR_DICE_VERIFIED }).waitFor({ timeout: 60_000 });
    await endView.getByRole('link', { name: 'Watch the replay' }).click();
    await end.waitForURL(new RegExp(`/game/${gameID}/replay`));
    await waitStep(end, 0);
  }, 300_000);

  test('names the first difference when the server serves a changed die', async () => {
    const host = await guest(suite.site, 'Doubter');
    const gameID = await playFinishedGame(host, ['easy_bot', 'easy_bot']);
    const db = suite.site.app.services.db.kysely;
    // A server that changed a die after the game: the stored clash's first roll, one pip more.
    const rows = await db.selectFrom('game_events').select(['sequence_id', 'events_json']).where('game_id', '=', gameID).orderBy('sequence_id').execute();
    const row = rows.find((r) => (JSON.parse(r.events_json) as GameEvent[]).some((e) => e.type === 'CONFLICT_RESULTS'))!;
    const events = JSON.parse(row.events_json) as GameEvent[];
    const clash = events.find((e) => e.type === 'CONFLICT_RESULTS')!;
    const result = Object.values(clash.payload.rounds[0]!)[0]!;
    result.rolls[0] = (result.rolls[0]! % 6) + 1;
    await db.updateTable('game_events').set({ events_json: JSON.stringify(events) }).where('game_id', '=', gameID).where('sequence_id', '=', row.sequence_id).execute();
    const expected = verify(await gameRecord(suite.site.app.services.db, gameID));
    expect(expected.ok).toBe(false);
    const problem = (expected as { problem: string }).problem;
    expect(problem).toMatch(/^A die differs: event \d+ \(CONFLICT_RESULTS/);

    const page = await open(host, `/game/${gameID}/replay`);
    const line = page.getByTestId('fair-dice');
    await line.waitFor();
    expect(await line.getAttribute('data-verified')).toBe('false');
    expect(await line.textContent()).toContain(`Fair dice NOT verified: ${problem}`);
    expect(await line.textContent()).not.toContain(FAIR_DICE_VERIFIED);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'replay-tampered');
  }, 300_000);
});
