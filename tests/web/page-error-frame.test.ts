/**
 * A game or replay that cannot be shown says so in the site's column, as a profile that cannot be
 * shown does: on the game's full-width page the red notice ran from one edge of the screen to the
 * other, square against both, unlike every other page.
 */
import { describe, expect, test } from 'vitest';
import { guestInContext } from './support/game.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, newContext, siteAndBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('a page that cannot be shown', () => {
  const suite = siteAndBrowser();

  test("an unknown game's and replay's notice stands in the header's column, as an unknown profile's", async () => {
    const context = await newContext(suite.browser, { width: 1440, height: 900 });
    await guestInContext(suite.site, context, 'Lost One');
    const page = await context.newPage();
    const boxes: Record<string, number[]> = {};
    for (const [name, path] of [['profile', '/user/u_nobody'], ['game', '/game/g_nothing'], ['replay', '/game/g_nothing/replay']] as const) {
      await page.goto(`${suite.site.url}${path}`);
      const alert = page.getByRole('alert').filter({ hasText: 'Back to the lobby' });
      await alert.waitFor();
      const box = (await alert.boundingBox())!;
      boxes[name] = [box.x, box.width].map(Math.round);
    }
    const column = (await page.locator('[data-site-header] .mantine-Container-root').first().boundingBox())!;
    expect(boxes.profile![0]).toBeGreaterThan(0);
    expect(boxes).toEqual({ profile: boxes.profile, game: boxes.profile, replay: boxes.profile });
    expect(boxes.profile![0]).toBeGreaterThanOrEqual(Math.round(column.x));
    await context.close();
  });
});
