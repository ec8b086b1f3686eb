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
}

export type FromSearchWorker =
  | ({ type: 'progress' } & IndexProgress)
  /** An answer, with the index as it was when the search began. */
  | ({ type: 'results'; id: number; query: string; outcome: SearchOutcome } & IndexProgress)
  | { type: 'error'; id: number | null; message: string };
