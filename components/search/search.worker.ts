/** The search worker's entry: started by the pages that search (components/search/MeetingSearch.tsx). */
import { archiveKv } from '@/lib/archive';
import type { SearchWorkerOptions, WorkerScope } from '@/lib/archive/worker';
import { startSearchWorker } from '@/lib/archive/worker';

const kv = archiveKv();

/**
 * Test build only (`WXT_TEST_BUILD`): a delay before each saved shard is read, in ms, from the
 * archive's key `test:shard-delay-ms` (written by tests/e2e/search-fresh.spec.ts), so a test can
 * type before the saved index has loaded. A release build has no such key or code.
 */
const options: SearchWorkerOptions =
  import.meta.env.WXT_TEST_BUILD === '1'
    ? {
        beforeShard: async () => {
          const ms = await kv.get<number>('test:shard-delay-ms');
          if (typeof ms === 'number' && ms > 0)
            await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 10_000)));
        },
      }
    : {};

const { build } = startSearchWorker(self as unknown as WorkerScope, kv, undefined, options);
void build();
