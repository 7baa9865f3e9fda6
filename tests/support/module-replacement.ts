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
 * The line by which a component file renders with the tRPC stand-in (tests/web/support/trpc-stub.ts)
 * as its client. Files that replace nothing else all replace the client with the same module, so
 * they can share their worker's modules: the `components-stand-in` project (vitest.config.ts).
 */
export const CLIENT_STAND_IN = "vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));";

/** Whether a test file's only replacement is the tRPC stand-in, as CLIENT_STAND_IN says it. */
export function replacesOnlyTheClient(text: string): boolean {
  return text.includes(CLIENT_STAND_IN) && !replacesModules(text.replace(CLIENT_STAND_IN, ''));
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
