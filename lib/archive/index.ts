/**
 * The local archive of results (store), "Add all past meetings" (import) and the speaker names
 * given in the viewer. The search itself (SQLite FTS5) lives in lib/archive/fts.ts and is
 * loaded only by the search worker, never by the background.
 */

import { DATABASES } from '@/lib/databases';
import { idbKeyValue, type KeyValueStore } from '@/lib/kv';
import { DROP_RETRY_MS, type DropOutcome, dropSearchFiles } from './drop';
import { ArchiveReader, type SpeakerMap } from './store';

export * from './import';
export * from './store';

/**
 * The folder of the search worker's database on the extension origin's private file system
 * (components/search/search-database.ts).
 */
export const SEARCH_DATABASE_DIRECTORY = '.meeting-search';

/** The largest file's size under a folder, in bytes (0 when none). */
async function largestFile(directory: FileSystemDirectoryHandle): Promise<number> {
  type Entry = FileSystemDirectoryHandle | FileSystemFileHandle;
  let largest = 0;
  for await (const entry of (directory as unknown as { values(): AsyncIterable<Entry> }).values()) {
    const size = entry.kind === 'directory' ? await largestFile(entry) : (await entry.getFile()).size;
    largest = Math.max(largest, size);
  }
  return largest;
}

/**
 * Drops the search database's files (the archive was wiped): the folder is removed, or, while a
 * page's search worker holds the files, tried again until that worker has emptied them or its page
 * is gone (lib/archive/drop.ts), unless an archive is kept again meanwhile (its index is then in
 * them). A worker started later over no archive empties them too.
 */
export async function dropSearchDatabase(): Promise<DropOutcome> {
  try {
    const root = await navigator.storage.getDirectory();
    return await dropSearchFiles(
      {
        remove: () => root.removeEntry(SEARCH_DATABASE_DIRECTORY, { recursive: true }),
        largestFile: async () => largestFile(await root.getDirectoryHandle(SEARCH_DATABASE_DIRECTORY)),
      },
      (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      DROP_RETRY_MS,
      // Signed in again while it waited: the files are the new archive's index now.
      async () => (await new ArchiveReader(archiveKv()).catalog()) !== null,
    );
  } catch {
    // No origin-private file system here.
    return 'absent';
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
export function speakerMapFor(
  spaceId: number,
  audioId: number,
  kv: KeyValueStore = archiveKv(),
): Promise<SpeakerMap> {
  return new ArchiveReader(kv).speakerMap(spaceId, audioId);
}
