/** A whole game on the game screen in a real browser, against a bot, clicked like a person. */
import { describe, expect, test } from 'vitest';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, seriousAxeViolations, siteAndBrowser } from './support/site.js';
import { guestInContext, playToEnd, startGame } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('a whole game against a bot', () => {
  const suite = siteAndBrowser({ botDelayMs: 5 });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`plays to the end-of-game view (${label})`, { timeout: 300_000 }, async () => {
      const context = await newContext(suite.browser, viewport);
      const host = await guestInContext(suite.site, context, `Ann${label.slice(0, 1)}`);
      const gameID = await startGame(suite.site, host, { bots: ['easy_bot'], options: { rerollTokens: true } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${suite.site.url}/game/${gameID}`, { waitUntil: 'domcontentloaded' });
      await page.locator('[data-game-phase]').waitFor();
      // A first game opens with how a turn goes; once closed it stays closed, after a reload too.
      const hint = page.getByRole('region', { name: 'How a turn goes' });
      await hint.waitFor();
      expect(await hint.getByRole('listitem').count()).toBe(4);
      // How to read a card large, the way this device can.
      await hint.getByText(label === 'phone' ? 'Touch and hold a card to read it large.' : 'Rest the pointer on a card to read it large.').waitFor();
      await screenshot(page, `game-first-hint-${label}`);
      await hint.getByRole('button', { name: 'Got it' }).click();
      await hint.waitFor({ state: 'detached' });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.locator('[data-game-phase]').waitFor();
      expect(await hint.count()).toBe(0);
      // Avatars without a picture: a one-word name's first two letters, else the first two words' initials.
      expect(await page.locator('.player-summary .mantine-Avatar-placeholder').allTextContents()).toEqual(['AN', 'EB']);
      if (label === 'desktop') {
        // Every basic pile in sight: they wrap onto a second line rather than scroll out of the table.
        const zone = (await page.locator('[data-zone="basic-pile"]').boundingBox())!;
        const piles = page.locator('[data-zone="basic-pile"] .game-card');
        expect(await piles.count()).toBeGreaterThan(5);
        for (const box of await piles.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
          expect(box.right).toBeLessThanOrEqual(zone.x + zone.width + 0.5);
        }
      }
      // The site's header is opaque: the game's own header bar never shows through it when scrolled under.
      expect(await page.locator('.mythos-header').evaluate((e) => getComputedStyle(e).backgroundImage)).not.toMatch(/rgba|transparent/);
      const shots = new Set<string>();
      // The header keeps one height whatever the phase's name (on a phone too).
      const headerHeights = new Set<number>();
      const log = await playToEnd(page, async (decision) => {
        headerHeights.add(Math.round((await page.getByTestId('game-header').boundingBox())!.height));
        if (shots.has(decision)) return;
        shots.add(decision);
        await screenshot(page, `game-${decision.toLowerCase()}-${label}`);
      });
      expect([...headerHeights]).toHaveLength(1);
      // The end view comes once the last turn has played out on screen.
      await page.getByTestId('end-of-game').getByText('More graphs to come!').waitFor({ timeout: 30_000 });
      await screenshot(page, `game-end-${label}`);
      // The player's own place under the title.
      const mine = page.getByRole('table', { name: 'Final standings' }).locator('tbody tr').filter({ hasText: `Ann${label.slice(0, 1)}` });
      const won = (await mine.getAttribute('data-winner')) === 'true';
      expect(await page.getByTestId('end-place').textContent()).toBe(won ? 'You won!' : 'You finished 2nd of 2.');
      // The game ends with both rows empty, and they say so rather than show a bare title.
      await page.getByText('No cards on the trade row.').waitFor();
      await page.getByText('No tributes in the row.').waitFor();
      expect(log.bids).toBe(15);
      // The panel, which stays on screen, says where the game stands: a new age, an age's last turn.
      const turns = (age: number, last: string) => [
        age === 1 ? 'Age 1/3 · Turn 1/5' : `Age ${age} begins: a new trade row, dealt from the age ${age} deck.`,
        ...[2, 3, 4].map((turn) => `Age ${age}/3 · Turn ${turn}/5`),
        `Age ${age}/3 · Turn 5/5 · ${last}`,
      ];
      expect(log.standings).toEqual([...turns(1, 'the last turn of this age'), ...turns(2, 'the last turn of this age'), ...turns(3, 'the last turn of the game')]);
      expect(log.gains).toBe(15);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      host.close();
      await context.close();
    });
  }
});
