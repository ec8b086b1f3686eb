/**
 * Was a recording created twice? When the browser repeats a create (upload, by URL, video page)
 * whose connection dropped, the service makes two recordings and the extension hears of the
 * second only. The first one is recognised by what a repeat cannot change: the same title, size
 * and type, made within seconds before the one the extension got, and claimed by no other job.
 */
import type { Recording } from '@/lib/api';

/** A repeat reaches the service within this long of the original. */
export const DUPLICATE_WINDOW_MS = 60_000;

export interface DuplicateQuery {
  /** The recording the extension was answered with. */
  ours: Pick<Recording, 'id' | 'title' | 'size' | 'content_type' | 'created_at'>;
  /** Recordings of the same space with the same title (any order). */
  candidates: readonly Pick<
    Recording,
    'id' | 'title' | 'size' | 'content_type' | 'created_at' | 'is_active'
  >[];
  /** Recordings other jobs of this extension own: never duplicates. */
  claimed: ReadonlySet<number>;
  /** Compare sizes (false while a by-URL download has not told the size). */
  compareSize?: boolean;
}

export function findDuplicates(query: DuplicateQuery): number[] {
  const { ours } = query;
  const oursAt = Date.parse(ours.created_at);
  return query.candidates
    .filter((candidate) => {
      if (candidate.id === ours.id || query.claimed.has(candidate.id) || !candidate.is_active) return false;
      if (candidate.title !== ours.title || candidate.content_type !== ours.content_type) return false;
      if ((query.compareSize ?? true) && candidate.size !== ours.size) return false;
      const at = Date.parse(candidate.created_at);
      // The original reached the service first: it is older (or as old), and only seconds apart.
      return (
        Number.isFinite(at) && Number.isFinite(oursAt) && at <= oursAt && oursAt - at <= DUPLICATE_WINDOW_MS
      );
    })
    .map((candidate) => candidate.id)
    .sort((a, b) => a - b);
}
