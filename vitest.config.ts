import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'components/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'lib/**/*.test.ts',
      'emulator/**/*.test.ts',
    ],
    environment: 'node',
    // Every text catalog loaded up front (the pages load the one in force on demand), and the
    // worker's parts registered (the worker loads them on demand).
    setupFiles: ['tests/setup/catalogs.ts'],
    // Unit tests run as a test build (wxt.config.ts): loopback services are granted up front.
    env: { WXT_TEST_BUILD: '1' },
    // Two cores: keep parallelism modest so the emulator-backed suites do not starve each other.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
