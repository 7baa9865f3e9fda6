/**
 * What a new player reads, in a real browser at 1280x800 and 375x812: the game log's gains say the
 * favor they scored (not what a prophecy would pay were the game to end) and name the gold other
 * cards added; one game chat behind the docked overlay and the CHAT button's dialog, with one
 * unread count, one length limit, and spectators' messages marked; the lobby list and profile's
 * words (Return to Lobby, the host's name as it is now, another player's favor, cards drafted);
 * and a newcomer's first turn: the tributes in sight, and the game's words explained on a tap.
 * At 375x812 the same flows check only what a phone can change (the Log tab, the chat's dialog in
 * place of the docked overlay, the short Return label, the touch, the fit, axe, the screenshots):
 * the log's and the chat's words, the chat's limit, the renamed host and the links are the
 * desktop's alone (one component writes them at every width; the server and the data decide them).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { draftedCount } from '../../src/engine/user-stats.js';
import type { Game, GameEvent } from '../../src/engine/index.js';
import type { Guest, Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, launchBrowser, newContext, screenshotOfScreen, seriousAxeViolations, startSite, releaseBrowser } from './support/site.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';
import { rawGame, startGame } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

type Gain = Extract<GameEvent, { type: 'GAIN_CARD' }>;
const gainsOf = (game: Game, userID: string): Gain[] => game.events.filter((e): e is Gain => e.type === 'GAIN_CARD' && e.payload.userID === userID);

// A shared machine can be slow: pages get a minute to appear, tests four.
/**
 * Closes a popover by one Escape, as a person does. The page may still be busy after axe and a
 * screenshot, with the focus not yet moved into the popover: the word it opened from closes it too.
 */
async function closeByEscape(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

describe.skipIf(!HAS_CHROMIUM)('what a new player reads', { timeout: 240_000 }, () => {
  let site: Server;
  let browser: Browser;
  let ana: Guest;
  let cy: Guest;
  let game: Game;
  let games: Game[];
  /** A gain of Ana's whose card holds a prophecy that would pay now. */
  let prophecyGain: Gain;
  /** A gain of Ana's to which another of her cards added gold. */
  let helpedGain: Gain;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    [ana, cy] = await Promise.all([guest(site, 'Ana'), guest(site, 'Cy')]);
    games = [];
    // Played until one game has both kinds of gain (bots' games differ by their seeds).
    for (let i = 0; i < 12; i++) {
      const played = await rawGame(site, await playFinishedGame(ana, ['easy_bot']));
      games.push(played);
      const gains = gainsOf(played, ana.userID);
      const prophecy = gains.find((g) => g.payload.prophecyFavor > 0);
      const helped = gains.find((g) => g.payload.triggeredCards.some((t) => t.gold > 0));
      if (prophecy && helped) {
        [game, prophecyGain, helpedGain] = [played, prophecy, helped];
        break;
      }
    }
    expect(game, 'no game gave a prophecy gain and a gain helped by another card').toBeDefined();
  }, 240_000);
  afterAll(async () => {
    ana?.close();
    cy?.close();
    await releaseBrowser(browser);
    await site?.close();
  });

  async function open(viewport: typeof DESKTOP | typeof PHONE, who: Guest, path: string): Promise<Page> {
    const context = await newContext(browser, viewport);
    await signInContext(context, site, who);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${site.url}${path}`);
    return page;
  }

  /** Every line of the game's log, oldest groups included (on a desktop, where the log is in sight). */
  async function logLines(page: Page): Promise<string[]> {
    const log = page.getByTestId('event-log');
    await log.locator('li[data-event-type]').first().waitFor();
    const older = page.getByRole('button', { name: /^Show older events/ });
    while ((await older.count()) > 0) await older.click();
    return log.locator('li[data-event-type="GAIN_CARD"]').evaluateAll((lines) => lines.map((l) => l.textContent ?? ''));
  }

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(label === 'desktop' ? 'the log says what a gain scored and what other cards added (desktop)' : 'the log in its tab, a group of gains as a phone shows it (phone)', async () => {
      const page = await open(viewport, ana, `/game/${game.id}`);
      await page.locator('[data-game-ended="true"]').waitFor();
      const name = (id: number) => game.cardsByID[id]!.name;
      const helper = helpedGain.payload.triggeredCards.find((t) => t.gold > 0)!;
      const helped = `+${helper.gold} gold from ${name(helper.cardID)}`;
      if (label === 'phone') {
        // The log's words come from one component at every width, from the game's events: read
        // once, on the desktop. A phone keeps the Log tab and the picture of the same group (the
        // newest that holds the line: older groups come in at the list's end, so it is the first
        // found however many are shown).
        await page.getByRole('tab', { name: 'Log' }).tap();
        const log = page.getByTestId('event-log');
        await log.locator('li[data-event-type]').first().waitFor();
        const group = log.locator('li[data-group-type]').filter({ hasText: helped }).first();
        const older = page.getByRole('button', { name: /^Show older events/ });
        while ((await group.count()) === 0 && (await older.count()) > 0) await older.click();
        await group.scrollIntoViewIfNeeded();
        await screenshotOfScreen(group, `words-log-${label}`);
        await page.context().close();
        return;
      }
      const lines = await logLines(page);
      expect(lines.length).toBe(game.events.filter((e) => e.type === 'GAIN_CARD').length);

      // The prophecy's favor waits for the game's end: the gain says only the card's own favor.
      const { payload: p } = prophecyGain;
      const prophecyLine = lines.find((l) => l.startsWith(`Ana gained ${name(p.cardID)}`))!;
      expect(prophecyLine).toBeDefined();
      expect(prophecyLine).not.toContain(`+${p.favor + p.prophecyFavor} favor`);
      if (p.favor > 0) expect(prophecyLine).toContain(`+${p.favor} favor`);

      // Gold another card added is named with that card.
      const helpedLines = lines.filter((l) => l.startsWith(`Ana gained ${name(helpedGain.payload.cardID)}`));
      expect(helpedLines.some((l) => l.includes(helped)), helpedLines.join('\n')).toBe(true);
      // A token a gain brought stays in its turn's group of gains: never a group of its own
      // between two groups of gains.
      const groups = await page.getByTestId('event-log').locator(':scope > li[data-group-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-group-type')));
      expect(groups.length).toBeGreaterThan(30);
      groups.forEach((type, i) => expect(type === 'EARN_TOKEN' && groups[i + 1] === 'GAIN_CARD', `group ${i}`).toBe(false));

      // The group holding that line, as the player sees it.
      const group = page.getByTestId('event-log').locator('li[data-group-type]').filter({ hasText: helped }).first();
      await group.scrollIntoViewIfNeeded();
      await screenshotOfScreen(group, `words-log-${label}`);
      await page.context().close();
    });
  }

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(label === 'desktop' ? 'one game chat: one unread count, one limit, spectators marked (desktop)' : 'one game chat: the CHAT button and its dialog, no overlay (phone)', async () => {
      // A game under way: a finished game's room takes only its players' messages, and Cy watches.
      const running = await startGame(site, ana, { bots: ['easy_bot'] });
      const page = await open(viewport, ana, `/game/${running}`);
      await page.locator('[data-game-phase]').waitFor();
      const room = `game/${running}`;
      const chatButton = page.getByRole('button', { name: /^CHAT/ });
      const overlay = page.getByRole('region', { name: 'Game Chat' });
      const dialog = page.getByRole('dialog', { name: 'Game Chat' });
      await chatButton.waitFor();
      // The docked overlay (loaded apart from the page) on a desktop only.
      if (label === 'desktop') await overlay.waitFor();
      else expect(await overlay.count()).toBe(0);

      // Cy watches (he does not play this game): his message is marked, and counted once unread.
      await cy.client.chat.send.mutate({ room, message: `watching from the stands ${label}` });
      await chatButton.getByLabel('1 unread').waitFor();
      if (label === 'desktop') await overlay.getByLabel('1 unread').waitFor();

      // Read in the dialog, it is read everywhere.
      await chatButton.click();
      const spectatorLine = dialog.locator('[data-chat-message]').filter({ hasText: `watching from the stands ${label}` });
      await spectatorLine.waitFor();
      // The dialog's words, its limit and what reading it does are one component's at every width
      // (and the server's): checked on the desktop. A phone types into it and sends.
      if (label === 'desktop') {
        expect(await spectatorLine.textContent()).toBe(`Cy (spectator): watching from the stands ${label}`);
        expect(await page.getByLabel(/unread/).count()).toBe(0);
      }
      const box = dialog.getByRole('textbox', { name: 'Message' });
      if (label === 'desktop') {
        // The box stops at the server's limit.
        expect(await box.getAttribute('maxlength')).toBe('500');
        await box.fill('x'.repeat(600));
        expect((await box.inputValue()).length).toBe(500);
      }
      await box.fill(`thanks for watching ${label}`);
      await box.press('Enter');
      const mine = dialog.locator('[data-chat-message]').filter({ hasText: `thanks for watching ${label}` });
      await mine.waitFor();
      // A player's message carries no marker; one's own name is known at once.
      if (label === 'desktop') expect(await mine.textContent()).toBe(`Ana: thanks for watching ${label}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotOfScreen(page, `words-chat-dialog-${label}`);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      if (label === 'phone') {
        await page.context().close();
        return;
      }

      await cy.client.chat.send.mutate({ room, message: `still here ${label}` });
      await chatButton.getByLabel('1 unread').waitFor();
      {
        // The overlay is the same room: its count is the button's, and reading it there reads it.
        await overlay.getByLabel('1 unread').waitFor();
        await overlay.getByRole('button', { name: /Game Chat/ }).click();
        await overlay.locator('[data-chat-message]').filter({ hasText: `still here ${label}` }).waitFor();
        // Each message once, in the order sent.
        expect(await overlay.locator('[data-chat-message]').allTextContents()).toEqual([
          `Cy (spectator): watching from the stands ${label}`,
          `Ana: thanks for watching ${label}`,
          `Cy (spectator): still here ${label}`,
        ]);
        expect(await page.getByLabel(/unread/).count()).toBe(0);
        expect(await overlay.getByRole('textbox', { name: 'Message' }).getAttribute('maxlength')).toBe('500');
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshotOfScreen(page, `words-chat-overlay-${label}`);
      }
      await page.context().close();
    });
  }

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(label === 'desktop' ? "another player's profile and the lobby list in their words (desktop)" : "another player's profile and the lobby list's short Return (phone)", async () => {
      // Cy looks at Ana's profile: her favor is called hers, and her drafted cards are those of the trade row.
      const page = await open(viewport, cy, `/user/${ana.userID}`);
      await page.getByRole('heading', { level: 1, name: 'Ana' }).waitFor();
      const drafted = games.reduce((n, g) => n + draftedCount(g, g.players.find((p) => p.userID === ana.userID)!.cardIDs), 0);
      const held = games.reduce((n, g) => n + g.players.find((p) => p.userID === ana.userID)!.cardIDs.length, 0);
      expect(drafted).toBeLessThan(held);
      const tile = page.getByRole('region', { name: 'Total stats' }).getByRole('listitem').filter({ hasText: 'Cards drafted' });
      await expect.poll(async () => (await tile.innerText()).replace(/\s+/g, ' ').trim()).toBe(`CARDS DRAFTED ${drafted} from the trade row`);
      const recent = page.getByRole('figure', { name: 'Recent games: favor and results' });
      // Opened as a person would, again if it did not open. One fresh-clone run saw the first
      // click land and the table stay shut for a minute: each chart above it grew 15 px once drawn,
      // moving "Show the numbers" under the click (mended; profile.test checks that nothing moves).
      const numbers = recent.getByRole('columnheader', { name: "Ana's favor" });
      await expect
        .poll(
          async () => {
            if (await numbers.isVisible()) return true;
            await recent.getByText('Show the numbers').click();
            return numbers.isVisible();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(true);
      if (label === 'desktop') expect(await page.getByText(/Your favor/).count()).toBe(0);
      await screenshotOfScreen(page, `words-profile-${label}`);

      // An open lobby Cy sits in is gone back to, not joined; it bears its host's name as it is now.
      // That the old name is gone and where the link goes are the server's and the router's:
      // checked on the desktop. A phone has the short label, Return, in its own span.
      const { id: lobbyID } = await cy.client.lobbies.create.mutate();
      const renamed = `Cyrus ${label.slice(0, 1)}`;
      try {
        await cy.client.session.rename.mutate({ name: renamed });
        await page.goto(`${site.url}/`);
        const row = page.locator(`tr[data-lobby-id="${lobbyID}"]`);
        await row.getByText(`${renamed}'s lobby`, { exact: true }).first().waitFor();
        const link = row.getByRole('link');
        if (label === 'desktop') {
          expect(await row.textContent()).not.toContain("Cy's lobby");
          expect(await link.getAttribute('href')).toBe(`/lobby/${lobbyID}`);
        }
        expect((await link.innerText()).replace(`${renamed}'s lobby`, '').trim()).toBe(label === 'desktop' ? 'Return to Lobby' : 'Return');
        await screenshotOfScreen(page, `words-lobby-list-${label}`);
      } finally {
        await cy.client.lobbies.leave.mutate({ lobbyID });
        await cy.client.session.rename.mutate({ name: 'Cy' });
      }
      await page.context().close();
    });
  }

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`a newcomer's first turn: tributes in sight, the game's words explained (${label})`, async () => {
      const newcomer = await guest(site, `Neo${label.slice(0, 1)}`);
      const gameID = await startGame(site, newcomer, { bots: ['easy_bot'] });
      const page = await open(viewport, newcomer, `/game/${gameID}`);
      await page.locator('[data-game-phase="PLANNING"]').waitFor();
      const hint = page.getByRole('region', { name: 'How a turn goes' });
      await hint.waitFor();
      const tributes = page.locator('[data-zone="tribute-row"] [data-card-slot]');
      await tributes.first().waitFor();
      if (label === 'desktop') {
        // Most of the score comes from tributes: with the first game's hint open, they are on the first screen.
        for (const bottom of await tributes.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom))) expect(bottom).toBeLessThanOrEqual(viewport.height);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      }

      // 'base' in the player's own summary explains itself, on a click, a tap or the keyboard.
      const mine = page.locator('.player-summary').filter({ hasText: '(you)' });
      const base = mine.getByRole('button', { name: 'base: what it means' }).first();
      if (label === 'phone') await base.tap();
      else await base.click();
      const baseInfo = page.getByRole('dialog', { name: 'Base gold and base military' });
      await baseInfo.getByText('Base gold comes off the gold cost of every card you gain', { exact: false }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotOfScreen(page, `words-glossary-base-${label}`);
      await closeByEscape(page, baseInfo);
      if (label === 'desktop') {
        await base.focus();
        await page.keyboard.press('Enter');
        await baseInfo.waitFor();
        await closeByEscape(page, baseInfo);
      }

      // Every word at once from the hint: prophecies (the end-of-game bonus) and the clash results too.
      // A phone's hint is folded to its title until Show.
      if (label === 'phone') await hint.getByRole('button', { name: 'Show' }).tap();
      const words = hint.getByRole('button', { name: 'What the words mean' });
      await words.scrollIntoViewIfNeeded();
      if (label === 'phone') await words.tap();
      else await words.click();
      const list = page.getByRole('dialog', { name: 'What the words mean' });
      // The dialog opens with a transition: read its headings once it holds them.
      await expect.poll(() => list.getByRole('heading').allTextContents()).toEqual(['Base gold and base military', 'Prophecy (end-of-game bonus)', 'Clash results: W+, W-, L+, L-', 'Tributes']);
      await list.getByText('W won the clash, L lost it.', { exact: false }).waitFor();
      // Nothing of it off the screen, once it has moved into place.
      await expect
        .poll(async () => {
          const box = (await list.boundingBox())!;
          return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
        })
        .toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotOfScreen(page, `words-glossary-list-${label}`);
      await closeByEscape(page, list);
      newcomer.close();
      await page.context().close();
    });
  }
});
