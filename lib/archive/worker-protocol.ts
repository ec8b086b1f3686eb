/** Messages between a page and its search worker (lib/archive/worker.ts). Types only. */
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
  | { type: 'error'; id: number | null; message: string };
