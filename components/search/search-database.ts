/**
 * The search worker's database: SQLite (the official WebAssembly build) on the origin-private
 * file system through the "SAH pool" VFS, which needs no cross-origin isolation and keeps the
 * database between visits and browser restarts. Loaded only by the search worker.
 *
 * The pool is one worker's at a time (it holds the files' access handles): a second page that
 * searches while the first keeps its worker waits for the handles a while, then searches from an
 * in-memory database of its own, built from the archive (`storage: 'memory'`).
 */

// The WebAssembly file, packaged as an asset of the extension.
import wasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';
import sqlite3InitModule from 'sqlite-wasm-module';
import { SEARCH_DATABASE_DIRECTORY } from '@/lib/archive';
import type { SearchDatabase } from '@/lib/archive/worker';

const POOL = 'meeting-search';
const FILE = '/search.sqlite3';
/** Attempts to take the pool's files, 500 ms apart (a page just closed releases them shortly after). */
const ATTEMPTS = 8;
/** SQLite's page cache, in KiB: the worker's memory stays bounded whatever the archive's size. */
const CACHE_KIB = 8192;

type Sqlite3 = Awaited<ReturnType<typeof sqlite3InitModule>>;

let loaded: Sqlite3 | null = null;

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
  return loaded;
}

const tuned = <T extends { exec(sql: string): unknown }>(db: T): T => {
  db.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
  return db;
};

export async function openSearchDatabase(): Promise<SearchDatabase> {
  const sqlite3 = await load();
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      const pool = await sqlite3.installOpfsSAHPoolVfs({
        name: POOL,
        directory: SEARCH_DATABASE_DIRECTORY,
        initialCapacity: 4,
      });
      const db = tuned(new pool.OpfsSAHPoolDb(FILE));
      return {
        db,
        storage: 'opfs',
        wipe: async () => {
          db.close();
          await pool.wipeFiles();
          return tuned(new pool.OpfsSAHPoolDb(FILE));
        },
      };
    } catch {
      if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  let memory = tuned(new sqlite3.oo1.DB(':memory:'));
  return {
    db: memory,
    storage: 'memory',
    wipe: async () => {
      memory.close();
      memory = tuned(new sqlite3.oo1.DB(':memory:'));
      return memory;
    },
  };
}
