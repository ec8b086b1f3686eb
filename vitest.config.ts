import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * What WXT's own vitest plugin (`WxtVitest`) gives a test, without the plugin. The plugin maps
 * `wxt/browser` to a module that imports `wxt/testing`, whose index also exports the plugin, so
 * every test file that reaches `browser` loaded and ran the whole of WXT's build tooling (inlined,
 * `ssr.noExternal`): about 1 s of setup per file, two thirds of the unit suite's CPU. Here the
 * fake browser comes straight from `wxt/testing/fake-browser`; the globals are WXT's for a Chrome
 * MV3 build (`getGlobals`), the path aliases its tsconfig's.
 */
const WXT_GLOBALS = {
  MANIFEST_VERSION: 3,
  BROWSER: 'chrome',
  CHROME: true,
  FIREFOX: false,
  SAFARI: false,
  EDGE: false,
  OPERA: false,
  COMMAND: 'serve',
};

export default defineConfig({
  define: Object.fromEntries(
    Object.entries(WXT_GLOBALS).map(([name, value]) => [`import.meta.env.${name}`, JSON.stringify(value)]),
  ),
  resolve: {
    alias: [
      { find: /^wxt\/browser$/, replacement: path.join(root, 'tests/setup/mock-browser.ts') },
      { find: /^(@@|~~|@|~)\//, replacement: `${root}/` },
    ],
  },
  test: {
    // Unit tests beside the modules they test; tests/ holds the service contract's suites and the
    // checks of the repository as a whole (tests/meta; test-layout.test.ts keeps this layout).
    include: [
      'lib/**/*.test.{ts,tsx}',
      'components/**/*.test.{ts,tsx}',
      'entrypoints/**/*.test.{ts,tsx}',
      'scripts/**/*.test.{ts,tsx}',
      'emulator/**/*.test.{ts,tsx}',
      'tests/contract/**/*.test.ts',
      'tests/meta/**/*.test.ts',
    ],
    environment: 'node',
    // The fake extension APIs as `chrome` and `browser` (WXT's fake browser); then every text
    // catalog loaded up front (the pages load the one in force on demand), and the worker's parts
    // registered (the worker loads them on demand).
    // And a file with a DOM lets Preact's after-paint timers fire before its DOM is torn down.
    setupFiles: ['tests/setup/fake-browser.ts', 'tests/setup/catalogs.ts', 'tests/setup/after-paint.ts'],
    // Unit tests run as a test build (wxt.config.ts): loopback services are granted up front.
    env: { WXT_TEST_BUILD: '1' },
    // Two cores: keep parallelism modest so the emulator-backed suites do not starve each other.
    maxWorkers: 2,
    // Limits for a machine three times slower than a loaded CI run, where a test without a limit
    // of its own took up to 12 s; hooks (emulators, fixtures) get a minute. One that hangs still ends.
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
