import { cpus } from 'node:os';
import { defineConfig } from '@playwright/test';
import { registerTestWorker } from './scripts/test-times';

// Every worker loads this file: it tells the time report which process it is.
registerTestWorker();

/**
 * Workers: most of an end-to-end test is waiting (the emulator's answers, alarms, the recorder's
 * pieces), not CPU, so waits overlap best with three workers a core (at most 8); each worker runs
 * its own Chromium and emulator. Measured on two cores with other work beside the run (load 30):
 * 2 workers 30.6 min, 4 workers 17.3 min (one test flaky), 6 workers 13.9 min (none), CPU the same
 * 550 s (docs/tooling.md, "How long the tests take"). `E2E_WORKERS` overrides it.
 */
const workers = Number(process.env.E2E_WORKERS) || Math.min(8, Math.max(2, cpus().length * 3));

export default defineConfig({
  testDir: 'tests/e2e',
  workers,
  fullyParallel: true,
  // On CI a test that fails is run once more and, if it passes then, reported as "flaky" in the
  // summary (and in the closing figures), not hidden; a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // An assertion waits up to 20 s for what it expects, for machines several times slower than a
  // quiet one (six tests at once on two cores beside the unit tests); one that holds returns at once.
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    // Wall and CPU time of each test, and the slowest spec files at the end (scripts/test-times.ts).
    ['./scripts/test-times.ts'],
  ],
  use: {
    trace: 'retain-on-failure',
  },
});
