/** The search worker's entry: started by the pages that search (components/search/MeetingSearch.tsx). */
import { archiveKv } from '@/lib/archive';
import { ARCHIVE_CHANNEL } from '@/lib/archive/store';
import type { SearchWorkerOptions, WorkerScope } from '@/lib/archive/worker';
import { startSearchWorker } from '@/lib/archive/worker';
import { openSearchDatabase, openTimings, wasmMemoryBytes } from './search-database';

const kv = archiveKv();

/** Test build only: the first search's steps, for the benchmark's cold page. */
const mark: SearchWorkerOptions['mark'] = (step) => {
  openTimings[step] ??= performance.now();
};

/**
 * Test build only (`WXT_TEST_BUILD`): a delay before each record is indexed, and before each
 * record is read for a search's hits, in ms, from the archive's keys `test:index-delay-ms` and
 * `test:read-delay-ms` (written by tests/e2e/search-fresh.spec.ts), so a test can type before the
 * index is complete, or see the meetings found before their passages. A release build has no such
 * key or code.
 * Waits the key's delay, at most 10 s.
 */
const delay = async (ms: number | undefined) => {
  if (typeof ms === 'number' && ms > 0)
    await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 10_000)));
};
let readDelay: Promise<number | undefined> | null = null;

const options: SearchWorkerOptions =
  import.meta.env.WXT_TEST_BUILD === '1'
    ? {
        open: openSearchDatabase,
        mark,
        beforeRecord: async () => delay(await kv.get<number>('test:index-delay-ms')),
        // Read once per worker (tests/e2e/search-fresh.spec.ts sets it before the page opens).
        beforeRead: async () => {
          readDelay ??= kv.get<number>('test:read-delay-ms');
          await delay(await readDelay);
        },
      }
    : { open: openSearchDatabase };

const { build, counters } = startSearchWorker(
  self as unknown as WorkerScope,
  kv,
  new BroadcastChannel(ARCHIVE_CHANNEL),
  options,
);
// Test build only: the worker's counts and its WebAssembly memory as globals, for measurements and
// tests (tests/e2e/search-restart.spec.ts, scripts/bench-search-browser.ts). A release build has none.
if (import.meta.env.WXT_TEST_BUILD === '1')
  Object.assign(self, {
    searchCounters: counters,
    searchMemory: wasmMemoryBytes,
    searchOpenTimings: openTimings,
  });
void build();
