/**
 * The background side of the archive messages (privileged: extension pages only): the archive's
 * size per space and "Clear", speaker names given in the viewer, and "Add all past meetings to
 * search". Results themselves reach the archive in `recording.result` and the job engine's
 * `onResult` (lib/background/results.ts).
 */
import { ApiError } from '@/lib/api';
import type { Handlers } from './handler-types';
import type { Background } from './types';

type ArchiveMessages =
  | 'archive.summary'
  | 'archive.clearSpace'
  | 'archive.renameVoice'
  | 'archive.import.start'
  | 'archive.import.stop'
  | 'archive.import.status';

async function signedInOwner(bg: Background): Promise<string> {
  const owner = await bg.archive.owner();
  if (!owner) throw new ApiError({ kind: 'auth', reason: 'not-signed-in' });
  return owner;
}

export function createArchiveHandlers(bg: Background): Pick<Handlers, ArchiveMessages> {
  return {
    'archive.summary': async () => {
      const owner = await bg.archive.owner();
      return owner ? bg.archive.store.summary(owner) : [];
    },

    'archive.clearSpace': async ({ spaceId }) => {
      await bg.archive.store.clearSpace(spaceId);
      return null;
    },

    'archive.renameVoice': async ({ spaceId, audioId, speakerId, name }) =>
      bg.archive.store.renameVoice(await signedInOwner(bg), spaceId, audioId, speakerId, name),

    'archive.import.start': async ({ spaceIds }) => {
      await signedInOwner(bg);
      return bg.archive.import.start(spaceIds);
    },

    'archive.import.stop': () => bg.archive.import.stop(),

    'archive.import.status': () => bg.archive.import.status(),
  };
}
