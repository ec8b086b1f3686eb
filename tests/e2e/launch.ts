/**
 * Chromium with the built extension, as the end-to-end tests, the page-cost measurement and the
 * scripts (screenshots, UI and background measurements) start it: the system Chromium, headless,
 * a fresh profile, and the flags that keep it from fetching, syncing or updating on its own.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';

export const extensionPath = path.resolve(import.meta.dirname, '../../.output/chrome-mv3');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const QUIET_FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  /** Load the built extension (default true); the page-cost baseline runs without it. */
  extension?: boolean;
  /** Another build of the extension than `extensionPath` (the release build's test). */
  extensionDir?: string;
  /** Prefix of the temporary profile folder's name. */
  profilePrefix?: string;
  deviceScaleFactor?: number;
  /** A profile folder to use (and keep on close): the same profile again is a browser restart. */
  profileDir?: string;
  /** More Chromium flags (the tab-capture specs: autoplay, the allowlisted extension id). */
  args?: string[];
  /** Playwright's own flags to leave out (the tab-capture specs: `--mute-audio`, which captures silence). */
  ignoreDefaultArgs?: string[];
}

export interface LaunchedChromium {
  context: BrowserContext;
  profileDir: string;
  /** Closes the browser and deletes the profile (kept when it was given in `profileDir`). */
  close(): Promise<void>;
}

/** The id Chromium gives the unpacked extension in `dir`: from the SHA-256 of its absolute path. */
export function unpackedExtensionId(dir: string = extensionPath): string {
  const hex = createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

export async function launchChromium(options: LaunchOptions = {}): Promise<LaunchedChromium> {
  const profileDir =
    options.profileDir ?? mkdtempSync(path.join(tmpdir(), options.profilePrefix ?? 'mc-profile-'));
  const args = [...QUIET_FLAGS, ...(options.args ?? [])];
  if (options.extension ?? true) {
    const dir = options.extensionDir ?? extensionPath;
    args.unshift(`--disable-extensions-except=${dir}`, `--load-extension=${dir}`);
  }
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    args,
    ...(options.ignoreDefaultArgs && { ignoreDefaultArgs: options.ignoreDefaultArgs }),
    ...(options.deviceScaleFactor !== undefined && { deviceScaleFactor: options.deviceScaleFactor }),
  });
  return {
    context,
    profileDir,
    close: async () => {
      await context.close();
      if (!options.profileDir) rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
