/**
 * Every persisted item of `storage.local` and `storage.session`, declared once with its area,
 * fallback and version. A shape change bumps the version with a migration and a test that walks
 * old data forward (lib/storage-migrations.test.ts). The modules that use an item import it
 * from here; each call is marked pure, so a bundle carries only the items it uses.
 *
 * Where: `local:` items are ordinary settings. On Chrome the background closes `storage.local` to
 * content scripts at every start (lib/trusted-settings.ts); on Firefox they could still read it,
 * so nothing secret and nothing that decides where secrets go lives there. The session tokens are
 * in the extension origin's IndexedDB (lib/session-store.ts), and so is the service URL (a
 * trusted setting, lib/trusted-settings.ts). Content scripts get what they show through the
 * background's `page.context`.
 */
import { storage } from 'wxt/utils/storage';
import type { Recording, SpaceListItem } from '@/lib/api/schemas';
import { IDLE_IMPORT, type ImportState } from '@/lib/archive/types';
import { DEFAULT_CALENDAR_BOTS_PER_DAY, type ScheduledBot } from '@/lib/calendar/types';
import type { ChargeLog } from '@/lib/charges/types';
import type { LanguageSetting } from '@/lib/i18n';
import type { Job } from '@/lib/jobs/types';
import type { KeyValueStore } from '@/lib/kv';
import type { PageBreakage } from '@/lib/page/breakage';
import { DEFAULT_SILENCE_STOP_MINUTES, type SilenceStopMinutes } from '@/lib/recording/types';
import { defineTrustedItem, setTrustedItems } from '@/lib/trusted-settings';

/**
 * The extension origin's IndexedDB databases, the other home of stored data, are listed in
 * ./databases.ts and re-exported here: a module without WXT storage, so that the search worker
 * (lib/archive) and the trusted settings open their database without carrying this one.
 */
export { DATABASES } from './databases';

declare const __DEFAULT_SERVICE_URL__: string;

/** The default service URL baked into this build (the local emulator unless overridden). */
export const DEFAULT_SERVICE_URL: string =
  typeof __DEFAULT_SERVICE_URL__ === 'string' ? __DEFAULT_SERVICE_URL__ : 'http://127.0.0.1:8787';

/**
 * Base URL of the Meeting Recording Processing Service, without a trailing slash: where the
 * password and the token go, so a trusted setting (moved from `storage.local` once).
 */
export const serviceUrlItem = /* @__PURE__ */ defineTrustedItem<string>('serviceUrl', DEFAULT_SERVICE_URL);

/** The spaces of the signed-in account, cached for the page context and the default space. */
export interface AccountCache {
  serviceUrl: string;
  email: string;
  fetchedAt: number;
  spaces: Array<{ id: number; name: string; isMain: boolean; availableSeconds: number; isActive: boolean }>;
}

/** Names the account (its e-mail): kept with the trusted settings, out of content scripts' reach. */
export const accountItem = /* @__PURE__ */ defineTrustedItem<AccountCache | null>('account', null);

/**
 * Origins of the service's upload storage seen in recording links (for `service.origins`): the
 * upload asks access for them, so a trusted setting (lib/trusted-settings.ts).
 */
export const storageOriginsItem = /* @__PURE__ */ defineTrustedItem<string[]>('storageOrigins', []);

/**
 * Bots scheduled for a calendar event's start (lib/calendar/schedules.ts), with one alarm each. A
 * trusted setting (lib/trusted-settings.ts): each entry's link is where a bot goes.
 */
export const schedulesItem = /* @__PURE__ */ defineTrustedItem<ScheduledBot[]>('scheduledBots', []);

/**
 * The deliveries' store (lib/delivery): trusted settings under `delivery.<key>`, since destination
 * addresses are credentials.
 */
const deliveryItem = <T>(key: string) => defineTrustedItem<T | undefined>(`delivery.${key}`, undefined);
export const trustedDeliveryKv: Pick<KeyValueStore, 'get' | 'set' | 'setMany' | 'del'> = {
  get: <T>(key: string) => deliveryItem<T>(key).getValue(),
  set: (key, value) => deliveryItem(key).setValue(value),
  setMany: (entries) => setTrustedItems(entries.map(([key, value]) => [deliveryItem(key), value])),
  del: (key) => deliveryItem(key).removeValue(),
};

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
   * the background sends the bot (lib/calendar/auto-join-service.ts). Off by default.
   */
  autoJoinTabs: boolean;
  /**
   * "Use the meeting page's names without asking": a recording's result gets the names its meeting
   * page suggests with confidence (lib/background/page-names.ts) without the "Use them" press. Off by
   * default.
   */
  applyPageNames: boolean;
  /** At most this many bots sent by the calendars in 24 hours (lib/calendar/calendars.ts). */
  calendarBotsPerDay: number;
  /**
   * "Record here" stops a recording after this many minutes of silence (15, 30 or 60; 0: never),
   * and cuts that silence from its end (lib/recording/silence.ts).
   */
  silenceStopMinutes: SilenceStopMinutes;
}

export const DEFAULT_SETTINGS: Settings = {
  defaultSpaceId: null,
  notifyReady: true,
  notifyFailed: true,
  autoProcess: true,
  language: 'auto',
  hiddenOnSites: [],
  autoJoinTabs: false,
  applyPageNames: false,
  calendarBotsPerDay: DEFAULT_CALENDAR_BOTS_PER_DAY,
  silenceStopMinutes: DEFAULT_SILENCE_STOP_MINUTES,
};

/**
 * v2: every field present (v1 values could lack fields added later; they are filled from the
 * defaults, and what a person chose is kept).
 */
export const settingsItem = /* @__PURE__ */ storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 2,
  migrations: {
    2: (old: Partial<Settings> | null): Settings => ({ ...DEFAULT_SETTINGS, ...old }),
  },
});

/**
 * Calendar and meeting pages that changed (lib/page/breakage.ts): what their adapters missed, for the
 * options page's diagnostics. No page content.
 */
export const pageBreakagesItem = /* @__PURE__ */ storage.defineItem<PageBreakage[]>('local:pageBreakages', {
  fallback: [],
  version: 1,
});

/**
 * Set once the calendars were read in this run of the browser. `storage.session` is emptied when the
 * browser stops, so the first worker start of a run finds it unset, whichever event woke it
 * (`runtime.onStartup` is not fired for every kind of start, e.g. an extension loaded from a folder).
 */
export const calendarsReadThisRunItem = /* @__PURE__ */ storage.defineItem<boolean>(
  'session:calendarsReadThisRun',
  {
    fallback: false,
    version: 1,
  },
);

/**
 * Set once the consent notice of "Record here" was shown (the first recording started: tell the
 * participants they are recorded); it is not shown again.
 */
export const recordingConsentItem = /* @__PURE__ */ storage.defineItem<boolean>(
  'local:recordingConsentShown',
  {
    fallback: false,
    version: 1,
  },
);

/** Settings with every field present, whatever an older or partial stored value holds. */
export async function getSettings(): Promise<Settings> {
  return { ...DEFAULT_SETTINGS, ...(await settingsItem.getValue()) };
}

/**
 * Progress of "Add all past meetings to search" (lib/archive/import.ts): counts and space ids
 * only, no recording content (that is in the archive's IndexedDB).
 */
export const archiveImportItem = /* @__PURE__ */ storage.defineItem<ImportState>('local:archiveImport', {
  fallback: IDLE_IMPORT,
  version: 1,
});

/** Every job by id (lib/jobs/store.ts reads and writes it; pages watch it). */
export const jobsItem = /* @__PURE__ */ storage.defineItem<Record<string, Job>>('local:jobs', {
  fallback: {},
  version: 1,
});

/** Charges and creations made more than once, and this browser's own charges (lib/charges). */
export const chargeLogItem = /* @__PURE__ */ storage.defineItem<ChargeLog>('local:charges', {
  fallback: { own: [], incidents: [] },
  version: 1,
});

/** Whose session ended and when: the sign-in form offers that account again. */
export interface SessionEnded {
  email: string;
  at: number;
}

export const sessionEndedItem = /* @__PURE__ */ storage.defineItem<SessionEnded | null>(
  'local:sessionEnded',
  {
    fallback: null,
    version: 1,
  },
);

/**
 * When the session last started, ended or had its token renewed (ms; 0: not since the browser
 * started): the signal the open extension pages watch to follow the session (lib/session-follow).
 * Written by the background's session store after each change, and by the options page once the
 * service address changed (the session ended before the address was stored); a page that sees it
 * change asks
 * `session.get` and compares the account with the one it shows. No token and no account in it, and
 * not the truth itself (it starts at 0 in each run of the browser). In `storage.session`: extension
 * pages only.
 */
export const sessionChangedItem = /* @__PURE__ */ storage.defineItem<number>('session:sessionChanged', {
  fallback: 0,
  version: 1,
});

/** The session notices already shown (lib/background/session.ts), by the time they were for. */
export interface SessionNotices {
  warnedFor: number | null;
  expiredFor: number | null;
}

export const sessionNoticesItem = /* @__PURE__ */ storage.defineItem<SessionNotices>('local:sessionNotices', {
  fallback: { warnedFor: null, expiredFor: null },
  version: 1,
});

/**
 * The last answers the popup showed, so it opens at once and refreshes after (components/app/
 * cache.ts). In `storage.session`: extension pages only, gone when the browser closes.
 */
export interface PopupCache {
  signedIn: boolean;
  email?: string;
  serviceUrl: string;
  spaces: SpaceListItem[];
  spaceId: number | null;
  recordings: Recording[];
  count: number;
  savedAt: number;
}

export const popupCacheItem = /* @__PURE__ */ storage.defineItem<PopupCache | null>('session:popupCache', {
  fallback: null,
  version: 1,
});

/**
 * The popup's snapshot (lib/popup-snapshot): the one item kept in the extension pages'
 * `localStorage` (the extension origin's, which content scripts and web pages cannot read), because
 * the popup's first script must read it synchronously. Not `storage.*`: those are asynchronous.
 * It holds what the popup showed (no tokens, no links), names its account, and is removed at
 * sign-in, at sign-out, at a change of settings and whenever the popup finds another account.
 * Declared in a module of its own so that the popup's first script carries no WXT storage.
 */
export { POPUP_SNAPSHOT_KEY } from './popup-snapshot/key';
