/** Messages between a page and its search worker (lib/archive/worker.ts), and between the workers of several pages. */
import type { SearchFilters, SearchOutcome } from './search';

export type ToSearchWorker = { type: 'search'; id: number; query: string; filters: SearchFilters };

export interface IndexProgress {
  /** Records in the index, and in the archive. */
  indexed: number;
  total: number;
  /**
   * Bumped on every change of what searches are answered from (a saved shard loaded, records
   * added or removed, a clear, the end of a build): the page asks again (lib/search).
   */
  version: number;
  /** The whole archive is indexed and loaded, and no build is under way. */
  complete: boolean;
  /**
   * The kept index was found damaged (or foreign) and is being built again from the archive: the
   * page says so ("Rebuilding the search index… N of M") until `complete`.
   */
  rebuilding?: boolean;
  /** Speaker names of the archive (for the speaker filter), and the spaces it holds. */
  speakers: string[];
  spaceIds: number[];
  /** What the worker's index did (for measurements and tests; the pages do not show it). */
  counters?: SearchCounters;
}

/** The search worker's own counts. */
export interface SearchCounters {
  /** Where the index is kept (null before the database is opened). */
  storage: 'opfs' | 'memory' | null;
  /** Times this worker started the kept index from nothing (new database, another format or archive). */
  rebuilds: number;
  /** Records indexed by this worker (added or changed since it started). */
  indexed: number;
  /** Keys of the index saved in IndexedDB before the move to SQLite, dropped by this worker. */
  migrated: number;
  /** Times this worker found the kept database damaged or foreign and dropped it (at most once). */
  recovered?: number;
}

export type FromSearchWorker =
  | ({ type: 'progress' } & IndexProgress)
  /** An answer, with the index as it was when the search began. */
  | ({ type: 'results'; id: number; query: string; outcome: SearchOutcome } & IndexProgress)
  /**
   * Before an answer whose meetings' records must be read first: those meetings, best first, with
   * no hits yet (a page opened cold shows them while the passages are read).
   */
  | { type: 'found'; id: number; outcome: SearchOutcome }
  /**
   * A search or the build failed. `broken`: the index could not be made even after dropping the
   * database and building it again (the page says so plainly; a new page tries again).
   */
  | { type: 'error'; id: number | null; message: string; broken?: boolean };

/**
 * Between search workers of several pages, on `SEARCH_PEERS_CHANNEL`: one worker (the holder of
 * the pool's Web Lock) owns the database; the others send it their pages' searches and relay its
 * answers and reports (lib/archive/follower.ts). `to`: a worker's id, or `*` for every one.
 */
export type ToSearchPeers =
  | { type: 'ask'; from: string; message: ToSearchWorker }
  | { type: 'hello'; from: string }
  | { type: 'leader' }
  | { type: 'reply'; to: string; message: FromSearchWorker };

/** The channel of the search workers of several pages (one owner of the files, the rest ask it). */
export const SEARCH_PEERS_CHANNEL = 'meeting-search-pool';
/** The Web Lock held by the search worker that owns the pool's files, for as long as it lives. */
export const SEARCH_POOL_LOCK = 'meeting-search-pool';
