/**
 * What the game screen costs Chromium a step (`npx tsx bench/screen-cost.ts`): one finished game
 * against an easy bot, shown in its replay (the game screen, driven by the replay's moments, so
 * every run of a build shows the same kind of steps at the same pace and nothing waits on a bot),
 * stepped forward with the Right key, each step shown and then STEP_MS more before the next, with
 * the system's reduced motion (no dice or flights: what is left is the screen's own render, its
 * sounds, and the replay's odds of the step shown).
 *
 * Measured for each viewport:
 * - Chromium's CPU a step: every process of the bench's browser (its renderer, the compositor in
 *   its GPU process, the browser process), read from /proc, so Linux only. This is what a browser
 *   test pays for each step it watches, and what a phone's battery pays for each step of a game.
 * - The same by thread name (/proc/PID/task): the page's main thread, the odds worker
 *   (DedicatedWorker: the replay works out the odds of the step shown and of the whole game), the
 *   raster and compositor threads.
 * - The page's main thread a step, from Chromium's own counters (Performance.getMetrics): script,
 *   style, layout, and the whole of its tasks.
 *
 * ROUNDS rounds (default 3) of STEPS steps (default 120, or the game's last step when it has
 * fewer) at each viewport, each in a fresh page; prints each round and the medians. CHROMIUM names the browser (default: Debian's headless shell
 * when installed, as the browser tests use, else /usr/bin/chromium). The figures go into
 * bench/RESULTS.md by hand with the machine's load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import buildWebClient from '../tests/web/support/build.js';
import { signInGuest, startServer } from '../tests/server/support.js';
import { playThroughAPI, startGame } from '../tests/web/support/game.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const STEPS = Number(process.env.STEPS ?? 120);
const STEP_MS = Number(process.env.STEP_MS ?? 120);
const CHROMIUM = process.env.CHROMIUM ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ?? '/usr/bin/chromium';
/** Marks the bench's browser among the machine's processes (Chromium ignores switches it does not know). */
const MARK = `--mythos-screen-cost=${process.pid}`;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Proc {
  ppid: number;
  seconds: number;
}

function processes(): Map<number, Proc> {
  const all = new Map<number, Proc>();
  const tick = 100; // USER_HZ on Linux
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(name), { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / tick });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return all;
}

/** CPU seconds of the bench's Chromium's threads by name (Linux's comm: 'DedicatedWorker', 'Compositor', ...). */
function chromiumThreads(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const pid of chromiumTree()) {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        byName.set(name, (byName.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  }
  return byName;
}

/** CPU seconds of the bench's Chromium: the process carrying MARK and all its descendants. */
function chromiumSeconds(): number {
  const all = processes();
  return [...chromiumTree(all)].reduce((sum, pid) => sum + (all.get(pid)?.seconds ?? 0), 0);
}

/** The process carrying MARK and all its descendants. */
function chromiumTree(all = processes()): Set<number> {
  const roots = [...all.keys()].filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(MARK);
    } catch {
      return false;
    }
  });
  const inTree = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, proc] of all) {
      if (!inTree.has(pid) && inTree.has(proc.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  return inTree;
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

async function round(browser: Browser, url: string, viewport: { width: number; height: number }, cookie: { name: string; value: string }): Promise<Round> {
  const phone = viewport.width < 768;
  const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone, deviceScaleFactor: 1 });
  await context.addCookies([{ ...cookie, url: new URL(url).origin }]);
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await page.locator('.replay-screen[data-replay-step="0"]').waitFor({ timeout: 60_000 });
  // Let the first load's work end before counting.
  await page.waitForTimeout(1_500);
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  // A two-player game has about 130 steps: at most its last is stepped to.
  const last = Number(/Step 0 of (\d+)/.exec((await page.locator('.replay-screen').textContent()) ?? '')?.[1]);
  const steps = Math.min(STEPS, last);
  const [before, cpuBefore, threadsBefore] = [await metrics(), chromiumSeconds(), chromiumThreads()];
  for (let step = 1; step <= steps; step++) {
    await page.keyboard.press('ArrowRight');
    // Each step shown before the next key: a key pressed while the screen is still drawing the
    // last one moves from the step the replay had when it was pressed.
    await page.locator(`.replay-screen[data-replay-step="${step}"]`).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(STEP_MS);
  }
  const [after, cpuAfter, threadsAfter] = [await metrics(), chromiumSeconds(), chromiumThreads()];
  await context.close();
  const perStep = (name: string) => ((after[name]! - before[name]!) * 1_000) / steps;
  return {
    steps,
    chromiumMs: ((cpuAfter - cpuBefore) * 1_000) / steps,
    threads: [...threadsAfter]
      .map(([name, seconds]) => [name, ((seconds - (threadsBefore.get(name) ?? 0)) * 1_000) / steps] as const)
      .filter(([, ms]) => ms >= 5)
      .sort((x, y) => y[1] - x[1]),
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
  buildWebClient();
  const site = await startServer({ webDir: path.resolve('dist/web'), botDelayMs: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', MARK] });
  try {
    const host = await signInGuest(site, 'Ann');
    const gameID = await startGame(site, host, { bots: ['easy_bot'] });
    await playThroughAPI(host, gameID, () => false);
    const [name, ...rest] = host.cookie.split('=');
    const cookie = { name: name!, value: rest.join('=') };
    console.log(`${CHROMIUM}; ${ROUNDS} rounds of ${STEPS} steps, one every ${STEP_MS} ms, reduced motion; load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const rounds: Round[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        rounds.push(await round(browser, `${site.url}/game/${gameID}/replay?step=0`, viewport, cookie));
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
