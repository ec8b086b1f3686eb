/**
 * The UI fixtures launched for recording a tab ("Record here" specs): sound on (no `--mute-audio`),
 * autoplay allowed, and, when `allowlisted`, `--allowlisted-extension-id` so that tab capture needs
 * no toolbar invocation. `serve` routes the spec's own pages in the new context before any test.
 */
import type { BrowserContext } from '@playwright/test';
import { launchChromium, unpackedExtensionId } from './launch';
import { test as uiTest } from './ui-fixtures';

export function launchedForRecording(
  allowlisted: boolean,
  serve: (context: BrowserContext) => Promise<unknown>,
) {
  return uiTest.extend({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    context: async ({}, use) => {
      const chromium = await launchChromium({
        args: [
          '--autoplay-policy=no-user-gesture-required',
          ...(allowlisted ? [`--allowlisted-extension-id=${unpackedExtensionId()}`] : []),
        ],
        ignoreDefaultArgs: ['--mute-audio'],
      });
      await serve(chromium.context);
      await use(chromium.context);
      await chromium.close();
    },
  });
}
