/**
 * The local archive of results (store), "Add all past meetings" (import) and the speaker names
 * given in the viewer. The search itself (MiniSearch) lives in lib/archive/search.ts and is
 * loaded only by the search worker, never by the background.
 */

import { DATABASES } from '@/lib/databases';
import { idbKeyValue, type KeyValueStore } from '@/lib/kv';
import { ArchiveReader, type SpeakerNames } from './store';

export * from './import';
export * from './store';

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
