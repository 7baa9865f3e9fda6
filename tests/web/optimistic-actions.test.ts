/**
 * A click shows its result before the server answers (src/web/game/pending-action.ts), and a
 * refusal takes it back with the server's message. First the overlay against the engine itself:
 * for each action, what the overlay shows the viewer is what the server's next view shows them.
 * Then in Chromium: Ann plays in the browser, Bob answers through the API, and Ann's actions are
 * held on their way to the server (playwright's page.route) so the test can look at the screen
 * while the server has not seen them, then let them through, as sent or changed so the server
 * refuses them.
 */
import { describe, expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { openViewFor, type Action, type Game } from '../../src/engine/index.js';
import { pendingActionOf, withPendingAction } from '../../src/web/game/pending-action.js';
import type { GameScreenState } from '../../src/web/game/model.js';
import { CLIENT_MESSAGES } from '../../src/web/game/selection.js';
import { act, bidAll, bidOn, gain, reroll, startGame as startEngineGame, withCounters } from '../support/scenario.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, newContext, screenshot, siteAndBrowser } from './support/site.js';
import { panel, pickTradeRowCard, rawGame, serverShows, sitDown, submitButton } from './support/game.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const WAITING = 'Waiting for other players...';

/** What the game screen holds for `viewer` when the server's view of `game` arrives. */
function screenOf(game: Game, viewer: string): GameScreenState {
  return {
    game: openViewFor(game, viewer),
    events: [],
    cardsByID: game.cardsByID,
    tributeCardsByID: game.tributeCardsByID,
    me: viewer,
    usersByID: {},
    awayByUserID: {},
    seatsByUserID: {},
    clockOffsetMs: 0,
  };
}

/** The parts of a view one player's action changes for them. */
function ownPart(state: GameScreenState, viewer: string) {
  const g = state.game;
  const player = g.players.find((p) => p.userID === viewer)!;
  return {
    phase: g.phase,
    decision: g.decision,
    ready: g.readyByUserID[viewer],
    bid: g.bidsByPlayerID[viewer] ?? null,
    resolve: g.resolvesByPlayerID[viewer] ?? null,
    rollSelection: g.rollSelectionsByPlayerID[viewer],
    playerBid: player.bid,
    selectedCard: player.selectedCard,
  };
}

/** The overlay of `action` on the view before it, against the server's view after it. */
function expectOverlayAsServer(before: Game, viewer: string, action: Action): void {
  const shown = screenOf(before, viewer);
  const overlaid = withPendingAction(shown, pendingActionOf(shown, action));
  expect(overlaid).not.toBe(shown);
  const after = screenOf(act(before, viewer, action), viewer);
  expect(ownPart(overlaid, viewer)).toEqual(ownPart(after, viewer));
  // Once the server's view shows the action, the view alone is shown.
  expect(withPendingAction(after, pendingActionOf(shown, action))).toBe(after);
}

describe('the pending action laid over the view', () => {
  test('a bid, an Undo and a gain show what the server then shows', () => {
    const planning = startEngineGame({ players: 2, options: { unbid: true } });
    expectOverlayAsServer(planning, 'ann', bidOn(0, 1));
    expectOverlayAsServer(act(planning, 'ann', bidOn(0, 1)), 'ann', { type: 'UNBID' });
    // Different cards: no clash, both go to resolution; Ann gains the card she won.
    const resolution = bidAll(planning, { ann: [0], bob: [1] });
    expect(resolution.phase).toBe('RESOLUTION');
    expectOverlayAsServer(resolution, 'ann', gain(resolution.tableIDs[0]!));
  });

  test('a reroll choice (Reroll and Keep) shows what the server then shows', () => {
    // Three clash with a token each: two lose, so one loser's choice leaves the round open for the other's.
    let game = startEngineGame({ players: 3 });
    for (const id of ['ann', 'bob', 'cat']) game = withCounters(game, id, { rerollTokens: 1 });
    game = bidAll(game, { ann: [0, 1], bob: [0, 1], cat: [0, 1] });
    expect(game.phase).toBe('WAR');
    const clash = game.clashes[0]!;
    const loser = clash.playerIDs.find((id) => id !== clash.winningPlayerID)!;
    expect(openViewFor(game, loser).decision?.type).toBe('REROLL');
    expectOverlayAsServer(game, loser, reroll(game.rerollRound, 'decline'));
    expectOverlayAsServer(game, loser, reroll(game.rerollRound, 'reroll'));
  });

  test('nothing is laid over a view of another step, or for a spectator', () => {
    const planning = startEngineGame({ players: 2, options: { unbid: true } });
    const shown = screenOf(planning, 'ann');
    const pending = pendingActionOf(shown, bidOn(0));
    // Bob's bid with Ann's brings the war or the resolution: the pending bid no longer applies.
    const moved = screenOf(bidAll(planning, { ann: [0], bob: [1] }), 'ann');
    expect(withPendingAction(moved, pending)).toBe(moved);
    const spectator = { ...shown, me: null, game: openViewFor(planning, null) };
    expect(withPendingAction(spectator, pending)).toBe(spectator);
    expect(withPendingAction(shown, null)).toBe(shown);
  });
});

const ACT = '**/trpc/games.act**';

/** Holds the page's next action on its way to the server; `release` lets it through, changed by `change` if given. */
async function holdNextAction(page: Page): Promise<{ release(change?: (body: string) => string): Promise<void> }> {
  let held: (route: Route) => void;
  const arrived = new Promise<Route>((resolve) => (held = resolve));
  await page.route(ACT, (route) => held(route), { times: 1 });
  return {
    release: async (change) => {
      const route = await arrived;
      const body = route.request().postData()!;
      await route.continue(change ? { postData: change(body) } : undefined);
    },
  };
}

describe.skipIf(!HAS_CHROMIUM)('a click shows its result before the server answers', () => {
  const suite = siteAndBrowser();

  test('Submit shows the bid and "Waiting for other players...", Undo the choice again, while the server has not seen them', { timeout: 180_000 }, async () => {
    const t = await sitDown(suite.site, await newContext(suite.browser, DESKTOP), ['Oda', 'Oren'], { unbid: true });
    const { page } = t;
    await pickTradeRowCard(page, page.locator('[data-trade-row-index="0"] [role=button]'));
    const name = await panel(page).locator('b').first().textContent();
    const hold = await holdNextAction(page);
    await submitButton(page).click();
    await panel(page).getByText(WAITING).waitFor();
    await panel(page).getByText(/^Your bid: \d+ military on /).waitFor();
    expect(await panel(page).getByText(/^Your bid: /).locator('b').textContent()).toBe(name);
    expect(await page.locator('[data-game-phase]').getAttribute('data-decision')).toBe('WAIT_FOR_OTHERS');
    // The server has not seen the bid: what shows is the click's own result.
    expect((await rawGame(suite.site, t.gameID)).bidsByPlayerID[t.ann.userID]).toBeUndefined();
    await screenshot(page, 'optimistic-bid-pending');
    await hold.release();
    await serverShows(suite.site, t.gameID, (g) => g.bidsByPlayerID[t.ann.userID] !== undefined);
    const undo = panel(page).getByRole('button', { name: 'Undo' });
    await expect.poll(() => undo.isEnabled()).toBe(true);

    const holdUndo = await holdNextAction(page);
    await undo.click();
    await submitButton(page).waitFor();
    expect(await page.locator('[data-game-phase]').getAttribute('data-decision')).toBe('BID');
    expect(await panel(page).getByText(WAITING).count()).toBe(0);
    // The choice again, as it was: the same card chosen.
    expect(await panel(page).locator('b').first().textContent()).toBe(name);
    expect((await rawGame(suite.site, t.gameID)).bidsByPlayerID[t.ann.userID]).toBeDefined();
    await holdUndo.release();
    await serverShows(suite.site, t.gameID, (g) => g.bidsByPlayerID[t.ann.userID] === undefined);
    await expect.poll(() => submitButton(page).isEnabled()).toBe(true);
    expect(await page.locator('[data-game-phase]').getAttribute('data-decision')).toBe('BID');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  test("the server's answer coming after its view never shows the step before again", { timeout: 180_000 }, async () => {
    // The server's view of the bid comes first and renders (as a transition, in slices); the
    // answer to the click comes while it does. The overlay must give way to that view, not to
    // the step before it: that would show the choice just sent, with Submit enabled, for a moment.
    const context = await newContext(suite.browser, DESKTOP);
    await context.addInitScript(() => {
      const w = window as unknown as { __messages: number };
      w.__messages = 0;
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener('message', () => w.__messages++);
        }
      };
    });
    const t = await sitDown(suite.site, context, ['Rae', 'Rex'], { unbid: true });
    const { page } = t;
    await pickTradeRowCard(page, page.locator('[data-trade-row-index="0"] [role=button]'));
    // Every frame from the click on: one that shows the bid's step before it (BID, Submit enabled).
    await page.evaluate(() => {
      const w = window as unknown as { __stepBefore: number; __waitingSeen: boolean };
      w.__stepBefore = 0;
      w.__waitingSeen = false;
      const frame = () => {
        const panel = document.querySelector('[aria-label="Action panel"]');
        const submit = [...(panel?.querySelectorAll('button') ?? [])].find((b) => /^Submit/.test(b.textContent ?? ''));
        if (panel?.textContent?.includes('Waiting for other players...')) w.__waitingSeen = true;
        else if (w.__waitingSeen && document.querySelector('[data-game-phase]')?.getAttribute('data-decision') === 'BID' && submit && !submit.disabled) w.__stepBefore++;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const messages = () => page.evaluate(() => (window as unknown as { __messages: number }).__messages);
    const before = await messages();
    // The answer is held until the page has the server's view of the bid; the page's CPU is slowed,
    // so that view is still rendering when the answer comes.
    let answered!: () => void;
    const answer = new Promise<void>((resolve) => (answered = resolve));
    await page.route(ACT, async (route) => {
      const response = await route.fetch();
      await answer;
      await route.fulfill({ response });
    }, { times: 1 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
    await submitButton(page).click();
    await serverShows(suite.site, t.gameID, (g) => g.bidsByPlayerID[t.ann.userID] !== undefined);
    await expect.poll(messages, { timeout: 30_000 }).toBeGreaterThan(before);
    answered();
    await page.locator('[data-decision="WAIT_FOR_OTHERS"]').waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __waitingSeen: boolean }).__waitingSeen)).toBe(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __stepBefore: number }).__stepBefore)).toBe(0);
    expect(await panel(page).getByText(WAITING).count()).toBe(1);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  test('a refused Submit goes back to the choice, with the server\'s message where refusals show', { timeout: 180_000 }, async () => {
    const t = await sitDown(suite.site, await newContext(suite.browser, DESKTOP), ['Pia', 'Per'], { unbid: true });
    const { page } = t;
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await pickTradeRowCard(page, page.locator('[data-trade-row-index="0"] [role=button]'));
    const name = await panel(page).locator('b').first().textContent();
    const max = (await rawGame(suite.site, t.gameID)).players.find((p) => p.userID === t.ann.userID)!.counters.military;
    const hold = await holdNextAction(page);
    await submitButton(page).click();
    await panel(page).getByText(WAITING).waitFor();
    // The bid is changed on its way, as a stale or tampered page would send it: the server refuses it.
    await hold.release((body) => body.replace(/"military":\d+/, '"military":99'));
    const refusal = panel(page).getByTestId('refusal');
    await refusal.waitFor();
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect(await refusal.textContent()).toBe(`Not accepted${`Invalid military bid: 99. Max bid: ${max}`}`);
    // Back to the choice as it was, ready to try again.
    expect(await panel(page).getByText(WAITING).count()).toBe(0);
    expect(await page.locator('[data-game-phase]').getAttribute('data-decision')).toBe('BID');
    expect(await panel(page).locator('b').first().textContent()).toBe(name);
    await expect.poll(() => submitButton(page).isEnabled()).toBe(true);
    expect(logged.some((line) => line.startsWith('error sending action'))).toBe(true);
    expect((await rawGame(suite.site, t.gameID)).bidsByPlayerID[t.ann.userID]).toBeUndefined();
    await screenshot(page, 'optimistic-bid-refused');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  test('Submit in a second tab after the first tab sent the bid: "Already chosen" in words, and the game as it is now', { timeout: 180_000 }, async () => {
    // One player, the game open in two tabs. The second tab's live updates are held, as on a slow
    // connection, so its screen still asks for the bid the first tab has sent when its Submit is
    // pressed: the server answers with the rules' "bid already submitted".
    const context = await newContext(suite.browser, DESKTOP);
    const t = await sitDown(suite.site, context, ['Tia', 'Tod']);
    const second = await context.newPage();
    const errors: string[] = [];
    second.on('pageerror', (e) => errors.push(String(e)));
    let holding = false;
    const held: (() => void)[] = [];
    await second.routeWebSocket(/\/trpc/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => (holding ? held.push(() => socket.send(message)) : socket.send(message)));
    });
    await second.goto(`${suite.site.url}/game/${t.gameID}`, { waitUntil: 'domcontentloaded' });
    await second.locator('[data-decision="BID"]').waitFor();
    await pickTradeRowCard(second, second.locator('[data-trade-row-index="0"] [role=button]'));
    holding = true;

    await pickTradeRowCard(t.page, t.page.locator('[data-trade-row-index="0"] [role=button]'));
    await submitButton(t.page).click();
    await serverShows(suite.site, t.gameID, (g) => g.bidsByPlayerID[t.ann.userID] !== undefined);
    const bid = (await rawGame(suite.site, t.gameID)).bidsByPlayerID[t.ann.userID];
    expect(await second.locator('[data-game-phase]').getAttribute('data-decision')).toBe('BID');

    await submitButton(second).click();
    const refusal = panel(second).getByTestId('refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(`Already chosen${CLIENT_MESSAGES.chosen}`);
    // The game as the server has it, fetched though the tab's live updates are still held: the
    // first tab's bid, waiting for Tod. Nothing was lost or changed.
    await second.locator('[data-decision="WAIT_FOR_OTHERS"]').waitFor();
    await panel(second).getByText(/^Your bid: \d+ military on /).waitFor();
    expect((await rawGame(suite.site, t.gameID)).bidsByPlayerID[t.ann.userID]).toEqual(bid);
    await screenshot(second, 'second-tab-already-chosen');
    holding = false;
    for (const send of held.splice(0)) send();
    expect(errors).toEqual([]);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  test('a Submit whose answer is lost on a poor connection shows the bid played, not "Not sent"; one that never reached the server says so', { timeout: 180_000 }, async () => {
    // The server had the bid and only its answer was lost: the screen showed the bid as played
    // beside "Your move did not reach the server ... nothing was played. Send it again".
    const t = await sitDown(suite.site, await newContext(suite.browser, DESKTOP), ['Lia', 'Leo'], { unbid: true });
    const { page } = t;
    const refusal = panel(page).getByTestId('refusal');
    await pickTradeRowCard(page, page.locator('[data-trade-row-index="0"] [role=button]'));
    // First the request is lost on its way: nothing was played, and the page says so.
    await page.route(/\/trpc\/games\.act/, (route) => route.abort('connectionreset'), { times: 1 });
    await submitButton(page).click();
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Not sentYour move did not reach the server: the connection dropped, and nothing was played. Send it again once the connection is back.');
    expect(await page.locator('[data-game-phase]').getAttribute('data-decision')).toBe('BID');
    expect((await rawGame(suite.site, t.gameID)).bidsByPlayerID[t.ann.userID]).toBeUndefined();
    // Then the request reaches the server and its answer is lost on the way back.
    await page.route(/\/trpc\/games\.act/, async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    }, { times: 1 });
    await expect.poll(() => submitButton(page).isEnabled()).toBe(true);
    await submitButton(page).click();
    await serverShows(suite.site, t.gameID, (g) => g.bidsByPlayerID[t.ann.userID] !== undefined);
    // Undo is pressable again once the page has settled what became of the Submit.
    await expect.poll(() => panel(page).getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    await panel(page).getByText(/^Your bid: \d+ military on /).waitFor();
    expect(await refusal.count()).toBe(0);
    await screenshot(page, 'optimistic-bid-answer-lost');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  test('an Undo made stale by the other player is refused: the screen shows the server\'s step and its message; a card gained shows at once', { timeout: 180_000 }, async () => {
    const t = await sitDown(suite.site, await newContext(suite.browser, DESKTOP), ['Quin', 'Quade'], { unbid: true });
    const { page } = t;
    await pickTradeRowCard(page, page.locator('[data-trade-row-index="0"] [role=button]'));
    await submitButton(page).click();
    await serverShows(suite.site, t.gameID, (g) => g.bidsByPlayerID[t.ann.userID] !== undefined);
    const undo = panel(page).getByRole('button', { name: 'Undo' });
    await expect.poll(() => undo.isEnabled()).toBe(true);
    const hold = await holdNextAction(page);
    await undo.click();
    await submitButton(page).waitFor();
    // Bob bids on another card while Ann's Undo is on its way: planning ends, the Undo comes too late.
    await t.bob.client.games.act.mutate({ gameID: t.gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 1 } } });
    await serverShows(suite.site, t.gameID, (g) => g.phase !== 'PLANNING');
    await hold.release();
    const refusal = panel(page).getByTestId('refusal');
    await refusal.waitFor();
    // The screen shows the server's step: Ann won her card and gains it. The refusal says the game
    // had moved on once the panel shows that step (the refusal and the step may come in either order).
    await page.locator('[data-decision="RESOLVE"]').waitFor();
    expect(await refusal.textContent()).toBe(`Not acceptedcannot unbid after planning phase${CLIENT_MESSAGES.movedOn}`);
    await screenshot(page, 'optimistic-undo-refused');
    // The card she won is chosen when she can pay for it; else a basic card she can.
    if (!(await submitButton(page).isEnabled())) await page.locator('[data-zone="basic-pile"] .game-card:not([data-unaffordable]) [role=button]').last().click();

    // Gaining the card she won: 'Waiting for other players...' at once, before the server has it.
    const holdGain = await holdNextAction(page);
    await submitButton(page).click();
    await panel(page).getByText(WAITING).waitFor();
    expect((await rawGame(suite.site, t.gameID)).resolvesByPlayerID[t.ann.userID]).toBeUndefined();
    await holdGain.release();
    await serverShows(suite.site, t.gameID, (g) => g.resolvesByPlayerID[t.ann.userID] !== undefined);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
