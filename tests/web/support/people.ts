/**
 * People in their own browsers: a site and a browser for the tests of one describe block, and a
 * person for each name, a guest signed into a fresh browser context (its own cookies) at a
 * viewport. Everything is closed after the block's last test: the contexts, the browser, the site.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Config } from '../../../src/server/config.js';
import type { Guest, Server } from '../../server/support.js';
import { guestInContext } from './game.js';
import { DESKTOP, launchBrowser, newContext, startSite, type Viewport, releaseBrowser } from './site.js';

export interface Person {
  guest: Guest;
  context: BrowserContext;
}

export interface SiteForPeople {
  /** The running site; read it inside the tests. */
  readonly site: Server;
  person(name: string, viewport?: Viewport): Promise<Person>;
}

export function siteForPeople(overrides: Partial<Config> = {}): SiteForPeople {
  let site: Server | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(overrides), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.allSettled(contexts.map((c) => c.close()));
    await releaseBrowser(browser);
    await site?.close();
  });
  const started = (): Server => {
    if (!site) throw new Error('the site starts before the first test');
    return site;
  };
  return {
    get site() {
      return started();
    },
    async person(name, viewport = DESKTOP) {
      const context = await newContext(browser!, viewport);
      contexts.push(context);
      const guest = await guestInContext(started(), context, name);
      return { guest, context };
    },
  };
}
