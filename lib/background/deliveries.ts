/**
 * Deliveries in the worker: the store (destination addresses are credentials, so they live with
 * the trusted settings in the extension origin's IndexedDB, never in `storage.local`), the retry
 * alarm, which exists only while the outbox holds something, and the deliveries themselves
 * (lib/delivery/service.ts, where their path is described) made with the worker's dependencies.
 */
import { browser } from 'wxt/browser';
import { botApi } from '@/lib/delivery/kinds';
import {
  createDeliveryService,
  type DeliveryService,
  type DeliveryServiceDeps,
} from '@/lib/delivery/service';
import type { Lang } from '@/lib/i18n';
import type { KeyValueStore } from '@/lib/kv';
import { convertMarkdownOffThread } from './markdown-conversion';

export const DELIVERY_ALARM = 'delivery-retry';

export type DeliveryKv = Pick<KeyValueStore, 'get' | 'set' | 'setMany' | 'del'>;

/** The trusted settings' store under `delivery.<key>`, declared in lib/storage.ts. */
export { trustedDeliveryKv } from '@/lib/storage';

/** Arms the retry alarm for `at` (not sooner than half a second from now), or clears it. */
export function deliveryAlarm(now: () => number): (at: number | null) => Promise<void> {
  return async (at) => {
    if (at === null) await browser.alarms.clear(DELIVERY_ALARM);
    else await browser.alarms.create(DELIVERY_ALARM, { when: Math.max(at, now() + 500) });
  };
}

/** Test builds wait seconds, not minutes, between attempts, so end-to-end tests see retries. */
const TEST_BACKOFF_BASE_MS = 5_000;

/** What the worker hands the deliveries (built in lib/background/app.ts). */
export interface DeliveriesDeps {
  now: () => number;
  fetch?: typeof fetch;
  hasOriginAccess: (url: string) => Promise<boolean>;
  lang: () => Promise<Lang>;
  /** A protocol's Markdown in a chat's markup; default: outside the worker (lib/background/markdown-conversion.ts). */
  convertMarkdown?: DeliveryServiceDeps['convertMarkdown'];
  /** A result's lines linked to their suggested sources (the webhook's body carries them). */
  linkSources: NonNullable<DeliveryServiceDeps['linkSources']>;
  /** A delivered protocol's action items (lib/background/delivery-items.ts). */
  readItems?: DeliveryServiceDeps['readItems'];
  kv: DeliveryKv;
  /** Arms the retry alarm, or clears it (`deliveryAlarm`). */
  schedule: (at: number | null) => Promise<void>;
  /** Speaker names given in the viewer (the archive's). */
  speakerNames: (spaceId: number, audioId: number) => Promise<Record<string, string>>;
  /** The account signed in (lib/archive's owner): its destinations are the ones used. */
  owner?: () => Promise<string | null>;
}

/** The deliveries (lib/delivery/service.ts) with the worker's dependencies. */
export function createDeliveries(deps: DeliveriesDeps): DeliveryService {
  return createDeliveryService({
    kv: deps.kv,
    now: deps.now,
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    hasOriginAccess: deps.hasOriginAccess,
    lang: deps.lang,
    convertMarkdown: deps.convertMarkdown ?? convertMarkdownOffThread,
    linkSources: deps.linkSources,
    ...(deps.readItems ? { readItems: deps.readItems } : {}),
    botApi: (kind) => botApi(kind, (key) => deps.kv.get(key)),
    ...(import.meta.env?.WXT_TEST_BUILD === '1' ? { backoffBaseMs: TEST_BACKOFF_BASE_MS } : {}),
    schedule: deps.schedule,
    speakerNames: deps.speakerNames,
    ...(deps.owner ? { owner: deps.owner } : {}),
  });
}
