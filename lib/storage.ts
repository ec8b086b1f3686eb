/**
 * Every persisted item, declared once with its area, fallback and version. A shape change bumps
 * the version with a migration and a test that walks old data forward.
 *
 * Where: `local:` items are ordinary settings. On Chrome the background closes `storage.local` to
 * content scripts at every start (lib/trusted-settings.ts); on Firefox they could still read it,
 * so nothing secret and nothing that decides where secrets go lives there. The session tokens are
 * in the extension origin's IndexedDB (lib/session-store.ts), and so is the service URL (a
 * trusted setting, lib/trusted-settings.ts). Content scripts get what they show through the
 * background's `page.context`.
 */
import { storage } from 'wxt/utils/storage';
import { IDLE_IMPORT, type ImportState } from '@/lib/archive/import';
import type { LanguageSetting } from '@/lib/i18n';
import { defineTrustedItem } from '@/lib/trusted-settings';

declare const __DEFAULT_SERVICE_URL__: string;

/** The default service URL baked into this build (the local emulator unless overridden). */
export const DEFAULT_SERVICE_URL: string =
  typeof __DEFAULT_SERVICE_URL__ === 'string' ? __DEFAULT_SERVICE_URL__ : 'http://127.0.0.1:8787';

/**
 * Base URL of the Meeting Recording Processing Service, without a trailing slash: where the
 * password and the token go, so a trusted setting (moved from `storage.local` once).
 */
export const serviceUrlItem = defineTrustedItem<string>('serviceUrl', DEFAULT_SERVICE_URL);

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
  /**
   * "Send the bot when I open a meeting tab": a meeting tab counts down 10 s (with Cancel), then
   * the background sends the bot (lib/background/auto-join.ts). Off by default.
   */
  autoJoinTabs: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  defaultSpaceId: null,
  notifyReady: true,
  notifyFailed: true,
  autoProcess: true,
  language: 'auto',
  hiddenOnSites: [],
  autoJoinTabs: false,
};

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/**
 * Set once the calendars were read in this run of the browser. `storage.session` is emptied when the
 * browser stops, so the first worker start of a run finds it unset, whichever event woke it
 * (`runtime.onStartup` is not fired for every kind of start, e.g. an extension loaded from a folder).
 */
export const calendarsReadThisRunItem = storage.defineItem<boolean>('session:calendarsReadThisRun', {
  fallback: false,
  version: 1,
});

/** Settings with every field present, whatever an older or partial stored value holds. */
export async function getSettings(): Promise<Settings> {
  return { ...DEFAULT_SETTINGS, ...(await settingsItem.getValue()) };
}

/**
 * Progress of "Add all past meetings to search" (lib/archive/import.ts): counts and space ids
 * only, no recording content (that is in the archive's IndexedDB).
 */
export const archiveImportItem = storage.defineItem<ImportState>('local:archiveImport', {
  fallback: IDLE_IMPORT,
  version: 1,
});
