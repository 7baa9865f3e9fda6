/**
 * A first visit on a phone's slow network: while the scripts are still on their way, the site's
 * frame says the page is loading, in words, where the page's own "Loading..." will stand; it had
 * been a blank page under the banner for 4 s at 400 kbit/s. Not said when the browser runs no
 * script (the frame says why the site needs them), nor under a page whose top the frame draws.
 */
import { describe, expect, test } from 'vitest';
import type { Route } from 'playwright-core';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, siteAndBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('a slow first load', () => {
  const suite = siteAndBrowser();

  test('while the scripts come, the frame says "Loading...", and the page replaces it', async () => {
    const context = await newContext(suite.browser, PHONE);
    const page = await context.newPage();
    // The scripts held back, as a slow network holds them, until the words have been seen.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
    await page.goto(`${suite.site.url}/login`, { waitUntil: 'commit' });
    const loading = page.locator('.boot-shell').getByRole('status');
    expect(await loading.textContent()).toBe('Loading...');
    // Shown once the scripts have taken a second (a quick load never shows it).
    await expect.poll(() => loading.evaluate((e) => getComputedStyle(e).visibility)).toBe('visible');
    await screenshot(page, 'slow-first-load-phone');
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await page.getByRole('heading', { name: 'Log in to save your stats' }).waitFor();
    expect(await page.locator('.boot-shell').count()).toBe(0);
    await context.close();
  });

  test('not said without scripts, nor under the card gallery\'s own top', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.site.url}/login`);
    expect(await page.locator('.boot-loading').evaluate((e) => getComputedStyle(e).display)).toBe('none');
    await context.close();
    // The gallery's top stands in its place: its heading, its search box and its own "Loading..."
    // where the cards will be, and no second one.
    const scripted = await newContext(suite.browser, PHONE);
    const gallery = await scripted.newPage();
    await gallery.route(/\/assets\/.*\.js$/, () => undefined);
    await gallery.goto(`${suite.site.url}/all-cards`, { waitUntil: 'commit' });
    await gallery.locator('.boot-main').waitFor();
    expect(await gallery.locator('.boot-loading').count()).toBe(0);
    expect(await gallery.getByText('Loading...').count()).toBe(1);
    await scripted.close();
  });
});
