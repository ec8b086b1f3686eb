/**
 * The background side of the messages about the account's spaces and the recordings the service
 * keeps in them (privileged: extension pages only): the lists, the trash, a recording's info and
 * result (read from the archive once kept there), and a processing asked for.
 */
import { escapeRegex, isApiError, type ProcessingResult } from '@/lib/api';
import { isArchivable } from '@/lib/archive';
import { PROTOCOL_SHOWN_MAX, type ShownResult } from '@/lib/messaging';
import { refused, requireServiceAccess, requireSession } from './handler-guards';
import type { Handlers } from './handler-types';
import type { Background } from './types';

type SpaceMessages =
  | 'spaces.list'
  | 'space.get'
  | 'recordings.list'
  | 'recordings.trash'
  | 'recordings.delete'
  | 'recording.info'
  | 'recording.result'
  | 'recording.sources'
  | 'recording.process';

/** A result with its protocol cut at a line end when it is too long to show (see `ShownResult`). */
export function shownResult(result: ProcessingResult, max = PROTOCOL_SHOWN_MAX): ShownResult {
  const protocol = result.result?.protocol;
  if (!result.result || protocol === undefined || protocol.length <= max) return result;
  const lineEnd = protocol.lastIndexOf('\n', max);
  const shown = protocol.slice(0, lineEnd > max / 2 ? lineEnd : max);
  return {
    ...result,
    result: { ...result.result, protocol: shown },
    protocolTruncated: { shownChars: shown.length, totalChars: protocol.length },
  };
}

/** The service's result of a recording; null: processing was never started (404). */
async function serviceResult(
  bg: Background,
  spaceId: number,
  audioId: number,
): Promise<ProcessingResult | null> {
  await requireServiceAccess(bg);
  try {
    return await bg.session.client.getResult(spaceId, audioId);
  } catch (error) {
    if (isApiError(error, 'not-found')) return null;
    throw error;
  }
}

/**
 * A kept result a page is about to show (`shown`: the viewer, the popup's result; not the popup's
 * look at whether a recording is ready): its protocol's sources are linked now (or read, when
 * kept), so that the page's own ask (`recording.sources`), which comes once it has drawn the protocol, finds
 * them linked or on the way (one linking per recording and revision: lib/background/sources.ts).
 * A failure here is the ask's to report.
 */
function prepareSources(bg: Background, owner: string, spaceId: number, audioId: number): void {
  void bg.sources.kept(owner, spaceId, audioId).catch(() => undefined);
}

export function createSpaceHandlers(bg: Background): Pick<Handlers, SpaceMessages> {
  return {
    'spaces.list': async () => {
      await requireServiceAccess(bg);
      return bg.spaces.refresh();
    },

    'space.get': async ({ spaceId }) => {
      await requireServiceAccess(bg);
      return bg.session.client.getSpace(spaceId);
    },

    'recordings.list': async ({ spaceId, search, regex, limit, offset }) => {
      let pattern: string | undefined;
      if (search !== undefined && search !== '') {
        if (regex) {
          try {
            new RegExp(search, 'i');
          } catch (error) {
            throw refused(
              'search',
              'invalid-regex',
              error instanceof Error ? error.message : 'invalid-regex',
            );
          }
          pattern = search;
        } else pattern = escapeRegex(search);
      }
      await requireServiceAccess(bg);
      const page = await bg.session.client.listRecordings(spaceId, {
        ...(pattern === undefined ? {} : { search: pattern }),
        ordering: '-created_at',
        limit,
        offset,
      });
      await bg.session.noteStorageOrigins(page.results.slice(0, 1).map((recording) => recording.url));
      if (pattern === undefined) {
        // A recording the service no longer lists (moved to the trash or deleted elsewhere) leaves
        // the archive, and so search, at this read of its space.
        const owner = await bg.archive.owner();
        if (owner)
          await bg.archive.store
            .forgetUnlisted(owner, spaceId, { offset: offset ?? 0, count: page.count, results: page.results })
            .catch((error) => console.warn('archive not pruned', error));
      }
      return page;
    },

    'recordings.trash': async ({ spaceId, limit, offset }) => {
      await requireServiceAccess(bg);
      return bg.session.client.listTrash(spaceId, { limit, offset });
    },

    'recordings.delete': async ({ spaceId, audioIds }) => {
      await requireServiceAccess(bg);
      await bg.session.client.deleteRecordings(spaceId, audioIds);
      // Moved to the trash: its kept copy leaves the archive and search at once.
      const owner = await bg.archive.owner();
      if (owner)
        await bg.archive.store
          .remove(owner, spaceId, audioIds)
          .catch((error) => console.warn('archive not pruned', error));
      return null;
    },

    'recording.info': async ({ spaceId, audioId }) => {
      await requireServiceAccess(bg);
      const recording = await bg.session.client.getRecordingInfo(spaceId, audioId);
      await bg.session.noteStorageOrigins([recording.url]);
      return recording;
    },

    'recording.result': async ({ spaceId, audioId, shown }) => {
      // A ready result does not change: once kept in the archive it is read from there, offline too.
      const owner = await bg.archive.owner();
      // An archive that cannot be read (no IndexedDB, a full disk) only costs the network read.
      const kept = owner
        ? await Promise.all([
            bg.archive.store.getFor(owner, spaceId, audioId),
            bg.archive.store.speakerMap(spaceId, audioId),
          ]).catch((error) => {
            console.warn('archive not read', error);
            return null;
          })
        : null;
      if (kept?.[0]) {
        const [record, speakerMap] = kept;
        if (owner && shown) prepareSources(bg, owner, spaceId, audioId);
        return { ...shownResult(record.result), archived: { createdAt: record.createdAt, speakerMap } };
      }
      const result = await serviceResult(bg, spaceId, audioId);
      if (!result) return null;
      if (owner && isArchivable(result)) {
        // The recording's date comes with its info (one more read, once per recording); one in the
        // trash is shown, not kept (it would come back into search).
        const info = await bg.session.client.getRecordingInfo(spaceId, audioId).catch(() => null);
        const createdAt = info ? Date.parse(info.created_at) || null : null;
        if (info?.is_active === false) return shownResult(result);
        const kept = await bg.archive.store
          .keep(owner, { spaceId, audioId, createdAt, result })
          .catch((error) => {
            console.warn('result not archived', error);
            return false;
          });
        if (kept) {
          if (shown) prepareSources(bg, owner, spaceId, audioId);
          return { ...shownResult(result), archived: { createdAt, speakerMap: {} } };
        }
      }
      return shownResult(result);
    },

    'recording.sources': async ({ spaceId, audioId }) => {
      const owner = await bg.archive.owner();
      const kept = owner ? await bg.sources.kept(owner, spaceId, audioId) : null;
      if (kept) return kept;
      // Not kept (a recording in the trash, an archive that cannot be read): linked from the
      // service's result, and not kept either.
      const result = await serviceResult(bg, spaceId, audioId);
      return result && isArchivable(result) ? bg.sources.link(shownResult(result), {}) : null;
    },

    'recording.process': async ({ spaceId, audioId }) => {
      await requireSession(bg);
      const name = (await bg.spaces.list(Number.POSITIVE_INFINITY).catch(() => [])).find(
        (space) => space.id === spaceId,
      )?.name;
      return bg.jobs.engine.createProcess(spaceId, audioId, name);
    },
  };
}
