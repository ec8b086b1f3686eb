/**
 * The index's format (lib/archive/fts.ts): kept in the database (`PRAGMA user_version`); a
 * database of another format, or a foreign one, has its tables dropped and made anew, so a format
 * change never keeps an old definition (the first insert would fail). Databases written before
 * the format was kept there (format 2 in the `meta` table only) are kept as they are.
 */
import { describe, expect, it } from 'vitest';
import { FTS_VERSION, FtsIndex, recreateSchema, storedFormat } from '@/lib/archive/fts';
import { prepare } from '@/lib/archive/search';
import { Archive } from '@/lib/archive/store';
import { memoryKeyValue } from '@/lib/kv';
import { memoryDatabase } from '../../scripts/sqlite-node';
import { OWNER, readyResult } from './testing/fixtures';

/** An archive of one meeting, and what the index needs to add it. */
async function oneMeeting() {
  const kv = memoryKeyValue();
  const archive = new Archive(kv);
  await archive.keep(OWNER, {
    spaceId: 1,
    audioId: 5,
    createdAt: Date.UTC(2026, 0, 5),
    result: readyResult(5, 'Plans.mp3', [
      { header: 'Budget', lines: [{ speaker: 0, text: 'The zephyrine budget is approved.' }] },
    ]),
  });
  const catalog = (await archive.catalog())!;
  const record = (await archive.getByKey('1:5'))!;
  return { catalog, entry: catalog.entries['1:5']!, prepared: prepare(record, {}) };
}

/**
 * A database of a previous format, as an older version would have left it: passages without
 * their speakers, one indexed column, the format in `meta` only, and one record indexed.
 */
const PREVIOUS_FORMAT = `
CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE records(key TEXT PRIMARY KEY, rev INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE passages(id INTEGER PRIMARY KEY, key TEXT NOT NULL, block INTEGER NOT NULL, first INTEGER NOT NULL);
CREATE VIRTUAL TABLE stems USING fts5(body, content='', contentless_delete=1);
CREATE VIRTUAL TABLE vocabulary USING fts5vocab(stems, 'row');
INSERT INTO meta VALUES ('version', '1'), ('generation', 'g'), ('rebuilds', '1');
INSERT INTO records VALUES ('1:5', 1);
INSERT INTO passages VALUES (1, '1:5', 0, 0);
INSERT INTO stems(rowid, body) VALUES (1, 'budget');
`;

const columns = (db: Awaited<ReturnType<typeof memoryDatabase>>, table: string) =>
  db.selectValues(`SELECT name FROM pragma_table_info('${table}')`).map(String);

describe('the index format', () => {
  it('a database of the previous format is dropped and made anew, then takes a record', async () => {
    const db = await memoryDatabase();
    db.exec(PREVIOUS_FORMAT);
    expect(storedFormat(db)).toBe(1);
    const { catalog, entry, prepared } = await oneMeeting();
    const index = FtsIndex.open(db, 'g');
    expect(storedFormat(db)).toBe(FTS_VERSION);
    expect(Number(db.selectValue('PRAGMA user_version'))).toBe(FTS_VERSION);
    expect(columns(db, 'passages')).toContain('speakers');
    expect(columns(db, 'stems')).toEqual(['header', 'body']);
    expect(index.size).toBe(0);
    expect(index.counters.rebuilds).toBe(1);
    expect(index.plan(catalog).add).toEqual(['1:5']);
    index.addRecord('1:5', entry, prepared);
    const found = index.rawSearch(index.expand('zephyrine'), {}, 20);
    expect([...found.groups.keys()]).toEqual(['1:5']);
  });

  it('a database of this format written before the format was kept in user_version is kept as it is', async () => {
    const db = await memoryDatabase();
    const { entry, prepared } = await oneMeeting();
    FtsIndex.open(db, 'g').addRecord('1:5', entry, prepared);
    // As format 2 left it: the version in `meta` only.
    db.exec('PRAGMA user_version = 0');
    expect(storedFormat(db)).toBe(FTS_VERSION);
    const again = FtsIndex.open(db, 'g');
    expect(again.counters.rebuilds).toBe(0);
    expect(again.size).toBe(1);
    expect(Number(db.selectValue('PRAGMA user_version'))).toBe(FTS_VERSION);
  });

  it('a foreign database (other tables, a view, a foreign `meta`) loses them all and gets this format', async () => {
    const db = await memoryDatabase();
    db.exec(`
      CREATE TABLE meta(x INTEGER);
      CREATE TABLE passages(anything TEXT);
      CREATE TABLE notes(body TEXT);
      CREATE VIEW everything AS SELECT * FROM notes;
      CREATE VIRTUAL TABLE stems USING fts5(a, b, c);
      INSERT INTO notes VALUES ('private');
    `);
    expect(storedFormat(db)).toBeNull();
    const index = FtsIndex.open(db, 'g');
    const tables = db
      .selectValues(
        "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'stems_%'",
      )
      .map(String)
      .sort();
    expect(tables).toEqual(['meta', 'passages', 'records', 'stems', 'vocabulary']);
    expect(columns(db, 'stems')).toEqual(['header', 'body']);
    expect(index.counters.rebuilds).toBe(1);
  });

  it('a newer format than this one is also made anew (a version went back)', async () => {
    const db = await memoryDatabase();
    FtsIndex.open(db, 'g');
    db.exec(`PRAGMA user_version = ${FTS_VERSION + 1}`);
    const index = FtsIndex.open(db, 'g');
    expect(index.counters.rebuilds).toBe(1);
    expect(storedFormat(db)).toBe(FTS_VERSION);
  });

  it('recreating keeps no old definition even when called on a database of this format', async () => {
    const db = await memoryDatabase();
    const { entry, prepared } = await oneMeeting();
    FtsIndex.open(db, 'g').addRecord('1:5', entry, prepared);
    recreateSchema(db);
    expect(Number(db.selectValue('SELECT count(*) FROM records'))).toBe(0);
    expect(Number(db.selectValue('SELECT count(*) FROM passages'))).toBe(0);
  });
});
