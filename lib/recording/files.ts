/**
 * A recording's file: its pieces made into one WebM (lib/recording/assemble.ts), kept in the files
 * waiting for upload (lib/file-store.ts) under the recording's id until its upload job ends. A file
 * that no recording and no job owns (the recording wiped by a sign-out while its file was being
 * made, a worker stopped in between) is swept away.
 */

const PREFIX = 'recording-';

/** The key of recording `id`'s file. */
export function recordingFileKey(id: string): string {
  return `${PREFIX}${id}`;
}

/**
 * The recordings' files among `keys` that none of `recordings` (by its id, or the file it names)
 * and none of `jobFiles` (the upload jobs' files) owns. Other files (picked in the popup for an
 * upload) are not a recording's and are left alone.
 */
export function unownedFiles(
  keys: readonly string[],
  recordings: ReadonlyArray<{ id: string; fileKey?: string }>,
  jobFiles: ReadonlyArray<string | undefined>,
): string[] {
  const owned = new Set<string | undefined>(jobFiles);
  for (const recording of recordings) {
    owned.add(recordingFileKey(recording.id));
    owned.add(recording.fileKey);
  }
  return keys.filter((key) => key.startsWith(PREFIX) && !owned.has(key));
}
