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
