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
    // A bound, not a wait: a journey test polls for the background's 12 s polls, and on a loaded
    // machine (the Chromium suite and the soak run beside this one) took longer than 60 s.
    testTimeout: 120_000,
    hookTimeout: 90_000,
    // As long as the Chromium suite's expect timeout (playwright.config.ts).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
