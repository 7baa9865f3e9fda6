/** The site's error pages, in a real browser: unknown paths and the anonymous limits. */
import { describe, expect, test } from 'vitest';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, seriousAxeViolations, siteAndBrowser } from './support/site.js';
import { guestInContext, startGame } from './support/game.js';
import { droppableNetwork } from './support/network.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('error pages', () => {
  const suite = siteAndBrowser();

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`an unknown path says 'Page not found' (${label})`, async () => {
      const context = await newContext(suite.browser, viewport);
      const page = await context.newPage();
      const response = await page.goto(`${suite.site.url}/no/such/page`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      // The site's line under its header is in a landmark of its own, as the rest of the page is.
      expect(await page.getByRole('complementary', { name: 'Tagline' }).innerText()).toBe(label === 'desktop' ? 'Three ages, five turns each: bid for the trade row, settle clashes with dice, win the favor of the gods.' : "Bid, clash, and win the gods' favor.");
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `not-found-${label}`);
      await context.close();
    });
  }

  test("a game or a lobby that does not exist says so, with a way back and no chat offered for it (it could only answer 'Unknown chat room')", async () => {
    const context = await newContext(suite.browser, DESKTOP);
    await guestInContext(suite.site, context, 'Nomad');
    const page = await context.newPage();
    await page.goto(`${suite.site.url}/game/g_nope`);
    await page.getByText('Game g_nope not found.').waitFor();
    // A way on from the dead end.
    expect(await page.getByRole('alert').getByRole('link', { name: 'Back to the lobby' }).getAttribute('href')).toBe('/');
    // The chat's history is asked for and refused before the dock could show.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: /Game Chat/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^CHAT/ }).count()).toBe(0);
    // A lobby that does not exist: the same, with the way to the others.
    await page.goto(`${suite.site.url}/lobby/l_nope`);
    await page.getByRole('heading', { name: 'Lobby not available' }).waitFor();
    expect(await page.getByRole('link', { name: 'Find another lobby' }).getAttribute('href')).toBe('/lobby-list');
    await context.close();
  });

  test('a game page that goes offline says it is reconnecting at once, and stops saying so when back', async () => {
    // Offline for 20 s, the page said nothing: its socket had not noticed.
    const context = await newContext(suite.browser, DESKTOP);
    const player = await guestInContext(suite.site, context, 'Roamer');
    const gameID = await startGame(suite.site, player, { bots: ['easy_bot'] });
    // The game's socket held back for its first second, as on a busy machine: the game comes (over
    // HTTP) first, and a first connection still being made is no drop.
    let held = true;
    const network = await droppableNetwork(context, async () => {
      if (held) await new Promise((resolve) => setTimeout(resolve, 1500));
      held = false;
    });
    const page = await context.newPage();
    await page.goto(`${suite.site.url}/game/${gameID}`);
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    expect(await page.getByText('Reconnecting...').count()).toBe(0);
    await page.locator('[data-game-phase]').waitFor();
    // The held socket's time passes: 'Reconnecting...' must not show while its first connection is made.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await page.getByText('Reconnecting...').count()).toBe(0);
    await network.drop();
    await page.getByText('Reconnecting...').waitFor();
    await network.restore();
    await page.getByText('Reconnecting...').waitFor({ state: 'detached' });
    await context.close();
  });
});
