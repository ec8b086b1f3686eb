/**
 * The worker part that sends deliveries (lib/background/parts.ts): loaded when the outbox holds
 * something at a wake, when a ready protocol has a destination, on the retry alarm and on the
 * delivery messages of the options page. Never on a poll alarm's wake with an empty outbox.
 */
import { Deliveries } from '@/lib/delivery/deliveries';
import type { Lang } from '@/lib/i18n';
import type { DeliveryKv } from '../deliveries';
import { slackTextOffThread } from '../slack-conversion';

export { DestinationError } from '@/lib/delivery/deliveries';

/** Test builds wait seconds, not minutes, between attempts, so end-to-end tests see retries. */
const TEST_BACKOFF_BASE_MS = 5_000;

/** What the worker hands the deliveries (built in lib/background/app.ts). */
export interface DeliveriesDeps {
  now: () => number;
  fetch?: typeof fetch;
  hasOriginAccess: (url: string) => Promise<boolean>;
  lang: () => Promise<Lang>;
  /** A protocol's Markdown as Slack text; default: outside the worker (lib/background/slack-conversion.ts). */
  slackText?: (markdown: string) => Promise<string>;
  kv: DeliveryKv;
  /** Arms the retry alarm, or clears it (lib/background/deliveries.ts). */
  schedule: (at: number | null) => Promise<void>;
}

export function createDeliveries(deps: DeliveriesDeps): Deliveries {
  return new Deliveries({
    kv: deps.kv,
    now: deps.now,
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    hasOriginAccess: deps.hasOriginAccess,
    lang: deps.lang,
    slackText: deps.slackText ?? slackTextOffThread,
    ...(import.meta.env?.WXT_TEST_BUILD === '1' ? { backoffBaseMs: TEST_BACKOFF_BASE_MS } : {}),
    schedule: deps.schedule,
  });
}
