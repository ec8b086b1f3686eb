import { describe, expect, it } from 'vitest';
import { memoryKeyValue } from '@/lib/kv';
import { createDeliveryService, deliveriesWaiting, deliveryWanted } from './service';
import { HOOK, readyJob as job, readyResult as result } from './testing';

function harness(names: Record<string, string> = {}) {
  const kv = memoryKeyValue();
  const asked: Array<[number, number]> = [];
  const bodies: unknown[] = [];
  const service = createDeliveryService({
    kv,
    now: () => 1_000_000,
    lang: async () => 'en',
    convertMarkdown: async (markdown) => markdown,
    hasOriginAccess: async () => true,
    schedule: async () => {},
    fetch: (async (_input: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response('ok', { status: 200 });
    }) as typeof fetch,
    speakerNames: async (spaceId, audioId) => {
      asked.push([spaceId, audioId]);
      return names;
    },
  });
  return { kv, asked, bodies, service };
}

describe('the deliveries entry', () => {
  it('a space no destination wants costs no speaker-name read and queues nothing', async () => {
    const { kv, asked, service } = harness();
    await service.deliverResult(job, result);
    expect(asked).toEqual([]);
    expect(await deliveriesWaiting(kv)).toBe(false);
  });

  it('a wanted space is queued with the speaker names given in the viewer, then sent', async () => {
    const { kv, asked, bodies, service } = harness({ '1': 'Anna' });
    await service.deliveries.add({ url: HOOK, kind: 'webhook', spaceIds: [7] });
    expect(await deliveryWanted(kv, 7)).toBe(true);
    await service.deliverResult(job, result);
    expect(asked).toEqual([[7, 42]]);
    await service.deliveries.idle();
    expect(bodies).toHaveLength(1);
    expect(JSON.stringify(bodies[0])).toContain('Anna');
    expect(await deliveriesWaiting(kv)).toBe(false);
  });

  it('a wake sends nothing when the outbox is empty', async () => {
    const { bodies, service } = harness();
    await service.wake();
    expect(bodies).toEqual([]);
  });
});
