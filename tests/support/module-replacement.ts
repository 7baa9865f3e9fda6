/**
 * Which test files need modules of their own: those that replace a module (`vi.mock`,
 * `vi.doMock`) or spy on one's exports (`vi.spyOn(aModule, ...)`). A file run with the modules an
 * earlier file of its worker loaded would find them loaded already, its replacement or spy never
 * seen by the code under test, and would silently test nothing.
 *
 * A spy on the page's own objects (`console`, `window`, `document`, a DOM prototype) or a stubbed
 * global (`vi.stubGlobal`, `vi.stubEnv`) replaces no module: such a file can share its worker's
 * modules once every spy and stub is undone after each test (the `components-shared` project
 * undoes them itself: vitest.config.ts).
 */

/**
 * The stand-ins a component file may name and still share its worker's modules with the files of
 * the `components-stand-in` project (vitest.config.ts), each as the file writes it: the tRPC client
 * (tests/web/support/trpc-stub.ts), the sounds made silent, and the odds that never answer
 * (happy-dom runs no Web Worker). The project's setup (tests/web/support/stand-ins.ts) makes all of
 * them for every one of its files, so a file sees the same modules whichever file came before it.
 */
export const CLIENT_STAND_IN = "vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));";
export const SILENT_SOUNDS = "vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));";
export const ODDS_UNANSWERED = `vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));`;
export const STAND_INS = [CLIENT_STAND_IN, SILENT_SOUNDS, ODDS_UNANSWERED];

/**
 * The game screen's live state served by the test (tests/web/support/served-game.ts): the files
 * that name it beside STAND_INS, and nothing else, share their modules in a project of their own,
 * `components-served-game`, since a file that renders the screen with its real live state (a
 * refused subscription's, say) must never find this one loaded.
 */
export const SERVED_GAME = "vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));";

/** Whether a test file renders with the tRPC stand-in and replaces nothing but with `standIns`. */
export function replacesOnlyWith(text: string, standIns: readonly string[]): boolean {
  return text.includes(CLIENT_STAND_IN) && !replacesModules(standIns.reduce((rest, line) => rest.replaceAll(line, ''), text));
}

/** The project of the files that share their modules with stand-ins, if the file is one of them. */
export function standInProject(text: string): 'components-stand-in' | 'components-served-game' | undefined {
  if (text.includes(SERVED_GAME)) return replacesOnlyWith(text, [...STAND_INS, SERVED_GAME]) ? 'components-served-game' : undefined;
  return replacesOnlyWith(text, STAND_INS) ? 'components-stand-in' : undefined;
}

/** The objects a component test may spy on without replacing a module. */
const PAGE_OBJECTS = /^(console|window|document|navigator|globalThis|Element\.prototype|HTMLElement\.prototype|Node\.prototype)$/;

/** Whether a test file's text replaces a module or spies on one. */
export function replacesModules(text: string): boolean {
  if (/\bvi\.(mock|doMock)\(/.test(text)) return true;
  // Every spy's first argument, whatever it is: one that is not plainly a page object counts.
  return [...text.matchAll(/\bvi\.spyOn\(\s*([^,)]*)/g)].some(([, target]) => !PAGE_OBJECTS.test(target!.trim()));
}

/** Whether it replaces, spies on or stubs anything at all, a module or the page's own objects. */
export function replacesAnything(text: string): boolean {
  return /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal)\(/.test(text);
}
