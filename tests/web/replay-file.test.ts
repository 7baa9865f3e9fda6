/**
 * /replay in a real browser: a finished game's file, downloaded from its replay (the same file
 * `mythos games export` writes), is opened from a file set on the page's file input, stepped through with
 * the keyboard, and its dice check green, the site saying beside them that it is the game it
 * recorded; a file with a changed die names the difference; a file
 * that is not JSON, one that is not a replay and one over 20 MB show why. axe (with its touch-target rule) on the
 * picker, a game stepped from a file and a refused file; screenshots at 1280x800 and 375x812.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { ReplayFile } from '../../src/engine/replay-file.js';
import { FAIR_DICE_VERIFIED } from '../../src/engine/replay.js';
import { exportedFileText } from '../support/exported-replay.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, seriousAxeViolations, siteAndBrowser, type Viewport } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('replay files opened in the browser', () => {
  const suite = siteAndBrowser();

  async function openPage(who: Parameters<typeof signInContext>[2], viewport: Viewport = DESKTOP): Promise<Page> {
    const context = await newContext(suite.browser, viewport);
    await signInContext(context, suite.site, who);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${suite.site.url}/replay`);
    await page.getByRole('heading', { name: 'Open a replay file' }).waitFor();
    return page;
  }
  const setFile = (page: Page, name: string, text: string) =>
    page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  const waitStep = (page: Page, step: number) => page.locator(`.replay-screen[data-replay-step="${step}"]`).waitFor();

  test('an exported game steps through with the keyboard and its dice verify; a changed die is named', async () => {
    const host = await guest(suite.site, 'FileOpener');
    const gameID = await playFinishedGame(host, ['easy_bot']);

    // The file as a player gets it: downloaded from the game's replay, the CLI's export to the byte's meaning.
    const page = await openPage(host);
    await page.goto(`${suite.site.url}/game/${gameID}/replay`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the replay file' }).click()]);
    expect(download.suggestedFilename()).toBe(`mythos-${gameID}.json`);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(JSON.parse(text)).toEqual(JSON.parse(await exportedFileText(suite.site.app.services.db, gameID)));
    const file = JSON.parse(text) as ReplayFile;

    await page.goto(`${suite.site.url}/replay`);
    await page.getByRole('heading', { name: 'Open a replay file' }).waitFor();
    await setFile(page, `${gameID}.json`, text);
    await page.getByTestId('fair-dice').filter({ hasText: FAIR_DICE_VERIFIED }).waitFor();
    expect(await page.getByTestId('fair-dice').getAttribute('data-verified')).toBe('true');
    expect(await page.getByTestId('fair-dice').textContent()).toContain(file.final.seedCommitment!);
    expect(await page.getByText('Back to the game').count()).toBe(0);
    // Beside it, what the dice line cannot say: the file is the game this site recorded.
    const recorded = page.getByTestId('site-record').filter({ hasText: 'Played on this site: ' });
    await recorded.waitFor();
    expect(await recorded.textContent()).toBe(
      `Played on this site: game ${gameID} as this site recorded it has the same seed commitment and seed, setup and card set, ` +
        `the same ${file.actions.length} actions in the same order with the same stand-in marks, and the same forfeits as this file.`,
    );
    await waitStep(page, 0);
    await page.getByText('The game begins').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 1);
    await page.getByText(/ placed a bid$/).first().waitFor();
    await page.keyboard.press('End');
    await page.locator('.replay-screen[data-game-ended="true"]').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'replay-file-desktop');

    // A die changed in the file's event log.
    const tampered = JSON.parse(text) as ReplayFile;
    const dieAt = tampered.final.events.findIndex((e) => e.type === 'CONFLICT_RESULTS');
    const clash = tampered.final.events[dieAt] as Extract<ReplayFile['final']['events'][number], { type: 'CONFLICT_RESULTS' }>;
    const result = Object.values(clash.payload.rounds[0]!)[0]!;
    const die = result.rolls[0]!;
    result.rolls[0] = die === 6 ? 1 : die + 1;
    await setFile(page, 'tampered.json', JSON.stringify(tampered));
    const line = page.getByTestId('fair-dice').filter({ hasText: 'Fair dice NOT verified: ' });
    await line.waitFor();
    expect(await line.textContent()).toContain(
      `A die differs: event ${dieAt} (CONFLICT_RESULTS, age ${clash.age}, turn ${clash.turn}) at event ${dieAt}.payload.rounds[0]`,
    );
    expect(await line.textContent()).toContain(`the server says ${result.rolls[0]}, the seed and actions give ${die}.`);
    await page.close();

    const phone = await openPage(host, PHONE);
    // The picker before any file, then the game stepped from one: nothing in the way of a finger or a screen reader.
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await setFile(phone, `${gameID}.json`, text);
    await phone.getByTestId('fair-dice').filter({ hasText: FAIR_DICE_VERIFIED }).waitFor();
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await screenshot(phone, 'replay-file-phone');
    await phone.close();
  }, 180_000);

  test('a file that is not JSON, one that is not a replay and one too big say why', async () => {
    const host = await guest(suite.site, 'WrongFile');
    const page = await openPage(host);
    await setFile(page, 'notes.json', 'hello, this is not json');
    const alert = page.getByRole('alert').filter({ hasText: 'This is not a replay file: it is not valid JSON' });
    await alert.waitFor();
    await setFile(page, 'other.json', JSON.stringify({ format: 'something-else', version: 1 }));
    await page.getByRole('alert').filter({ hasText: 'This is not a replay file: not a mythos replay (expected "format": "mythos-replay").' }).waitFor();
    expect(await page.getByTestId('fair-dice').count()).toBe(0);
    // Over the limit: a sparse file on disk, handed to the page by its path (21 MB sent through
    // the driver as bytes cost this test most of its time).
    const huge = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mythos-replay-')), 'huge.json');
    fs.closeSync(fs.openSync(huge, 'w'));
    fs.truncateSync(huge, 21 * 1024 * 1024);
    await page.locator('input[type="file"]').setInputFiles(huge);
    await page.getByRole('alert').filter({ hasText: 'The file is 21.0 MB: a replay file is at most 20 MB.' }).waitFor();
    await setFile(page, 'other.json', JSON.stringify({ format: 'something-else', version: 1 }));
    await page.getByRole('alert').filter({ hasText: 'not a mythos replay' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'replay-file-wrong-format');
    await page.close();
    fs.rmSync(path.dirname(huge), { recursive: true, force: true });
  }, 60_000);
});
