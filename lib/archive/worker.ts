/**
 * The search worker: reads the archive from the extension origin's IndexedDB (read-only), keeps
 * the search index (lib/archive/fts.ts, SQLite FTS5 in a database the worker opens, on the
 * origin-private file system in a browser) up to date one record at a time, and answers searches
 * from the index as it is (a partial index while it grows). The database is kept between visits
 * and browser restarts: it is reused as it is for the same archive, and emptied only for another
 * format or archive generation (counted in `counters.rebuilds`). The background announces archive
 * changes on a BroadcastChannel; a clear drops the database's files.
 *
 * A database found damaged or foreign (SQLite says `SQLITE_NOTADB` or `SQLITE_CORRUPT`, or its
 * tables cannot be made this format's) is dropped and built again from the archive, once per
 * worker (`counters.recovered`); the reports say `rebuilding` meanwhile, and a second failure is
 * reported as `broken`.
 *
 * Several pages: only the worker holding the pool's Web Lock runs this (search.worker.ts); it also
 * answers the searches other pages' workers send on `peers` (lib/archive/follower.ts).
 *
 * Questions ("Ask your meetings", lib/grounding/archive-ask.ts) are answered here too, from the same
 * index and records: the records kept between searches keep their protocol for them. The code that
 * answers them is loaded with the first question.
 */
import type { Database } from '@sqlite.org/sqlite-wasm';
import type { AskCache, AskOutcome } from '@/lib/grounding/archive-ask';
import type { KeyValueStore } from '@/lib/kv';
import { FtsIndex } from './fts';
import { RecordCache } from './record-cache';
import { forHits, prepare, type RecordSource } from './search';
import { type ArchiveChange, ArchiveReader, type Catalog, type CatalogEntry, recordKey } from './store';
import {
  type FromSearchWorker,
  type IndexProgress,
  REFUSED,
  refusedId,
  type SearchCounters,
  type ToSearchPeers,
  type ToSearchWorker,
  toSearchWorker,
} from './worker-protocol';

/**
 * The records kept after reading, in characters of their stored size: about 24 one-hour meetings,
 * more than the 20 a page shows, so searches as one types read them once (docs/search.md).
 */
const CACHED_CHARACTERS = 6_000_000;
const LEGACY_INDEX_KEY = 'search-index';

export interface WorkerScope {
  postMessage(message: FromSearchWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToSearchWorker>) => void): void;
}

/** The worker's database: where it is kept, and how its files are dropped. */
export interface SearchDatabase {
  db: Database;
  /** `opfs`: kept between visits; `memory`: this worker's only (the file system was not available). */
  storage: 'opfs' | 'memory';
  /**
   * Closes the database, drops its files and gives a new, empty one (the archive was wiped, or the
   * database was found damaged).
   */
  wipe(): Promise<Database>;
  /**
   * An in-memory database's stand-in for the files it could not take: the database in the files
   * once they can be taken (null: never). The worker then moves to it and builds the index there.
   */
  later?: Promise<SearchDatabase | null>;
}

export interface SearchWorkerOptions {
  /** Opens the database (once per worker). */
  open: () => Promise<SearchDatabase>;
  /** Awaited before each record is indexed (the test build's delay, components/search/search.worker.ts). */
  beforeRecord?: () => Promise<void>;
  /** Awaited before a record is read for the hits of a search (the test build's delay, likewise). */
  beforeRead?: () => Promise<void>;
  /**
   * Told when the worker reaches a step of a page's first search: the catalog read, the kept
   * index ready to answer, an answer sent (for the benchmark's cold page, scripts/bench-search-browser.ts).
   */
  mark?: (step: 'catalog' | 'ready' | 'answered') => void;
  /** The version of the first report less one (a worker that took over from another's numbers above it). */
  firstVersion?: number;
  /** Other pages' search workers: their searches are answered, and every report is sent to them too. */
  peers?: Pick<BroadcastChannel, 'addEventListener' | 'postMessage'>;
}

/** SQLite's codes of a file that is not a database, or a damaged one (primary result codes). */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** Whether an error is SQLite's saying the database is damaged or not a database. */
export function isDamaged(error: unknown): boolean {
  const code = (error as { resultCode?: unknown } | null)?.resultCode;
  if (typeof code === 'number' && [SQLITE_CORRUPT, SQLITE_NOTADB].includes(code & 0xff)) return true;
  return /SQLITE_(CORRUPT|NOTADB)|malformed|not a database/i.test(String(error));
}

/**
 * Keys of the index today's archive no longer uses: the MiniSearch index saved in the archive's
 * IndexedDB (`search-index` and its shards `search-index:<n>`) before the search moved to SQLite.
 */
export function legacyIndexKeys(keys: readonly string[]): string[] {
  return keys.filter((key) => key === LEGACY_INDEX_KEY || key.startsWith(`${LEGACY_INDEX_KEY}:`));
}

export function startSearchWorker(
  scope: WorkerScope,
  kv: KeyValueStore,
  channel: Pick<BroadcastChannel, 'addEventListener'> | null,
  options: SearchWorkerOptions,
) {
  const reader = new ArchiveReader(kv);
  let database: SearchDatabase | null = null;
  let index: FtsIndex | null = null;
  let catalog: Catalog | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  /** The catalog was read at least once (a search before that starts a build). */
  let read = false;
  /** What searches answer from changed (see IndexProgress.version). */
  let version = options.firstVersion ?? 0;
  /** The index holds the whole catalog it last read (until the next build or clear). */
  let whole = false;
  /** Bumped by a clear: a build under way stops. */
  let epoch = 0;
  /** The archive was wiped: the database's files go too. */
  let wipe = false;
  /** The database was emptied and nothing indexed since (a wipe again would change nothing). */
  let empty = false;
  /** Legacy index keys were looked for (once per worker). */
  let migrated = false;
  /** The database was found damaged and dropped (once per worker: a second failure is reported). */
  let recovered = false;
  /** Building again after dropping a damaged database (the page says so until the build ends). */
  let rebuilding = false;
  /**
   * Settled once the first build has opened the kept index (or found no archive): a search asked
   * before waits for it, so a page opened cold gets the kept index's answer at once, not an empty
   * one first (SQLite loads and the database opens in well under a second).
   */
  let markOpened = () => {};
  const opened = new Promise<void>((resolve) => {
    markOpened = resolve;
  });
  const counters: SearchCounters = { storage: null, rebuilds: 0, indexed: 0, migrated: 0, recovered: 0 };
  /** The last records read (searches as one types read the same few again). */
  const cache = new RecordCache<NonNullable<Awaited<ReturnType<RecordSource>>>>(CACHED_CHARACTERS);
  /** The meetings made ready for questions (made with the first question). */
  let asked: AskCache | null = null;

  /** Records in the index (0 when it cannot be counted: a damaged database). */
  const counted = (): number => {
    try {
      return index?.size ?? 0;
    } catch {
      return 0;
    }
  };

  const progress = (): IndexProgress => {
    const entries = Object.values(catalog?.entries ?? {});
    return {
      indexed: index ? Math.min(counted(), entries.length) : 0,
      total: entries.length,
      version,
      complete: whole && !again,
      ...(rebuilding ? { rebuilding: true } : {}),
      speakers: [...new Set(entries.flatMap((entry) => entry.speakers))].sort((a, b) => a.localeCompare(b)),
      spaceIds: [...new Set(entries.map((entry) => entry.spaceId))].sort((a, b) => a - b),
      counters: { ...counters },
    };
  };

  /** Reports the index; `bump` when what searches answer from changed. */
  const report = (bump: boolean) => {
    if (bump) version += 1;
    const message: FromSearchWorker = { type: 'progress', ...progress() };
    scope.postMessage(message);
    tellPeers('*', message);
  };

  /** Sends a message to another page's worker (`*`: every one), which gives it to its page. */
  function tellPeers(to: string, message: FromSearchWorker): void {
    options.peers?.postMessage({ type: 'reply', to, message } satisfies ToSearchPeers);
  }

  /** A record and its speaker names, read from the archive (the build reads each once: not kept). */
  const readRecord: RecordSource = async (key) => {
    const record = await reader.getByKey(key);
    if (!record) return null;
    return { record, names: await reader.speakerMap(record.spaceId, record.audioId) };
  };

  /** The same for the hits of a search, kept for the next searches (`cache`). */
  const source: RecordSource = async (key) => {
    const entry = catalog?.entries[key];
    if (entry === undefined) return null;
    const hit = cache.get(key, entry.rev);
    if (hit) return hit;
    await options.beforeRead?.();
    const raw = await readRecord(key);
    if (!raw) return null;
    // Kept as the hits need it (its transcript prepared, not the stored result): a third less memory.
    const kept = forHits(raw);
    cache.set(key, entry.rev, kept, entry.bytes);
    return kept;
  };

  /** The database being opened (once per worker; tried again by the next build after a failure). */
  let opening: Promise<SearchDatabase> | null = null;
  const openDatabase = () => {
    opening ??= options
      .open()
      .then((opened) => {
        void opened.later?.then((disk) => (disk ? moveTo(disk) : undefined));
        return opened;
      })
      .catch((error: unknown) => {
        opening = null;
        throw error;
      });
    return opening;
  };

  /**
   * The files were taken after the worker answered from memory: the in-memory index goes, the one in
   * the files is used (a damaged one rebuilt there, `recovered`), and the archive is indexed there.
   */
  function moveTo(disk: SearchDatabase): void {
    const memory = database;
    epoch += 1;
    database = disk;
    opening = Promise.resolve(disk);
    index = null;
    whole = false;
    empty = false;
    cache.clear();
    version += 1;
    try {
      memory?.db.close();
    } catch {
      // Closed already.
    }
    void build();
  }

  /** The index for this archive generation, in the database (opened once, wiped when asked). */
  const indexFor = async (generation: string | null): Promise<FtsIndex | null> => {
    database ??= await openDatabase();
    counters.storage = database.storage;
    if (wipe) {
      wipe = false;
      index = null;
      if (!empty) database.db = await database.wipe();
      empty = true;
    }
    if (generation === null) return null;
    empty = false;
    if (!index || index.generation !== generation) {
      index = null;
      let opened: FtsIndex;
      try {
        opened = FtsIndex.open(database.db, generation);
      } catch (error) {
        // Not a database, a damaged one, or tables that cannot be made this format's: dropped
        // and built again from the archive, once.
        if (recovered) throw error;
        startRecovery();
        database.db = await database.wipe();
        opened = FtsIndex.open(database.db, generation);
      }
      index = opened;
      counters.rebuilds += index.counters.rebuilds;
    }
    return index;
  };

  /** The database was found damaged: it is dropped and the index built again, once per worker. */
  function startRecovery(): void {
    recovered = true;
    rebuilding = true;
    counters.recovered = (counters.recovered ?? 0) + 1;
    cache.clear();
    asked?.clear();
    version += 1;
  }

  const buildOnce = async () => {
    const mine = epoch;
    whole = false;
    // SQLite loads while the catalog is read (a page opened cold waits for both); a failure to
    // open is met below, where the database is used.
    if (!database) openDatabase().catch(() => undefined);
    catalog = await reader.catalog();
    options.mark?.('catalog');
    read = true;
    if (!migrated) {
      migrated = true;
      // Today's index replaces the one saved in IndexedDB: dropped, and built anew from the archive.
      const legacy = legacyIndexKeys(await kv.keys());
      for (const key of legacy) await kv.del(key);
      counters.migrated = legacy.length;
    }
    if (!catalog) {
      // No archive (signed out, or wiped, perhaps while no page searched): no index either.
      wipe = true;
      await indexFor(null);
      index = null;
      whole = mine === epoch;
      report(true);
      markOpened();
      return;
    }
    const current = await indexFor(catalog.generation);
    if (mine !== epoch || !current) {
      markOpened();
      return;
    }
    report(true);
    const plan = current.plan(catalog);
    for (const key of plan.remove) current.removeRecord(key);
    // The kept index already holds the whole archive (a page opened again): whole at once.
    if (plan.add.length === 0) whole = true;
    report(plan.remove.length > 0 || plan.add.length === 0);
    markOpened();
    for (const key of plan.add) {
      if (mine !== epoch) return;
      await options.beforeRecord?.();
      const entry = catalog.entries[key];
      const loaded = entry ? await readRecord(key) : null;
      if (mine !== epoch || index !== current) return;
      if (entry && loaded) {
        current.addRecord(key, entry, prepare(loaded.record, loaded.names));
        counters.indexed += 1;
      }
      report(true);
      // Let searches in between: the page sees results from the index as it grows.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (mine !== epoch) return;
    whole = true;
    rebuilding = false;
    report(true);
  };

  const build = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await buildOnce().catch((error: unknown) => {
          if (isDamaged(error) && !recovered && database) {
            // Damage found while indexing (a page of the file): dropped and built again, once.
            startRecovery();
            wipe = true;
            empty = false;
            index = null;
            again = true;
            return;
          }
          // A search waiting for the index is answered from what there is.
          markOpened();
          const broken = recovered;
          rebuilding = false;
          const message: FromSearchWorker = {
            type: 'error',
            id: null,
            message: String(error),
            ...(broken ? { broken } : {}),
          };
          scope.postMessage(message);
          tellPeers('*', message);
        });
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  channel?.addEventListener('message', (event: MessageEvent<ArchiveChange>) => {
    if (event.data?.kind === 'clear') {
      epoch += 1;
      wipe = true;
      index = null;
      catalog = null;
      cache.clear();
      asked?.clear();
      whole = false;
      version += 1;
    }
    void build();
  });

  /** A question answered from the index as it is (nothing before the index is opened). */
  const answerQuestion = async (message: Extract<ToSearchWorker, { type: 'ask' }>): Promise<AskOutcome> => {
    const current = index;
    if (!current) return { meetings: [] };
    const { AskCache, askArchive } = await import('@/lib/grounding/archive-ask');
    // A meeting made ready stands while its catalog revision does: a question about the meetings
    // asked before reads none of their records again.
    asked ??= new AskCache(32, (key) => catalog?.entries[key]?.rev);
    const { meeting, filters } = message;
    const scope = meeting
      ? {
          meeting: recordKey(meeting.spaceId, meeting.audioId),
          filters: filters.speaker ? { speaker: filters.speaker } : {},
        }
      : { filters };
    return askArchive(message.question, current, source, scope, asked);
  };

  /** Answers a page's search: this worker's own page's, or another page's (`post` sends it there). */
  const answer = async (message: ToSearchWorker, post: (reply: FromSearchWorker) => void) => {
    try {
      if (!read && !running) void build();
      await opened;
      options.mark?.('ready');
      // The index as it is now: a change during the search bumps the version, and the page asks again.
      const at = progress();
      if (message.type === 'ask') {
        const outcome = await answerQuestion(message);
        post({ type: 'answer', id: message.id, question: message.question, outcome, ...at });
        return;
      }
      const outcome = index
        ? await index.search(message.query, message.filters, source, {}, (keys, total) => {
            const entries = catalog?.entries ?? {};
            const shown = keys.filter((key) => entries[key] !== undefined);
            // Kept records answer at once: the meetings go first only when some must be read.
            if (shown.every((key) => cache.has(key, (entries[key] as CatalogEntry).rev))) return;
            const meetings = shown.map((key) => {
              const { spaceId, audioId, title, createdAt } = entries[key] as CatalogEntry;
              return { key, spaceId, audioId, title, createdAt, hits: [], more: 0 };
            });
            const moreMeetings = Math.max(0, total - meetings.length);
            post({ type: 'found', id: message.id, outcome: { meetings, moreMeetings } });
          })
        : { meetings: [], moreMeetings: 0 };
      post({ type: 'results', id: message.id, query: message.query, outcome, ...at });
      options.mark?.('answered');
    } catch (error) {
      post({ type: 'error', id: message.id, message: String(error) });
      // Damage found by a search: the database is dropped and built again (once), and the page
      // asks again when the index's version changes.
      if (isDamaged(error) && !recovered && database) {
        startRecovery();
        wipe = true;
        empty = false;
        index = null;
        void build();
      }
    }
  };

  /** A page's message, checked: a malformed one with an id is refused with an answer, else ignored. */
  const take = (data: unknown, post: (reply: FromSearchWorker) => void) => {
    const message = toSearchWorker(data);
    if (message) {
      void answer(message, post);
      return;
    }
    const id = refusedId(data);
    if (id !== null) post({ type: 'error', id, message: REFUSED });
  };

  scope.addEventListener('message', (event) => take(event.data, (reply) => scope.postMessage(reply)));

  options.peers?.addEventListener('message', (event: MessageEvent<ToSearchPeers>) => {
    const message = event.data;
    if (message?.type === 'hello') tellPeers(message.from, { type: 'progress', ...progress() });
    if (message?.type === 'ask' && typeof message.from === 'string')
      take(message.message, (reply) => tellPeers(message.from, reply));
  });

  /** Answers a search asked of this worker before it owned the files (given by the follower it was). */
  const ask = (message: ToSearchWorker) => void answer(message, (reply) => scope.postMessage(reply));

  return { build, counters, ask };
}
