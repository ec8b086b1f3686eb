/**
 * The search worker: reads the archive from the extension origin's IndexedDB (read-only), keeps
 * the search index (lib/archive/search.ts) up to date one record at a time, answers searches
 * from the index as it is (a partial index while it grows), and saves the index for the next
 * visit. The background announces archive changes on a BroadcastChannel; a clear drops the
 * index at once.
 */
import type { KeyValueStore } from '@/lib/kv';
import { MeetingIndex, prepare, type RecordSource } from './search';
import { ARCHIVE_CHANNEL, type ArchiveChange, ArchiveReader, type Catalog, SEARCH_INDEX_KEY } from './store';
import type { FromSearchWorker, IndexProgress, ToSearchWorker } from './worker-protocol';

/** The index is saved at the end of a build, and every this often while a long one runs. */
const SAVE_EVERY_MS = 30_000;
const CACHED_RECORDS = 8;

export interface WorkerScope {
  postMessage(message: FromSearchWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToSearchWorker>) => void): void;
}

export interface SearchWorkerOptions {
  /** Awaited before each saved shard is read (the test build's delay, components/search/search.worker.ts). */
  beforeShard?: () => Promise<void>;
}

export function startSearchWorker(
  scope: WorkerScope,
  kv: KeyValueStore,
  channel: Pick<BroadcastChannel, 'addEventListener'> | null = typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel(ARCHIVE_CHANNEL),
  options: SearchWorkerOptions = {},
) {
  const reader = new ArchiveReader(kv);
  let index: MeetingIndex | null = null;
  let catalog: Catalog | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  /** The catalog was read at least once (a search before that starts a build). */
  let read = false;
  /** What searches answer from changed (see IndexProgress.version). */
  let version = 0;
  /** The index holds the whole catalog it last read (until the next build or clear). */
  let whole = false;
  /** Bumped by a clear: a build under way stops and never saves. */
  let epoch = 0;
  /** The last records read (searches as one types read the same few again). */
  const cache = new Map<string, { rev: number; raw: NonNullable<Awaited<ReturnType<RecordSource>>> }>();

  const progress = (): IndexProgress => {
    const entries = Object.values(catalog?.entries ?? {});
    return {
      indexed: index?.size ?? 0,
      total: entries.length,
      version,
      complete: whole && !again,
      speakers: [...new Set(entries.flatMap((entry) => entry.speakers))].sort((a, b) => a.localeCompare(b)),
      spaceIds: [...new Set(entries.map((entry) => entry.spaceId))].sort((a, b) => a - b),
    };
  };

  /** Reports the index; `bump` when what searches answer from changed. */
  const report = (bump: boolean) => {
    if (bump) version += 1;
    scope.postMessage({ type: 'progress', ...progress() });
  };

  const source: RecordSource = async (key) => {
    const rev = catalog?.entries[key]?.rev;
    if (rev === undefined) return null;
    const hit = cache.get(key);
    if (hit && hit.rev === rev) return hit.raw;
    const record = await reader.getByKey(key);
    if (!record) return null;
    const names = await reader.speakerNames(record.spaceId, record.audioId);
    const raw = { record, names };
    cache.set(key, { rev, raw });
    if (cache.size > CACHED_RECORDS) cache.delete(cache.keys().next().value as string);
    return raw;
  };

  const save = async (mine: number) => {
    if (!index || mine !== epoch) return;
    // Never write an index over an archive that was cleared meanwhile.
    const current = await reader.catalog();
    if (!current || current.generation !== index.generation || mine !== epoch) return;
    for (const [shard, json] of index.takeDirtyShards()) {
      if (mine !== epoch) return;
      await kv.set(`${SEARCH_INDEX_KEY}:${shard}`, json);
    }
    if (mine === epoch) await kv.set(SEARCH_INDEX_KEY, index.serializeManifest());
  };

  const buildOnce = async () => {
    const mine = epoch;
    whole = false;
    catalog = await reader.catalog();
    read = true;
    if (!catalog) {
      index = null;
      // An index left by a worker that saved while the archive was being cleared.
      for (const key of await kv.keys()) if (key.startsWith(SEARCH_INDEX_KEY)) await kv.del(key);
      whole = mine === epoch;
      report(true);
      return;
    }
    if (!index || index.generation !== catalog.generation) {
      const json = await kv.get<string>(SEARCH_INDEX_KEY);
      const saved = typeof json === 'string' ? MeetingIndex.fromManifest(json, catalog.generation) : null;
      index = saved ?? MeetingIndex.empty(catalog.generation);
      report(true);
      // Searchable shard by shard while the saved index loads.
      await index.loadShards(
        async (shard) => {
          await options.beforeShard?.();
          return kv.get<string>(`${SEARCH_INDEX_KEY}:${shard}`);
        },
        () => {
          if (mine === epoch) report(true);
        },
      );
      if (mine !== epoch || !index) return;
    }
    const plan = index.plan(catalog);
    for (const key of plan.remove) index.removeRecord(key);
    report(plan.remove.length > 0);
    let savedAt = Date.now();
    for (const key of plan.add) {
      if (mine !== epoch) return;
      const entry = catalog.entries[key];
      const loaded = entry ? await source(key) : null;
      if (mine !== epoch || !index) return;
      if (entry && loaded) index.addRecord(key, entry, prepare(loaded.record, loaded.names));
      report(true);
      if (Date.now() - savedAt > SAVE_EVERY_MS) {
        await save(mine);
        savedAt = Date.now();
      }
      // Let searches in between: the page sees results from the index as it grows.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (mine !== epoch) return;
    // Whole now (before saving, which can take a while): a "nothing found" is the whole archive's.
    whole = true;
    report(true);
    if (plan.add.length > 0 || plan.remove.length > 0) await save(mine);
  };

  const build = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await buildOnce().catch((error: unknown) =>
          scope.postMessage({ type: 'error', id: null, message: String(error) }),
        );
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  channel?.addEventListener('message', (event: MessageEvent<ArchiveChange>) => {
    if (event.data?.kind === 'clear') {
      epoch += 1;
      index = null;
      catalog = null;
      cache.clear();
      whole = false;
      version += 1;
    }
    void build();
  });

  scope.addEventListener('message', (event) => {
    const message = event.data;
    if (message?.type !== 'search') return;
    void (async () => {
      try {
        if (!read && !running) void build();
        // The index as it is now: a change during the search bumps the version, and the page asks again.
        const at = progress();
        const outcome = index
          ? await index.search(message.query, message.filters, source)
          : { meetings: [], moreMeetings: 0 };
        scope.postMessage({ type: 'results', id: message.id, query: message.query, outcome, ...at });
      } catch (error) {
        scope.postMessage({ type: 'error', id: message.id, message: String(error) });
      }
    })();
  });

  return { build };
}
