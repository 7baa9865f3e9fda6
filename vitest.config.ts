import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Builds the web client for the browser tests when it is missing or stale.
    globalSetup: ['tests/web/support/build.ts'],
  },
});
