/**
 * Deliveries in the worker, the part that stays in background.js: the store (destination addresses
 * are credentials, so they live with the trusted settings in the extension origin's IndexedDB,
 * never in `storage.local`), the retry alarm, which exists only while the outbox holds something,
 * and the two looks at the store that decide whether an event needs the deliveries at all. The
 * deliveries themselves (lib/delivery/deliveries.ts, the Slack text) are the worker part
 * `deliveries` (lib/background/parts/deliveries.ts), loaded when one of these says so.
 */
import { browser } from 'wxt/browser';
import { anyWants, DESTINATIONS_KEY, OUTBOX_KEY, outboxHolds } from '@/lib/delivery/outbox';
import type { Destination, OutboxState } from '@/lib/delivery/types';
import type { KeyValueStore } from '@/lib/kv';

export const DELIVERY_ALARM = 'delivery-retry';

export type DeliveryKv = Pick<KeyValueStore, 'get' | 'set' | 'del'>;

/** The trusted settings' store under `delivery.<key>`, declared in lib/storage.ts. */
export { trustedDeliveryKv } from '@/lib/storage';

/** Arms the retry alarm for `at` (not sooner than half a second from now), or clears it. */
export function deliveryAlarm(now: () => number): (at: number | null) => Promise<void> {
  return async (at) => {
    if (at === null) await browser.alarms.clear(DELIVERY_ALARM);
    else await browser.alarms.create(DELIVERY_ALARM, { when: Math.max(at, now() + 500) });
  };
}

/**
 * Whether the outbox holds anything, to send or to re-arm the alarm for (a wake: Chrome may have
 * dropped the alarm when the browser restarted). An empty outbox is the common case.
 */
export async function deliveriesWaiting(kv: DeliveryKv): Promise<boolean> {
  return outboxHolds(await kv.get<OutboxState>(OUTBOX_KEY));
}

/** Whether a destination would receive a ready protocol of `spaceId`. */
export async function deliveryWanted(kv: DeliveryKv, spaceId: number): Promise<boolean> {
  return anyWants(await kv.get<Destination[]>(DESTINATIONS_KEY), spaceId);
}
