/**
 * Replays in a real browser (/game/{id}/replay): a finished game stepped through with the keyboard
 * and the scrubber, a ?step=N link, the clash dice rolling on a step forward, seat / spectator /
 * reveal-all views showing what each could see then (a bot's bid hidden in a seat's view until
 * revealed), and the fair-dice line, green for an honest game and naming the first difference for
 * a game whose stored die was changed in the database; the end-of-game view's line and its link
 * to the replay; axe-clean, screenshots at 1280x800 and 375x812.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { GameEvent } from '../../src/engine/index.js';
import { FAIR_DICE_VERIFIED, rebuild, verify } from '../../src/engine/replay.js';
import { gameRecord } from '../../src/server/services/replays.js';
import { momentsOf, turnStep } from '../../src/web/replay/moments.js';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';
import { pauseClock } from './support/game.js';
import { DESKTOP, HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, newContext, screenshot, seriousAxeViolations, siteAndBrowser, type Viewport } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)('replays in the browser', () => {
  const suite = siteAndBrowser();

  async function open(who: Parameters<typeof signInContext>[2], path: string, viewport: Viewport = DESKTOP): Promise<Page> {
    const context = await newContext(suite.browser, viewport);
    await signInContext(context, suite.site, who);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${suite.site.url}${path}`);
    return page;
  }
  const stepOf = async (page: Page) => Number(await page.locator('.replay-screen').getAttribute('data-replay-step'));
  const waitStep = (page: Page, step: number) => page.locator(`.replay-screen[data-replay-step="${step}"]`).waitFor();
  /** Each summary's favor as on screen, read at one moment, by player id. */
  const favors = (page: Page) =>
    page.locator('.player-summary').evaluateAll((summaries) =>
      Object.fromEntries(summaries.map((s) => [s.getAttribute('data-player-id'), Number(/^\d+/.exec(s.querySelector('[data-counter="favor"]')?.textContent ?? '')?.[0])])),
    );
  const bidOf = (page: Page, userID: string) => page.locator(`[data-testid="replay-bids"] [data-bid-of="${userID}"] [data-bid]`);

  test('steps with the keyboard and the scrubber, opens at ?step=N, rolls the dice, and shows each pair of eyes what it saw', async () => {
    const host = await guest(suite.site, 'Replayer');
    // An Advanced Bot among the bots: against bots alone a rating rises no higher than the
    // strongest bot's, so a new player's win over Easy Bots alone would leave 1500 as it was, and
    // the ratings beside the names below need the game to have moved one.
    const gameID = await playFinishedGame(host, ['easy_bot', 'basic_bot']);
    const record = await gameRecord(suite.site.app.services.db, gameID);
    const moments = momentsOf(rebuild(record));
    const last = moments.length - 1;
    const bot = record.seats.find((s) => s.botType !== null)!.userID;
    // A moment in planning where the bot has bid and the bids are not revealed yet, and the
    // first moment after it where its bid shows (the turn's planning over).
    const hiddenAt = moments.findIndex((m) => m.game.phase === 'PLANNING' && m.game.players.find((p) => p.userID === bot)!.bid !== null);
    expect(hiddenAt).toBeGreaterThan(0);
    const revealedAt = moments.findIndex((m, i) => i > hiddenAt && m.game.phase !== 'PLANNING');
    const favorsAt = (step: number) => Object.fromEntries(moments[step]!.game.players.map((p) => [p.userID, p.counters.favor]));
    const clashAt = moments.findIndex((m, i) => i > 0 && m.game.events.filter((e) => e.type === 'CONFLICT_RESULTS').length > moments[i - 1]!.game.events.filter((e) => e.type === 'CONFLICT_RESULTS').length);

    // A link to a moment opens there.
    const page = await open(host, `/game/${gameID}/replay?step=${hiddenAt}`);
    await waitStep(page, hiddenAt);
    await page.getByText(`Step ${hiddenAt} of ${last}`).waitFor();
    // The step's action, then the table it left ("Resolution · Alice placed a bid" read as a bid in the resolution).
    const hidden = moments[hiddenAt]!.game;
    expect(await page.getByTestId('replay-where').textContent()).toMatch(
      new RegExp(`^Step ${hiddenAt} of ${last} · .+ · Now: Age ${hidden.age}/3, turn ${hidden.turn}/${hidden.turnsPerAge}, Planning$`),
    );
    await page.getByTestId('fair-dice').filter({ hasText: FAIR_DICE_VERIFIED }).waitFor();
    expect(await page.getByTestId('fair-dice').getAttribute('data-verified')).toBe('true');
    expect(await page.getByTestId('fair-dice').textContent()).toContain(record.seedCommitment!);
    expect(await page.getByTestId('fair-dice').textContent()).toContain(record.seed);
    // The odds over the game are worked out once their chart comes into sight (below the table on a
    // desktop): the step's own bar is answered, and nothing is spent on the chart meanwhile. It says
    // so, rather than "0 of N steps", which read as stuck for as long as it was out of view.
    const progress = page.getByTestId('odds-chart-progress');
    await page.getByTestId('odds-bar').getByText('Chances to win', { exact: true }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await progress.textContent()).toBe(`The chances over the game (${moments.length} steps) are worked out once this chart is in view`);
    await progress.scrollIntoViewIfNeeded();
    await page.locator('[data-testid="odds-chart"] svg').first().waitFor({ timeout: 90_000 });
    await page.evaluate(() => window.scrollTo(0, 0));

    // Spectator (the default), then the host's seat: the bot's bid is made but hidden; reveal all shows it.
    expect(await bidOf(page, bot).getAttribute('data-bid')).toBe('hidden');
    await page.getByRole('combobox', { name: 'See it through the eyes of' }).click();
    await page.getByRole('option', { name: /^Seat 1: Replayer/ }).click();
    await page.locator(`.replay-screen[data-viewer="${host.userID}"]`).waitFor();
    expect(await bidOf(page, bot).getAttribute('data-bid')).toBe('hidden');
    const raw = moments[hiddenAt]!.game.players.find((p) => p.userID === bot)!.bid!;
    await page.getByRole('switch', { name: 'Reveal all' }).focus();
    await page.keyboard.press('Space');
    await page.locator('.replay-screen[data-reveal="true"]').waitFor();
    expect(await bidOf(page, bot).getAttribute('data-bid')).toBe('shown');
    expect(await bidOf(page, bot).textContent()).toContain(`${raw.military} military on`);
    await page.getByRole('switch', { name: 'Reveal all' }).focus();
    await page.keyboard.press('Space');
    await page.locator('.replay-screen[data-reveal="false"]').waitFor();
    expect(await bidOf(page, bot).getAttribute('data-bid')).toBe('hidden');
    // Once revealed, the seat sees it too (the bid stays on the board for the turn).
    if (revealedAt > 0 && moments[revealedAt]!.game.players.find((p) => p.userID === bot)!.bid !== null) {
      await page.goto(`${suite.site.url}/game/${gameID}/replay?step=${revealedAt}`);
      await waitStep(page, revealedAt);
      await page.getByRole('combobox', { name: 'See it through the eyes of' }).click();
      await page.getByRole('option', { name: /^Seat 1: Replayer/ }).click();
      expect(await bidOf(page, bot).getAttribute('data-bid')).toBe('shown');
    }

    // The keyboard: a step each way, a turn, Home and End; the URL follows.
    await page.goto(`${suite.site.url}/game/${gameID}/replay?step=5`);
    await waitStep(page, 5);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 6);
    expect(new URL(page.url()).searchParams.get('step')).toBe('6');
    await page.keyboard.press('ArrowLeft');
    await waitStep(page, 5);
    await page.keyboard.press('ArrowDown');
    await waitStep(page, turnStep(moments, 5, 1));
    expect(moments[await stepOf(page)]!.game.turn).not.toBe(moments[5]!.game.turn);
    await page.keyboard.press('End');
    await waitStep(page, last);
    // A jump shows its step's favor as soon as the step shows: ticking up from the step it left,
    // a player's favor read 14 almost a second after a jump to where it was 34.
    expect(await favors(page)).toEqual(favorsAt(last));
    expect(favorsAt(last)).not.toEqual(favorsAt(turnStep(moments, 5, 1)));
    await page.locator('.replay-screen[data-game-ended="true"]').waitFor();
    await page.keyboard.press('Home');
    await waitStep(page, 0);
    expect(await favors(page)).toEqual(favorsAt(0));
    await page.getByText('The game begins').waitFor();
    // Keys pressed faster than the screen draws a step each count (a held arrow key): five
    // presses at once are five steps, and the URL says so.
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await waitStep(page, 5);
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('5');
    await page.keyboard.press('Home');
    await waitStep(page, 0);

    // The scrubber: a click halfway along, then its own arrow keys.
    const slider = page.getByRole('slider', { name: 'Step' });
    const box = (await page.locator('.mantine-Slider-root').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => stepOf(page), { timeout: 15_000 }).toBeGreaterThan(last / 2 - last / 10);
    expect(await stepOf(page)).toBeLessThan(last / 2 + last / 10);
    const mid = await stepOf(page);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await waitStep(page, mid + 1);
    // ↓ on the slider is a turn forward, as the legend says, not a step back as a slider's own would be.
    await page.keyboard.press('ArrowDown');
    await waitStep(page, turnStep(moments, mid + 1, 1));
    expect(await slider.evaluate((e) => e === document.activeElement)).toBe(true);

    // A step forward onto a clash rolls its dice, as on the game screen. The page's time stands
    // still from just before: the dice wait at their start however slow the machine (on a loaded
    // one they had settled before the next step could be pressed).
    await page.clock.install();
    await page.goto(`${suite.site.url}/game/${gameID}/replay?step=${clashAt - 1}`);
    await waitStep(page, clashAt - 1);
    await pauseClock(page);
    await page.getByRole('button', { name: 'Next step (Right)' }).click();
    await waitStep(page, clashAt);
    await page.getByRole('region', { name: 'Clashes' }).getByRole('table', { name: 'Dice' }).first().waitFor();
    // Another step while the dice still roll stops them: the viewer moved on (the clash had gone
    // on rolling over the later steps, and the player list stood at the table from before it).
    const results = (step: number) => moments[step]!.game.events.filter((e) => e.type === 'CONFLICT_RESULTS').length;
    expect(results(clashAt + 1)).toBe(results(clashAt));
    // Polled: the panel's place is kept (a stand-in, no stage) before the rolling dice are drawn
    // over it, and on a loaded machine the check came between the two. The clock stands still, so
    // the dice cannot settle meanwhile.
    await expect.poll(() => page.locator('[data-clash-stage="initial"], [data-clash-stage="rolling"]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Next step (Right)' }).click();
    await waitStep(page, clashAt + 1);
    expect(await page.locator('.replay-screen').getAttribute('data-awaiting')).toBe('false');
    expect(await page.locator('[data-clash-stage="initial"], [data-clash-stage="rolling"]').count()).toBe(0);
    await page.clock.resume();
    // A jump past it (a turn forward from the step before) shows the table as it stands: no dice roll.
    await page.goto(`${suite.site.url}/game/${gameID}/replay?step=${clashAt - 1}`);
    await waitStep(page, clashAt - 1);
    const landed = turnStep(moments, clashAt - 1, 1);
    expect(landed).toBeGreaterThan(clashAt);
    await page.getByRole('button', { name: 'Next turn (Down)' }).click();
    await waitStep(page, landed);
    const rolling = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let most = 0;
          const start = performance.now();
          const look = () => {
            most = Math.max(most, document.querySelectorAll('[data-clash-stage="initial"], [data-clash-stage="rolling"]').length);
            if (performance.now() - start < 1_500) requestAnimationFrame(look);
            else resolve(most);
          };
          look();
        }),
    );
    expect(rolling).toBe(0);

    // How it looks: mid-game, on a desktop and on a phone.
    const shotAt = revealedAt > 0 ? revealedAt : hiddenAt;
    await page.goto(`${suite.site.url}/game/${gameID}/replay?step=${shotAt}`);
    await waitStep(page, shotAt);
    await page.getByTestId('fair-dice').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'replay-desktop');
    // Beside each name the rating as it was then: the one the game started from until its end,
    // then the one it left (today's showed from the first step); a bot's fixed one throughout.
    const change = (await host.client.ratings.ofGame.query({ gameID }))[host.userID]!;
    expect(change.after).not.toBe(change.before);
    const ratingOf = (userID: string) => page.locator(`.player-summary[data-player-id="${userID}"] .mythos-rating`);
    await expect.poll(() => ratingOf(host.userID).getAttribute('data-rating')).toBe(String(change.before));
    await expect.poll(() => ratingOf(bot).getAttribute('data-rating')).toMatch(/^\d+$/);
    const botRating = await ratingOf(bot).getAttribute('data-rating');
    await page.keyboard.press('End');
    await waitStep(page, last);
    await expect.poll(() => ratingOf(host.userID).getAttribute('data-rating')).toBe(String(change.after));
    expect(await ratingOf(bot).getAttribute('data-rating')).toBe(botRating);
    await page.keyboard.press('Home');
    await waitStep(page, 0);
    expect(await ratingOf(host.userID).getAttribute('data-rating')).toBe(String(change.before));
    const phone = await open(host, `/game/${gameID}/replay?step=${shotAt}`, PHONE);
    await waitStep(phone, shotAt);
    await phone.getByTestId('fair-dice').waitFor();
    // The keyboard's legend on a desktop only: a phone has the buttons and the slider.
    expect(await page.getByText(/^Keys:/).count()).toBe(1);
    expect(await phone.getByText(/^Keys:/).count()).toBe(0);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, 'replay-phone');
    // The step buttons stay in reach at the foot of a phone's screen, wherever the page is
    // scrolled (at the top they scrolled away), and the page's last line scrolls above them.
    await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const docked = (await phone.getByTestId('replay-buttons').boundingBox())!;
    expect(docked.y + docked.height).toBeLessThanOrEqual(PHONE.height + 0.5);
    expect(docked.y).toBeGreaterThan(PHONE.height / 2);
    const lastLine = (await phone.getByTestId('fair-dice').boundingBox())!;
    expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(docked.y);
    await phone.getByRole('button', { name: 'Next step (Right)' }).tap();
    await waitStep(phone, shotAt + 1);

    // The end-of-game view checks the dice too, and links to the replay.
    const end = await open(host, `/game/${gameID}`);
    const endView = end.getByTestId('end-of-game');
    await endView.getByTestId('fair-dice').filter({ hasText: FAIR_DICE_VERIFIED }).waitFor({ timeout: 60_000 });
    await endView.getByRole('link', { name: 'Watch the replay' }).click();
    await end.waitForURL(new RegExp(`/game/${gameID}/replay`));
    await waitStep(end, 0);
  }, 300_000);

  test('names the first difference when the server serves a changed die', async () => {
    const host = await guest(suite.site, 'Doubter');
    const gameID = await playFinishedGame(host, ['easy_bot', 'easy_bot']);
    const db = suite.site.app.services.db.kysely;
    // A server that changed a die after the game: the stored clash's first roll, one pip more.
    const rows = await db.selectFrom('game_events').select(['sequence_id', 'events_json']).where('game_id', '=', gameID).orderBy('sequence_id').execute();
    const row = rows.find((r) => (JSON.parse(r.events_json) as GameEvent[]).some((e) => e.type === 'CONFLICT_RESULTS'))!;
    const events = JSON.parse(row.events_json) as GameEvent[];
    const clash = events.find((e) => e.type === 'CONFLICT_RESULTS')!;
    const result = Object.values(clash.payload.rounds[0]!)[0]!;
    result.rolls[0] = (result.rolls[0]! % 6) + 1;
    await db.updateTable('game_events').set({ events_json: JSON.stringify(events) }).where('game_id', '=', gameID).where('sequence_id', '=', row.sequence_id).execute();
    const expected = verify(await gameRecord(suite.site.app.services.db, gameID));
    expect(expected.ok).toBe(false);
    const problem = (expected as { problem: string }).problem;
    expect(problem).toMatch(/^A die differs: event \d+ \(CONFLICT_RESULTS/);

    const page = await open(host, `/game/${gameID}/replay`);
    const line = page.getByTestId('fair-dice');
    await line.waitFor();
    expect(await line.getAttribute('data-verified')).toBe('false');
    expect(await line.textContent()).toContain(`Fair dice NOT verified: ${problem}`);
    expect(await line.textContent()).not.toContain(FAIR_DICE_VERIFIED);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'replay-tampered');

    // A replay of no game says so, with a way back to the lobby rather than a dead end.
    const missing = await open(host, '/game/g_missing/replay');
    const alert = missing.getByRole('alert').filter({ hasText: 'This replay cannot be shown' });
    await alert.waitFor();
    expect(await alert.getByRole('link', { name: 'Back to the lobby' }).evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/']);
  }, 300_000);
});
