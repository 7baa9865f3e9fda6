/**
 * Absent players and guests, in the browser: the host chooses the lobby's turn timer; a player
 * who lets a decision run out is shown to the others as away while a bot plays for them; a
 * spectator of a game no one will move (its people gone, the timer off) reads that it is paused; a guest
 * who logs out is warned first that the account cannot be recovered. Its guests all sign in from
 * this machine, as one person's second accounts would: their lobby says its game is not rated.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Server } from '../server/support.js';
import { decisionNow, definitionsOf, simpleAction } from '../server/play.js';
import { guestInContext, startGame } from './support/game.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, launchBrowser, newContext, screenshot, seriousAxeViolations, startSite, releaseBrowser } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('absent players and guests', () => {
  let site: Server;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite({ turnTimerSeconds: 2, botDelayMs: 50, rateSharedAddresses: false }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.allSettled(contexts.map((c) => c.close()));
    await releaseBrowser(browser);
    await site?.close();
  });

  async function context() {
    const made = await newContext(browser, DESKTOP);
    contexts.push(made);
    return made;
  }

  test('the host sets the turn timer and its pace; the other player sees the choice', async () => {
    const [hostContext, guestContext] = [await context(), await context()];
    const host = await guestInContext(site, hostContext, 'Timekeeper');
    const other = await guestInContext(site, guestContext, 'Visitor');
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    await other.client.lobbies.join.mutate({ lobbyID });
    const [hostPage, guestPage] = [await hostContext.newPage(), await guestContext.newPage()];
    await Promise.all([hostPage.goto(`${site.url}/lobby/${lobbyID}`), guestPage.goto(`${site.url}/lobby/${lobbyID}`)]);

    const select = hostPage.getByLabel('When a player takes too long');
    await expect.poll(() => select.inputValue()).toBe('auto');
    await guestPage.getByText('Automatic: on with 2+ people').waitFor();
    // How long "too long" is: the server's timer (this site's is 2 s), told to both.
    expect(await guestPage.getByTestId('timer-length').textContent()).toBe('Normal pace. Time for each decision: 2 s.');
    expect(await hostPage.getByTestId('timer-length').textContent()).toBe('Time for each decision: 2 s.');
    // A fast game: a third of the server's timer, in whole seconds.
    const pace = hostPage.getByLabel('Pace');
    expect(await pace.inputValue()).toBe('normal');
    expect(await guestPage.getByLabel('Pace').count()).toBe(0);
    await pace.selectOption('Fast');
    await expect.poll(() => guestPage.getByTestId('timer-length').textContent()).toBe('Fast pace. Time for each decision: 1 s.');
    await expect.poll(() => hostPage.getByTestId('timer-length').textContent()).toBe('Time for each decision: 1 s.');
    expect((await host.client.lobbies.get.query({ lobbyID })).turnPace).toBe('fast');
    await screenshot(hostPage, 'lobby-turn-pace-desktop');
    await select.selectOption('off');
    await guestPage.getByText('Off: wait for every player').waitFor();
    // Both are told such a game is not rated.
    const unrated = 'Not rated with two or more people: with the timer off, one player could keep the others waiting for ever.';
    expect(await guestPage.getByTestId('unrated-timer').textContent()).toBe(unrated);
    expect(await hostPage.getByTestId('unrated-timer').textContent()).toBe(unrated);
    expect((await host.client.lobbies.get.query({ lobbyID })).turnTimer).toBe('off');
    // And, both signed in from one address, that it would not be rated whatever the timer.
    const together = 'Not rated: two of the people here share a network address.';
    expect(await guestPage.getByTestId('unrated-address').textContent()).toBe(together);
    expect(await hostPage.getByTestId('unrated-address').textContent()).toBe(together);
    expect(await guestPage.getByLabel('When a player takes too long').count()).toBe(0);
    expect(await guestPage.getByTestId('timer-length').count()).toBe(0);
    // With the timer off there is no pace to choose.
    expect(await hostPage.getByLabel('Pace').count()).toBe(0);
    expect(await seriousAxeViolations(hostPage)).toEqual([]);
    await screenshot(hostPage, 'lobby-turn-timer-desktop');
  });

  test('a player who runs out of time is shown as away while a bot plays for them', async () => {
    const annContext = await context();
    const ann = await guestInContext(site, annContext, 'Present');
    const bob = await guestInContext(site, await context(), 'Absent');
    const gameID = await startGame(site, ann, { guests: [bob] });
    // Ann bids at once (through the API: a page load on a busy machine could take longer than the
    // short timer this test runs with); Bob never opens the game.
    const definitions = await definitionsOf(ann.client);
    const { decision } = await decisionNow(ann.client, gameID, definitions, ann.userID);
    await ann.client.games.act.mutate({ gameID, action: simpleAction(decision)! });
    const page = await annContext.newPage();
    await page.goto(`${site.url}/game/${gameID}`);
    const badge = page.locator(`[data-player-id="${bob.userID}"] [data-away="true"]`);
    await badge.waitFor({ timeout: 30_000 });
    expect(await badge.textContent()).toBe('Away');
    // The players' names may arrive just after the badge (they are loaded on their own).
    await expect.poll(() => badge.getAttribute('title'), { timeout: 10_000 }).toBe('Absent is away (turn timer): a bot plays for them until they are back.');
    await screenshot(page, 'game-away-seat-desktop');
  });

  test("a spectator of a game whose people all closed it, the turn timer off, reads that it is paused until one comes back", async () => {
    const ann = await guestInContext(site, await context(), 'Sleeper');
    const bobContext = await context();
    const bob = await guestInContext(site, bobContext, 'Dozer');
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await bob.client.lobbies.join.mutate({ lobbyID });
    await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'off' });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    const watcherContext = await context();
    await guestInContext(site, watcherContext, 'Onlooker');
    const page = await watcherContext.newPage();
    await page.goto(`${site.url}/game/${gameID}`);
    const paused = page.locator('[data-paused="true"]');
    await paused.waitFor({ timeout: 30_000 });
    expect(await paused.textContent()).toBe('Paused: no player has the game open. Bots finish it if no one comes back.');
    await screenshot(page, 'game-paused-spectator-desktop');
    // Bob opens the game: the word goes.
    const bobPage = await bobContext.newPage();
    await bobPage.goto(`${site.url}/game/${gameID}`);
    await paused.waitFor({ state: 'detached', timeout: 30_000 });
  });

  test('a guest logging out is warned that the account cannot be recovered, and may stay', async () => {
    const guestContext = await context();
    await guestInContext(site, guestContext, 'Wanderer');
    const page = await guestContext.newPage();
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('link', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out of a guest account?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('A guest account cannot be recovered: once you log out, nobody can sign in as Wanderer again');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'guest-logout-warning-desktop');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${site.url}/`);
    // Still signed in.
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    // This site's operator set no COMMUNITY_URL: the header shows no community link rather than a made-up one.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).count()).toBe(0);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Log out' }).click();
    // Logged out: the session cookie is blanked, and the menu offers to log in.
    await page.getByRole('link', { name: 'Log in' }).or(page.getByRole('button', { name: /guest/i })).first().waitFor();
    expect((await guestContext.cookies()).find((c) => c.name === 'mythos_session')?.value ?? '').toBe('');
  });
});
