/**
 * The recordings' files (lib/recording/files.ts): a sweep deletes every file that no recording
 * (the current one, one set aside) and no upload job owns, at each start of the worker and after a
 * sign-out's wipe; a file the recording page reports for a recording that is gone is deleted at once.
 */
import { unownedFiles } from '@/lib/recording/files';
import type { RecordingContext } from './context';

export async function sweepFiles(ctx: RecordingContext): Promise<void> {
  const { store, jobs } = ctx.deps;
  const keys = await jobs.files.fileKeys();
  if (keys.length === 0) return;
  const state = await store.getState();
  const recordings = [...(state ? [state] : []), ...(await store.getKept())];
  const jobFiles = (await jobs.store.list()).map((job) => job.fileKey);
  for (const key of unownedFiles(keys, recordings, jobFiles))
    await jobs.files.deleteFile(key).catch(() => undefined);
}
