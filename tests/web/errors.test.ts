/** The site's error pages, in a real browser: unknown paths and the anonymous limits. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, newContext, screenshot, seriousAxeViolations, startSite, releaseBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('error pages', () => {
  let site: Server;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await site?.close();
  });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`an unknown path says 'Page not found' (${label})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const response = await page.goto(`${site.url}/no/such/page`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `not-found-${label}`);
      await context.close();
    });
  }
});
