/**
 * The local archive of results (store), "Add all past meetings" (import) and the speaker names
 * given in the viewer. The search itself (SQLite FTS5) lives in lib/archive/fts.ts and is
 * loaded only by the search worker, never by the background.
 */

import { DATABASES } from '@/lib/databases';
import { idbKeyValue, type KeyValueStore } from '@/lib/kv';
import { ArchiveReader, type SpeakerNames } from './store';

export * from './import';
export * from './store';

/**
 * The folder of the search worker's database on the extension origin's private file system
 * (components/search/search-database.ts).
 */
export const SEARCH_DATABASE_DIRECTORY = '.meeting-search';

/**
 * Drops the search database's files (the archive was wiped). Best effort: while a page's search
 * worker holds them, the removal fails and that worker drops them itself on the clear it is told
 * of; a worker started later over no archive drops them too.
 */
export async function dropSearchDatabase(): Promise<void> {
  try {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry(SEARCH_DATABASE_DIRECTORY, { recursive: true });
  } catch {
    // None, or held by a worker.
  }
}

/** The archive's key-value store in the extension origin's IndexedDB. */
export function archiveKv(): KeyValueStore {
  return idbKeyValue(DATABASES.archive.name, DATABASES.archive.store);
}

/**
 * The speaker names given in the viewer for one recording (speaker id without braces → name),
 * for anything that writes a transcript or protocol out (exports, deliveries). Empty when none.
 */
export function speakerNamesFor(
  spaceId: number,
  audioId: number,
  kv: KeyValueStore = archiveKv(),
): Promise<SpeakerNames> {
  return new ArchiveReader(kv).speakerNames(spaceId, audioId);
}
