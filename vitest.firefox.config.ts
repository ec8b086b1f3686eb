import { defineConfig } from 'vitest/config';

/**
 * The Firefox end-to-end suite (tests/firefox): Firefox ESR with the built add-on (test build,
 * `npm run build:test:firefox`), driven by puppeteer-core over WebDriver BiDi. One Firefox per
 * file; two files at a time (most of a test is waiting for the background's polls and alarms).
 */
export default defineConfig({
  test: {
    include: ['tests/firefox/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // As long as the Chromium suite's expect timeout (playwright.config.ts).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
