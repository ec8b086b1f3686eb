/**
 * The search worker's database: SQLite (the official WebAssembly build) on the origin-private
 * file system through the "SAH pool" VFS, which needs no cross-origin isolation and keeps the
 * database between visits and browser restarts. Loaded only by the search worker.
 *
 * The pool's files are one worker's: the one holding the pool's Web Lock (search.worker.ts) for
 * as long as it lives; other pages' workers ask it (lib/archive/follower.ts) and never touch the
 * pool. Before installing the pool, its files are tried one at a time (each access handle closed at
 * once): the library deletes the pool's folder when an install fails, so it is installed only once
 * every file can be taken (a page just closed may hold them a moment longer). After `WAIT_MS`
 * without them, the worker searches from an in-memory database of its own (`storage: 'memory'`).
 */

// The WebAssembly file, packaged as an asset of the extension.
import wasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';
import sqlite3InitModule from 'sqlite-wasm-module';
import { SEARCH_DATABASE_DIRECTORY } from '@/lib/archive';
import { withoutRemoval } from '@/lib/archive/pool-guard';
import type { SearchDatabase } from '@/lib/archive/worker';

const POOL = 'meeting-search';
const FILE = '/search.sqlite3';
/** The pool's own folder of files inside its directory (the library's name for it). */
const OPAQUE_FOLDER = '.opaque';
/** Between tries of the pool's files while another worker still holds them. */
const RETRY_MS = 250;
const WAIT_MS = 30_000;
/** Between looks at the pool's files while the worker answers from memory. */
const LATER_MS = 1_000;
/** Installs of the pool tried, in all, while its files are free (none succeeding: memory for good). */
const INSTALL_TRIES = 3;
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
  try {
    db.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
  } catch {
    // Not a database, or a damaged one: the worker drops it and builds the index again.
  }
  return db;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether every file of the pool can be taken now: each is opened and closed again, one at a time
 * (none is left open, whatever fails). No folder yet: free.
 */
export async function poolFilesFree(): Promise<boolean> {
  let folder: FileSystemDirectoryHandle;
  try {
    const root = await navigator.storage.getDirectory();
    const pool = await root.getDirectoryHandle(SEARCH_DATABASE_DIRECTORY);
    folder = await pool.getDirectoryHandle(OPAQUE_FOLDER);
  } catch {
    return true;
  }
  type Entry = FileSystemDirectoryHandle | FileSystemFileHandle;
  for await (const entry of (folder as unknown as { values(): AsyncIterable<Entry> }).values()) {
    if (entry.kind !== 'file') continue;
    try {
      const handle = await (
        entry as FileSystemFileHandle & { createSyncAccessHandle(): Promise<{ close(): void }> }
      ).createSyncAccessHandle();
      handle.close();
    } catch {
      return false;
    }
  }
  return true;
}

/** Waits until the pool's files can be taken (`poolFilesFree`); false after `waitMs`. */
async function whenFree(waitMs: number, retryMs = RETRY_MS): Promise<boolean> {
  const until = Date.now() + waitMs;
  for (;;) {
    if (await poolFilesFree()) return true;
    if (Date.now() > until) return false;
    await sleep(retryMs);
  }
}

/**
 * The database in the pool's files, or null when the pool cannot be installed now. The install
 * runs with directory removal refused (lib/archive/pool-guard.ts): the library's failing path
 * removes the pool's folder, and with it the index another page just let go of.
 */
async function onDisk(sqlite3: Sqlite3): Promise<SearchDatabase | null> {
  try {
    const pool = await withoutRemoval(
      FileSystemDirectoryHandle.prototype,
      [SEARCH_DATABASE_DIRECTORY, OPAQUE_FOLDER],
      () =>
        sqlite3.installOpfsSAHPoolVfs({
          name: POOL,
          directory: SEARCH_DATABASE_DIRECTORY,
          initialCapacity: 4,
          // A failed install is tried again (the library would keep its failure otherwise); the
          // option is the library's, missing from its types.
          ...({ forceReinitIfPreviouslyFailed: true } as object),
        }),
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
    };
    openTimings.opened = performance.now();
    return database;
  } catch {
    return null;
  }
}

function inMemory(sqlite3: Sqlite3): SearchDatabase {
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

/**
 * The files taken later, for a worker answering from memory: looked at every `LATER_MS` for as long
 * as the worker lives; an install that fails while they are free is tried `INSTALL_TRIES` times in
 * all (no origin-private file system here: memory for good).
 */
async function later(sqlite3: Sqlite3, tries: number): Promise<SearchDatabase | null> {
  for (let left = tries; left > 0; ) {
    await whenFree(Number.POSITIVE_INFINITY, LATER_MS);
    const disk = await onDisk(sqlite3);
    if (disk) return disk;
    left -= 1;
    await sleep(LATER_MS);
  }
  return null;
}

/**
 * Opens the database: called by the worker that holds the pool's Web Lock (search.worker.ts).
 * `waitMs`: how long the pool's files are waited for before answering from memory (`WAIT_MS`);
 * from memory, the files are taken as soon as they can be (`SearchDatabase.later`), so the index
 * (and a damaged database's rebuild) ends up on disk.
 */
export async function openSearchDatabase(options: { waitMs?: number } = {}): Promise<SearchDatabase> {
  // The files are tried while SQLite loads (a page opened cold waits for both).
  const [sqlite3, free] = await Promise.all([load(), whenFree(options.waitMs ?? WAIT_MS).catch(() => false)]);
  const disk = free ? await onDisk(sqlite3) : null;
  if (disk) return disk;
  const memory = inMemory(sqlite3);
  memory.later = later(sqlite3, free ? INSTALL_TRIES - 1 : INSTALL_TRIES).catch(() => null);
  return memory;
}
