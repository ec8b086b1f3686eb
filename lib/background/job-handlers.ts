/**
 * The background side of the job messages (privileged: extension pages only): the jobs, their
 * dismissal and cancel, an upload of a file or a link, and the bots scheduled for later.
 */
import { contentTypeFor, normalizeTitle } from '@/lib/api';
import { getSettings } from '@/lib/storage';
import { refused, requireSession } from './handler-guards';
import { type Handlers, MessageError } from './handler-types';
import type { Background } from './types';

type JobMessages =
  | 'jobs.list'
  | 'jobs.dismiss'
  | 'jobs.cancel'
  | 'upload.file'
  | 'upload.url'
  | 'schedules.list'
  | 'schedules.cancel';

export function createJobHandlers(bg: Background): Pick<Handlers, JobMessages> {
  return {
    'jobs.list': () => bg.jobs.store.list(),

    'jobs.dismiss': async ({ jobId }) => {
      await bg.jobs.engine.dismiss(jobId);
      return null;
    },

    'jobs.cancel': async ({ jobId }) => {
      const outcome = await bg.jobs.engine.cancel(jobId);
      if (!outcome.ok) {
        throw new MessageError({ kind: 'not-cancellable' });
      }
      return outcome.job;
    },

    'upload.file': async ({ spaceId, fileKey, title, contentType, size, process }) => {
      await requireSession(bg);
      const normalized = normalizeTitle(title);
      const file = await bg.jobs.files.getFile(fileKey);
      if (!file) {
        throw refused('fileKey', 'file-missing');
      }
      const space = await bg.spaces.resolve(spaceId);
      const autoProcess = process && (await getSettings()).autoProcess;
      return bg.jobs.engine.createUpload(
        space.id,
        { fileKey, title: normalized, contentType, size: file.size || size },
        autoProcess,
        space.name,
      );
    },

    'upload.url': async ({ spaceId, url, title, process }) => {
      await requireSession(bg);
      const autoProcess = process && (await getSettings()).autoProcess;
      const named = title === undefined ? undefined : normalizeTitle(title);
      const job = await bg.jobs.transcribe(url, { spaceId, title: named, autoProcess });
      if (job) return job;
      if (title !== undefined) {
        // A direct link whose path carries no extension (a signed download link): the title names the type.
        const space = await bg.spaces.resolve(spaceId);
        return bg.jobs.engine.createLink(
          space.id,
          { url, title: named!, contentType: contentTypeFor(named!) ?? 'application/octet-stream' },
          autoProcess,
          space.name,
        );
      }
      throw new MessageError({ kind: 'not-a-video-page' });
    },

    'schedules.list': () => bg.calendar.schedules.list(),

    'schedules.cancel': ({ id }) => bg.calendar.schedules.cancel(id),
  };
}
