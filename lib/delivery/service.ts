/**
 * The deliveries' entry for the background. A ready protocol goes one way, background → here:
 *
 *   job engine `onResult` (lib/background/results.ts, wired in lib/background/app.ts)
 *   → `deliverResult`: does a destination want this space (outbox.ts; the common "no" reads
 *     nothing more) → the speaker names given in the viewer (`deps.speakerNames`)
 *   → `Deliveries.enqueueResult` (deliveries.ts): the outbox, written before the job is ready
 *   → `sendDue`: bodies (each kind's, kinds/; Markdown converted through `deps.convertMarkdown`), `deps.fetch`, retries
 *     armed through `deps.schedule` (the alarm then calls `deliveries.sendDue` again).
 *
 * Whatever the background provides (store, clock, fetch, alarm, Markdown conversion, speaker names)
 * comes in as `deps` (built in lib/background/deliveries.ts); nothing in lib/delivery imports
 * lib/background. The messages of the pages (lib/background/delivery-handlers.ts) call
 * `deliveries` the same way.
 */
import type { ProcessingResult } from '@/lib/api/schemas';
import { Deliveries, type DeliveryDeps } from './deliveries';
import { anyWants, DESTINATIONS_KEY, OUTBOX_KEY, outboxHolds } from './outbox';
import type { Destination, OutboxState } from './types';

type DeliveryKv = DeliveryDeps['kv'];

/** Whether the outbox holds anything, to send or to re-arm the alarm for. The common case is no. */
export async function deliveriesWaiting(kv: DeliveryKv): Promise<boolean> {
  return outboxHolds(await kv.get<OutboxState>(OUTBOX_KEY));
}

/** Whether a destination of `owner` (the account signed in) would receive a ready protocol of `spaceId`. */
export async function deliveryWanted(
  kv: DeliveryKv,
  spaceId: number,
  owner?: string | null,
): Promise<boolean> {
  return anyWants(await kv.get<Destination[]>(DESTINATIONS_KEY), spaceId, owner);
}

export interface DeliveryServiceDeps extends DeliveryDeps {
  /** Speaker names given in the viewer for a recording (id → name); empty when none. */
  speakerNames: (spaceId: number, audioId: number) => Promise<Record<string, string>>;
}

export interface DeliveryService {
  /** The destinations, outbox and log (made on first use). */
  readonly deliveries: Deliveries;
  /** A job's ready result: queued for every destination that wants its space, before the job is marked ready. */
  deliverResult(
    job: { id: string; spaceId: number; spaceName?: string; intent: string; title?: string },
    result: ProcessingResult,
  ): Promise<void>;
  /** A start of the worker: sends what is due and re-arms the alarm, only when something waits. */
  wake(): Promise<void>;
}

export function createDeliveryService(deps: DeliveryServiceDeps): DeliveryService {
  const { speakerNames, ...deliveryDeps } = deps;
  let made: Deliveries | undefined;
  const deliveries = () => {
    made ??= new Deliveries(deliveryDeps);
    return made;
  };
  return {
    get deliveries() {
      return deliveries();
    },
    async deliverResult(job, result) {
      // No destination wants this space (the common case): the outbox is not read.
      const owner = deps.owner ? await deps.owner() : undefined;
      if (!(await deliveryWanted(deps.kv, job.spaceId, owner))) return;
      // Names given to speakers in the viewer (a recording processed again may have them).
      const names = await speakerNames(job.spaceId, result.audio_id).catch(() => ({}));
      // The outbox keeps the delivery across worker stops.
      await deliveries().enqueueResult(job, result, Object.keys(names).length > 0 ? names : undefined);
    },
    async wake() {
      if (await deliveriesWaiting(deps.kv)) await deliveries().sendDue();
    },
  };
}
