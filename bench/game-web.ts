/**
 * The game screen in Chromium (`npx tsx bench/game-web.ts`): the JavaScript /game/:id loads
 * (gzip bytes of every script), and how soon a click shows its result.
 *
 * Each click is timed three ways:
 * - in the page: from the click event's timestamp to the first animation frame whose DOM holds
 *   the result (the frame that paints it), read with requestAnimationFrame;
 * - the same click to the first frame after the server's view of the action arrived (what the
 *   screen waited for before the result was shown at once), in the same click under the same load;
 * - by the driver: from playwright's click() being called until the page has reported that frame
 *   (the first version of this bench timed click() to a locator seeing the result; both add
 *   playwright's own round trips to the click).
 *
 * A game of eight turns against a second guest who answers through the API (an easy bot's
 * choices, but his bids are the loop's: all his military on the player's card, so every turn has
 * a clash, and once she holds a reroll token (the rerollTokens option gives one for a lost clash)
 * a lost clash asks her to Reroll or Keep). Each turn the player bids and takes it back with Undo,
 * twice (the server allows three Undos a turn), then bids; then chooses Reroll when asked, and
 * gains a card. Each Undo is clicked once the server's view has the bid, as a player reading it
 * would. During the game a PerformanceObserver records the main thread's long tasks (over 50 ms),
 * and a frame loop the frames where the clash overlay awaits its animation.
 *
 * Before the game, the game page's first load: LOADS fresh visits (no cache) at a phone's width and
 * at a desktop's, each timed from navigation until a second after the first bid is on screen, with
 * the main thread's long tasks (over 50 ms) in that time: the longest, and all of them together;
 * and Chromium's own count of the page's work in that time (its Performance domain): the time its
 * renderer spent in tasks and in script, and how many style recalculations and layouts it did. The
 * counts hardly move with the machine's load, and the tasks' time moves less than a longest task.
 *
 * BENCH_WEB_DIR=dir times the build in dir, as it is, instead of dist/web (built when stale).
 *
 * CPU_THROTTLE=n slows the page's main thread n times (Chromium's CPU throttling, as devtools'
 * "4x slowdown"): a phone's CPU, and an A/B of the screen's own work that the shared machine's
 * load moves less than it moves the unthrottled figures.
 *
 * Prints the figures; they go into bench/RESULTS.md by hand with the machine's load noted.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import buildWebClient from '../tests/web/support/build.js';
import { signInGuest, startServer, type Guest, type Server } from '../tests/server/support.js';
import { guestInContext, panel, rawGame, submitButton } from '../tests/web/support/game.js';
import { botDecision } from '../src/bots/harness.js';

/** Undos a turn: the server allows three (src/server/services/unbid-limit.ts). */
const UNDOS_PER_TURN = 2;
/** Turns played (of the game's 15): enough samples, on a shared machine in a few minutes. */
const TURNS = Number(process.env.TURNS ?? 8);
/** The page's CPU slowed this many times (1: not slowed). */
const CPU_THROTTLE = Number(process.env.CPU_THROTTLE ?? 1);
const WAITING = 'Waiting for other players...';
/** Fresh visits of the game page timed at each width. */
const LOADS = Number(process.env.LOADS ?? 5);

type Shown = 'waiting' | 'choice';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
/** Nearest rank. */
const p95 = (values: number[]) => sorted(values)[Math.max(0, Math.ceil(values.length * 0.95) - 1)]!;
const summary = (values: number[]) =>
  values.length === 0 ? 'no samples' : `median ${Math.round(median(values))} ms, 95th percentile ${Math.round(p95(values))} ms, max ${Math.round(Math.max(...values))} ms (${values.length})`;

interface Timing {
  inPage: number[];
  /** The same click to the first frame after the server's view of the action arrived. */
  server: number[];
  driver: number[];
}
const timing = (): Timing => ({ inPage: [], server: [], driver: [] });

/**
 * The page's side of timeClick, as source text: tsx would wrap named functions written here in
 * its own helper, which the page does not have. Resolves with [to the result, to the server's
 * view] in ms from the click; the second is what the screen waited for before the result was
 * shown at once, timed in the same click under the same load.
 */
function clickToFrameScript(shown: Shown): string {
  const done =
    shown === 'waiting'
      ? `(document.querySelector('section[aria-label="Action panel"]')?.textContent ?? '').includes(${JSON.stringify(WAITING)})`
      : `[...(document.querySelector('section[aria-label="Action panel"]')?.querySelectorAll('button') ?? [])].some((b) => (b.textContent ?? '').startsWith('Submit'))`;
  const sequence = `document.querySelector('[data-game-phase]')?.getAttribute('data-sequence-id')`;
  return `window.__clickToFrame = new Promise((resolve) => {
    document.addEventListener('click', (event) => {
      const before = ${sequence};
      let result = null;
      let server = null;
      function look() {
        const now = performance.now() - event.timeStamp;
        if (result === null && ${done}) result = now;
        if (server === null && ${sequence} !== before) server = now;
        if (result !== null && (server !== null || now > 20000)) resolve([result, server]);
        else requestAnimationFrame(look);
      }
      requestAnimationFrame(look);
    }, { capture: true, once: true });
  });
  0;`;
}

/** The main thread's long tasks (over 50 ms) from the page's start, each as { start, duration }. */
const LONG_TASKS_SCRIPT = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

/** Long tasks and the frames where the clash overlay awaits its animation, from the page's start. */
const WATCH_SCRIPT = `${LONG_TASKS_SCRIPT}
  localStorage.setItem('mythosFirstGameHintSeen', 'true');
  window.__clashWindows = [];
  let open = null;
  function frame(now) {
    const awaiting = document.querySelector('[aria-label="Clashes"][data-awaiting]') !== null;
    if (awaiting && open === null) open = now;
    if (!awaiting && open !== null) {
      window.__clashWindows.push([open, now]);
      open = null;
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
`;

/**
 * Clicks `button` and times it until the action panel shows `shown`: 'Waiting for other
 * players...' or a Submit button (the choice again).
 */
async function timeClick(page: Page, button: Locator, shown: Shown, into: Timing): Promise<void> {
  await page.evaluate(clickToFrameScript(shown));
  const start = Date.now();
  await button.click();
  // Read from the page, not with a locator: the player's last action may end the step, and the
  // next step's view may replace the result before a locator looks.
  const [inPage, server] = await page.evaluate(() => (window as unknown as { __clickToFrame: Promise<[number, number | null]> }).__clickToFrame);
  into.driver.push(Date.now() - start);
  into.inPage.push(inPage);
  if (server !== null) into.server.push(server);
}

async function expectEnabled(button: Locator): Promise<void> {
  for (let tries = 0; !(await button.isEnabled()); tries++) {
    if (tries > 600) throw new Error('Submit stayed disabled');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function untilSequenceAbove(page: Page, sequenceID: number): Promise<void> {
  await page.waitForFunction((seq) => Number(document.querySelector('[data-game-phase]')?.getAttribute('data-sequence-id') ?? 0) > seq, sequenceID, { timeout: 60_000 });
}

const sequenceOf = async (page: Page) => Number(await page.locator('[data-game-phase]').getAttribute('data-sequence-id'));

interface LongTasks {
  /** Long tasks that overlap a window where the clash overlay awaits its animation. */
  during: number[];
  /** The longest task in the 500 ms before each such window (the clash arriving). */
  arriving: number[];
  windows: number;
  animatedMs: number;
}

interface Played {
  gzip: number;
  scripts: number;
  submit: Timing;
  undo: Timing;
  pick: Timing;
  reroll: Timing;
  tasks: LongTasks;
  turns: number;
}

async function playAndTime(site: Server, browser: Browser): Promise<Played> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ann = await guestInContext(site, context, 'Picker');
  const bob: Guest = await signInGuest(site, 'Rival');
  await context.addInitScript({ content: WATCH_SCRIPT });
  const { id: lobbyID } = await ann.client.lobbies.create.mutate();
  await bob.client.lobbies.join.mutate({ lobbyID });
  await ann.client.lobbies.setOption.mutate({ lobbyID, option: 'rerollTokens', value: true });
  await ann.client.lobbies.setOption.mutate({ lobbyID, option: 'unbid', value: true });
  await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'off' });
  const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
  const page = await context.newPage();
  if (CPU_THROTTLE > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => zlib.gzipSync(body, { level: 9 }).length));
  });
  await page.goto(`${site.url}/game/${gameID}`, { waitUntil: 'networkidle' });
  const root = page.locator('[data-game-phase]');
  await root.waitFor();
  const gzip = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
  const scriptCount = scripts.length;

  const submit = timing();
  const undo = timing();
  const pick = timing();
  const reroll = timing();
  const undoButton = panel(page).getByRole('button', { name: 'Undo' });
  let turns = 0;
  const bobActs = async () => {
    const raw = await rawGame(site, gameID);
    const seat = raw.players.findIndex((p) => p.userID === bob.userID);
    // Bob's bids are the loop's own, made once Ann has bid.
    const action = raw.phase === 'PLANNING' ? null : botDecision(raw, seat, 11, 'easy_bot');
    if (action) await bob.client.games.act.mutate({ gameID, action }).catch(() => undefined);
  };
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline && (await root.getAttribute('data-game-ended')) !== 'true') {
    const decision = (await root.getAttribute('data-decision')) ?? '';
    const canSubmit = (await submitButton(page).count()) > 0 && (await submitButton(page).isVisible());
    const before = await sequenceOf(page);
    if (decision === 'BID' && turns === TURNS) break;
    if (decision === 'BID' && canSubmit) {
      const affordable = page.locator('[data-zone="trade-row"] .game-card:not([data-unaffordable]) [role=button]');
      const card = (await affordable.count()) > 0 ? affordable.first() : page.locator('[data-zone="trade-row"] [role=button]').first();
      await card.click();
      const ok = page.getByRole('button', { name: 'OK', exact: true });
      if (await ok.isVisible()) await ok.click();
      await page.locator('[data-zone="trade-row"] .game-card[data-selected="true"]').waitFor();
      for (let undos = 0; undos <= UNDOS_PER_TURN; undos++) {
        let seq = await sequenceOf(page);
        await timeClick(page, submitButton(page), 'waiting', submit);
        await untilSequenceAbove(page, seq);
        if (undos === UNDOS_PER_TURN) break;
        await page.locator('section[aria-label="Action panel"] button:not([disabled])', { hasText: 'Undo' }).waitFor();
        seq = await sequenceOf(page);
        await timeClick(page, undoButton, 'choice', undo);
        await untilSequenceAbove(page, seq);
        await expectEnabled(submitButton(page));
      }
      const raw = await rawGame(site, gameID);
      const annBid = raw.bidsByPlayerID[ann.userID]!;
      const bobPlayer = raw.players.find((p) => p.userID === bob.userID)!;
      if (raw.phase === 'PLANNING' && !raw.bidsByPlayerID[bob.userID]) {
        await bob.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: bobPlayer.counters.military, tradeRowIndex: annBid.tradeRowIndex } } });
      }
      turns++;
    } else if (decision === 'REROLL' && canSubmit) {
      const rerollButton = panel(page).getByRole('button', { name: 'Reroll', exact: true });
      await ((await rerollButton.isEnabled()) ? rerollButton : panel(page).getByRole('button', { name: 'Keep', exact: true })).click();
      await timeClick(page, submitButton(page), 'waiting', reroll);
      await untilSequenceAbove(page, before);
      await bobActs();
    } else if (decision === 'RESOLVE' && canSubmit) {
      if (!(await submitButton(page).isEnabled())) await page.locator('[data-zone="basic-pile"] .game-card:not([data-unaffordable]) [role=button]').last().click();
      await timeClick(page, submitButton(page), 'waiting', pick);
      await untilSequenceAbove(page, before);
      await bobActs();
    } else {
      // Bob's turn to answer (a reroll, a gain), or an animation to wait out.
      await bobActs();
      await page.waitForTimeout(100);
    }
  }
  const { longTasks, windows } = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[]; __clashWindows: [number, number][] };
    return { longTasks: w.__longTasks, windows: w.__clashWindows };
  });
  const tasks: LongTasks = { during: [], arriving: [], windows: windows.length, animatedMs: 0 };
  for (const [from, to] of windows) {
    tasks.animatedMs += to - from;
    for (const t of longTasks) if (t.start < to && t.start + t.duration > from) tasks.during.push(t.duration);
    const before = longTasks.filter((t) => t.start + t.duration <= from && t.start + t.duration > from - 500).map((t) => t.duration);
    tasks.arriving.push(before.length > 0 ? Math.max(...before) : 0);
  }
  await context.close();
  ann.close();
  bob.close();
  return { gzip, scripts: scriptCount, submit, undo, pick, reroll, tasks, turns };
}

interface FirstLoads {
  /** The longest task of each visit, ms. */
  longest: number[];
  /** Each visit's long tasks together, ms. */
  total: number[];
  /** Each visit's renderer time in tasks (all of them, long or not), ms. */
  busy: number[];
  /** Each visit's time running script, ms. */
  script: number[];
  /** Each visit's style recalculations and layouts. */
  styles: number[];
  layouts: number[];
}

/** The game page opened LOADS times, each in a new context (nothing cached), at `width` px. */
async function firstLoads(site: Server, browser: Browser, width: number): Promise<FirstLoads> {
  const setup = await browser.newContext();
  const ann = await guestInContext(site, setup, 'Opener');
  const bob: Guest = await signInGuest(site, 'Waiter');
  const { id: lobbyID } = await ann.client.lobbies.create.mutate();
  await bob.client.lobbies.join.mutate({ lobbyID });
  await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'off' });
  const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
  const cookies = await setup.cookies();
  await setup.close();
  const loads: FirstLoads = { longest: [], total: [], busy: [], script: [], styles: [], layouts: [] };
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await context.addCookies(cookies);
    await context.addInitScript({ content: LONG_TASKS_SCRIPT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (CPU_THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await cdp.send('Performance.enable');
    await page.goto(`${site.url}/game/${gameID}`);
    await panel(page).getByRole('button', { name: 'Submit' }).waitFor();
    await page.waitForTimeout(1000);
    const tasks = (await page.evaluate(() => (window as unknown as { __longTasks: { duration: number }[] }).__longTasks)).map((t) => t.duration);
    loads.longest.push(Math.max(0, ...tasks));
    loads.total.push(tasks.reduce((sum, t) => sum + t, 0));
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    loads.busy.push(metric('TaskDuration') * 1000);
    loads.script.push(metric('ScriptDuration') * 1000);
    loads.styles.push(metric('RecalcStyleCount'));
    loads.layouts.push(metric('LayoutCount'));
    await context.close();
  }
  ann.close();
  bob.close();
  return loads;
}

const figures = (values: number[]) => `${Math.round(median(values))} (${values.map(Math.round).join(', ')})`;
const loadsLine = (name: string, loads: FirstLoads) =>
  `The game page's first load, ${name}: longest task median ${figures(loads.longest)} ms; long tasks in all median ${figures(loads.total)} ms\n` +
  `  the renderer's tasks median ${figures(loads.busy)} ms, script ${figures(loads.script)} ms; style recalculations ${figures(loads.styles)}, layouts ${figures(loads.layouts)}`;

async function main(): Promise<void> {
  // BENCH_WEB_DIR: another build to time (an A/B of two builds), used as it is.
  if (!process.env.BENCH_WEB_DIR) buildWebClient();
  const site = await startServer({ webDir: path.resolve(process.env.BENCH_WEB_DIR ?? 'dist/web') });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    console.log(loadsLine('a phone (412 px)', await firstLoads(site, browser, 412)));
    console.log(loadsLine('a desktop (1280 px)', await firstLoads(site, browser, 1280)));
    const played = await playAndTime(site, browser);
    console.log(`JavaScript for /game/:id: ${(played.gzip / 1024).toFixed(1)} KB gzip in ${played.scripts} scripts`);
    console.log(`Turns played against a guest answering through the API: ${played.turns}${CPU_THROTTLE > 1 ? `, the page's CPU slowed ${CPU_THROTTLE}x` : ''}`);
    const lines: [string, Timing][] = [
      [`Submit click (a bid) to '${WAITING}'`, played.submit],
      ['Undo click to the choice again', played.undo],
      [`Card pick (Submit on the card to gain) to '${WAITING}'`, played.pick],
      [`Reroll choice (Submit Reroll or Keep) to '${WAITING}'`, played.reroll],
    ];
    for (const [label, figures] of lines) {
      console.log(`${label}, in the page: ${summary(figures.inPage)}`);
      console.log(`  the server's view of it, in the page: ${summary(figures.server)}`);
      console.log(`  by the driver: ${summary(figures.driver)}`);
    }
    const { tasks } = played;
    console.log(
      `Clash animations: ${tasks.windows} windows, ${(tasks.animatedMs / 1000).toFixed(1)} s in all; long tasks (over 50 ms) during them: ${tasks.during.length}` +
        (tasks.during.length > 0 ? ` (longest ${Math.round(Math.max(...tasks.during))} ms)` : '') +
        `; a long task in the 500 ms before a window (the clash arriving) before ${tasks.arriving.filter((d) => d > 0).length} of them` +
        (tasks.arriving.some((d) => d > 0) ? ` (longest ${Math.round(Math.max(...tasks.arriving))} ms)` : ''),
    );
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
