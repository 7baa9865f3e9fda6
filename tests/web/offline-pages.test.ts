/**
 * The live pages on a connection that drops, in a real browser taken offline with its open
 * websockets closed (support/network.ts: Chromium offline alone leaves them open): the game screen
 * says 'Reconnecting...' and, where its turn timer is on, that the player's clock runs on
 * meanwhile, however early the drop; the lobby says the same 'Reconnecting...', with what waits
 * for the connection, its controls disabled (each pointing at that line for why), and comes back
 * by itself with what changed meanwhile, or, where the lobby closed meanwhile, says it has closed.
 * A game page whose subscription the server refuses when its websocket opens again (signed out in
 * another tab) says so in the server's words, with a way to sign in again, not 'Reconnecting...'
 * for good. A chat pressed open while the connection is down says its code did not load, and
 * loads it, styled, once the connection is back, without a reload of the page.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { CLOCK_RUNS_OFFLINE, LOBBY_OFFLINE, LOBBY_OFFLINE_ID, REFUSED_BADGE, SIGN_IN_AGAIN } from '../../src/web/lib/offline-words.js';
import { signInGuest } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, seriousAxeViolations, siteAndBrowser } from './support/site.js';
import { guestInContext, startGame } from './support/game.js';
import { droppableNetwork } from './support/network.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const notice = (page: Page) => page.getByTestId('reconnecting');
const refusal = (page: Page) => page.getByTestId('refused');

describe.skipIf(!HAS_CHROMIUM)('pages offline', () => {
  const suite = siteAndBrowser();

  for (const [turnTimer, says] of [['on', true], ['auto', false]] as const) {
    test(`the game screen offline: 'Reconnecting...'${says ? ', and that the turn clock runs on' : ' alone, without a turn timer'} (timer '${turnTimer}', against a bot)`, async () => {
      const context = await newContext(suite.browser, DESKTOP);
      await context.addInitScript(() => window.localStorage.setItem('mythosFirstGameHintSeen', 'true'));
      const ann = await guestInContext(suite.site, context, turnTimer === 'on' ? 'Tess' : 'Tara');
      const { id: lobbyID } = await ann.client.lobbies.create.mutate();
      await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      // 'Automatic' with one person: no turn timer.
      await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer });
      const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
      const network = await droppableNetwork(context);
      const page = await context.newPage();
      // Whether the game has a turn timer comes with its settings, asked for beside the game: on a
      // busy machine they could still be on their way when the page went offline.
      const settings = page.waitForResponse((response) => response.url().includes('games.settings'));
      await page.goto(`${suite.site.url}/game/${gameID}`);
      await page.getByRole('button', { name: 'Submit' }).waitFor();
      await settings;
      await network.drop();
      await notice(page).waitFor();
      // The badge's words, then the sentence beside it (textContent: the badge is drawn in capitals).
      expect(await notice(page).textContent()).toBe(says ? `Reconnecting...${CLOCK_RUNS_OFFLINE}` : 'Reconnecting...');
      if (says) await screenshot(page, 'game-offline-clock-runs');
      await network.restore();
      await notice(page).waitFor({ state: 'detached' });
      ann.close();
      await context.close();
    });
  }

  test("a phone's game screen that loses its connection at once, before a request of its own for the game's settings could answer, still says the turn clock runs on", async () => {
    const context = await newContext(suite.browser, PHONE);
    await context.addInitScript(() => window.localStorage.setItem('mythosFirstGameHintSeen', 'true'));
    const ann = await guestInContext(suite.site, context, 'Tamsin');
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'on' });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    const network = await droppableNetwork(context);
    // A request that asks for the settings alone is still on its way when the connection goes;
    // the game's own request (with whatever it carries beside it) is answered.
    await context.route(/\/trpc\/[^?]*games\.settings/, async (route) => {
      if (route.request().url().includes('games.state')) return route.continue();
      await network.dropped;
      await route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    await page.goto(`${suite.site.url}/game/${gameID}`);
    await page.getByRole('button', { name: /^Submit/ }).waitFor();
    await network.drop();
    await notice(page).waitFor();
    expect(await notice(page).textContent()).toBe(`Reconnecting...${CLOCK_RUNS_OFFLINE}`);
    // Inside the page's margins, as the trade row's heading is, not flush with the screen's edge.
    const edges = await notice(page).evaluate((box) => [...box.children].map((part) => Math.round(part.getBoundingClientRect().left)));
    const margin = await page.getByRole('heading', { name: 'Trade row' }).evaluate((heading) => Math.round(heading.getBoundingClientRect().left));
    expect(edges).toEqual([margin, margin]);
    await screenshot(page, 'game-offline-at-once-phone');
    // Back, the notice goes; dropped again, it says the same.
    await network.restore();
    await notice(page).waitFor({ state: 'detached' });
    await network.drop();
    await notice(page).waitFor();
    expect(await notice(page).textContent()).toBe(`Reconnecting...${CLOCK_RUNS_OFFLINE}`);
    await network.restore();
    ann.close();
    await context.close();
  });

  test("a game page signed out in another tab says so once its websocket is back, with a way to sign in again and come back, not 'Reconnecting...' for good", async () => {
    const context = await newContext(suite.browser, DESKTOP);
    await context.addInitScript(() => window.localStorage.setItem('mythosFirstGameHintSeen', 'true'));
    const ann = await guestInContext(suite.site, context, 'Sigrid');
    const gameID = await startGame(suite.site, ann, { bots: ['easy_bot'] });
    const page = await context.newPage();
    await page.goto(`${suite.site.url}/game/${gameID}`);
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    // Signed out with the browser's cookie, as another tab would: the server closes the session's
    // websockets, the page's opens again without a session, and the game's subscription, asked
    // for again on it, is refused.
    await context.request.get(`${suite.site.url}/auth/logout`);
    await refusal(page).waitFor();
    // The badge's words, then the server's, then the link (textContent: the badge is drawn in capitals).
    expect(await refusal(page).textContent()).toBe(`${REFUSED_BADGE}You must be logged in.${SIGN_IN_AGAIN}`);
    expect(await notice(page).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'game-signed-out');
    // To the sign-in page, which sends the player back to the game once signed in.
    await page.getByRole('link', { name: SIGN_IN_AGAIN }).click();
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/game/${gameID}`);
    ann.close();
    await context.close();
  });

  test("a phone's CHAT pressed while the connection is down says the chat did not load; once the connection is back the chat loads by itself, styled", async () => {
    const context = await newContext(suite.browser, PHONE);
    await context.addInitScript(() => window.localStorage.setItem('mythosFirstGameHintSeen', 'true'));
    const ann = await guestInContext(suite.site, context, 'Tunnel');
    const gameID = await startGame(suite.site, ann, { bots: ['easy_bot'] });
    const network = await droppableNetwork(context);
    const page = await context.newPage();
    await page.goto(`${suite.site.url}/game/${gameID}`);
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    // A dialog seen before (Leave game's, kept): the dialogs' code is here, the chat's is not.
    await page.getByRole('button', { name: 'Leave game' }).click();
    await page.getByRole('dialog', { name: 'Leave this game?' }).getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await network.drop();
    await page.getByRole('button', { name: /^CHAT/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Game Chat' });
    const failed = dialog.getByTestId('part-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toBe('The chat did not load: Mythos may have been updated since this tab was opened, or the connection dropped.');
    // Pressed while still offline: the same words again, one load more.
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await failed.waitFor();
    await screenshot(page, 'offline-chat-not-loaded-phone');

    // Back online: the chat loads by itself, its stylesheet with it (React's lazy kept the failure
    // until the page was reloaded; a stylesheet whose link had failed stayed unapplied).
    await network.restore();
    const log = dialog.getByRole('log');
    await log.waitFor();
    expect(await failed.count()).toBe(0);
    expect(await log.getByText('No messages yet.').evaluate((e) => getComputedStyle(e).fontStyle)).toBe('italic');
    await dialog.getByRole('textbox').fill('back from the tunnel');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await log.getByText('back from the tunnel').waitFor();
    await screenshot(page, 'offline-chat-back-phone');
    ann.close();
    await context.close();
  });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`a lobby offline says so, its changes wait with a reason, and it comes back by itself with what changed meanwhile (${label})`, async () => {
      const context = await newContext(suite.browser, viewport);
      const ann = await guestInContext(suite.site, context, `Host${label.slice(0, 2)}`);
      const bob = await signInGuest(suite.site, `Bob${label.slice(0, 2)}`);
      const cid = await signInGuest(suite.site, `Cid${label.slice(0, 2)}`);
      const { id: lobbyID } = await ann.client.lobbies.create.mutate();
      await bob.client.lobbies.join.mutate({ lobbyID });
      const network = await droppableNetwork(context);
      const page = await context.newPage();
      await page.goto(`${suite.site.url}/lobby/${lobbyID}`);
      const start = page.getByRole('button', { name: 'Start Game' });
      await expect.poll(() => start.isEnabled()).toBe(true);
      expect(await notice(page).count()).toBe(0);

      await network.drop();
      await notice(page).waitFor();
      expect(await notice(page).textContent()).toBe(`Reconnecting...${LOBBY_OFFLINE}`);
      // Everything that changes the lobby waits, and says why; what needs no server goes on.
      const waiting = [
        start,
        page.getByRole('button', { name: 'Leave' }),
        page.getByRole('button', { name: 'Add Bot' }),
        page.getByRole('button', { name: `Kick ${bob.name}` }),
      ];
      for (const control of waiting) {
        expect(await control.isDisabled()).toBe(true);
        expect((await control.getAttribute('aria-describedby'))?.split(' ')).toContain(LOBBY_OFFLINE_ID);
      }
      expect(await page.getByRole('checkbox').evaluateAll((boxes) => boxes.length > 0 && boxes.every((box) => (box as HTMLInputElement).disabled))).toBe(true);
      expect(await page.getByRole('combobox', { name: 'When a player takes too long' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Use my value' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Copy invite link' }).isEnabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `lobby-offline-${label}`);

      // Someone joins and someone speaks while the page is away; back online, the page catches up
      // by itself: the player and the message (counted unread in the chat, as one that came live).
      await cid.client.lobbies.join.mutate({ lobbyID });
      await bob.client.chat.send.mutate({ room: `lobby/${lobbyID}`, message: 'Said while you were away' });
      await network.restore();
      await notice(page).waitFor({ state: 'detached' });
      await page.getByRole('list', { name: 'Players' }).getByText(cid.name, { exact: true }).waitFor();
      await page.getByLabel('1 unread').first().waitFor();
      await expect.poll(() => start.isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Add Bot' }).click();
      await expect.poll(async () => (await ann.client.lobbies.get.query({ lobbyID })).players.length).toBe(4);
      for (const guest of [ann, bob, cid]) guest.close();
      await context.close();
    });
  }

  test('a lobby that closes while its page is offline says so once the connection is back, with a way back to the list', async () => {
    const context = await newContext(suite.browser, DESKTOP);
    const visitor = await guestInContext(suite.site, context, 'Vera');
    const host = await signInGuest(suite.site, 'Hugo');
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    const network = await droppableNetwork(context);
    const page = await context.newPage();
    await page.goto(`${suite.site.url}/lobby/${lobbyID}`);
    await page.getByRole('button', { name: 'Join' }).waitFor();

    await network.drop();
    await notice(page).waitFor();
    // Its only person leaves while the page is away: the lobby closes.
    await host.client.lobbies.leave.mutate({ lobbyID });
    await network.restore();
    // Back online, the page says what it says when a lobby closes while it is open.
    await page.getByRole('heading', { level: 1, name: 'This lobby has closed' }).waitFor();
    expect(await page.getByText('Everyone left it, or it went a long while with nobody on its page.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Join' }).count()).toBe(0);
    expect(await notice(page).count()).toBe(0);
    await screenshot(page, 'lobby-closed-offline-desktop');
    await page.getByRole('link', { name: 'Find another lobby' }).click();
    await page.waitForURL('**/lobby-list');
    for (const guest of [visitor, host]) guest.close();
    await context.close();
  });
});
