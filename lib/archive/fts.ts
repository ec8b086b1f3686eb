/**
 * Full-text search across the archive on SQLite's FTS5 (the official WebAssembly build, in the
 * search worker only): the passages' Snowball stems (lib/archive/text.ts) are indexed, not their
 * text, so the index stays smaller than the archive's text and the worker's memory does not grow
 * with it (SQLite reads the pages a query needs, through a bounded page cache).
 *
 * A passage is a run of up to `CHUNK_UTTERANCES` utterances of one topic block, as before; the
 * utterances that match are found afterwards in the stored record (lib/archive/hits.ts).
 *
 * Matching: every word of the query is reduced to its stem; a stem of three letters or more also
 * matches as a prefix; one of four or more also matches the indexed stems within one edit (a
 * letter added, dropped, changed, or two neighbours swapped), two from eight letters. Trade-off:
 * typo candidates are looked for only for a word found in fewer than `SPELT_RIGHT_PASSAGES`
 * passages as typed, and taken from the stems sharing its first letter (a range scan of the
 * vocabulary, `fts5vocab`), at most `TYPO_CANDIDATES` of the most frequent: a typo in the first
 * letter is not forgiven, and a frequent word does not also find its near misspellings. Several words must all be in one passage; when no passage holds them
 * all, passages holding some are shown. Filters (space, speaker, date) are SQL conditions.
 *
 * Cost bounded whatever the archive's size: a passage's rowid follows its meeting's date (the
 * newest lowest, `rowidBase`), so only the newest `RANKED_PASSAGES` matching passages are ranked;
 * the meetings matching beyond them are counted, not ranked (`FtsIndex.rawSearch`).
 *
 * Pure of any browser API: it takes an open database (an in-memory one in Node tests, one on the
 * origin-private file system in the worker, lib/archive/worker.ts).
 */
import type { Database } from '@sqlite.org/sqlite-wasm';
import { type ChunkRef, headsOf, resolveHits, type StemMatcher } from './hits';
import type { PreparedRecord, RecordSource, SearchFilters, SearchLimits, SearchOutcome } from './search';
import { CHUNK_UTTERANCES } from './search';
import type { Catalog, CatalogEntry } from './store';
import { processTerm, tokenize } from './text';

/**
 * The index's format, kept in the database (`PRAGMA user_version`): bumped when the schema or
 * what is indexed changes. A database of another format (or a foreign one) has its tables dropped
 * and made anew (`FtsIndex.open`), and the worker rebuilds it from the archive.
 * 2: a passage's rowid follows its meeting's date (`rowidBase`). Databases of format 2 written
 * before the format was kept in `user_version` have it in their `meta` table only.
 */
export const FTS_VERSION = 2;
/**
 * Passages of one meeting indexed, at most: a passage's rowid is its meeting's `rowidBase` times
 * this plus its index. 4,096 passages of 20 utterances are about 57 hours of one meeting; the rest
 * of a longer one is not searched.
 */
export const MEETING_PASSAGES = 4096;
const MEETING_BITS = Math.log2(MEETING_PASSAGES);
/**
 * Matching passages ranked (bm25), the newest: a query's cost stays bounded whatever the
 * archive's size. The meetings matching beyond them are counted, not ranked.
 */
export const RANKED_PASSAGES = 20_000;
/** Minutes from 2000 to the latest date told apart (about 4,000 years): the newest base is 0. */
const BASE_SPAN = 2 ** 31;
const ROWID_EPOCH = Date.UTC(2000, 0, 1);

/**
 * Where a meeting of this date (ms) puts its passages: the minutes from it to `BASE_SPAN` minutes
 * after 2000 (a date before 2000 counts as 2000), so the newer a meeting, the lower its rowids: the
 * newest matching passages are the first FTS5 finds, and a build (newest first) appends to the
 * tables. Minutes rather than milliseconds keep FTS5's rowid deltas, so the index, small. A
 * meeting of a minute another one holds takes the next free one (`FtsIndex.addRecord`).
 */
export function rowidBase(date: number): number {
  const minutes = Number.isFinite(date) ? Math.floor((date - ROWID_EPOCH) / 60_000) : 0;
  return BASE_SPAN - Math.min(Math.max(minutes, 0), BASE_SPAN);
}

/** Typo candidates per query word, the most frequent first. */
export const TYPO_CANDIDATES = 24;
/**
 * A word found in at least this many passages as typed (or as a prefix) is taken as spelt right:
 * it gets no typo candidates (they would cost more than they find).
 */
export const SPELT_RIGHT_PASSAGES = 20;
/** Passages per meeting read back to pick its hits (the rest are only counted). */
export const PASSAGES_PER_MEETING = 60;
/** Longest query considered, in words (the rest are ignored). */
export const QUERY_WORDS = 12;

const SCHEMA = `
CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE records(key TEXT PRIMARY KEY, rev INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE passages(
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  space INTEGER NOT NULL,
  date INTEGER,
  block INTEGER NOT NULL,
  first INTEGER NOT NULL,
  speakers TEXT NOT NULL
);
CREATE INDEX passages_key ON passages(key);
CREATE VIRTUAL TABLE stems USING fts5(
  header, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0'
);
CREATE VIRTUAL TABLE vocabulary USING fts5vocab(stems, 'row');
PRAGMA user_version = ${FTS_VERSION};
`;

/**
 * The format of the index in `db`: its `user_version`, else (a database of format 2 written before
 * it was kept there) the version in its `meta` table; null for an empty or a foreign database.
 */
export function storedFormat(db: Database): number | null {
  const kept = Number(db.selectValue('PRAGMA user_version') ?? 0);
  if (kept !== 0) return kept;
  const tables = db.selectValues("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'meta'");
  if (tables.length === 0) return null;
  try {
    const value = Number(db.selectValue("SELECT value FROM meta WHERE name = 'version'"));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    // A foreign table named `meta`.
    return null;
  }
}

/**
 * Drops every table and view of `db` (another format's, or a foreign database's) and creates
 * this format's: the old definitions are never kept. Throws when a table cannot be dropped (a
 * virtual table of a module this build lacks): the worker then drops the database's files.
 */
export function recreateSchema(db: Database): void {
  db.transaction((tx) => {
    const objects = tx.selectArrays(
      `SELECT type, name, sql LIKE 'CREATE VIRTUAL%' AS virtual FROM sqlite_schema
       WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'
       ORDER BY type = 'table', virtual DESC`,
    );
    // Views first, then virtual tables (which drop their own shadow tables), then the rest.
    for (const [type, name] of objects) {
      const quoted = `"${String(name).replace(/"/g, '""')}"`;
      tx.exec(type === 'view' ? `DROP VIEW IF EXISTS ${quoted}` : `DROP TABLE IF EXISTS ${quoted}`);
    }
    tx.exec(SCHEMA);
  });
}

/** What the worker does with a database it opens. */
export type OpenDecision = 'keep' | 'rebuild';

/**
 * Whether an opened database can be used as it is: only one of this format and of the archive's
 * current generation (a clear or another account makes a new one) is kept.
 */
export function openDecision(
  meta: { version: string | null; generation: string | null },
  generation: string,
): OpenDecision {
  return meta.version === String(FTS_VERSION) && meta.generation === generation ? 'keep' : 'rebuild';
}

/** The indexed text of a passage: its words' stems, common words left out. */
export function stemmed(text: string): string {
  const out: string[] = [];
  for (const word of tokenize(text)) {
    const stem = processTerm(word);
    if (stem) out.push(stem);
  }
  return out.join(' ');
}

/** Restricted edit distance (optimal string alignment) of two words, or `max + 1` beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    rows.push(row);
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

const quote = (stem: string) => `"${stem.replace(/"/g, '""')}"`;

/** One word of a query: its stem, and the stems it also matches. */
export interface QueryWord {
  stem: string;
  prefix: boolean;
  typos: string[];
}

/** The words of a query, as stems (common words left out, at most `QUERY_WORDS`). */
export function queryWords(query: string): QueryWord[] {
  const out: QueryWord[] = [];
  const seen = new Set<string>();
  for (const word of tokenize(query)) {
    const stem = processTerm(word);
    if (!stem || seen.has(stem)) continue;
    seen.add(stem);
    out.push({ stem, prefix: stem.length >= 3, typos: [] });
    if (out.length >= QUERY_WORDS) break;
  }
  return out;
}

/** Most edits forgiven in a word of this many letters. */
export function typosAllowed(stem: string): number {
  return stem.length >= 8 ? 2 : stem.length >= 4 ? 1 : 0;
}

/** The FTS5 query: every word (or, with `any`, at least one), each as itself, prefix or typo. */
export function matchExpression(words: QueryWord[], any = false): string {
  return words
    .map((word) => {
      const forms = [`${quote(word.stem)}${word.prefix ? '*' : ''}`, ...word.typos.map(quote)];
      return forms.length === 1 ? forms[0] : `(${forms.join(' OR ')})`;
    })
    .join(any ? ' OR ' : ' AND ');
}

/** Which stems the query matched (for marking the words). */
export function stemMatcher(words: QueryWord[]): StemMatcher {
  const all = words.flatMap((word) => [word.stem, ...word.typos]);
  const exact = new Set(all);
  const prefixes = words.filter((word) => word.prefix).map((word) => word.stem);
  return {
    matches: (stem) => exact.has(stem) || prefixes.some((prefix) => stem.startsWith(prefix)),
    heads: headsOf(all),
  };
}

/** The SQL condition and values of the filters, on the `passages` table as `p`. */
export function filterSql(filters: SearchFilters): { where: string; values: Array<string | number> } {
  const parts: string[] = [];
  const values: Array<string | number> = [];
  const spaces = (filters.spaceIds ?? []).filter(Number.isSafeInteger).slice(0, 100);
  if (spaces.length > 0) {
    parts.push(`p.space IN (${spaces.map(() => '?').join(',')})`);
    values.push(...spaces);
  }
  const speaker = filters.speaker?.trim().toLowerCase().slice(0, 200);
  if (speaker) {
    parts.push(`instr(p.speakers, ?) > 0`);
    values.push(`\n${speaker}\n`);
  }
  if (filters.from !== undefined && Number.isFinite(filters.from)) {
    parts.push('p.date >= ?');
    values.push(filters.from);
  }
  if (filters.to !== undefined && Number.isFinite(filters.to)) {
    parts.push('p.date <= ?');
    values.push(filters.to);
  }
  if (typeof filters.meeting === 'string') {
    parts.push('p.key = ?');
    values.push(filters.meeting.slice(0, 100));
  }
  return { where: parts.length > 0 ? ` AND ${parts.join(' AND ')}` : '', values };
}

/** A passage as it is indexed. */
interface Passage {
  block: number;
  first: number;
  speakers: string[];
  header: string;
  body: string;
}

function passagesOf(prepared: PreparedRecord): Passage[] {
  const out: Passage[] = [];
  prepared.dialog.blocks.forEach((block, b) => {
    for (let from = 0; from < Math.max(block.utterances.length, 1); from += CHUNK_UTTERANCES) {
      const slice = block.utterances.slice(from, from + CHUNK_UTTERANCES);
      if (slice.length === 0 && block.header.trim() === '') continue;
      out.push({
        block: b,
        first: from,
        speakers: [...new Set(slice.map((u) => (prepared.names[u.speakerId] ?? u.speaker).toLowerCase()))],
        header: block.header,
        body: slice.map((u) => u.text).join('\n'),
      });
    }
  });
  return out;
}

export interface FtsCounters {
  /**
   * Times this opening of the database started the index from nothing (a new database, another
   * format or archive generation); the database's own total is in its `meta` table.
   */
  rebuilds: number;
  /** Records indexed (added or changed) since the database was opened. */
  indexed: number;
}

export interface FtsOptions {
  /** Matching passages ranked, the newest (`RANKED_PASSAGES` unless set: tests set a few). */
  rankedPassages?: number;
}

/** The search index in one SQLite database. */
export class FtsIndex {
  readonly counters: FtsCounters = { rebuilds: 0, indexed: 0 };
  #generation: string;
  readonly #ranked: number;

  private constructor(
    private readonly db: Database,
    generation: string,
    ranked: number,
  ) {
    this.#generation = generation;
    this.#ranked = ranked;
  }

  /**
   * The index in `db` for the archive of this generation: kept as it is when it is of this
   * format and generation, else emptied (and counted as a rebuild).
   */
  static open(db: Database, generation: string, options: FtsOptions = {}): FtsIndex {
    const format = storedFormat(db);
    if (format !== FTS_VERSION) recreateSchema(db);
    else if (Number(db.selectValue('PRAGMA user_version') ?? 0) === 0)
      db.exec(`PRAGMA user_version = ${FTS_VERSION}`);
    const ranked = Math.max(1, Math.floor(options.rankedPassages ?? RANKED_PASSAGES));
    const index = new FtsIndex(db, generation, ranked);
    const meta = { version: index.#meta('version'), generation: index.#meta('generation') };
    if (openDecision(meta, generation) === 'rebuild') index.reset(generation);
    return index;
  }

  get generation(): string {
    return this.#generation;
  }

  #meta(name: string): string | null {
    const value = this.db.selectValue('SELECT value FROM meta WHERE name = ?', [name]);
    return typeof value === 'string' ? value : null;
  }

  #setMeta(name: string, value: string): void {
    this.db.exec({ sql: 'INSERT OR REPLACE INTO meta(name, value) VALUES (?, ?)', bind: [name, value] });
  }

  /** Empties the index for an archive of this generation (a rebuild follows). */
  reset(generation: string): void {
    this.db.transaction((db) => {
      db.exec("DELETE FROM records; DELETE FROM passages; INSERT INTO stems(stems) VALUES('delete-all');");
      this.#generation = generation;
      this.counters.rebuilds += 1;
      this.#setMeta('version', String(FTS_VERSION));
      this.#setMeta('generation', generation);
      this.#setMeta('rebuilds', String(Number(this.#meta('rebuilds') ?? 0) + 1));
    });
  }

  /** Records in the index. */
  get size(): number {
    return Number(this.db.selectValue('SELECT count(*) FROM records') ?? 0);
  }

  has(key: string): boolean {
    return this.db.selectValue('SELECT 1 FROM records WHERE key = ?', [key]) !== undefined;
  }

  /** What to do to match the catalog: records to (re)index, newest first, and keys to drop. */
  plan(catalog: Catalog): { add: string[]; remove: string[] } {
    const revs = new Map<string, number>();
    for (const [key, rev] of this.db.selectArrays('SELECT key, rev FROM records'))
      revs.set(String(key), Number(rev));
    const add = Object.entries(catalog.entries)
      .filter(([key, entry]) => revs.get(key) !== entry.rev)
      .sort(([, a], [, b]) => (b.createdAt ?? b.savedAt) - (a.createdAt ?? a.savedAt))
      .map(([key]) => key);
    const remove = [...revs.keys()].filter((key) => !(key in catalog.entries));
    return { add, remove };
  }

  /** Indexes one record (in one transaction: a worker stopped halfway leaves it out, not half in). */
  addRecord(key: string, entry: CatalogEntry, prepared: PreparedRecord): void {
    this.db.transaction(() => {
      this.#remove(key);
      // The meeting's minute, or the first one before it that no other meeting holds.
      let base = rowidBase(entry.createdAt ?? entry.savedAt);
      while (
        this.db.selectValue('SELECT 1 FROM passages WHERE id BETWEEN ? AND ? LIMIT 1', [
          base * MEETING_PASSAGES,
          base * MEETING_PASSAGES + MEETING_PASSAGES - 1,
        ]) !== undefined
      )
        base += 1;
      let id = base * MEETING_PASSAGES;
      for (const passage of passagesOf(prepared).slice(0, MEETING_PASSAGES)) {
        this.db.exec({
          sql: 'INSERT INTO passages(id, key, space, date, block, first, speakers) VALUES (?, ?, ?, ?, ?, ?, ?)',
          bind: [
            id,
            key,
            entry.spaceId,
            entry.createdAt,
            passage.block,
            passage.first,
            `\n${passage.speakers.join('\n')}\n`,
          ],
        });
        this.db.exec({
          sql: 'INSERT INTO stems(rowid, header, body) VALUES (?, ?, ?)',
          bind: [id, stemmed(passage.header), stemmed(passage.body)],
        });
        id += 1;
      }
      this.db.exec({ sql: 'INSERT INTO records(key, rev) VALUES (?, ?)', bind: [key, entry.rev] });
    });
    this.counters.indexed += 1;
  }

  removeRecord(key: string): void {
    this.db.transaction(() => this.#remove(key));
  }

  #remove(key: string): void {
    this.db.exec({
      sql: 'DELETE FROM stems WHERE rowid IN (SELECT id FROM passages WHERE key = ?)',
      bind: [key],
    });
    this.db.exec({ sql: 'DELETE FROM passages WHERE key = ?', bind: [key] });
    this.db.exec({ sql: 'DELETE FROM records WHERE key = ?', bind: [key] });
  }

  /** Passages in the index. */
  get passages(): number {
    return Number(this.db.selectValue('SELECT count(*) FROM passages') ?? 0);
  }

  /** Passages holding this stem (its document frequency), from the index's vocabulary. */
  passagesWith(stem: string): number {
    return Number(this.db.selectValue('SELECT doc FROM vocabulary WHERE term = ?', [stem]) ?? 0);
  }

  /** The query's words with their typo candidates from the indexed stems. */
  expand(query: string): QueryWord[] {
    const words = queryWords(query);
    for (const word of words) {
      const max = typosAllowed(word.stem);
      if (max === 0) continue;
      const upTo = word.prefix ? `${word.stem}\u{10FFFF}` : word.stem;
      const own = Number(
        this.db.selectValue('SELECT sum(doc) FROM vocabulary WHERE term >= ? AND term <= ?', [
          word.stem,
          upTo,
        ]) ?? 0,
      );
      if (own >= SPELT_RIGHT_PASSAGES) continue;
      const first = word.stem[0] as string;
      const next = String.fromCodePoint((first.codePointAt(0) as number) + 1);
      const found: Array<[string, number]> = [];
      // The vocabulary in order, from the first letter to the next: no full scan.
      for (const [term, docs] of this.db.selectArrays(
        'SELECT term, doc FROM vocabulary WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?',
        [first, next, word.stem.length - max, word.stem.length + max],
      )) {
        const text = String(term);
        if (text === word.stem || (word.prefix && text.startsWith(word.stem))) continue;
        if (editDistance(word.stem, text, max) <= max) found.push([text, Number(docs)]);
      }
      word.typos = found
        .sort((a, b) => b[1] - a[1])
        .slice(0, TYPO_CANDIDATES)
        .map(([term]) => term);
    }
    return words;
  }

  /**
   * The matching passages grouped by meeting, best meeting first (by its best passage), at most
   * `meetings` of them with up to `PASSAGES_PER_MEETING` passages each, and how many meetings
   * matched in all.
   *
   * Only the newest `RANKED_PASSAGES` matching passages (of those passing the filters) are ranked,
   * with the rest of the meeting of the last of them: FTS5 walks the matches in rowid order (the
   * newest first) to find where they end, without ranking; the passages up to there are ranked
   * once, into a temporary table that groups them by meeting (a meeting is its passages' rowid
   * divided by `MEETING_PASSAGES`: no join) and gives the shown meetings' passages. The meetings
   * matching beyond the bound are counted without ranking.
   */
  rawSearch(
    words: QueryWord[],
    filters: SearchFilters,
    meetings: number,
    any = false,
  ): { groups: Map<string, ChunkRef[]>; counts: Map<string, number>; total: number } {
    const groups = new Map<string, ChunkRef[]>();
    const counts = new Map<string, number>();
    if (words.length === 0) return { groups, counts, total: 0 };
    const { where, values } = filterSql(filters);
    const match = matchExpression(words, any);
    // The filters are on `passages`: joined only when there are any.
    const from = where ? 'stems s JOIN passages p ON p.id = s.rowid' : 'stems s';
    const last = this.db.selectValue(
      `SELECT s.rowid FROM ${from} WHERE stems MATCH ?${where} ORDER BY s.rowid LIMIT 1 OFFSET ?`,
      [match, ...values, this.#ranked - 1],
    );
    // The end of the last ranked passage's meeting.
    const bound =
      last === undefined ? null : (Math.floor(Number(last) / MEETING_PASSAGES) + 1) * MEETING_PASSAGES - 1;
    // Ranked once: the ranked passages (kept aside), their meetings, and one row per shown meeting
    // with its passages as one text (`block first rank` each): a row per passage cost more in
    // converting its columns to JavaScript than the query itself (2.5 times the query's time).
    const rows = this.db.selectArrays(
      `WITH ranked AS MATERIALIZED (
         SELECT s.rowid AS id, s.rank AS rank FROM ${from}
         WHERE stems MATCH ?${bound === null ? '' : ' AND s.rowid <= ?'}${where}
       ),
       shown AS (
         SELECT id >> ${MEETING_BITS} AS m, min(rank) AS best, count(*) AS n, count(*) OVER () AS meetings
         FROM ranked GROUP BY m ORDER BY best, m LIMIT ?
       )
       SELECT shown.best, shown.m, shown.n, shown.meetings, min(p.key),
         group_concat(p.block || ' ' || p.first || ' ' || ranked.rank, ' ')
       FROM shown JOIN ranked ON ranked.id >> ${MEETING_BITS} = shown.m JOIN passages p ON p.id = ranked.id
       GROUP BY shown.m`,
      bound === null ? [match, ...values, meetings] : [match, bound, ...values, meetings],
    );
    rows.sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1]));
    for (const [, , count, , key, passages] of rows) {
      const numbers = String(passages).split(' ').map(Number);
      const chunks: Array<ChunkRef & { rank: number }> = [];
      for (let i = 0; i + 2 < numbers.length; i += 3)
        chunks.push({
          block: numbers[i] as number,
          from: numbers[i + 1] as number,
          rank: numbers[i + 2] as number,
          // bm25 is lower for better: the hit weight wants higher.
          score: -(numbers[i + 2] as number),
        });
      chunks.sort((a, b) => a.rank - b.rank || a.block - b.block || a.from - b.from);
      groups.set(
        String(key),
        chunks.slice(0, PASSAGES_PER_MEETING).map(({ block, from, score }) => ({ block, from, score })),
      );
      counts.set(String(key), Number(count));
    }
    const ranked = rows[0] ? Number(rows[0][3]) : 0;
    // Every matching meeting is in the ranked set unless the bound cut it.
    const total =
      bound === null
        ? ranked
        : Number(
            this.db.selectValue(
              `SELECT count(DISTINCT s.rowid >> ${MEETING_BITS}) FROM ${from} WHERE stems MATCH ?${where}`,
              [match, ...values],
            ) ?? 0,
          );
    return { groups, counts, total };
  }

  /**
   * Hits grouped by meeting, best meeting first, each down to the utterances that hold the
   * matched words (read from `source`). `onRanked` is told the meetings to show, best first, and
   * how many matched, before their records are read.
   */
  async search(
    query: string,
    filters: SearchFilters,
    source: RecordSource,
    limits: SearchLimits = {},
    onRanked?: (keys: string[], total: number) => void,
  ): Promise<SearchOutcome> {
    const maxMeetings = limits.meetings ?? 20;
    const words = this.expand(query);
    let found = this.rawSearch(words, filters, maxMeetings);
    // No passage holds every word: the passages with some of them.
    if (found.total === 0 && words.length >= 2) found = this.rawSearch(words, filters, maxMeetings, true);
    onRanked?.([...found.groups.keys()].slice(0, maxMeetings), found.total);
    return resolveHits(query, found, filters, source, stemMatcher(words), limits);
  }
}
