/** The search worker's entry: started by the pages that search (components/search/MeetingSearch.tsx). */
import { archiveKv } from '@/lib/archive';
import { ARCHIVE_CHANNEL } from '@/lib/archive/store';
import type { SearchWorkerOptions, WorkerScope } from '@/lib/archive/worker';
import { startSearchWorker } from '@/lib/archive/worker';
import { openSearchDatabase, openTimings, wasmMemoryBytes } from './search-database';

const kv = archiveKv();

/**
 * Test build only (`WXT_TEST_BUILD`): a delay before each record is indexed, in ms, from the
 * archive's key `test:index-delay-ms` (written by tests/e2e/search-fresh.spec.ts), so a test can
 * type before the index is complete. A release build has no such key or code.
 */
const options: SearchWorkerOptions =
  import.meta.env.WXT_TEST_BUILD === '1'
    ? {
        open: openSearchDatabase,
        beforeRecord: async () => {
          const ms = await kv.get<number>('test:index-delay-ms');
          if (typeof ms === 'number' && ms > 0)
            await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 10_000)));
        },
      }
    : { open: openSearchDatabase };

const { build, counters } = startSearchWorker(
  self as unknown as WorkerScope,
  kv,
  new BroadcastChannel(ARCHIVE_CHANNEL),
  options,
);
// The worker's counts and its WebAssembly memory, for measurements and tests
// (tests/e2e/search-restart.spec.ts, scripts/bench-search-browser.ts).
Object.assign(self, {
  searchCounters: counters,
  searchMemory: wasmMemoryBytes,
  searchOpenTimings: openTimings,
});
void build();
