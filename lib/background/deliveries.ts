/**
 * Deliveries in the worker: the store (destination addresses are credentials, so they live with
 * the trusted settings in the extension origin's IndexedDB, never in `storage.local`), and the
 * retry alarm, which exists only while the outbox holds something.
 */
import { browser } from 'wxt/browser';
import { Deliveries } from '@/lib/delivery/deliveries';
import type { Lang } from '@/lib/i18n';
import type { KeyValueStore } from '@/lib/kv';
import { defineTrustedItem } from '@/lib/trusted-settings';

export const DELIVERY_ALARM = 'delivery-retry';

/** Test builds wait seconds, not minutes, between attempts, so end-to-end tests see retries. */
const TEST_BACKOFF_BASE_MS = 5_000;

/** The trusted settings' store under `delivery.<key>`. */
const trustedKv: Pick<KeyValueStore, 'get' | 'set' | 'del'> = {
  get: <T>(key: string) => defineTrustedItem<T | undefined>(`delivery.${key}`, undefined).getValue(),
  set: (key, value) => defineTrustedItem<unknown>(`delivery.${key}`, undefined).setValue(value),
  del: (key) => defineTrustedItem<unknown>(`delivery.${key}`, undefined).removeValue(),
};

export function createDeliveries(deps: {
  now: () => number;
  fetch?: typeof fetch;
  hasOriginAccess: (url: string) => Promise<boolean>;
  lang: () => Promise<Lang>;
  slackText: (markdown: string) => Promise<string>;
  kv?: Pick<KeyValueStore, 'get' | 'set' | 'del'>;
}): Deliveries {
  return new Deliveries({
    kv: deps.kv ?? trustedKv,
    now: deps.now,
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    hasOriginAccess: deps.hasOriginAccess,
    lang: deps.lang,
    slackText: deps.slackText,
    ...(import.meta.env?.WXT_TEST_BUILD === '1' ? { backoffBaseMs: TEST_BACKOFF_BASE_MS } : {}),
    schedule: async (at) => {
      if (at === null) await browser.alarms.clear(DELIVERY_ALARM);
      else await browser.alarms.create(DELIVERY_ALARM, { when: Math.max(at, deps.now() + 500) });
    },
  });
}
