import { describe, expect, it } from 'vitest';
import { memoryKeyValue } from '@/lib/kv';
import { Deliveries } from './deliveries';
import { anyWants, DESTINATIONS_KEY, OUTBOX_KEY, outboxHolds, wantsSpace } from './outbox';
import type { Destination, OutboxEntry, OutboxState } from './types';

const destination = (spaceIds: number[] | null): Destination => ({
  id: 'd1',
  kind: 'webhook',
  url: 'https://hooks.example.com/x',
  spaceIds,
  includeTranscript: false,
  addedAt: 0,
});

const entry = (nextAttemptAt: number): OutboxEntry => ({
  id: 'e1',
  destinationId: 'd1',
  idempotencyKey: 'mc-1-2-j',
  recording: null,
  test: false,
  readyAt: 0,
  attempts: 0,
  nextAttemptAt,
});

describe('what the worker reads of the deliveries without loading them', () => {
  it('the outbox holds something when it has an entry, due or not yet', () => {
    expect(outboxHolds(undefined)).toBe(false);
    expect(outboxHolds({ entries: [], runs: ['job:1', 'job:2'] })).toBe(false);
    expect(outboxHolds({ entries: [entry(0)], runs: [] })).toBe(true);
    // Leased by an attempt, or waiting for a retry: the alarm must be armed for it.
    expect(outboxHolds({ entries: [entry(Number.MAX_SAFE_INTEGER)], runs: [] })).toBe(true);
  });

  it('a destination wants every space (null) or the spaces it names', () => {
    expect(wantsSpace(destination(null), 5)).toBe(true);
    expect(wantsSpace(destination([4, 5]), 5)).toBe(true);
    expect(wantsSpace(destination([4]), 5)).toBe(false);
    expect(anyWants(undefined, 5)).toBe(false);
    expect(anyWants([], 5)).toBe(false);
    expect(anyWants([destination([4]), destination([6])], 5)).toBe(false);
    expect(anyWants([destination([4]), destination(null)], 5)).toBe(true);
  });

  it('reads the keys the deliveries write', async () => {
    const kv = memoryKeyValue();
    const now = 1_000;
    const deliveries = new Deliveries({
      kv,
      now: () => now,
      fetch: (async () => new Response(null, { status: 503 })) as unknown as typeof fetch,
      hasOriginAccess: async () => true,
      lang: async () => 'en',
      convertMarkdown: async (markdown) => markdown,
      schedule: async () => undefined,
    });
    expect(anyWants(await kv.get<Destination[]>(DESTINATIONS_KEY), 7)).toBe(false);
    await deliveries.add({ url: 'https://hooks.example.com/x', kind: 'webhook', spaceIds: [7] });
    expect(anyWants(await kv.get<Destination[]>(DESTINATIONS_KEY), 7)).toBe(true);
    expect(anyWants(await kv.get<Destination[]>(DESTINATIONS_KEY), 8)).toBe(false);

    expect(outboxHolds(await kv.get<OutboxState>(OUTBOX_KEY))).toBe(false);
    const result = {
      classified: true,
      success: true,
      audio_id: 42,
      title: 'Weekly sync',
      duration: 60,
      result: { language: 'en', protocol: '## Summary', dialog: [], speakers_map: {} },
    };
    await deliveries.enqueueResult({ id: 'j1', spaceId: 7, intent: 'process' }, result);
    await deliveries.idle();
    // Answered 503: it waits for a retry.
    expect(outboxHolds(await kv.get<OutboxState>(OUTBOX_KEY))).toBe(true);
    const [view] = await deliveries.list();
    await deliveries.remove(view!.id);
    expect(outboxHolds(await kv.get<OutboxState>(OUTBOX_KEY))).toBe(false);
  });
});
