/** Messages between a page and its search worker (lib/archive/worker.ts), and between the workers of several pages. */
import type { AskOutcome } from '@/lib/grounding/archive-ask';
import { QUESTION_MAX_CHARS } from '@/lib/search/question';
import type { SearchFilters, SearchOutcome } from './search';

export type ToSearchWorker =
  /** Words to find (the search as typed). */
  | { type: 'search'; id: number; query: string; filters: SearchFilters }
  /**
   * A question to answer (lib/grounding/archive-ask.ts): in the meetings passing the filters, or in
   * one meeting (`meeting`, with the filters' speaker only).
   */
  | {
      type: 'ask';
      id: number;
      question: string;
      filters: SearchFilters;
      meeting?: { spaceId: number; audioId: number };
    };

/** The longest query of words a page may send (the index looks for its first 12 words). */
const QUERY_MAX_CHARS = 100_000;

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** What a page is told of a message `toSearchWorker` refused. */
export const REFUSED = 'malformed search or question';

/** The id of a message refused by `toSearchWorker`, when it has one (the refusal is sent to it). */
export function refusedId(data: unknown): number | null {
  const id = (data as { id?: unknown } | null)?.id;
  return isId(id) ? id : null;
}

/**
 * The filters as sent, each field checked and bounded (a wrong field is dropped, never passed on):
 * at most 100 spaces, a name of at most 200 characters, finite dates.
 */
function filtersOf(value: unknown): SearchFilters | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const filters: SearchFilters = {};
  if (Array.isArray(raw.spaceIds)) filters.spaceIds = raw.spaceIds.filter(isId).slice(0, 100);
  if (typeof raw.speaker === 'string') filters.speaker = raw.speaker.slice(0, 200);
  if (typeof raw.from === 'number' && Number.isFinite(raw.from)) filters.from = raw.from;
  if (typeof raw.to === 'number' && Number.isFinite(raw.to)) filters.to = raw.to;
  return filters;
}

/**
 * A page's message to the search worker, checked (a worker answers nothing else): a search's words
 * and a question are strings within their bounds (a question of more than `QUESTION_MAX_CHARS`
 * characters is refused: the page does not send one), ids positive integers, the filters as
 * `filtersOf` keeps them. Returns null for anything else.
 */
export function toSearchWorker(data: unknown): ToSearchWorker | null {
  if (typeof data !== 'object' || data === null) return null;
  const raw = data as Record<string, unknown>;
  if (!isId(raw.id)) return null;
  const filters = filtersOf(raw.filters);
  if (!filters) return null;
  if (raw.type === 'search') {
    if (typeof raw.query !== 'string' || raw.query.length > QUERY_MAX_CHARS) return null;
    return { type: 'search', id: raw.id, query: raw.query, filters };
  }
  if (raw.type !== 'ask' || typeof raw.question !== 'string') return null;
  if (raw.question.trim().length > QUESTION_MAX_CHARS) return null;
  const message: ToSearchWorker = { type: 'ask', id: raw.id, question: raw.question, filters };
  if (raw.meeting !== undefined) {
    const meeting = raw.meeting as { spaceId?: unknown; audioId?: unknown } | null;
    if (!meeting || !isId(meeting.spaceId) || !isId(meeting.audioId)) return null;
    message.meeting = { spaceId: meeting.spaceId, audioId: meeting.audioId };
  }
  return message;
}

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
  /** The answer to a question, with the index as it was when it was asked. */
  | ({ type: 'answer'; id: number; question: string; outcome: AskOutcome } & IndexProgress)
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
