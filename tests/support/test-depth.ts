/**
 * How long the random runs go. The everyday suite (`npm test`) plays enough random games to catch
 * a broken rule or a leaking view within a few minutes on a 2-core machine; `npm run test:deep`
 * (MYTHOS_TEST_DEPTH=deep) plays the full counts, and is run whenever the engine, the views or
 * delivery change. Every check runs at both depths: only the number of random games differs.
 */
export const deep = process.env.MYTHOS_TEST_DEPTH === 'deep';

/** `everyday` runs in the everyday suite, `full` under `npm run test:deep`. */
export function runs(everyday: number, full: number): number {
  return deep ? full : everyday;
}
