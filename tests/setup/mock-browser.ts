/** `wxt/browser` in unit tests: WXT's fake browser (vitest.config.ts). */
import { fakeBrowser } from 'wxt/testing/fake-browser';

export const browser = fakeBrowser;
export default fakeBrowser;
