/**
 * SQLite (the official WebAssembly build) in Node, for unit tests and the search benchmark: an
 * in-memory database (the origin-private file system the worker uses exists only in browsers).
 * The package's Node entry is missing from its build, so the browser module is loaded with its
 * WebAssembly file given as a data: URL (Node's fetch reads those).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database, Sqlite3Static } from '@sqlite.org/sqlite-wasm';

let loading: Promise<Sqlite3Static> | null = null;

export function sqliteInNode(): Promise<Sqlite3Static> {
  loading ??= (async () => {
    const dir = path.join(
      path.dirname(createRequire(import.meta.url).resolve('@sqlite.org/sqlite-wasm/package.json')),
      'sqlite-wasm/jswasm',
    );
    const module = (await import(pathToFileURL(path.join(dir, 'sqlite3.mjs')).href)) as {
      default: (options?: object) => Promise<Sqlite3Static>;
    };
    const wasm = readFileSync(path.join(dir, 'sqlite3.wasm')).toString('base64');
    const state = (globalThis as { sqlite3InitModuleState?: { wasmFilename: string } })
      .sqlite3InitModuleState;
    if (state) state.wasmFilename = `data:application/wasm;base64,${wasm}`;
    return module.default({ print: () => {}, printErr: () => {} });
  })();
  return loading;
}

/** A new, empty in-memory database. */
export async function memoryDatabase(): Promise<Database> {
  const sqlite3 = await sqliteInNode();
  return new sqlite3.oo1.DB(':memory:');
}

/** An in-memory database holding these bytes as its file (a damaged or foreign one, in tests). */
export async function databaseFromBytes(bytes: Uint8Array): Promise<Database> {
  const sqlite3 = await sqliteInNode();
  const db = new sqlite3.oo1.DB(':memory:');
  const memory = sqlite3.wasm.allocFromTypedArray(bytes);
  const flags = sqlite3.capi.SQLITE_DESERIALIZE_FREEONCLOSE | sqlite3.capi.SQLITE_DESERIALIZE_RESIZEABLE;
  sqlite3.capi.sqlite3_deserialize(db.pointer as number, 'main', memory, bytes.length, bytes.length, flags);
  return db;
}

/** The bytes of a database's file. */
export async function databaseBytes(db: Database): Promise<Uint8Array> {
  const sqlite3 = await sqliteInNode();
  return sqlite3.capi.sqlite3_js_db_export(db);
}
