/**
 * The node and browser tests share each worker's loaded modules (vitest.config.ts), so a file that
 * replaces a module or spies on one would see the copy an earlier file loaded and silently test
 * nothing. Such files must be listed in the `node-isolated` project, which gives each its own
 * fresh modules; no browser file may be one. The component files are split the same way
 * (`components`, fresh modules each; `components-shared`), but for those whose replacements are
 * all the test support's stand-ins (`components-stand-in`, and `components-served-game` for those
 * that also serve the game screen its state): the project makes every one of its stand-ins for
 * each of its files and resets them, so they share their workers' modules among themselves.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';
import { LONG_FILES } from '../support/long-files-first.js';
import { CLIENT_STAND_IN, ODDS_UNANSWERED, SERVED_GAME, SILENT_SOUNDS, STAND_INS, replacesAnything, replacesModules, standInProject } from '../support/module-replacement.js';

const root = join(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

/** The web client's source files, .ts and .tsx. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The test settings of the named project in vitest.config.ts. */
function project(name: string) {
  const found = (config.test?.projects ?? []).find((p) => typeof p === 'object' && 'test' in p && p.test?.name === name);
  if (typeof found !== 'object' || !('test' in found) || found.test === undefined) throw new Error(`no project named ${name}`);
  return found.test;
}

/** The `include` list of the named project in vitest.config.ts. */
function included(name: string): string[] {
  return project(name).include ?? [];
}

describe('the test configuration', () => {
  it('runs every node test file that replaces or spies on a module with fresh modules of its own', () => {
    const thisFile = relative(root, import.meta.filename);
    const replacing = testFiles(join(root, 'tests')).filter((file) => file !== thisFile && /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal)\(/.test(readFileSync(join(root, file), 'utf8')));
    expect(replacing.length).toBeGreaterThan(0);
    expect(included('node-isolated').toSorted()).toEqual(replacing.toSorted());
    // The browser files share their workers' modules too, with no isolated project beside them.
    expect(replacing.filter((file) => file.startsWith('tests/web/'))).toEqual([]);
  });

  it('runs every component test file once, those that replace or spy on a module each with fresh modules', () => {
    const components = readdirSync(join(root, 'tests/web/components')).filter((name) => name.endsWith('.test.tsx')).map((name) => `tests/web/components/${name}`);
    const text = (file: string) => readFileSync(join(root, file), 'utf8');
    const standIn = components.filter((file) => standInProject(text(file)) === 'components-stand-in');
    const servedGame = components.filter((file) => standInProject(text(file)) === 'components-served-game');
    const replacing = components.filter((file) => replacesModules(text(file)) && standInProject(text(file)) === undefined);
    expect(replacing.length).toBeGreaterThan(0);
    expect(standIn.length).toBeGreaterThan(0);
    expect(servedGame.length).toBeGreaterThan(0);
    expect(included('components').toSorted()).toEqual(replacing.toSorted());
    expect(included('components-stand-in').toSorted()).toEqual(standIn.toSorted());
    expect(included('components-served-game').toSorted()).toEqual(servedGame.toSorted());
    const projects = ['components', 'components-stand-in', 'components-served-game', 'components-shared'];
    expect(projects.flatMap(included).toSorted()).toEqual(components.toSorted());
    // Files that spy on the page's own objects or stub its globals share modules, their spies and
    // stubs undone after each test by the project; so do the stand-in's files, which also start
    // from the stand-in as nothing has set it.
    expect(components.filter((file) => replacesAnything(text(file)) && !replacing.includes(file) && !standIn.includes(file)).length).toBeGreaterThan(0);
    for (const name of ['components-shared', 'components-stand-in', 'components-served-game']) {
      const { isolate, restoreMocks, unstubGlobals, unstubEnvs } = project(name);
      expect({ isolate, restoreMocks, unstubGlobals, unstubEnvs }).toEqual({ isolate: false, restoreMocks: true, unstubGlobals: true, unstubEnvs: true });
    }
    // Each stand-in a file of a shared project may name is made by the project for all of its
    // files: one made by a file alone would stay in its worker's modules for the files after it.
    const setupText = (name: string) => (project(name).setupFiles as string[]).map((file) => text(file)).join('\n');
    const madeFor = (name: string) => [...setupText(name).matchAll(/\bvi\.mock\('([^']*)'/g)].map(([, path]) => path!.replace(/^(\.\.\/)+/, ''));
    const named = (lines: string[]) => lines.map((line) => /\bvi\.mock\('([^']*)'/.exec(line)![1]!.replace(/^(\.\.\/)+/, ''));
    expect(madeFor('components-stand-in').toSorted()).toEqual(named(STAND_INS).toSorted());
    expect(madeFor('components-served-game').toSorted()).toEqual(named([...STAND_INS, SERVED_GAME]).toSorted());
  });

  it('shares modules only among files whose replacements are all the stand-ins, as written', () => {
    expect(standInProject(`import x from 'y';\n${CLIENT_STAND_IN}\n`)).toBe('components-stand-in');
    expect(standInProject(`${CLIENT_STAND_IN}\n${SILENT_SOUNDS}\n// why\n${ODDS_UNANSWERED}\n`)).toBe('components-stand-in');
    expect(standInProject(`${CLIENT_STAND_IN}\n${SILENT_SOUNDS}\n${SERVED_GAME}\n`)).toBe('components-served-game');
    expect(standInProject(`${CLIENT_STAND_IN}\nvi.spyOn(console, 'error');`)).toBe('components-stand-in');
    // The client replaced by another stand-in, a stand-in written otherwise (sounds recorded), or
    // something else replaced beside them: modules of its own.
    expect(standInProject("vi.mock('../../../src/web/lib/trpc.js', () => ({ trpc: server }));")).toBeUndefined();
    expect(standInProject(SILENT_SOUNDS)).toBeUndefined();
    expect(standInProject(`${CLIENT_STAND_IN}\nvi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: (cue: string) => cues.push(cue) }));`)).toBeUndefined();
    expect(standInProject(`${CLIENT_STAND_IN}\n${SERVED_GAME}\nvi.mock('../../../src/web/chat/chat-room-view.js', () => ({}));`)).toBeUndefined();
    expect(standInProject(`${CLIENT_STAND_IN}\nvi.spyOn(odds, 'oddsFor');`)).toBeUndefined();
  });

  it("starts each of the stand-in's files from the stand-in as nothing has set it", async () => {
    const { resetStandIn, stubbed } = await import('../web/support/trpc-stub.js');
    stubbed.answers['games.state'] = { id: 'g1' };
    stubbed.settings = { showOddsToPlayers: true, turnTimerOn: false, turnTimerSeconds: 90 };
    stubbed.fetched.push('users.byIDs');
    resetStandIn();
    expect(stubbed).toEqual({ settings: null, users: null, answers: {}, refusals: {}, fetched: [], mutations: {} });
  });

  it("bundles every library the web client loads for the component files, and none that a component file replaces", () => {
    const optimized = (name: string) => project(name).deps?.optimizer?.client;
    const bundled = optimized('components')?.include ?? [];
    expect(optimized('components')?.enabled).toBe(true);
    expect(optimized('components-shared')).toEqual(optimized('components'));
    expect(optimized('components-stand-in')).toEqual(optimized('components'));
    // Every package the client imports a value from (a type import loads nothing), so that none is
    // loaded as its hundreds of modules again for every file.
    const sources = sourceFiles(join(root, 'src/web'));
    const loaded = new Set(sources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*? from '([^.'][^']*)';/gm)].map(([, name]) => name!)));
    expect([...loaded].filter((name) => !bundled.includes(name))).toEqual([]);
    // A bundled library is loaded as one module: a file that replaced a part of it could miss the
    // library's own callers of that part.
    const components = readdirSync(join(root, 'tests/web/components')).map((name) => readFileSync(join(root, 'tests/web/components', name), 'utf8'));
    const replaced = components.flatMap((text) => [...text.matchAll(/\bvi\.(?:mock|doMock)\('([^']*)'/g)].map(([, name]) => name!));
    expect(replaced.length).toBeGreaterThan(0);
    expect(replaced.filter((name) => bundled.some((library) => name === library || name.startsWith(`${library}/`)))).toEqual([]);
  });

  it('tells a spy on a module from a spy on the page', () => {
    expect(replacesModules("vi.mock('../../../src/web/lib/trpc.js', () => ({}));")).toBe(true);
    expect(replacesModules("vi.spyOn(console, 'error');")).toBe(false);
    expect(replacesModules("vi.spyOn(Element.prototype, 'getBoundingClientRect');")).toBe(false);
    expect(replacesModules("vi.stubGlobal('matchMedia', () => null);")).toBe(false);
    expect(replacesModules("vi.spyOn(odds, 'oddsFor');")).toBe(true);
    expect(replacesModules("vi.spyOn(await import('../odds.js'), 'oddsFor');")).toBe(true);
  });

  it('runs every project but the browser files in `npm run test:fast`', () => {
    // Its projects named as vitest reads them: a name, or a pattern with `*` for any characters.
    const fast = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['test:fast']!;
    const patterns = [...fast.matchAll(/--project[ =]'?([^' ]+)'?/g)].map(([, name]) => new RegExp(`^${name!.replaceAll('*', '.*')}$`));
    const names = (config.test?.projects ?? []).map((p) => (typeof p === 'object' && 'test' in p && typeof p.test?.name === 'string' ? p.test.name : ''));
    expect(names.filter((name) => patterns.some((pattern) => pattern.test(name)))).toEqual(names.filter((name) => name !== 'browser'));
  });

  it('starts the files known to run longest first, each of which exists', () => {
    const all = testFiles(join(root, 'tests'));
    expect(LONG_FILES.filter((file) => !all.includes(file))).toEqual([]);
  });
});
