/**
 * The ratings beside the names do not tell a game's result before the screen does: the server
 * moves the ratings the moment the game ends, and the page reads them again then, while the last
 * turn may still be playing out on screen (dice rolling, cards flying). The player's "1500?"
 * stays until the end has played out, then the new rating shows with the end view.
 */
import { describe, expect, test } from 'vitest';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, newContext, siteAndBrowser } from './support/site.js';
import { guestInContext, pauseClock, playThroughAPI, startGame } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('ratings beside the names at the end of a game', { timeout: 240_000 }, () => {
  const held = siteAndBrowser();

  test("a player's rating beside their name changes only once the end has played out on screen", async () => {
    const { site, browser } = held;
    const context = await newContext(browser, DESKTOP);
    const ann = await guestInContext(site, context, 'Ann');
    await context.addInitScript(() => window.localStorage.setItem('mythosFirstGameHintSeen', 'true'));
    // The Advanced Bot (rated far above a newcomer): won or lost, the game moves the player's rating.
    const gameID = await startGame(site, ann, { bots: ['basic_bot'] });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${site.url}/game/${gameID}`, { waitUntil: 'domcontentloaded' });
    await page.locator('[data-decision="BID"]').waitFor();
    const tag = page.locator(`.player-summary[data-player-id="${ann.userID}"] .mythos-rating`).first();
    await expect.poll(() => tag.getAttribute('data-rating')).toBe('1500');

    // Up to the last turn's gains; then the screen's time stands still, so what the last moves
    // bring stays in the air (its cards do not land) while the server ends the game.
    await playThroughAPI(ann, gameID, (g) => g.age === 3 && g.turn === 5 && g.phase === 'RESOLUTION');
    await page.locator('[data-game-phase="RESOLUTION"]').waitFor();
    // Every answer the page gets to its ratings question, kept.
    const read: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('ratings.ofUsers')) void response.text().then((body) => read.push(body), () => undefined);
    });
    await pauseClock(page);
    await playThroughAPI(ann, gameID, () => false);
    let after = 1500;
    await expect.poll(async () => (after = (await ann.client.users.rating.query({ userID: ann.userID })).rating.rating)).not.toBe(1500);
    await page.locator('[data-game-ended="true"]').waitFor();
    // The page has read the new rating: the screen's time moved on by steps of 5 ms at most, far
    // short of what the last moves take to play out.
    for (let i = 0; i < 200 && !read.some((body) => body.includes(`"rating":${after}`)); i++) {
      await page.clock.runFor(5);
      await page.waitForTimeout(50);
    }
    expect(read.some((body) => body.includes(`"rating":${after}`))).toBe(true);
    // (What the answer brings is drawn by React's scheduler, which does not wait on the stopped clock.)
    await page.clock.runFor(5);
    await page.waitForTimeout(300);
    // Still playing out: no end view yet, and the rating beside the name is the one before the game.
    expect(await page.getByTestId('end-of-game').count()).toBe(0);
    expect(await tag.getAttribute('data-rating')).toBe('1500');

    // Time runs again: the end plays out, and the new rating shows with the end view.
    await page.clock.resume();
    await page.getByTestId('end-of-game').waitFor();
    await expect.poll(() => tag.getAttribute('data-rating')).toBe(String(after));
    await context.close();
  });
});
