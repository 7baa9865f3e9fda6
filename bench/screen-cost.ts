/**
 * What the game screen costs Chromium a step (`npx tsx bench/screen-cost.ts`): one finished game
 * against an easy bot, shown in its replay (the game screen, driven by the replay's moments, so
 * every run of a build shows the same kind of steps at the same pace and nothing waits on a bot),
 * stepped forward with the Right key, each step shown and then STEP_MS more before the next, with
 * the system's reduced motion (no dice or flights: what is left is the screen's own render, its
 * sounds, and the replay's odds of the step shown).
 *
 * Measured for each viewport:
 * - Chromium's CPU a step: every thread of every process of the bench's browser (its renderer, the
 *   compositor in its GPU process, the browser process), read from /proc, so Linux only; in all,
 *   and by thread name: the page's main thread, the odds worker (DedicatedWorker: the replay works
 *   out the odds of the step shown and of the whole game), the raster and compositor threads. This
 *   is what a browser test pays for each step it watches, and what a phone's battery pays for each
 *   step of a game.
 * - The page's main thread a step, from Chromium's own counters (Performance.getMetrics): script,
 *   style, layout, and the whole of its tasks.
 *
 * ROUNDS rounds (default 3) of STEPS steps (default 120, or the game's last step when it has
 * fewer) at each viewport, each in a fresh page; prints each round and the medians. CHROMIUM names the browser (default: Debian's headless shell
 * when installed, else /usr/bin/chromium: the browser tests' own). WEB_DIR names another built
 * client to measure (an earlier commit's `npx vite build --outDir DIR`, for a before and after in
 * one session); by default the repository's, built first if stale. The figures go into
 * bench/RESULTS.md by hand with the machine's load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import buildWebClient from '../tests/web/support/build.js';
import { signInGuest, startServer, type Server } from '../tests/server/support.js';
import { playFinishedGame, signInContext } from '../tests/web/support/finished-games.js';
import { CHROMIUM, DESKTOP, PHONE, newContext, type Viewport } from '../tests/web/support/site.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const STEPS = Number(process.env.STEPS ?? 120);
const STEP_MS = Number(process.env.STEP_MS ?? 120);
/** Marks the bench's browser among the machine's processes (Chromium ignores switches it does not know). */
const MARK = `--mythos-screen-cost=${process.pid}`;
/** Linux's clock ticks a second (USER_HZ), the unit of /proc's CPU times. */
const TICKS = 100;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A /proc stat line's name (in brackets), parent pid, and CPU seconds (user and system). */
function stat(file: string): { name: string; ppid: number; seconds: number } {
  const text = fs.readFileSync(file, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')), ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS };
}

/** Reads what may have ended between the listing and the read (a process, a thread) as nothing. */
function unlessGone<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The pids of the process carrying MARK and all its descendants. */
function chromiumTree(): number[] {
  const parents = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const ppid = unlessGone(() => stat(`/proc/${pid}/stat`).ppid);
    if (ppid !== undefined) parents.set(Number(pid), ppid);
  }
  const tree = new Set([...parents.keys()].filter((pid) => unlessGone(() => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(MARK))));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/** CPU seconds of the bench's Chromium by thread name (numbered pools as one: 'ThreadPoolForeg', 'Compositor', ...). */
function chromiumThreads(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const pid of chromiumTree()) {
    for (const tid of unlessGone(() => fs.readdirSync(`/proc/${pid}/task`)) ?? []) {
      const thread = unlessGone(() => stat(`/proc/${pid}/task/${tid}/stat`));
      if (!thread) continue;
      const name = thread.name.replace(/\d+$/, '');
      byName.set(name, (byName.get(name) ?? 0) + thread.seconds);
    }
  }
  return byName;
}

interface Round {
  steps: number;
  chromiumMs: number;
  /** Chromium's CPU a step by thread name, 5 ms and more (the page's main thread is 'chromium-headle' or 'chromium'). */
  threads?: (readonly [string, number])[];
  taskMs: number;
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
}

async function round(browser: Browser, site: Server, url: string, viewport: Viewport, cookie: string): Promise<Round> {
  const context = await newContext(browser, viewport);
  await signInContext(context, site, { cookie });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await page.locator('.replay-screen[data-replay-step="0"]').waitFor({ timeout: 60_000 });
  // Let the first load's work end before counting.
  await page.waitForTimeout(1_500);
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  // A two-player game has about 60 steps: at most its last is stepped to.
  const last = Number(/Step 0 of (\d+)/.exec((await page.locator('.replay-screen').textContent()) ?? '')?.[1]);
  const steps = Math.min(STEPS, last);
  const [before, threadsBefore] = [await metrics(), chromiumThreads()];
  for (let step = 1; step <= steps; step++) {
    await page.keyboard.press('ArrowRight');
    // Each step shown before the next key, then STEP_MS more: the pace of someone reading it.
    await page.locator(`.replay-screen[data-replay-step="${step}"]`).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(STEP_MS);
  }
  const [after, threadsAfter] = [await metrics(), chromiumThreads()];
  await context.close();
  const perStep = (name: string) => ((after[name]! - before[name]!) * 1_000) / steps;
  const threads = [...threadsAfter].map(([name, seconds]) => [name, ((seconds - (threadsBefore.get(name) ?? 0)) * 1_000) / steps] as const);
  return {
    steps,
    chromiumMs: threads.reduce((sum, [, ms]) => sum + ms, 0),
    threads: threads.filter(([, ms]) => ms >= 5).sort((x, y) => y[1] - x[1]),
    taskMs: perStep('TaskDuration'),
    scriptMs: perStep('ScriptDuration'),
    styleMs: perStep('RecalcStyleDuration'),
    layoutMs: perStep('LayoutDuration'),
  };
}

const line = (r: Round) =>
  `${r.steps} steps: Chromium ${r.chromiumMs.toFixed(0)} ms CPU a step; main thread ${r.taskMs.toFixed(1)} ms (script ${r.scriptMs.toFixed(1)}, style ${r.styleMs.toFixed(1)}, layout ${r.layoutMs.toFixed(1)})` +
  (r.threads ? `\n      by thread: ${r.threads.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}` : '');

async function main(): Promise<void> {
  if (!process.env.WEB_DIR) buildWebClient();
  const site = await startServer({ webDir: path.resolve(process.env.WEB_DIR ?? 'dist/web'), botDelayMs: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', MARK] });
  try {
    const host = await signInGuest(site, 'Ann');
    const gameID = await playFinishedGame(host, ['easy_bot']);
    console.log(`${CHROMIUM}; ${ROUNDS} rounds of ${STEPS} steps, each shown then ${STEP_MS} ms, reduced motion; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const rounds: Round[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        rounds.push(await round(browser, site, `${site.url}/game/${gameID}/replay?step=0`, viewport, host.cookie));
        console.log(`  ${label} round ${i + 1}: ${line(rounds.at(-1)!)}`);
      }
      const med = (key: Exclude<keyof Round, 'threads'>) => median(rounds.map((r) => r[key]));
      console.log(`${label} (${viewport.width}x${viewport.height}), medians: ${line({ steps: med('steps'), chromiumMs: med('chromiumMs'), taskMs: med('taskMs'), scriptMs: med('scriptMs'), styleMs: med('styleMs'), layoutMs: med('layoutMs') })}`);
    }
    host.close();
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
