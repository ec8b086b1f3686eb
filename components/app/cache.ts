/**
 * The last answers the popup showed, so it opens at once and refreshes after (stale while
 * revalidate). Kept in `storage.session`: extension pages only (content scripts cannot read it by
 * default) and gone when the browser closes. No tokens and no source-file links (they grant access
 * to the file for an hour); only the first page of one space.
 */
import { type PopupCache, popupCacheItem } from '@/lib/storage';

export const CACHED_PAGE_SIZE = 20;

export type { PopupCache };

export async function readCache(): Promise<PopupCache | null> {
  try {
    return await popupCacheItem.getValue();
  } catch {
    return null;
  }
}

export async function writeCache(cache: PopupCache): Promise<void> {
  const slim: PopupCache = {
    ...cache,
    recordings: cache.recordings.slice(0, CACHED_PAGE_SIZE).map((recording) => ({ ...recording, url: '' })),
  };
  try {
    await popupCacheItem.setValue(slim);
  } catch {
    // A full or missing session area only costs the next open its head start.
  }
}

export async function clearCache(): Promise<void> {
  try {
    await popupCacheItem.removeValue();
  } catch {
    // Nothing to clear.
  }
}
