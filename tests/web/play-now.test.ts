/**
 * Play now and Rematch in two browsers, with a short window: two people who press Play now within
 * it are both taken to the same game; one alone is taken to a game with bots in the other seats
 * when it ends; a wait can be cancelled; the lobby list shows how many wait, and on a phone the
 * Play now controls and the list's columns stay on screen without overlapping. Rematch: the first
 * of a finished game's people opens a lobby with the same bots, and another sees the offer in
 * their end-of-game view and joins it in one click; a third declines it, which the host's lobby
 * page says. Screenshots at 1280x800 and 375x812. What the pages write from the server's answers
 * is component tests' (tests/web/components): the wait's words, counts and the size standing in
 * play-now-press.test.tsx, a decline's words and the host's Rematch back at the game in
 * rematch-gone.test.tsx.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { siteForPeople } from './support/people.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, screenshot, seriousAxeViolations, type Viewport } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

/**
 * Long enough for a second browser to press within it on a busy machine (between the two presses
 * the first page's waiting state is checked and both pages are photographed: 8 s ran out once in
 * a full run at load 15 on a 2-core machine), short enough to wait out.
 */
const WINDOW_SECONDS = 20;
const TEST_MS = 240_000;

describe.skipIf(!HAS_CHROMIUM)('Play now and Rematch', () => {
  const people = siteForPeople({ playNowWindowSeconds: WINDOW_SECONDS, botDelayMs: 0, turnTimerSeconds: 600 });

  async function person(name: string, viewport: Viewport = DESKTOP) {
    const { guest, context } = await people.person(name, viewport);
    const page = await context.newPage();
    return { guest, page };
  }

  async function lobbyList(page: Page): Promise<void> {
    await page.goto(people.site.url);
    await page.getByRole('heading', { name: 'Lobbies' }).waitFor();
    await page.locator('[data-play-now="idle"]').waitFor();
  }

  const playNow = (page: Page) => page.getByRole('region', { name: 'Play now' });
  const waitingFor = (page: Page, size: number) => playNow(page).locator(`[data-waiting-size="${size}"]`);
  const chooseSize = (page: Page, size: number) => playNow(page).getByText(`${size} players`, { exact: true }).click();

  /** Nothing on the phone's lobby list is wider than the screen or overlaps its neighbour. */
  async function fitsOnPhone(page: Page): Promise<void> {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const section = (await playNow(page).boundingBox())!;
    expect(section.x).toBeGreaterThanOrEqual(0);
    expect(section.x + section.width).toBeLessThanOrEqual(PHONE.width);
    const button = (await playNow(page).getByRole('button').first().boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);
    const scroll = page.locator('[data-scroll="lobbies"]');
    if ((await scroll.count()) > 0) expect(await scroll.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
    // The header cells of the list sit side by side, none over the next.
    const headers = await page.getByRole('columnheader').evaluateAll((cells) =>
      cells.filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => c.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })),
    );
    for (let i = 1; i < headers.length; i++) expect(headers[i]!.left).toBeGreaterThanOrEqual(headers[i - 1]!.right - 1);
  }

  test('two people who press Play now within the window are both taken to the same game', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob', PHONE);
    await Promise.all([lobbyList(ann.page), lobbyList(bob.page)]);

    await playNow(ann.page).getByRole('button', { name: 'Play now' }).click();
    await ann.page.locator('[data-play-now="waiting"]').waitFor();
    await expect.poll(() => ann.page.getByRole('status').filter({ hasText: 'Waiting for players for a game of 2' }).textContent()).toMatch(/\d+ s left, then bots take the empty seats\./);
    await ann.page.getByRole('button', { name: 'Cancel' }).waitFor();
    // Bob's list shows Ann waiting for a table of 2.
    await expect.poll(() => waitingFor(bob.page, 2).textContent()).toBe('1 waiting');
    await screenshot(ann.page, 'play-now-waiting-desktop');
    await screenshot(bob.page, 'play-now-lobby-list-phone');
    await fitsOnPhone(bob.page);
    expect(await seriousAxeViolations(bob.page)).toEqual([]);

    await playNow(bob.page).getByRole('button', { name: 'Play now' }).click();
    await Promise.all([ann.page.waitForURL(/\/game\/g_/), bob.page.waitForURL(/\/game\/g_/)]);
    expect(new URL(ann.page.url()).pathname).toBe(new URL(bob.page.url()).pathname);
    const gameID = new URL(ann.page.url()).pathname.split('/')[2]!;
    const state = await ann.guest.client.games.state.query({ gameID });
    expect(state.game.players.map((p) => p.userID)).toEqual([ann.guest.userID, bob.guest.userID]);
    await ann.page.locator('[data-game-phase]').waitFor();
    // The wait is over for both: the list is back to Play now.
    expect((await ann.guest.client.lobbies.playNow.status.query()).mine).toBeNull();
  }, TEST_MS);

  test('one person alone is taken to a game with bots when the window ends; a wait can be cancelled', async () => {
    const cy = await person('Cy', PHONE);
    await lobbyList(cy.page);

    // Cy waits for a table of 4 (counted by the server, and told she is alone), then cancels: the
    // count goes back to nobody.
    const waitingAt4 = async () => (await cy.guest.client.lobbies.playNow.status.query()).waiting.find((c) => c.size === 4)?.waiting ?? 0;
    await chooseSize(cy.page, 4);
    await playNow(cy.page).getByRole('button', { name: 'Play now' }).click();
    await expect.poll(waitingAt4).toBe(1);
    await expect.poll(() => waitingFor(cy.page, 4).textContent()).toBe('only you');
    await cy.page.getByRole('button', { name: 'Cancel' }).click();
    await cy.page.locator('[data-play-now="idle"]').waitFor();
    await expect.poll(() => waitingFor(cy.page, 4).textContent()).toBe('0 waiting');
    expect(await waitingAt4()).toBe(0);

    // Then alone, for a table of 3, chosen with the keyboard: the sizes are one radio group. (The
    // size standing while the wait is on: tests/web/components/play-now-press.test.tsx.)
    const size = (n: number) => playNow(cy.page).getByRole('radio', { name: new RegExp(`^${n} players`) });
    await chooseSize(cy.page, 2);
    await size(2).focus();
    await cy.page.keyboard.press('ArrowRight');
    expect(await Promise.all([2, 3, 4].map((n) => size(n).isChecked()))).toEqual([false, true, false]);
    const pressed = Date.now();
    await playNow(cy.page).getByRole('button', { name: 'Play now' }).click();
    await cy.page.locator('[data-play-now="waiting"]').waitFor();
    await screenshot(cy.page, 'play-now-waiting-phone');
    await fitsOnPhone(cy.page);
    await cy.page.waitForURL(/\/game\/g_/, { timeout: WINDOW_SECONDS * 1_000 + 30_000 });
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(WINDOW_SECONDS * 1_000 - 1_000);
    const gameID = new URL(cy.page.url()).pathname.split('/')[2]!;
    const state = await cy.guest.client.games.state.query({ gameID });
    expect(state.game.players).toHaveLength(3);
    expect(state.game.players[0]!.userID).toBe(cy.guest.userID);
    const lobbies = await cy.guest.client.lobbies.list.query();
    const lobby = lobbies.find((l) => l.game?.id === gameID)!;
    expect(lobby.playerIDToBotType.map(([, type]) => type)).toEqual(['basic_bot', 'basic_bot']);
    await cy.page.locator('[data-game-phase]').waitFor();
    // The cancelled wait came to nothing: its window ended first, and Cy's one game is this one.
    expect(lobbies.filter((l) => l.game !== null && l.players.some((p) => p.id === cy.guest.userID)).map((l) => l.game!.id)).toEqual([gameID]);
  }, TEST_MS);

  test('Rematch: the first to press opens a lobby with the same bots; another sees the offer and joins in one click, a third declines', async () => {
    const eve = await person('Eve');
    const fin = await person('Fin', PHONE);
    // Gus answers through the server alone: his own view of his decline is a component test's
    // (tests/web/components/rematch-gone.test.tsx).
    const { guest: gus } = await people.person('Gus');
    const { id: lobbyID } = await eve.guest.client.lobbies.create.mutate();
    await fin.guest.client.lobbies.join.mutate({ lobbyID });
    await gus.client.lobbies.join.mutate({ lobbyID });
    await eve.guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await eve.guest.client.lobbies.start.mutate({ lobbyID });
    // All leave: the bots play the game to its end at once.
    for (const who of [eve.guest, fin.guest, gus]) await who.client.games.leave.mutate({ gameID });
    await expect.poll(async () => (await eve.guest.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 60_000 }).not.toBeNull();

    for (const who of [eve, fin]) {
      await who.page.goto(`${people.site.url}/game/${gameID}`);
      await who.page.getByTestId('end-of-game').waitFor({ timeout: 120_000 });
    }
    const rematch = (page: Page) => page.getByTestId('end-of-game').getByRole('button', { name: 'Rematch' });
    await rematch(eve.page).waitFor();
    await rematch(fin.page).waitFor();
    await screenshot(fin.page, 'rematch-before-phone');

    await rematch(eve.page).click();
    await eve.page.waitForURL(/\/lobby\/l_/);
    const rematchLobby = new URL(eve.page.url()).pathname.split('/')[2]!;
    expect(rematchLobby).not.toBe(lobbyID);

    // Fin's end-of-game view offers Eve's lobby.
    const offer = fin.page.getByTestId('end-of-game').getByText('Eve offers a rematch: same settings, same bots.');
    await offer.waitFor({ timeout: 10_000 });
    // Within the phone's first screen, above the standings and charts (it sat 2,100 px down, unseen).
    const topOnPage = (el: Element) => el.getBoundingClientRect().top + window.scrollY;
    const offerTop = await offer.evaluate(topOnPage);
    expect(offerTop).toBeLessThan(await fin.page.getByTestId('end-of-game').locator('table').evaluate(topOnPage));
    expect(offerTop).toBeLessThan(PHONE.height);
    await fin.page.locator('[data-rematch="offered"]').scrollIntoViewIfNeeded();
    // What is offered is read first, and drawn first: the words, then (below them on a phone) the
    // buttons that answer them.
    const order = await fin.page.locator('[data-rematch="offered"]').evaluate((box) =>
      [...box.querySelectorAll('[role="status"], button')].map((e) => ({ what: e.tagName === 'BUTTON' ? e.textContent : 'offer', top: e.getBoundingClientRect().top, bottom: e.getBoundingClientRect().bottom })),
    );
    expect(order.map((e) => e.what)).toEqual(['offer', 'Rematch', 'Decline']);
    for (const button of order.slice(1)) expect(button.top).toBeGreaterThanOrEqual(order[0]!.bottom);
    await screenshot(fin.page, 'rematch-offer-phone');
    expect(await seriousAxeViolations(fin.page)).toEqual([]);
    await rematch(fin.page).click();
    await fin.page.waitForURL(`${people.site.url}/lobby/${rematchLobby}`);
    await fin.page.getByRole('button', { name: 'Leave' }).waitFor();

    // Gus declines: Eve, waiting in the lobby, is told.
    await gus.client.lobbies.rematch.decline.mutate({ gameID });
    await eve.page.getByRole('status').filter({ hasText: /^Gus declined the rematch\.$/ }).waitFor({ timeout: 10_000 });

    const lobby = await eve.guest.client.lobbies.get.query({ lobbyID: rematchLobby });
    expect(lobby.players.filter((p) => !lobby.playerIDToBotType.some(([id]) => id === p.id)).map((p) => p.id)).toEqual([eve.guest.userID, fin.guest.userID]);
    expect(lobby.playerIDToBotType.map(([, type]) => type)).toEqual(['easy_bot']);
    await eve.page.getByText('Fin', { exact: true }).first().waitFor();
    await screenshot(eve.page, 'rematch-lobby-desktop');
  }, TEST_MS);

  test('the end-of-game Rematch on a desktop, alone with a bot: the new game starts at once', async () => {
    const gil = await person('Gil');
    const { id: lobbyID } = await gil.guest.client.lobbies.create.mutate();
    await gil.guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await gil.guest.client.lobbies.start.mutate({ lobbyID });
    await gil.guest.client.games.leave.mutate({ gameID });
    await expect.poll(async () => (await gil.guest.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 60_000 }).not.toBeNull();
    await gil.page.goto(`${people.site.url}/game/${gameID}`);
    await gil.page.getByTestId('end-of-game').getByRole('button', { name: 'Rematch' }).waitFor({ timeout: 120_000 });
    await screenshot(gil.page, 'rematch-desktop');
    // Nobody to wait for: not a lobby to press Start Game in (and left open if not), the game.
    await gil.page.getByTestId('end-of-game').getByRole('button', { name: 'Rematch' }).click();
    await gil.page.waitForURL((url) => url.pathname.startsWith('/game/g_') && !url.pathname.startsWith(`/game/${gameID}`));
    await gil.page.locator('[data-game-phase]').waitFor();
    await gil.page.getByText('Easy Bot 1').first().waitFor();
    // Gil's value for the dice was given before that start: it is in the new game's seed.
    const { game: next } = await gil.guest.client.games.state.query({ gameID: new URL(gil.page.url()).pathname.split('/')[2]! });
    expect(next.seedContributions?.map((c) => c.value)).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), '']);
    expect((await gil.guest.client.lobbies.list.query()).filter((l) => l.status === 'open' && l.host.id === gil.guest.userID)).toEqual([]);
  }, TEST_MS);
});
