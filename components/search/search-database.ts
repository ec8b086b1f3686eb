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
import type { SearchDatabase } from '@/lib/archive/worker';

const POOL = 'meeting-search';
const FILE = '/search.sqlite3';
/** The pool's own folder of files inside its directory (the library's name for it). */
const OPAQUE_FOLDER = '.opaque';
/** Between tries of the pool's files while another worker still holds them. */
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

/** Waits until the pool's files can be taken (`poolFilesFree`); false after `WAIT_MS`. */
async function whenFree(): Promise<boolean> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    if (await poolFilesFree()) return true;
    if (Date.now() > until) return false;
    await sleep(RETRY_MS);
  }
}

/** Opens the database: called by the worker that holds the pool's Web Lock (search.worker.ts). */
export async function openSearchDatabase(): Promise<SearchDatabase> {
  // The files are tried while SQLite loads (a page opened cold waits for both).
  const [sqlite3, free] = await Promise.all([load(), whenFree().catch(() => false)]);
  if (free) {
    try {
      const pool = await sqlite3.installOpfsSAHPoolVfs({
        name: POOL,
        directory: SEARCH_DATABASE_DIRECTORY,
        initialCapacity: 4,
      });
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
      // No origin-private file system here: an in-memory database.
    }
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
