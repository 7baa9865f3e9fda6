/**
 * A game on the game screen in a real browser, against a bot, clicked like a person to its end:
 * on a desktop the second and third ages, on a phone the third (the ages before played through the
 * API), which hold every kind of step the screen shows: a new age's trade row dealt, bids, clashes,
 * rerolls, gains, an age's last turn and the game's. The first age's turns hold no kind of step the
 * later ones lack; what the panel says at each of its bids is
 * tests/web/components/standing-words.test.tsx's, over a whole game.
 */
import { describe, expect, test } from 'vitest';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, screenshotOfScreen, seriousAxeViolations, siteAndBrowser } from './support/site.js';
import { guestInContext, playThroughAPI, playToEnd, rowOutOfSight, startGame } from './support/game.js';
import { readWatch, watchScreen } from './support/screen-watch.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('a game against a bot, clicked to its end', () => {
  const suite = siteAndBrowser({ botDelayMs: 5 });

  for (const [label, viewport, firstAge] of [['desktop', DESKTOP, 2], ['phone', PHONE, 3]] as const) {
    test(`plays from age ${firstAge} to the end-of-game view (${label})`, { timeout: 300_000 }, async () => {
      const context = await newContext(suite.browser, viewport);
      const host = await guestInContext(suite.site, context, `Ann${label.slice(0, 1)}`);
      const gameID = await startGame(suite.site, host, { bots: ['easy_bot'], options: { rerollTokens: true } });
      await playThroughAPI(host, gameID, (game) => game.age >= firstAge);
      const page = await context.newPage();
      // The phone plays with the system's reduced motion: the favor cue then stands still.
      if (label === 'phone') await page.emulateMedia({ reducedMotion: 'reduce' });
      // A browser that has not yet been asked for notifications (the headless shell answers 'denied').
      await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'default' }));
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${suite.site.url}/game/${gameID}`, { waitUntil: 'domcontentloaded' });
      await page.locator('[data-game-phase]').waitFor();
      // A first game opens with how a turn goes; once closed it stays closed, after a reload too.
      // (On a phone it is folded to its title above the trade row, until Show.)
      const hint = page.getByRole('region', { name: 'How a turn goes' });
      await hint.waitFor();
      if (label === 'phone') await hint.getByRole('button', { name: 'Show' }).click();
      expect(await hint.getByRole('listitem').count()).toBe(4);
      // How to read a card large, the way this device can.
      await hint.getByText(label === 'phone' ? 'Touch and hold a card to read it large.' : 'Rest the pointer on a card to read it large.').waitFor();
      await screenshot(page, `game-first-hint-${label}`);
      await hint.getByRole('button', { name: 'Got it' }).click();
      await hint.waitFor({ state: 'detached' });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.locator('[data-game-phase]').waitFor();
      expect(await hint.count()).toBe(0);
      // In play, the header offers what a seated player may want: to be told of their move, to leave.
      for (const name of ['Notify me of my move', 'Leave game']) expect(await page.getByRole('button', { name }).count()).toBe(1);
      // Avatars without a picture: a one-word name's first two letters, else the first two words' initials.
      expect(await page.locator('.player-summary [data-avatar-initials]').allTextContents()).toEqual(['AN', 'EB']);
      // Every basic pile in sight, on a phone too: they wrap onto more lines rather than scroll
      // out of the table sideways.
      const section = (await page.getByRole('region', { name: 'Basic piles' }).boundingBox())!;
      const piles = page.locator('[data-zone="basic-pile"] .game-card');
      expect(await piles.count()).toBeGreaterThan(5);
      expect(section.x + section.width).toBeLessThanOrEqual(viewport.width);
      for (const box of await piles.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.right).toBeLessThanOrEqual(section.x + section.width + 0.5);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (label === 'phone') {
        // The trade row comes soon on a phone: its top within the first 42% of the screen, and its
        // cards with their costs above the docked action panel (at every bid, below; on a shorter
        // phone's, 375x667, tests/web/game-screen-details.test.ts).
        const row = (await page.locator('[data-zone="trade-row"]').boundingBox())!;
        expect(row.y).toBeLessThanOrEqual(viewport.height * 0.42);
        const docked = (await page.locator('.docked-action-panel').boundingBox())!;
        for (const slot of await page.locator('[data-zone="trade-row"] [data-card-slot]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom))) {
          expect(slot).toBeLessThanOrEqual(docked.y);
        }
        // Nothing a bid needs is left out of the compact summaries: favor, gold and military with
        // base and production, the three tokens, the cards.
        for (const summary of await page.locator('.player-summary').all()) {
          const text = (await summary.textContent()) ?? '';
          expect(text).toMatch(/\d+ favor/);
          expect(text).toMatch(/\d+ gold \(base \d+, \+\d+\/turn\)/);
          expect(text).toMatch(/\d+ military \(base \d+, \+\d+\/turn\)/);
          expect(await summary.getByRole('button', { name: /^\d+ cards?$/ }).count()).toBe(1);
          for (const token of ['Clash', 'reroll', 'tribute']) expect(await summary.getByRole('img', { name: new RegExp(`^\\d+ ${token}$`) }).count()).toBe(1);
          // 'base' explains itself on both lines, as on a desktop: each a button 24 px tall at
          // least, the two apart; and the edge says Ready or Deciding in words, whole, for every
          // seat (the phone's strip showed only its colour, and cut the rest at the screen's edge).
          const bases = await summary.getByRole('button', { name: 'base: what it means' }).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
          expect(bases).toHaveLength(2);
          for (const box of bases) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
          expect(bases[1]!.top).toBeGreaterThanOrEqual(bases[0]!.bottom);
          const edge = summary.locator('[data-ready]');
          const [said, whole] = await edge.evaluate((e) => [getComputedStyle(e, '::before').content, e.scrollHeight <= e.clientHeight && e.scrollWidth <= e.clientWidth]);
          expect(said).toBe((await edge.getAttribute('data-ready')) === 'true' ? '"Ready"' : '"Deciding"');
          expect(whole).toBe(true);
        }
      }
      await watchScreen(page);
      // The site's header is opaque: the game's own header bar never shows through it when scrolled under.
      expect(await page.locator('[data-site-header]').evaluate((e) => getComputedStyle(e).backgroundImage)).not.toMatch(/rgba|transparent/);
      const shots = new Set<string>();
      // The header keeps one height whatever the phase's name (on a phone too).
      const headerHeights = new Set<number>();
      const log = await playToEnd(page, async (decision) => {
        headerHeights.add(Math.round((await page.getByTestId('game-header').boundingBox())!.height));
        // Every bid starts with the trade row in sight (the gain before it was made at the foot of
        // the page), on a phone its costs above the docked panel. Polled: a desktop's page goes
        // there smoothly (the phone plays with reduced motion: at once).
        if (decision === 'BID') await expect.poll(() => rowOutOfSight(page, label === 'phone' ? '[data-site-header]' : '[data-testid="game-header"]'), { timeout: 10_000 }).toEqual({ above: 0, below: 0, beside: 0 });
        // A clash's dice roll over the page; settled, they show under the trade row, in the place
        // kept for them meanwhile.
        if (decision === 'RESOLVE' && !shots.has('clash') && (await page.locator('[data-testid="clashes"]').count()) > 0) {
          shots.add('clash');
          await screenshot(page, `game-clash-overlay-${label}`);
          await page.locator('[data-testid="clashes"] [data-clash-stage="completed"]').first().waitFor({ timeout: 10_000 });
          await screenshot(page, `game-clash-settled-${label}`);
        }
        if (!shots.has('favor-cue') && (await page.getByTestId('favor-cue').count()) > 0) {
          shots.add('favor-cue');
          // Held at its peak for the picture (it may already be fading when the step comes).
          await page.evaluate(() => document.querySelectorAll('[data-testid="favor-cue"]').forEach((c) => c.getAnimations().forEach((a) => ((a.currentTime = 600), a.pause()))));
          // What the screen shows (not the full page): a cue for a score out of sight is fixed to the screen's foot.
          await screenshotOfScreen(page, `game-favor-cue-${label}`);
          await page.evaluate(() => document.querySelectorAll('[data-testid="favor-cue"]').forEach((c) => c.getAnimations().forEach((a) => a.play())));
        }
        if (shots.has(decision)) return;
        shots.add(decision);
        await screenshot(page, `game-${decision.toLowerCase()}-${label}`);
        // Once a clash's dice have been seen to roll and settle, the rest are skipped, as an
        // impatient player does: the dice's own tests watch them roll.
      }, undefined, { skip: () => shots.has('clash') });
      expect([...headerHeights]).toHaveLength(1);
      // The end view comes once the last turn has played out on screen.
      await page.getByTestId('end-of-game').getByText('More graphs to come!').waitFor({ timeout: 30_000 });
      // The time pie: the bot decides in no time (0 s), so the pie is the player's whole, drawn with
      // no seam (a night-coloured line from its centre to its top had read as a sliver of the
      // bot's); slices of two players or more keep their seams.
      const timeSlices = page.getByTestId('end-of-game').locator('figure').filter({ hasText: 'Time (seconds)' }).locator('.apexcharts-pie-area');
      await timeSlices.first().waitFor({ state: 'attached' });
      const slices = await timeSlices.evaluateAll((paths) => paths.map((p) => ({ value: Number(p.getAttribute('data:value')), seam: p.getAttribute('stroke-width') })));
      const seam = slices.filter((slice) => slice.value > 0).length > 1 ? '2' : '0';
      expect(slices.map((slice) => slice.seam)).toEqual(slices.map(() => seam));
      await screenshot(page, `game-end-${label}`);
      // The rating beside the player's name is the one the game left them with, not the one it started from.
      const after = (await host.client.ratings.ofGame.query({ gameID }))[host.userID]!.after;
      await expect.poll(() => page.locator('.player-summary[data-me] .mythos-rating').getAttribute('data-rating')).toBe(String(after));
      // Nothing is for buying any more: no card is marked out of reach, no cost is shown.
      expect(await page.locator('.game-card[data-unaffordable]').count()).toBe(0);
      expect(await page.locator('.game-card-hatch').count()).toBe(0);
      expect(await page.getByRole('img', { name: 'Cannot afford' }).count()).toBe(0);
      expect(await page.locator('[data-zone="basic-pile"]').getByText(/^Cost \d/).count()).toBe(0);
      // Nor is there a move to be told of or a game to leave.
      for (const name of ['Notify me of my move', 'Leave game']) expect(await page.getByRole('button', { name }).count()).toBe(0);
      const watch = await readWatch(page);
      expect(watch.frames).toBeGreaterThan(100);
      if (label === 'desktop') {
        // Cards were dealt onto the row (their faces hidden until they landed), and no slot ever
        // showed its cost while its card was still on the way.
        expect(watch.dealtHidden.length).toBeGreaterThan(3);
        expect(watch.costWithoutCard).toEqual([]);
        // A new age's row was dealt on screen (the third's), and the panel asked for no bid on it
        // until a card had landed: it said the cards were being dealt.
        expect(watch.undealtRowFrames).toBeGreaterThan(0);
        expect(watch.bidOnUndealtRow).toEqual([]);
      }
      // The trade row never moved inside the table (a clash display once appeared above it).
      expect(new Set(watch.rowOffsets.map((o) => o.offset)).size, JSON.stringify(watch.rowOffsets)).toBe(1);
      // The player's favor rising showed as a short '+n favor' by their own score (or under the
      // header when the score was out of sight), taking no clicks; moving only without reduced motion.
      expect(watch.cues.length).toBeGreaterThan(0);
      for (const cue of watch.cues) {
        expect(cue.text).toMatch(/^\+\d+ favor$/);
        expect(cue.inMySummary || cue.toast).toBe(true);
        expect(cue.pointerEvents).toBe('none');
        expect(cue.animated).toBe(!cue.reducedMotion);
        expect(cue.reducedMotion).toBe(label === 'phone');
      }
      // The player's own place under the title.
      const mine = page.getByRole('table', { name: 'Final standings' }).locator('tbody tr').filter({ hasText: `Ann${label.slice(0, 1)}` });
      const won = (await mine.getAttribute('data-winner')) === 'true';
      const winners = await page.getByRole('table', { name: 'Final standings' }).locator('tbody tr[data-winner="true"]').count();
      expect(await page.getByTestId('end-place').textContent()).toBe(won ? (winners > 1 ? 'You shared the win!' : 'You won!') : 'You finished 2nd of 2.');
      // The game ends with both rows empty, and they say so rather than show a bare title.
      await page.getByText('No cards on the trade row.').waitFor();
      await page.getByText('No tributes in the row.').waitFor();
      const turnsPlayed = (4 - firstAge) * 5;
      expect(log.bids).toBe(turnsPlayed);
      // The panel, which stays on screen, says where the game stands: a new age, an age's last turn.
      const turns = (age: number, last: string) => [
        age === 1 ? 'Age 1/3 · Turn 1/5' : `Age ${age} begins: a new trade row, dealt from the age ${age} deck.`,
        ...[2, 3, 4].map((turn) => `Age ${age}/3 · Turn ${turn}/5`),
        `Age ${age}/3 · Turn 5/5 · ${last}`,
      ];
      expect(log.standings).toEqual([...turns(1, 'the last turn of this age'), ...turns(2, 'the last turn of this age'), ...turns(3, 'the last turn of the game')].slice(-turnsPlayed));
      expect(log.gains).toBe(turnsPlayed);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      host.close();
      await context.close();
    });
  }
});
