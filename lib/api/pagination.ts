/**
 * Lists are walked with `limit` and `offset` built by the client. The page's `next`/`previous`
 * links use `http://` (contract, Page of results), so they are never followed.
 */
import type { Page } from './schemas';

export interface PageQuery {
  limit: number;
  offset: number;
}

/** Default page size. The contract does not show the default or the maximum, so `limit` is always sent. */
export const DEFAULT_PAGE_SIZE = 50;

/**
 * Iterates over every item of a list. The offset advances by the number of items received (the
 * service may cap `limit`), and iteration stops at `count` or at the first empty page.
 */
export async function* paginate<T>(
  fetchPage: (query: PageQuery) => Promise<Page<T>>,
  options: { limit?: number; offset?: number; signal?: AbortSignal } = {},
): AsyncGenerator<T, void, undefined> {
  const limit = options.limit ?? DEFAULT_PAGE_SIZE;
  let offset = options.offset ?? 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await fetchPage({ limit, offset });
    if (page.results.length === 0) return;
    for (const item of page.results) yield item;
    offset += page.results.length;
    if (offset >= page.count) return;
  }
}

/** Collects up to `max` items of an iterator. */
export async function take<T>(items: AsyncIterable<T>, max: number): Promise<T[]> {
  const out: T[] = [];
  if (max <= 0) return out;
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * Escapes text for the `search` parameter, which the service treats as a case-insensitive regular
 * expression. Only the regular-expression syntax characters are escaped, so the pattern means the
 * same in JavaScript (also with the `u` flag), Python and PostgreSQL.
 */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/** A `search` pattern that matches exactly this title. */
export function exactTitlePattern(title: string): string {
  return `^${escapeRegex(title)}$`;
}
