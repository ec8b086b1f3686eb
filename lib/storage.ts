/**
 * Every persisted item, declared once with its area, fallback and version. A shape change bumps
 * the version with a migration and a test that walks old data forward.
 *
 * Note: `local:` items are readable by content scripts. Nothing secret lives here: the session
 * tokens are kept by the background in the extension origin's IndexedDB (see lib/session-store.ts).
 */
import { storage } from 'wxt/utils/storage';
import type { LanguageSetting } from '@/lib/i18n';

declare const __DEFAULT_SERVICE_URL__: string;

/** The default service URL baked into this build (the local emulator unless overridden). */
export const DEFAULT_SERVICE_URL: string =
  typeof __DEFAULT_SERVICE_URL__ === 'string' ? __DEFAULT_SERVICE_URL__ : 'http://127.0.0.1:8787';

/** Base URL of the Meeting Recording Processing Service, without a trailing slash. */
export const serviceUrlItem = storage.defineItem<string>('local:serviceUrl', {
  fallback: DEFAULT_SERVICE_URL,
  version: 1,
});

export interface Settings {
  /** Space used when an action does not name one; null: the account's main space. */
  defaultSpaceId: number | null;
  notifyReady: boolean;
  notifyFailed: boolean;
  /** Start processing by itself once a transcribe intent's recording is uploaded. */
  autoProcess: boolean;
  language: LanguageSetting;
  /** Sites where the user hid the floating "Send bot" control (host names). */
  hiddenOnSites: string[];
}

export const DEFAULT_SETTINGS: Settings = {
  defaultSpaceId: null,
  notifyReady: true,
  notifyFailed: true,
  autoProcess: true,
  language: 'auto',
  hiddenOnSites: [],
};

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** Settings with every field present, whatever an older or partial stored value holds. */
export async function getSettings(): Promise<Settings> {
  return { ...DEFAULT_SETTINGS, ...(await settingsItem.getValue()) };
}
