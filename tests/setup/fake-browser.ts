/**
 * The fake extension APIs every unit test sees as `chrome` and `browser`, as WXT's vitest plugin
 * stubs them (vitest.config.ts says why the plugin itself is not used).
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

vi.stubGlobal('chrome', fakeBrowser);
vi.stubGlobal('browser', fakeBrowser);
