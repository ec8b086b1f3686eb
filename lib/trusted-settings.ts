/**
 * Settings that decide where secrets go (the service URL the token is sent to, the storage origins
 * the upload asks access for, the scheduled bots' links, ...). They live in the extension origin's
 * IndexedDB, next to the session (lib/session-store.ts): content scripts run with the web page's
 * origin, so only the extension's own pages and its background can read or write them. The rest
 * of the settings (language, notices, hidden sites) stay in `storage.local`, which on Chrome is
 * closed to content scripts too (`setAccessLevel`, see `restrictStorageToTrustedContexts`), and
 * reach content scripts through the background's `page.context`.
 *
 * Using it: define an item once, where it belongs, and read and write it anywhere trusted.
 *
 * ```ts
 * export const calendarFeedsItem = defineTrustedItem<string[]>('calendarFeeds', []);
 * await calendarFeedsItem.setValue([...(await calendarFeedsItem.getValue()), url]);
 * ```
 *
 * Values are structured-cloned (plain data, Blobs). Items are not watched: read them when needed.
 * The first use in each context moves the items that used to live in `storage.local`
 * (`LEGACY_LOCAL_KEYS`) here, once.
 */
import { browser } from 'wxt/browser';
import { DATABASES } from '@/lib/databases';
import { idbKeyValue, type KeyValueStore, memoryKeyValue } from '@/lib/kv';

export interface TrustedItem<T> {
  readonly key: string;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
}

/** `storage.local` keys of the settings that moved here; WXT kept a `<key>$` meta entry beside each. */
export const LEGACY_LOCAL_KEYS: readonly string[] = ['serviceUrl', 'storageOrigins', 'scheduledBots'];
const MIGRATED_KEY = '__migrated-from-storage-local';

let store: KeyValueStore | null = null;
let migration: Promise<void> | null = null;

function kv(): KeyValueStore {
  // Node (unit tests) has no IndexedDB: an in-memory store stands in.
  store ??=
    typeof indexedDB === 'undefined'
      ? memoryKeyValue()
      : idbKeyValue(DATABASES.settings.name, DATABASES.settings.store);
  return store;
}

/** For tests: a fresh store (and a fresh migration). */
export function useTrustedStore(next: KeyValueStore): void {
  store = next;
  migration = null;
}

/**
 * Moves the legacy `storage.local` items here once: a value already here wins; the old entries are
 * removed either way. Later writes to those `storage.local` keys (by anyone) are never read.
 */
export async function migrateFromStorageLocal(target: KeyValueStore = kv()): Promise<void> {
  if (await target.get(MIGRATED_KEY)) return;
  const old = await browser.storage.local.get([...LEGACY_LOCAL_KEYS]);
  for (const key of LEGACY_LOCAL_KEYS) {
    if (old[key] !== undefined && (await target.get(key)) === undefined) await target.set(key, old[key]);
  }
  await target.set(MIGRATED_KEY, true);
  await browser.storage.local.remove(LEGACY_LOCAL_KEYS.flatMap((key) => [key, `${key}$`]));
}

function ready(): Promise<void> {
  migration ??= migrateFromStorageLocal().catch((error) => {
    migration = null;
    throw error;
  });
  return migration;
}

export function defineTrustedItem<T>(key: string, fallback: T): TrustedItem<T> {
  return {
    key,
    async getValue() {
      await ready();
      const value = await kv().get<T>(key);
      return value === undefined ? fallback : value;
    },
    async setValue(value) {
      await ready();
      await kv().set(key, value);
    },
    async removeValue() {
      await ready();
      await kv().del(key);
    },
  };
}

/** Writes several trusted items together: all of them or none (one IndexedDB transaction). */
export async function setTrustedItems(entries: [TrustedItem<unknown>, unknown][]): Promise<void> {
  await ready();
  await kv().setMany(entries.map(([item, value]) => [item.key, value]));
}

/**
 * Chrome: closes `storage.local` to content scripts, which otherwise read and write it like the
 * extension's pages. Not persisted by Chrome: called at every worker start.
 * Firefox has no such switch; there the settings that matter are in IndexedDB anyway.
 */
export async function restrictStorageToTrustedContexts(): Promise<void> {
  const local = browser.storage.local as unknown as {
    setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void>;
  };
  if (typeof local.setAccessLevel !== 'function') return;
  await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
}
