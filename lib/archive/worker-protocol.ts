/** Messages between a page and its search worker (lib/archive/worker.ts). Types only. */
import type { SearchFilters, SearchOutcome } from './search';

export type ToSearchWorker = { type: 'search'; id: number; query: string; filters: SearchFilters };

export interface IndexProgress {
  /** Records in the index, and in the archive. */
  indexed: number;
  total: number;
  /** Speaker names of the archive (for the speaker filter), and the spaces it holds. */
  speakers: string[];
  spaceIds: number[];
}

export type FromSearchWorker =
  | ({ type: 'progress' } & IndexProgress)
  | ({ type: 'results'; id: number; query: string; outcome: SearchOutcome } & IndexProgress)
  | { type: 'error'; id: number | null; message: string };
