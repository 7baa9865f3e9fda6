/**
 * Two guests play each other on the game screen while a third spectates: the action panel's rules
 * and messages, Undo, a clash with a tie re-roll (pre-rolled dice read from the server's game), a
 * websocket cut mid-game, and nothing hidden in anything any of the three browsers received.
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Game } from '../../src/engine/index.js';
import type { Server } from '../server/support.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, seriousAxeViolations, siteAndBrowser } from './support/site.js';
import { closeSockets, guestInContext, panel, pickTradeRowCard, rawGame, recordTraffic, startGame, submitButton, trackSockets } from './support/game.js';
import { findLeaks, secretsOf } from './support/hidden.js';
import { readWatch, watchScreen } from './support/screen-watch.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

const seqOf = async (page: Page) => Number(await page.locator('[data-game-phase]').getAttribute('data-sequence-id'));
const decisionOf = async (page: Page) => (await page.locator('[data-game-phase]').getAttribute('data-decision')) ?? '';

async function caughtUp(page: Page, site: Server, gameID: string): Promise<Game> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const raw = await rawGame(site, gameID);
    if ((await seqOf(page)) === raw.sequenceID) return raw;
    if (Date.now() > deadline) throw new Error(`screen at ${await seqOf(page)}, game at ${raw.sequenceID}`);
    await page.waitForTimeout(100);
  }
}

function baseOf(raw: Game, userID: string, resource: 'gold' | 'military'): number {
  const player = raw.players.find((p) => p.userID === userID)!;
  let total = 0;
  for (const id of player.cardIDs) for (const o of raw.cardsByID[id]!.effects.baseEffect) if (o.outputResource === resource && !o.upgradeCondition && !o.multiplier) total += o.outputRatio;
  return total;
}

/** Picks the trade row card at `index` and moves the slider to `military` with the keyboard. */
async function chooseBid(page: Page, index: number, military: number): Promise<void> {
  await pickTradeRowCard(page, page.locator(`[data-trade-row-index="${index}"] [role=button]`));
  const slider = panel(page).getByRole('slider');
  if ((await slider.count()) > 0) {
    await slider.focus();
    await page.keyboard.press('Home');
    const min = Number(await slider.getAttribute('min'));
    const target = Math.max(min, military);
    for (let m = min; m < target; m++) await page.keyboard.press('ArrowRight');
    expect(Number(await slider.inputValue())).toBe(target);
    // No value bubble over the 'Military bid' label: the number box beside the slider shows the bid,
    // and the only text by the slider is its marks, every whole bid from the least to the most.
    const max = Number(await slider.getAttribute('max'));
    const beside = (await slider.locator('xpath=..').innerText()).split(/\s+/).filter(Boolean);
    expect(beside).toEqual(Array.from({ length: max - min + 1 }, (_, i) => String(min + i)));
    expect(await panel(page).getByRole('textbox', { name: 'Military bid' }).inputValue()).toBe(String(target));
  }
}

/**
 * Clicks a basic card until the screen shows it chosen. A click that lands while the screen is
 * re-rendering for another player's step can miss (the button it hit is replaced), as a person's
 * would; a person clicks again, and so does this.
 */
async function pickBasic(page: Page, card: Locator): Promise<void> {
  const chosen = page.locator('[data-zone="basic-pile"] .game-card[data-selected="true"]');
  await expect
    .poll(
      async () => {
        if ((await chosen.count()) > 0) return true;
        await card.click({ timeout: 5_000 }).catch(() => undefined);
        return (await chosen.count()) > 0;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}

/**
 * A basic card the player cannot pay for, clicked in the resolution: not chosen, and the panel
 * says why (if the pile holds one; the free ones it always holds are what `answer` gains).
 */
async function refusedBasic(page: Page): Promise<void> {
  const dear = page.locator('[data-zone="basic-pile"] .game-card[data-unaffordable="true"]').first();
  if ((await dear.count()) === 0) return;
  await dear.locator('[role=button]').click();
  const notice = panel(page).getByRole('alert');
  await expect.poll(async () => ((await notice.count()) > 0 ? notice.textContent() : null)).toMatch(/^.+: Not enough gold\. Choose a basic card without a lock\.$/);
  expect(await dear.getAttribute('data-selected')).toBeNull();
}

/** Answers whatever the war or resolution asks of this page: Keep, then a free basic card. */
async function answer(page: Page): Promise<boolean> {
  const decision = await decisionOf(page);
  if ((await submitButton(page).count()) === 0) return false;
  if (decision === 'REROLL') {
    await expect.poll(() => submitButton(page).textContent()).toBe('Submit');
    await panel(page).getByRole('button', { name: 'Keep', exact: true }).click();
    expect(await submitButton(page).textContent()).toBe('Submit Keep');
    return pressSubmit(page, decision);
  }
  if (decision === 'RESOLVE') {
    const selected = page.locator('[data-zone="trade-row"] .game-card[data-selected="true"]');
    const free = page.locator('[data-zone="basic-pile"] .game-card:not([data-unaffordable]) [role=button]').first();
    if ((await selected.count()) === 0) {
      // No won card restored: the panel asks for a card. (Or the game moves on first: this page's
      // step was already answered, and the screen catches up.)
      const reason = () => panel(page).getByTestId('submit-reason').textContent();
      await expect.poll(async () => (await decisionOf(page)) !== 'RESOLVE' || (await reason()) === 'You must select a card to gain').toBe(true);
      if ((await decisionOf(page)) !== 'RESOLVE') return false;
      expect(await reason()).toBe('You must select a card to gain');
      await pickBasic(page, free);
    } else {
      // Read once: between two reads a step can arrive and take the card away (a second read of it
      // then waited its whole minute, on a loaded machine).
      const unaffordable = await selected.first().getAttribute('data-unaffordable', { timeout: 2_000 }).catch(() => 'gone');
      // The game moved on under the read (this page's step was answered): look again next time.
      if (unaffordable === 'gone') return false;
      if (unaffordable === 'true') {
        // The won card restored, but out of reach: Submit is disabled with the engine's reason, and
        // the panel says what to do instead.
        expect(await submitButton(page).isDisabled()).toBe(true);
        expect(await panel(page).getByTestId('submit-reason').textContent()).toBe('Not enough gold');
        expect(await panel(page).textContent()).toMatch(/You won .+ but cannot pay for it \(Not enough gold\): choose a basic card from the basic piles (below the trade row|on the Table tab) instead\./);
        await refusedBasic(page);
        await pickBasic(page, free);
      }
    }
    return pressSubmit(page, decision);
  }
  return false;
}

/**
 * Presses Submit and waits until the page shows it sent, unless the screen moves on first: between
 * reading the screen and the click a step can arrive and take the button away (once, on a loaded
 * machine, the click then waited its whole minute for a button that was gone, beside the page's
 * "Waiting for other players..."). Then the next look answers what the screen shows; a Submit
 * still there for the same decision that cannot be pressed fails the test.
 */
async function pressSubmit(page: Page, decision: string): Promise<boolean> {
  try {
    await submitButton(page).click({ timeout: 10_000 });
  } catch (error) {
    if ((await submitButton(page).count()) > 0 && (await decisionOf(page)) === decision) throw error;
    const seq = await page.locator('[data-game-phase]').getAttribute('data-sequence-id');
    console.warn(`Submit for ${decision} went before it was pressed; the screen is at step ${seq}, deciding ${(await decisionOf(page)) || 'nothing'}`);
    return false;
  }
  await sent(page, decision);
  return true;
}

/**
 * After a Submit, waits until this page shows it sent (waiting for others, or the next decision),
 * so that the next look does not answer the same step again from a screen not yet updated.
 */
async function sent(page: Page, answered: string): Promise<void> {
  const waiting = panel(page).getByText('Waiting for other players...');
  await expect
    .poll(async () => (await waiting.count()) > 0 || (await decisionOf(page)) !== answered || (await submitButton(page).count()) === 0, { timeout: 15_000 })
    .toBe(true)
    .catch(() => undefined);
}

describe.skipIf(!HAS_CHROMIUM)('two players and a spectator', () => {
  const suite = siteAndBrowser({ botDelayMs: 5 });

  test('a clash with a tie re-roll, Undo, a websocket cut, and no hidden value received', { timeout: 400_000 }, async () => {
    // The spectator watches on a phone.
    const [ca, cb, cc] = await Promise.all([newContext(suite.browser, DESKTOP), newContext(suite.browser, DESKTOP), newContext(suite.browser, PHONE)]);
    await trackSockets(ca);
    const ann = await guestInContext(suite.site, ca, 'Ann');
    const bob = await guestInContext(suite.site, cb, 'Bob');
    const cat = await guestInContext(suite.site, cc, 'Cat');
    await suite.site.app.services.users.makeDev(ann.userID);
    const gameID = await startGame(suite.site, ann, { guests: [bob], options: { prerollDice: true, rerollTokens: true } });
    const [pa, pb, pc] = await Promise.all([ca.newPage(), cb.newPage(), cc.newPage()]);
    const traffic = [recordTraffic(pa), recordTraffic(pb), recordTraffic(pc)];
    const secrets = new Set<string>();
    const errors: string[] = [];
    for (const p of [pa, pb, pc]) p.on('pageerror', (e) => errors.push(String(e)));
    for (const p of [pa, pb, pc]) await p.goto(`${suite.site.url}/game/${gameID}`, { waitUntil: 'domcontentloaded' });
    for (const [i, p] of [pa, pb, pc].entries()) {
      await p.locator('[data-game-phase]').waitFor({ state: 'attached', timeout: 150_000 }).catch(async (error: unknown) => {
        await screenshot(p, `mp-failure-load-${i}`);
        throw error;
      });
    }
    await pa.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    // The spectator sees the game without controls.
    await pc.getByText('Spectating').waitFor();
    expect(await panel(pc).count()).toBe(0);
    expect(await pc.getByRole('button', { name: /^Submit|^Undo$/ }).count()).toBe(0);
    expect(await pc.locator('[data-zone="trade-row"] [role=button]').count()).toBe(0);

    // Game chat: Ann sends a message and closes the window; Bob's CHAT button counts it as unread,
    // and Bob reads it. Closing after a message once replaced the whole game screen with an error.
    await pa.getByRole('button', { name: /^CHAT/ }).click();
    const annChat = pa.getByRole('dialog', { name: 'Game Chat' });
    await annChat.getByRole('textbox', { name: 'Message' }).fill('  good luck  ');
    await annChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await annChat.getByText('Ann: good luck').waitFor();
    expect(await annChat.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    await pa.keyboard.press('Escape');
    await annChat.waitFor({ state: 'detached' });
    expect(await pa.locator('[data-game-phase]').count()).toBe(1);
    expect(await pa.getByText('Unexpected Application Error').count()).toBe(0);
    await pb.getByRole('button', { name: /^CHAT/ }).getByLabel('1 unread').waitFor();
    // One's own message is never unread, on the CHAT button or on the corner chat.
    expect(await pa.getByLabel(/unread/).count()).toBe(0);
    await pb.getByRole('button', { name: /^CHAT/ }).click();
    await pb.getByRole('dialog', { name: 'Game Chat' }).getByText('Ann: good luck').waitFor();
    await pb.getByRole('dialog', { name: 'Game Chat' }).getByRole('button', { name: 'Close' }).click();
    await pb.getByRole('dialog', { name: 'Game Chat' }).waitFor({ state: 'detached' });
    expect(await pb.locator('[data-game-phase]').count()).toBe(1);

    // Planning rules: Submit disabled with the reason; costs after base gold; unaffordable cards
    // greyed under red hatching (not tinted red, Tyros' colour) with a lock on their cost; a line
    // in the panel when none is affordable.
    let raw = await rawGame(suite.site, gameID);
    secretsOf(raw).forEach((s) => secrets.add(s));
    const a = raw.players.find((p) => p.userID === ann.userID)!;
    expect(await submitButton(pa).isDisabled()).toBe(true);
    expect(await panel(pa).getByTestId('submit-reason').textContent()).toBe('You must select a card to draft');
    expect(await panel(pa).locator('span[title="You must select a card to draft"]').count()).toBe(1);
    const outOfReach: boolean[] = [];
    for (const [index, cardID] of raw.tableIDs.entries()) {
      const card = raw.cardsByID[cardID!]!;
      const cost = Math.max(0, card.cost - baseOf(raw, ann.userID, 'gold'));
      const slot = pa.locator(`[data-trade-row-index="${index}"]`);
      expect(await slot.getByText(`Cost ${cost}`, { exact: false }).count()).toBeGreaterThan(0);
      const unaffordable = cost > a.counters.gold || (card.additionalCosts?.warTokens ?? 0) > a.counters.warTokens;
      outOfReach.push(unaffordable);
      expect(await slot.locator('.game-card').getAttribute('data-unaffordable')).toBe(unaffordable ? 'true' : null);
      expect(await slot.getByRole('img', { name: 'Cannot afford' }).count()).toBe(unaffordable ? 1 : 0);
      if (unaffordable) {
        // The lock sits on the cost coin it refuses, not on the card's name beside it (polled: a
        // card dealt a moment ago may still be landing).
        const offCentre = async () => {
          const [lock, coin] = [(await slot.getByRole('img', { name: 'Cannot afford' }).boundingBox())!, (await slot.locator('.game-card [data-card-part="cost"]').boundingBox())!];
          return Math.max(Math.abs(lock.x + lock.width / 2 - (coin.x + coin.width / 2)), Math.abs(lock.y + lock.height / 2 - (coin.y + coin.height / 2)));
        };
        await expect.poll(offCentre).toBeLessThanOrEqual(1.5);
      }
      // The red overlay of a card out of reach: hatching, over the greyed card.
      expect(await slot.locator('.game-card-hatch').count()).toBe(unaffordable ? 1 : 0);
      if (unaffordable) expect(await slot.locator('.game-card-hatch').evaluate((e) => getComputedStyle(e).backgroundImage)).toContain('rgba(214, 40, 40, 0.34)');
      // (Polled: the filter fades in.)
      await expect.poll(() => slot.locator('[data-card="face"]').evaluate((e) => getComputedStyle(e).filter)).toBe(unaffordable ? 'grayscale(0.85) brightness(0.7)' : 'none');
    }
    expect(await panel(pa).getByText('You cannot pay for any card on the row', { exact: false }).count()).toBe(outOfReach.every(Boolean) ? 1 : 0);
    await screenshot(pa, 'mp-planning-desktop');
    await Promise.all([watchScreen(pa), watchScreen(pc)]);

    try {
      await playUntilTie();
    } catch (error) {
      await screenshot(pa, 'mp-failure-a');
      await screenshot(pb, 'mp-failure-b');
      throw error;
    }
    async function playUntilTie() {
    let tieSeen = false;
    let cutDone = false;
    let undoDone = false;
    for (let turn = 0; turn < 12 && !tieSeen; turn++) {
      raw = await caughtUp(pa, suite.site, gameID);
      secretsOf(raw).forEach((s) => secrets.add(s));
      if (raw.phase !== 'PLANNING') throw new Error(`expected planning, got ${raw.phase}`);
      const planned = { age: raw.age, turn: raw.turn };
      const range = (id: string) => {
        const p = raw.players.find((q) => q.userID === id)!;
        const base = baseOf(raw, id, 'military');
        return { min: Math.min(base, p.counters.military + base), max: p.counters.military + base };
      };
      const ra = range(ann.userID);
      const rb = range(bob.userID);
      const sum = (id: string) => (raw.prerolledDiceByPlayerID[id] ?? []).reduce((s, d) => s + d, 0);
      const da = sum(ann.userID);
      const db = sum(bob.userID);
      let plan: { x: number; y: number } | null = null;
      for (let x = ra.min; x <= ra.max && !plan; x++) {
        const y = da + x - db;
        if (y >= rb.min && y <= rb.max) plan = { x, y };
      }
      // The first two dealt slots (a tribute can take a slot's card, leaving it empty for a turn).
      const dealt = raw.tableIDs.flatMap((id, index) => (id === null ? [] : [index]));
      const indexA = dealt[0]!;
      const indexB = plan ? indexA : dealt[1]!;

      // A chooses (unsent); on the first such turn the websocket is cut and comes back.
      await chooseBid(pa, indexA, plan ? plan.x : ra.min);
      const chosen = await pa.locator('[data-zone="trade-row"] .game-card[data-selected="true"] [data-card-id]').getAttribute('data-card-id');
      if (!cutDone) {
        expect(await closeSockets(pa)).toBeGreaterThan(0);
        await chooseBid(pb, indexB, plan ? plan.y : rb.min);
        await submitButton(pb).click();
        await caughtUp(pa, suite.site, gameID);
        expect(await pa.locator('[data-zone="trade-row"] .game-card[data-selected="true"] [data-card-id]').getAttribute('data-card-id')).toBe(chosen);
        expect(await pa.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
        cutDone = true;
      } else {
        await chooseBid(pb, indexB, plan ? plan.y : rb.min);
        await submitButton(pb).click();
      }
      // Submitting with unbid on: waiting, Undo, no changes while ready; Undo brings the choice back.
      if (!undoDone) {
        // B has bid; undo B's bid once (A still deciding).
        await panel(pb).getByText('Waiting for other players...').waitFor();
        expect(await pb.locator('[data-zone="trade-row"] [role=button]').count()).toBe(0);
        await panel(pb).getByRole('button', { name: 'Undo' }).click();
        await expect.poll(() => decisionOf(pb)).toBe('BID');
        await chooseBid(pb, indexB, plan ? plan.y : rb.min);
        await submitButton(pb).click();
        await panel(pb).getByText('Waiting for other players...').waitFor();
        undoDone = true;
      }
      await submitButton(pa).click();
      // The war and resolution: answer until the next planning (or the end).
      const deadline = Date.now() + 60_000;
      for (;;) {
        raw = await rawGame(suite.site, gameID);
        secretsOf(raw).forEach((s) => secrets.add(s));
        if (raw.phase === 'WAR' && !tieSeen) {
          await pa.waitForTimeout(400);
          await screenshot(pa, 'mp-war-desktop');
          await screenshot(pc, 'mp-war-spectator-phone');
        }
        const acted = (await answer(pa)) || (await answer(pb));
        const clash = raw.events.filter((e) => e.type === 'CONFLICT_RESULTS' && e.turn === raw.turn && e.age === raw.age);
        if (clash.some((e) => e.type === 'CONFLICT_RESULTS' && e.payload.rounds.length >= 2)) tieSeen = true;
        // The next turn's planning (not this one's, read before A's bid reached the server).
        const nextTurn = raw.age !== planned.age || raw.turn !== planned.turn;
        if (raw.phase === 'PLANNING' && nextTurn && (await seqOf(pa)) === raw.sequenceID && (await decisionOf(pa)) === 'BID') break;
        if (raw.gameEndTimestamp !== null || Date.now() > deadline) break;
        if (!acted) await pa.waitForTimeout(150);
      }
      if (tieSeen) {
        await pc.waitForTimeout(300);
        await screenshot(pc, 'mp-after-tie-spectator-phone');
        await screenshot(pa, 'mp-after-tie-desktop');
      }
    }
    expect(tieSeen).toBe(true);
    expect(undoDone).toBe(true);
    expect(cutDone).toBe(true);
    }

    // The clashes were shown on the table, under the trade row: the row never moved for them, on
    // the desktop or on the phone.
    for (const page of [pa, pc]) {
      const watch = await readWatch(page);
      expect(watch.clashFrames).toBeGreaterThan(0);
      expect(new Set(watch.rowOffsets.map((o) => o.offset)).size, JSON.stringify(watch.rowOffsets)).toBe(1);
    }


    raw = await rawGame(suite.site, gameID);
    secretsOf(raw).forEach((s) => secrets.add(s));
    for (const received of traffic) {
      const report = findLeaks(received, secrets);
      expect(report.views).toBeGreaterThan(3);
      expect(report.problems).toEqual([]);
    }
    // As a player and as a spectator: no serious accessibility violation.
    expect(await seriousAxeViolations(pa)).toEqual([]);
    expect(await seriousAxeViolations(pc)).toEqual([]);
    expect(errors).toEqual([]);
    for (const g of [ann, bob, cat]) g.close();
    await Promise.all([ca.close(), cb.close(), cc.close()]);
  });

  test('without unbid there is no Undo; under hideFavor no favor is received', { timeout: 200_000 }, async () => {
    const context = await newContext(suite.browser, DESKTOP);
    const ann = await guestInContext(suite.site, context, 'Ana');
    const bob = await guestInContext(suite.site, await newContext(suite.browser, DESKTOP), 'Bo');
    const gameID = await startGame(suite.site, ann, { guests: [bob], options: { unbid: false, hideFavor: true } });
    const page = await context.newPage();
    const received = recordTraffic(page);
    const secrets = new Set<string>();
    await page.goto(`${suite.site.url}/game/${gameID}`, { waitUntil: 'domcontentloaded' });
    for (let turn = 0; turn < 3; turn++) {
      await page.locator('[data-decision="BID"]').waitFor();
      await chooseBid(page, 0, 0);
      await submitButton(page).click();
      await panel(page).getByText('Waiting for other players...').waitFor();
      expect(await panel(page).getByRole('button', { name: 'Undo' }).count()).toBe(0);
      let raw = await rawGame(suite.site, gameID);
      secretsOf(raw).forEach((s) => secrets.add(s));
      await bob.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 1 } } });
      await page.locator('[data-decision="RESOLVE"]').waitFor();
      raw = await rawGame(suite.site, gameID);
      const free = raw.basicPile.find((id) => raw.cardsByID[id]!.cost === 0)!;
      await bob.client.games.act.mutate({ gameID, action: { type: 'RESOLVE', resolve: { cardIDToGain: free } } });
      expect(await answer(page)).toBe(true);
    }
    await page.locator('[data-decision="BID"]').waitFor();
    const raw = await rawGame(suite.site, gameID);
    secretsOf(raw).forEach((s) => secrets.add(s));
    const report = findLeaks(received, secrets);
    expect(report.views).toBeGreaterThan(3);
    expect(report.problems).toEqual([]);
    expect(await page.locator('[data-winner]').count()).toBe(0);
    ann.close();
    bob.close();
    await context.close();
  });
});
