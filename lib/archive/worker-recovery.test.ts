/**
 * A kept database the worker cannot use (lib/archive/worker.ts): not a database (SQLITE_NOTADB),
 * damaged (SQLITE_CORRUPT, found on open or while indexing), or a foreign one, is dropped and the
 * index built again from the archive, once per worker, the reports saying `rebuilding` until the
 * build ends; a failure after that is reported as `broken`, never as an endless "still loading".
 */
import type { Database } from '@sqlite.org/sqlite-wasm';
import { describe, expect, it } from 'vitest';
import { FtsIndex } from '@/lib/archive/fts';
import { isDamaged, type SearchDatabase, startSearchWorker } from '@/lib/archive/worker';
import type { FromSearchWorker, ToSearchWorker } from '@/lib/archive/worker-protocol';
import type { KeyValueStore } from '@/lib/kv';
import { databaseBytes, databaseFromBytes, memoryDatabase } from '../../scripts/sqlite-node';
import { archiveOf } from './testing/fixtures';

/** A database "file" that starts as `first`; each wipe gives `after()` (a fresh one by default). */
function databaseOf(first: Database, after: () => Promise<Database> = memoryDatabase) {
  const state = { db: first, wipes: 0 };
  const open = async (): Promise<SearchDatabase> => ({
    db: state.db,
    storage: 'opfs',
    wipe: async () => {
      state.db.close();
      state.wipes += 1;
      state.db = await after();
      return state.db;
    },
  });
  return { state, open };
}

async function run(kv: KeyValueStore, open: () => Promise<SearchDatabase>) {
  const messages: FromSearchWorker[] = [];
  let onSearch: ((event: MessageEvent<ToSearchWorker>) => void) | null = null;
  const started = startSearchWorker(
    {
      postMessage: (message) => messages.push(message),
      addEventListener: (_type, listener) => {
        onSearch = listener;
      },
    },
    kv,
    null,
    { open },
  );
  await started.build();
  const search = async (query: string) => {
    onSearch?.({ data: { type: 'search', id: 1, query, filters: {} } } as MessageEvent<ToSearchWorker>);
    for (;;) {
      const answer = messages.find((m) => (m.type === 'results' || m.type === 'error') && m.id === 1);
      if (answer) return answer;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
  return { ...started, messages, search };
}

/** A kept index of `count` meetings, as bytes, with pages past the first overwritten. */
async function damagedIndex(kv: KeyValueStore): Promise<Uint8Array> {
  const db = await memoryDatabase();
  const { open } = databaseOf(db);
  await (await run(kv, open)).build();
  const bytes = await databaseBytes(db);
  // Page 1 (the header and the schema) stays; every other page is garbage.
  for (let at = 4096; at < bytes.length; at += 1) bytes[at] = (at * 31) & 0xff;
  return bytes;
}

describe('a kept database the worker cannot use', () => {
  it('not a database (SQLITE_NOTADB): dropped once, rebuilt from the archive, the reports saying so', async () => {
    const { kv } = await archiveOf(3);
    const { state, open } = databaseOf(await databaseFromBytes(new Uint8Array(8192).fill(7)));
    const w = await run(kv, open);
    expect(state.wipes).toBe(1);
    expect(w.counters).toMatchObject({ recovered: 1, rebuilds: 1, indexed: 3 });
    const reports = w.messages.filter((m) => m.type === 'progress');
    // While building again: `rebuilding`, with how far it got; at the end, complete and not rebuilding.
    const during = reports.filter((m) => m.type === 'progress' && m.rebuilding);
    expect(during.length).toBeGreaterThanOrEqual(3);
    expect(during.map((m) => m.type === 'progress' && m.indexed)).toContain(2);
    expect(reports.at(-1)).toMatchObject({ complete: true, indexed: 3, total: 3 });
    expect(reports.at(-1)).not.toHaveProperty('rebuilding');
    expect(w.messages.some((m) => m.type === 'error')).toBe(false);
    const answer = await w.search('zephyrine');
    expect(answer.type === 'results' && answer.outcome.meetings).toHaveLength(3);
  });

  it('damaged (SQLITE_CORRUPT) in its pages: found while indexing or searching, dropped once and rebuilt', async () => {
    const { kv } = await archiveOf(3);
    const bytes = await damagedIndex(kv);
    const { state, open } = databaseOf(await databaseFromBytes(bytes));
    const w = await run(kv, open);
    expect(state.wipes).toBe(1);
    expect(w.counters.recovered).toBe(1);
    const answer = await w.search('zephyrine');
    expect(answer.type === 'results' && answer.outcome.meetings).toHaveLength(3);
    expect(answer).toMatchObject({ complete: true, indexed: 3 });
  });

  it('a foreign database with a table this build cannot drop is dropped as files and rebuilt', async () => {
    const { kv } = await archiveOf(2);
    const foreign = await memoryDatabase();
    // A virtual table of a module this build lacks (as another program's database may hold).
    foreign.exec(`
      CREATE TABLE notes(x);
      PRAGMA writable_schema = 1;
      INSERT INTO sqlite_schema VALUES ('table', 'odd', 'odd', 0, 'CREATE VIRTUAL TABLE odd USING nosuchmodule()');
      PRAGMA writable_schema = 0;
    `);
    const { state, open } = databaseOf(await databaseFromBytes(await databaseBytes(foreign)));
    const w = await run(kv, open);
    expect(state.wipes).toBe(1);
    expect((await w.search('zephyrine')).type).toBe('results');
    expect(w.counters).toMatchObject({ recovered: 1, indexed: 2 });
  });

  it('damaged again after being dropped: reported once as broken, not rebuilt in a loop', async () => {
    const { kv } = await archiveOf(2);
    const garbage = () => databaseFromBytes(new Uint8Array(8192).fill(9));
    const { state, open } = databaseOf(await garbage(), garbage);
    const w = await run(kv, open);
    expect(state.wipes).toBe(1);
    const errors = w.messages.filter((m) => m.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ id: null, broken: true });
    expect(
      w.messages
        .filter((m) => m.type === 'progress')
        .some((m) => m.type === 'progress' && m.rebuilding && m.complete),
    ).toBe(false);
    // A search is answered (from nothing) rather than left waiting.
    const answer = await w.search('zephyrine');
    expect(answer.type === 'results' || answer.type === 'error').toBe(true);
  });

  it("a database of today's format for this archive is kept: nothing dropped", async () => {
    const { kv } = await archiveOf(2);
    const db = await memoryDatabase();
    const { state, open } = databaseOf(db);
    await (await run(kv, open)).build();
    const again = await run(kv, databaseOf(state.db).open);
    expect(again.counters).toMatchObject({ recovered: 0, rebuilds: 0, indexed: 0 });
    expect(FtsIndex.open(state.db, 'x').counters.rebuilds).toBe(1);
  });

  it('tells damage from other failures', () => {
    expect(isDamaged({ resultCode: 26 })).toBe(true);
    expect(isDamaged({ resultCode: 11 })).toBe(true);
    // Extended codes (SQLITE_CORRUPT_VTAB = 267) are damage too.
    expect(isDamaged({ resultCode: 267 })).toBe(true);
    expect(isDamaged(new Error('SQLITE_CORRUPT: database disk image is malformed'))).toBe(true);
    expect(isDamaged({ resultCode: 5 })).toBe(false);
    expect(isDamaged(new Error('no database'))).toBe(false);
    expect(isDamaged(null)).toBe(false);
  });
});
