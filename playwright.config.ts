import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // Each worker runs its own Chromium and emulator; two cores take two workers comfortably.
  workers: process.env.CI ? 2 : undefined,
  fullyParallel: true,
  // On CI a test that fails is run once more and, if it passes then, reported as "flaky" in the
  // summary (and in the closing figures), not hidden; a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
  },
});
