/**
 * The game screen's details a new player trips over, at 1280x800 and 375x812: the bid field's
 * clamping, a refused action's message, the ticking favor counter, Skip, the clash summary's finish
 * pause, the dice in sight with the first-game hint open, 'Disable Animations', the clash table's
 * words, the phone layout, and the trade row's previews and the sticky header on a desktop.
 * Ann plays in the browser; Bob answers through the API, so each test sets up the step it needs.
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signInGuest, type Guest, type Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, siteAndBrowser, type Viewport } from './support/site.js';
import { guestInContext, panel, pickTradeRowCard, rawGame, startGame, submitButton } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const LABELS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

interface Table {
  context: BrowserContext;
  page: Page;
  ann: Guest;
  bob: Guest;
  gameID: string;
  errors: string[];
  close(): Promise<void>;
}

/** Ann (in the browser, at `viewport`) against Bob (through the API), on the game's first planning. */
async function sitDown(site: Server, context: BrowserContext, names: [string, string], options: Record<string, boolean> = {}, hint = false): Promise<Table> {
  const ann = await guestInContext(site, context, names[0]);
  const bob = await signInGuest(site, names[1]);
  if (!hint) await context.addInitScript(() => window.localStorage.setItem('mythosFirstGameHintSeen', 'true'));
  const gameID = await startGame(site, ann, { guests: [bob], options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site.url}/game/${gameID}`, { waitUntil: 'domcontentloaded' });
  await page.locator('[data-decision="BID"]').waitFor();
  return {
    context,
    page,
    ann,
    bob,
    gameID,
    errors,
    close: async () => {
      ann.close();
      bob.close();
      await context.close();
    },
  };
}

const bidField = (page: Page) => panel(page).getByRole('textbox', { name: 'Military bid' });

describe.skipIf(!HAS_CHROMIUM)('the game screen, item by item', () => {
  const suite = siteAndBrowser({ botDelayMs: 5 });

  for (const [label, viewport] of LABELS) {
    test(`the bid field clamps what is typed; empty is no bid (${label})`, { timeout: 120_000 }, async () => {
      const t = await sitDown(suite.site, await newContext(suite.browser, viewport as Viewport), [`Bea${label[0]}`, `Bo${label[0]}`]);
      const { page } = t;
      await pickTradeRowCard(page, page.locator('[data-trade-row-index="0"] [role=button]'), label === 'phone' ? 'tap' : 'click');
      const raw = await rawGame(suite.site, t.gameID);
      const me = raw.players.find((p) => p.userID === t.ann.userID)!;
      const range = (await panel(page).getByText(/^\d+ to \d+/).textContent())!;
      const [min, max] = range.match(/\d+/g)!.map(Number) as [number, number];
      expect(max).toBeGreaterThan(min);
      expect(me.counters.military).toBe(max - min);
      const field = bidField(page);
      const slider = panel(page).getByRole('slider');
      // A lone minus sign, then a negative number: the bid is the minimum at once, and Submit
      // stays usable; leaving the box shows the bid it holds.
      await field.click();
      await field.press('ControlOrMeta+a');
      await field.press('Backspace');
      await field.pressSequentially('-');
      expect(await slider.getAttribute('aria-valuenow')).toBe(String(min));
      await field.pressSequentially('3');
      expect(await slider.getAttribute('aria-valuenow')).toBe(String(min));
      expect(await submitButton(page).isEnabled()).toBe(true);
      await field.blur();
      expect(await field.inputValue()).toBe(String(min));
      // Too much: the most Ann can bid.
      await field.fill(String(max + 4));
      expect(await slider.getAttribute('aria-valuenow')).toBe(String(max));
      await field.blur();
      expect(await field.inputValue()).toBe(String(max));
      // Empty: no bid, as the box says.
      await field.fill('');
      expect(await field.getAttribute('placeholder')).toBe('No bid');
      await panel(page).getByText(`${min} to ${max} · empty: no bid`).waitFor();
      await field.fill('-3');
      await field.blur();
      expect(await field.inputValue()).toBe(String(min));
      await screenshot(page, `details-bid-clamped-${label}`);
      await submitButton(page).click();
      await panel(page).getByText('Waiting for other players...').waitFor();
      expect((await rawGame(suite.site, t.gameID)).bidsByPlayerID[t.ann.userID]?.military).toBe(min);
      expect(t.errors).toEqual([]);
      await t.close();
    });
  }

  for (const [label, viewport] of LABELS) {
    test(`a refused action is logged and its message shows in the action panel for a few seconds (${label})`, { timeout: 120_000 }, async () => {
      const t = await sitDown(suite.site, await newContext(suite.browser, viewport as Viewport), [`Cai${label[0]}`, `Cy${label[0]}`]);
      const { page } = t;
      const logged: string[] = [];
      page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
      await pickTradeRowCard(page, page.locator('[data-trade-row-index="0"] [role=button]'), label === 'phone' ? 'tap' : 'click');
      const max = (await rawGame(suite.site, t.gameID)).players.find((p) => p.userID === t.ann.userID)!.counters.military;
      // The bid is changed on its way, as a stale or tampered page would send it: the server refuses it.
      await page.route('**/trpc/games.act**', (route) => route.continue({ postData: route.request().postData()!.replace(/"military":\d+/, '"military":99') }));
      await submitButton(page).click();
      const refusal = panel(page).getByTestId('refusal');
      await refusal.waitFor();
      expect(await refusal.getAttribute('role')).toBe('alert');
      expect(await refusal.textContent()).toBe(`Not accepted${`Invalid military bid: 99. Max bid: ${max}`}`);
      expect(logged.some((line) => line.startsWith('error sending action'))).toBe(true);
      // The form is still there to try again.
      expect(await submitButton(page).isEnabled()).toBe(true);
      await screenshot(page, `details-refusal-${label}`);
      // It goes by itself after a few seconds.
      await refusal.waitFor({ state: 'detached', timeout: 20_000 });
      await page.unroute('**/trpc/games.act**');
      await submitButton(page).click();
      await panel(page).getByText('Waiting for other players...').waitFor();
      expect(t.errors).toEqual([]);
      await t.close();
    });
  }
});
