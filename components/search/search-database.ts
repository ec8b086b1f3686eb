/**
 * The search worker's database: SQLite (the official WebAssembly build) on the origin-private
 * file system through the "SAH pool" VFS, which needs no cross-origin isolation and keeps the
 * database between visits and browser restarts. Loaded only by the search worker.
 *
 * The pool is one worker's at a time (it holds the files' access handles): a second page that
 * searches while the first keeps its worker asks for them, and the first lets them go as soon as it
 * is idle (`release`, `acquire`); only after 30 s without them does it search from an in-memory
 * database of its own, built from the archive (`storage: 'memory'`).
 */

// The WebAssembly file, packaged as an asset of the extension.
import wasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';
import sqlite3InitModule from 'sqlite-wasm-module';
import { SEARCH_DATABASE_DIRECTORY } from '@/lib/archive';
import type { SearchDatabase } from '@/lib/archive/worker';

const POOL = 'meeting-search';
const FILE = '/search.sqlite3';
/**
 * The pool's files are one worker's at a time. A worker that wants them asks on this channel, every
 * `RETRY_MS`, and the one holding them lets them go when it is idle (no build, no search under
 * way), taking them back when it needs them again. After `WAIT_MS` without them, a worker that has
 * not opened the database yet searches from an in-memory one of its own.
 */
const POOL_CHANNEL = 'meeting-search-pool';
const RETRY_MS = 250;
const WAIT_MS = 30_000;
/** SQLite's page cache, in KiB: the worker's memory stays bounded whatever the archive's size. */
const CACHE_KIB = 8192;

type Sqlite3 = Awaited<ReturnType<typeof sqlite3InitModule>>;

let loaded: Sqlite3 | null = null;

/**
 * When (ms from the worker's start, its own clock) SQLite was loaded, the pool's files were taken
 * and the database opened, and the steps of the first search (`SearchWorkerOptions.mark`): what a
 * page opened cold waits for (scripts/bench-search-browser.ts).
 */
export const openTimings: Partial<
  Record<'loaded' | 'pool' | 'opened' | 'catalog' | 'ready' | 'answered', number>
> = {};

/** Bytes of the WebAssembly memory (SQLite's heap, page cache included; it never shrinks), 0 before loading. */
export function wasmMemoryBytes(): number {
  return loaded?.wasm.heap8().byteLength ?? 0;
}

async function load(): Promise<Sqlite3> {
  // The module looks for its WebAssembly file by this name beside itself; the packaged file's
  // address is given instead.
  const state = (globalThis as { sqlite3InitModuleState?: { wasmFilename: string } }).sqlite3InitModuleState;
  if (state) state.wasmFilename = new URL(wasmUrl, self.location.href).href;
  loaded = await sqlite3InitModule({ print: () => {}, printErr: () => {} } as Parameters<
    typeof sqlite3InitModule
  >[0]);
  openTimings.loaded = performance.now();
  return loaded;
}

const tuned = <T extends { exec(sql: string): unknown }>(db: T): T => {
  db.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
  return db;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds, asking on the pool's channel, between attempts, the worker
 * that holds the files to let them go when it is idle; gives up after `WAIT_MS`.
 */
async function whenFree<T>(attempt: () => Promise<T>, channel: BroadcastChannel): Promise<T> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > until) throw error;
      channel.postMessage('want');
      await sleep(RETRY_MS);
    }
  }
}

export async function openSearchDatabase(): Promise<SearchDatabase> {
  const sqlite3 = await load();
  const channel = new BroadcastChannel(POOL_CHANNEL);
  try {
    const pool = await whenFree(
      () =>
        sqlite3.installOpfsSAHPoolVfs({
          name: POOL,
          directory: SEARCH_DATABASE_DIRECTORY,
          initialCapacity: 4,
          // A page just closed, or another page's worker, may hold the files: try again (an
          // option of the library that its type declarations leave out).
          ...{ forceReinitIfPreviouslyFailed: true },
        }),
      channel,
    );
    openTimings.pool = performance.now();
    const database: SearchDatabase = {
      db: tuned(new pool.OpfsSAHPoolDb(FILE)),
      storage: 'opfs',
      wipe: async () => {
        database.db.close();
        await pool.wipeFiles();
        database.db = tuned(new pool.OpfsSAHPoolDb(FILE));
        return database.db;
      },
      release: () => {
        database.db.close();
        pool.pauseVfs();
      },
      acquire: async () => {
        await whenFree(() => pool.unpauseVfs(), channel);
        database.db = tuned(new pool.OpfsSAHPoolDb(FILE));
        return database.db;
      },
      onWanted: (listener) => channel.addEventListener('message', () => listener()),
    };
    openTimings.opened = performance.now();
    return database;
  } catch {
    channel.close();
  }
  const database: SearchDatabase = {
    db: tuned(new sqlite3.oo1.DB(':memory:')),
    storage: 'memory',
    wipe: async () => {
      database.db.close();
      database.db = tuned(new sqlite3.oo1.DB(':memory:'));
      return database.db;
    },
  };
  return database;
}
