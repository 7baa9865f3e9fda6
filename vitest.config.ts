import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongFilesFirst from './tests/support/long-files-first.js';
import { replacesModules, standInProject } from './tests/support/module-replacement.js';

/**
 * The component test files, split by whether they replace or spy on a module (read from their
 * text: tests/support/module-replacement.ts): those that do need fresh modules each; the others
 * share each worker's, as the node files do, those that spy on the page's own objects (console, a
 * DOM prototype) or stub its globals included. Loading the modules again for every file was a
 * third of the component files' CPU (147 s against 98-101 s for the 44 files, 2026-12-05); in
 * 2026-12-07's run a file with modules of its own cost 2.6 s of CPU, one sharing them 0.8 s
 * (bench/RESULTS.md).
 */
const COMPONENT_FILES = readdirSync('tests/web/components').filter((name) => name.endsWith('.test.tsx')).map((name) => `tests/web/components/${name}`);
const REPLACES_WEB_MODULES = new Set(COMPONENT_FILES.filter((file) => replacesModules(readFileSync(file, 'utf8'))));
/**
 * Of those, the files whose replacements are all stand-ins the test support makes (the tRPC client,
 * silent sounds, odds that never answer, and for some the game screen's served state): each group
 * shares its workers' modules, every stand-in of the group made and reset before each file by the
 * project's setup (`components-stand-in`, `components-served-game`).
 */
const STAND_IN_PROJECT = new Map(COMPONENT_FILES.map((file) => [file, standInProject(readFileSync(file, 'utf8'))]));
const inStandInProject = (name: string) => COMPONENT_FILES.filter((file) => STAND_IN_PROJECT.get(file) === name);

/**
 * The libraries the component files load, each bundled into one module by Vite's dependency
 * optimizer (esbuild) before the files run: Mantine, React and the rest are hundreds of small
 * modules each, and a component file with modules of its own imported them all again. Bundled,
 * the 40 such files took 76-78 s of CPU instead of 93-94 s (2026-12-07, bench/RESULTS.md); the
 * bundle is built once, into node_modules/.vite, and again only when a library changes.
 */
const WEB_LIBRARIES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router-dom', '@mantine/core', '@mantine/hooks', '@tabler/icons-react', '@tanstack/react-query', '@trpc/client', '@trpc/react-query', 'apexcharts', 'react-apexcharts', 'escape-html', '@testing-library/react', '@testing-library/user-event'];

/** Test files that replace or spy on a module, which a shared module cache would defeat. */
const REPLACES_MODULES = [
  'tests/server/startup.test.ts',
  'tests/server/unexpected-errors.test.ts',
  'tests/server/lobby-list-delivery.test.ts',
  'tests/server/bot-secrecy.test.ts',
  'tests/server/security-review-29.test.ts',
  'tests/compat/graphql-limits.test.ts',
  'tests/cli/hand-made-files.test.ts',
];

/**
 * Browser files run at once: one more than the machine has cores. A browser file spends about a
 * quarter of its time waiting (on its server's timers, the bots, Chromium's frames): with one file
 * a core, two cores were 74-76% busy; with three files they were 94-95% busy, and the browser
 * files took 257-266 s instead of 299-301 s (2026-11-30, bench/RESULTS.md). More than that only
 * shares the same cores more thinly.
 */
const BROWSER_WORKERS = workersFrom(process.env.MYTHOS_TEST_WORKERS) ?? os.availableParallelism() + 1;

/**
 * Node files run at once: three more than the machine has cores. They wait far more than the
 * browser files do (turn timers, idle sweeps, two instances' buses, servers started as processes):
 * three at a time kept two cores 76-77% busy, and five took the node group from 185-186 s to
 * 165-170 s on a fresh clone (2026-12-04, bench/RESULTS.md). MYTHOS_TEST_WORKERS sets one count
 * for every group (bench/suite-cost.ts runs files one at a time to measure each one's CPU).
 */
const NODE_WORKERS = workersFrom(process.env.MYTHOS_TEST_WORKERS) ?? os.availableParallelism() + 3;

/** MYTHOS_TEST_WORKERS as a count of files at once; a value that is not one stops the run, not ignored. */
function workersFrom(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new Error(`MYTHOS_TEST_WORKERS must be a whole number of files at once, 1 or more, not "${value}"`);
  return count;
}

/** What every component project has: happy-dom, the bundled libraries, Testing Library's waits. */
const COMPONENTS = {
  deps: { optimizer: { client: { enabled: true, include: WEB_LIBRARIES } } },
  environment: 'happy-dom',
  maxWorkers: NODE_WORKERS,
  sequence: { groupOrder: 0 },
} as const;

/**
 * What the component projects that share each worker's modules add: every spy and stubbed global
 * undone after each test, whatever the file does itself, so that none outlives its file.
 */
const SHARED_MODULES = { isolate: false, restoreMocks: true, unstubGlobals: true, unstubEnvs: true } as const;

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a page or a server will show, not a deadline of its own: vitest's
    // 1 s let a loaded machine fail a check whose answer was on its way (a phone's gallery of 180
    // cards redrawn, 2026-12-03). A check that never comes true still fails, later.
    expect: { poll: { timeout: 15_000 } },
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/web/**', ...REPLACES_MODULES],
          // The files share each worker's loaded modules: importing the server and the engine
          // again for every file was a fifth of the suite's time. Nothing a test changes in a
          // module outlives it (each file starts its own servers and restores what it patches).
          isolate: false,
          // The server compiled as `npm start` runs it, for the files that start it as a process.
          globalSetup: ['tests/support/build-server.ts'],
          maxWorkers: NODE_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Files that replace a module (vi.mock) or spy on one need their own fresh modules.
        test: { name: 'node-isolated', include: REPLACES_MODULES, globalSetup: ['tests/support/build-server.ts'], maxWorkers: NODE_WORKERS, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          // The web client's components and hooks rendered by React into happy-dom's document:
          // their logic, event by event and commit by commit, without a browser or a server.
          name: 'components',
          ...COMPONENTS,
          include: COMPONENT_FILES.filter((file) => REPLACES_WEB_MODULES.has(file) && STAND_IN_PROJECT.get(file) === undefined),
          setupFiles: ['tests/support/testing-library.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The files whose replacements are all the test support's stand-ins: they share each
          // worker's modules, as components-shared does, every stand-in made for all of them and
          // reset before each file (tests/web/support/stand-ins.ts).
          name: 'components-stand-in',
          ...COMPONENTS,
          ...SHARED_MODULES,
          include: inStandInProject('components-stand-in'),
          setupFiles: ['tests/support/testing-library.ts', 'tests/web/support/stand-ins.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The same, for the files that also serve the game screen its live state: apart, since
          // a file that renders the screen with its real state must never find this one loaded.
          name: 'components-served-game',
          ...COMPONENTS,
          ...SHARED_MODULES,
          include: inStandInProject('components-served-game'),
          setupFiles: ['tests/support/testing-library.ts', 'tests/web/support/stand-ins.ts', 'tests/web/support/served-game-stand-in.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The component files that replace no module share each worker's loaded modules, a spy
          // on the page's objects or a stubbed global undone after every test.
          name: 'components-shared',
          ...COMPONENTS,
          ...SHARED_MODULES,
          include: COMPONENT_FILES.filter((file) => !REPLACES_WEB_MODULES.has(file)),
          setupFiles: ['tests/support/testing-library.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/web/**/*.test.ts'],
          // Builds the web client when it is missing or older than its sources (only when
          // browser tests are run).
          globalSetup: ['tests/web/support/build.ts'],
          // As the node files: each worker loads the server and playwright once (no browser test
          // replaces a module; the test in tests/docs/test-config.test.ts holds that).
          isolate: false,
          // Each worker drives one Chromium against each file's own server.
          maxWorkers: BROWSER_WORKERS,
          // After the node tests, not beside them: in one group, vitest ran the browser files
          // first and the node files after them all the same, for no time saved (bench/RESULTS.md).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
