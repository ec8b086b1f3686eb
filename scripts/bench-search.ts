/**
 * Benchmark of the meeting search (not a test: it prints figures and asserts nothing).
 *
 * Generates `--hours` hours (default 500) of transcripts with the emulator's result generator
 * (1-hour meetings, English and Russian alternately, about one utterance per 2.5 s), keeps them
 * in an archive (the in-memory twin of the IndexedDB store), builds the search index as the
 * search worker does (one record at a time), and reports:
 * - the index build time and its size serialized (what the worker keeps in IndexedDB), raw and
 *   gzip;
 * - time to first results of a one-word and a three-word query: warm (index in memory, as while
 *   a page is open) and cold (the serialized index loaded first, as when a page opens), each
 *   including the reading of the matching records and the utterance-level hits;
 * - the JavaScript heap before the index, with the index, and at its peak while searching.
 *
 * The same archive is then indexed by the SQLite FTS5 engine (lib/archive/fts.ts) in an in-memory
 * database, one record per transaction as the worker does, and the same figures are reported
 * beside: the database's size (pages in use, what the worker keeps on the origin-private file
 * system), the WebAssembly memory (it only grows: its highest is its size), and the first
 * results after the page cache is dropped (`PRAGMA shrink_memory`, the nearest Node has to a page
 * that opens; the browser figures come from scripts/bench-search-browser.ts).
 *
 * Usage: node --expose-gc --import tsx scripts/bench-search.ts [--hours 500] [--runs 7] [--engine old|new|both]
 */
import { gzipSync } from 'node:zlib';
import { FtsIndex, matchExpression } from '../lib/archive/fts';
import { prepare, type RecordSource } from '../lib/archive/search';
import type { Catalog } from '../lib/archive/store';
import { memoryKeyValue } from '../lib/kv';
import { benchResult, generateArchive, QUERIES } from './bench-archive';
import { MeetingIndex, SHARD_RECORDS } from './minisearch-index';
import { sqliteInNode } from './sqlite-node';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? Number.NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const HOURS = flag('hours', 500);
const RUNS = flag('runs', 7);
const ENGINE = (() => {
  const at = process.argv.indexOf('--engine');
  const value = at === -1 ? 'both' : process.argv[at + 1];
  return value === 'old' || value === 'new' ? value : 'both';
})();
const gc = (globalThis as { gc?: () => void }).gc;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};

async function main() {
  if (!gc) console.warn('Run with node --expose-gc for steady heap figures.');
  const kv = memoryKeyValue();
  const generating = performance.now();
  const { archive, meetings, utterances, characters } = await generateArchive(HOURS, kv);
  const generated = performance.now() - generating;
  const catalog = (await archive.catalog()) as Catalog;
  console.log(
    `${meetings} meetings, ${HOURS} h, ${utterances.toLocaleString('en')} utterances, ${mb(characters)} of text (generated and archived in ${ms(generated)})`,
  );

  const source: RecordSource = async (key) => {
    const record = await archive.getByKey(key);
    return record ? { record, names: await archive.speakerMap(record.spaceId, record.audioId) } : null;
  };

  const queries = QUERIES;
  if (ENGINE !== 'new') await benchOld(catalog, source, queries);
  if (ENGINE !== 'old') await benchNew(catalog, source, queries, characters);
}

async function benchOld(catalog: Catalog, source: RecordSource, queries: Record<string, string>) {
  console.log("--- today's engine (MiniSearch, in memory, saved as JSON shards)");
  const heapBefore = heap();
  let index = MeetingIndex.empty(catalog.generation);
  const building = performance.now();
  let firstTen = 0;
  const plan = index.plan(catalog);
  for (const key of plan.add) {
    const loaded = (await source(key))!;
    index.addRecord(key, catalog.entries[key]!, prepare(loaded.record, loaded.names));
    if (index.size === 10) firstTen = performance.now() - building;
  }
  const built = performance.now() - building;
  const heapIndex = heap();
  const serializing = performance.now();
  const shards = new Map(index.takeDirtyShards());
  const manifest = index.serializeManifest();
  const serialized = performance.now() - serializing;
  let bytes = Buffer.byteLength(manifest);
  let gzip = gzipSync(manifest).length;
  let largestShard = 0;
  for (const json of shards.values()) {
    bytes += Buffer.byteLength(json);
    gzip += gzipSync(json).length;
    largestShard = Math.max(largestShard, Buffer.byteLength(json));
  }
  const read = async (shard: number) => shards.get(shard);

  console.log(
    `index build: ${ms(built)} for ${index.size} meetings (the first 10 searchable after ${ms(firstTen)})`,
  );
  console.log(
    `index saved: ${mb(bytes)} (gzip ${mb(gzip)}) in ${shards.size} shards of ${SHARD_RECORDS} meetings (largest ${mb(largestShard)}) and a manifest of ${mb(Buffer.byteLength(manifest))}, serialized in ${ms(serialized)}`,
  );

  let peak = heapIndex;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  heap();
  for (const [label, query] of Object.entries(queries)) {
    const warm: number[] = [];
    let outcome = await index.search(query, {}, source);
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      outcome = await index.search(query, {}, source);
      warm.push(performance.now() - started);
      sample();
    }
    const chunks = index.rawSearch(query).length;
    console.log(
      `"${query}" (${label}): warm ${ms(median(warm))} median of ${RUNS} (${chunks.toLocaleString('en')} matching passages, ${outcome.meetings.length} meetings shown, ${outcome.moreMeetings} more)`,
    );
  }

  const warmPeak = peak;
  // The built index goes: each cold run starts from the archive alone, as a page does.
  index = MeetingIndex.empty(catalog.generation);
  const baseline = heap();
  let coldPeak = 0;
  // Cold: a page opens, the worker loads the saved index shard by shard and answers meanwhile.
  const firstResults: Record<string, number[]> = {};
  const allResults: Record<string, number[]> = {};
  let loadTimes: number[] = [];
  for (let run = 0; run < Math.min(RUNS, 3); run += 1) {
    for (const query of [queries['one word, frequent']!, queries['three words']!]) {
      peak = heap();
      const loading = performance.now();
      const loaded = MeetingIndex.fromManifest(manifest, catalog.generation)!;
      // The first shard in, the query answered from it (what the page shows first).
      let first = 0;
      let answered: Promise<void> | null = null;
      // The worker answers a search between two shards (its reads of IndexedDB yield): here the
      // second shard waits for the answer from the first.
      const gated = async (shard: number) => {
        if (shard > 0) await answered;
        return read(shard);
      };
      await loaded.loadShards(gated, () => {
        sample();
        answered ??= loaded.search(query, {}, source).then(() => {
          first = performance.now() - loading;
        });
      });
      await answered;
      const loadedIn = performance.now() - loading;
      loadTimes.push(loadedIn);
      sample();
      const started = performance.now();
      await loaded.search(query, {}, source);
      firstResults[query] = [...(firstResults[query] ?? []), first];
      allResults[query] = [...(allResults[query] ?? []), loadedIn + performance.now() - started];
      sample();
      coldPeak = Math.max(coldPeak, peak - baseline);
    }
  }
  loadTimes = loadTimes.sort((a, b) => a - b);
  for (const query of Object.keys(firstResults)) {
    console.log(
      `"${query}" cold: first results (from the first shard) after ${ms(median(firstResults[query]!))}, from the whole saved index after ${ms(median(allResults[query]!))} (medians)`,
    );
  }
  console.log(`whole saved index loaded in ${ms(median(loadTimes))} median`);
  console.log(
    `heap (the script's own in-memory archive, ${mb(heapBefore)}, is the baseline): the index retains +${mb(heapIndex - heapBefore)}; highest while searching +${mb(warmPeak - heapBefore)} (uncollected garbage included); highest while a page's worker would load the saved index and answer +${mb(coldPeak)}`,
  );
}

async function benchNew(
  catalog: Catalog,
  source: RecordSource,
  queries: Record<string, string>,
  characters: number,
) {
  console.log('--- SQLite FTS5 (stems only, contentless), in-memory database');
  const sqlite3 = await sqliteInNode();
  const wasmMemory = () => sqlite3.wasm.heap8().byteLength;
  const wasmBefore = wasmMemory();
  const heapBefore = heap();
  const db = new sqlite3.oo1.DB(':memory:');
  db.exec('PRAGMA cache_size = -8192');
  const index = FtsIndex.open(db, catalog.generation);
  const building = performance.now();
  let firstTen = 0;
  let count = 0;
  const plan = index.plan(catalog);
  const perRecord: number[] = [];
  for (const key of plan.add) {
    const loaded = (await source(key))!;
    const started = performance.now();
    index.addRecord(key, catalog.entries[key]!, prepare(loaded.record, loaded.names));
    perRecord.push(performance.now() - started);
    count += 1;
    if (count === 10) firstTen = performance.now() - building;
  }
  const built = performance.now() - building;
  const pages = Number(db.selectValue('PRAGMA page_count'));
  // Pages FTS5's merges freed (a file reuses them).
  const free = Number(db.selectValue('PRAGMA freelist_count'));
  const pageSize = Number(db.selectValue('PRAGMA page_size'));
  const stored = pages * pageSize;
  console.log(
    `index build: ${ms(built)} for ${index.size} meetings (the first 10 searchable after ${ms(firstTen)}); one 1-hour meeting added in ${ms(median(perRecord))} median, ${ms(Math.max(...perRecord))} at most`,
  );
  console.log(
    `database: ${mb(stored)} (${pages.toLocaleString('en')} pages of ${pageSize} bytes, ${free.toLocaleString('en')} of them free), the archive's text ${mb(characters)} (ratio ${(stored / characters).toFixed(2)})`,
  );
  for (const [label, query] of Object.entries(queries)) {
    const warm: number[] = [];
    let outcome = await index.search(query, {}, source);
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      outcome = await index.search(query, {}, source);
      warm.push(performance.now() - started);
    }
    // The index's part alone (matching, ranking, grouping), and how many passages it ranked.
    const words = index.expand(query);
    const raw: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      index.rawSearch(words, {}, 20);
      raw.push(performance.now() - started);
    }
    const matching = Number(
      db.selectValue('SELECT count(*) FROM stems WHERE stems MATCH ?', [matchExpression(words)]) ?? 0,
    );
    db.exec('PRAGMA shrink_memory');
    const coldStart = performance.now();
    await FtsIndex.open(db, catalog.generation).search(query, {}, source);
    const cold = performance.now() - coldStart;
    console.log(
      `"${query}" (${label}): warm ${ms(median(warm))} median of ${RUNS} (the index's part ${ms(median(raw))}), after the page cache was dropped ${ms(cold)} (${matching.toLocaleString('en')} passages match; ${outcome.meetings.length} meetings shown, ${outcome.moreMeetings} more)`,
    );
  }
  // A 2-hour meeting added to the full index, as the worker does on a change.
  const result = benchResult(99_999, 'Two hours.mp3', 7200, 'en');
  const record = { spaceId: 1, audioId: 99_999, title: 'Two hours.mp3', createdAt: Date.now(), result };
  const entry = { ...Object.values(catalog.entries)[0]!, spaceId: 1, audioId: 99_999, rev: 1 };
  const adding = performance.now();
  index.addRecord('1:99999', entry, prepare(record, {}));
  console.log(`one 2-hour meeting added to the full index in ${ms(performance.now() - adding)}`);
  console.log(
    `memory: WebAssembly ${mb(wasmMemory())} (${mb(wasmBefore)} before the database; it never shrinks, so this is its highest), JavaScript heap +${mb(heap() - heapBefore)}`,
  );
  db.close();
}

void main();
