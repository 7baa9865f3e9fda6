import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['tests/**/*.test.ts'], exclude: ['tests/web/**'], sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/web/**/*.test.ts'],
          // Builds the web client when it is missing or older than its sources (only when
          // browser tests are run).
          globalSetup: ['tests/web/support/build.ts'],
          // Each file drives its own Chromium against its own server: two at a time is what a
          // 2-core machine can run without starving the servers' timers.
          maxWorkers: 2,
          // After the node tests, not beside them: the two groups differ in workers.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
