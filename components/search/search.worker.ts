/**
 * The search worker's entry: started by the pages that search (components/search/MeetingSearch.tsx).
 *
 * One worker at a time owns the index's files: the one holding the pool's Web Lock, taken before
 * anything touches the pool and kept for the worker's life (the browser lets it go when the page
 * closes). Until then a worker follows the owner: its page's searches are answered by the owner
 * (lib/archive/follower.ts), and it builds no index of its own. Without Web Locks, the worker owns
 * the files at once.
 */
import { archiveKv } from '@/lib/archive';
import { followOwner } from '@/lib/archive/follower';
import { ARCHIVE_CHANNEL } from '@/lib/archive/store';
import type { SearchWorkerOptions, WorkerScope } from '@/lib/archive/worker';
import { startSearchWorker } from '@/lib/archive/worker';
import { SEARCH_PEERS_CHANNEL, SEARCH_POOL_LOCK, type ToSearchPeers } from '@/lib/archive/worker-protocol';
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
 * index is complete, or see the meetings found before their passages; and the time the pool's
 * files are waited for (`test:pool-wait-ms`, tests/e2e/search-files.spec.ts). A release build has
 * no such key or code.
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
        // The pool's files waited for before answering from memory (tests/e2e/search-files.spec.ts).
        open: async () => {
          const waitMs = await kv.get<number>('test:pool-wait-ms');
          return openSearchDatabase(typeof waitMs === 'number' && waitMs > 0 ? { waitMs } : {});
        },
        mark,
        beforeRecord: async () => delay(await kv.get<number>('test:index-delay-ms')),
        // Read once per worker (tests/e2e/search-fresh.spec.ts sets it before the page opens).
        beforeRead: async () => {
          readDelay ??= kv.get<number>('test:read-delay-ms');
          await delay(await readDelay);
        },
      }
    : { open: () => openSearchDatabase() };

const peers = new BroadcastChannel(SEARCH_PEERS_CHANNEL);
const me = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
const follower = followOwner(self as unknown as WorkerScope, peers, me);

let role: 'follower' | 'owner' = 'follower';
let counters = () => follower.counters();
// Test build only: the worker's role, counts and WebAssembly memory as globals, for measurements
// and tests (tests/e2e/search-*.spec.ts, scripts/bench-search-browser.ts): while it follows, the
// owner's counts. A release build has none.
if (import.meta.env.WXT_TEST_BUILD === '1') {
  Object.defineProperties(self, {
    searchRole: { get: () => role },
    searchCounters: { get: () => counters() },
  });
  Object.assign(self, { searchMemory: wasmMemoryBytes, searchOpenTimings: openTimings });
}

/** This worker now owns the files: it opens the database, builds, and answers every page. */
function own(): void {
  const waiting = follower.lead();
  role = 'owner';
  const started = startSearchWorker(
    self as unknown as WorkerScope,
    kv,
    new BroadcastChannel(ARCHIVE_CHANNEL),
    {
      ...options,
      peers,
      firstVersion: follower.version() + 1,
    },
  );
  counters = () => started.counters;
  // The other pages' workers ask again what they had asked the owner before.
  peers.postMessage({ type: 'leader' } satisfies ToSearchPeers);
  void started.build();
  for (const message of waiting) started.ask(message);
}

const locks = (navigator as Navigator & { locks?: LockManager }).locks;
if (locks)
  void locks.request(SEARCH_POOL_LOCK, { mode: 'exclusive' }, () => {
    own();
    // Held for the worker's life.
    return new Promise<never>(() => {});
  });
else own();
