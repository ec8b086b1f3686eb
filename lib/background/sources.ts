/**
 * The suggested sources of a protocol's lines (lib/grounding) for the background: for the popup
 * and the side panel (`recording.sources`), which do not carry the linker, and for the webhook
 * deliveries. The linker runs in its own Worker (lib/grounding/thread.ts), kept between links: on
 * Chrome started by the offscreen document (a service worker cannot start one), which stays open a
 * little after a link for the next, on Firefox (whose background is a page) started here. A kept result's sources are linked once per revision of the result and its speaker
 * names, and kept beside it in the archive, so any page reads them again without linking.
 */
import { browser } from 'wxt/browser';
import type { Archive, ArchiveRecord, SpeakerMap } from '@/lib/archive/store';
import { isProtocolSources, type ProtocolSources } from '@/lib/grounding/sources';
import {
  LinkError,
  type LinkerThread,
  type LinkSources,
  linkerThread,
  SOURCES_LIMIT_MS,
  SOURCES_WORKER_PATH,
  type SourcesAnswer,
  type SourcesRequest,
  sourcesOf,
  sourcesRequest,
} from '@/lib/grounding/thread';
import { askOffscreen, type OffscreenDocument, theOffscreenDocument } from './offscreen';
import { shownResult } from './space-handlers';

export type { LinkSources };

/**
 * Bumped when the linker finds other sources than before: sources kept by an older one are linked
 * again. Kept beside the sources in the archive.
 */
export const KEPT_SOURCES_VERSION = 2;

/**
 * Chrome's offscreen document stays open this long after a link (unless another use needs it
 * longer), so that the next link of a burst finds the linker's Worker in it kept and warm (see
 * `LINKER_IDLE_MS`). Shorter than the 30 s after which Chrome stops an idle service worker, whose
 * timer closes it: a worker stopped sooner leaves it open to the next use, which closes it after.
 */
export const SOURCES_LINGER_MS = 20_000;

/** In Chrome's service worker: the offscreen document, open while the linker's Worker runs. */
function inOffscreenDocument(document: OffscreenDocument, request: SourcesRequest): Promise<SourcesAnswer> {
  return document.use(async () => {
    // The document stops its Worker at the limit; should the document itself not answer, the
    // wait ends a little later.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<SourcesAnswer>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, message: 'the linker did not answer in time', reason: 'late' }),
        SOURCES_LIMIT_MS + 2_000,
      );
    });
    const asked = askOffscreen('sources', request).then(
      (answer): SourcesAnswer =>
        answer ?? { ok: false, message: 'the linker did not answer', reason: 'no-answer' },
      (error: unknown): SourcesAnswer => ({ ok: false, message: String(error), reason: 'failed' }),
    );
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }, SOURCES_LINGER_MS);
}

/** Firefox (whose background is a page): the linker's Worker, started here and kept between links. */
let ownLinker: LinkerThread | undefined;

/** A result's sources, linked outside the background (see the module comment). */
export const linkSourcesOffThread: LinkSources = async (result, names) => {
  const request = sourcesRequest(result, names);
  const document = theOffscreenDocument();
  if (document) return sourcesOf(await inOffscreenDocument(document, request));
  // (Chrome's build carries no Worker of its own for this: its worker always has the document.)
  if (!import.meta.env.FIREFOX) throw new LinkError('failed', 'no offscreen document to link the sources in');
  ownLinker ??= linkerThread(() => new Worker(browser.runtime.getURL(SOURCES_WORKER_PATH)));
  return sourcesOf(await ownLinker.link(request));
};

/** The archive's kept sources as they were stored: believed only in today's shape and version. */
function keptSources(value: unknown): ProtocolSources | null {
  const kept = value as { version?: unknown; sources?: unknown } | null;
  return typeof kept === 'object' &&
    kept !== null &&
    kept.version === KEPT_SOURCES_VERSION &&
    isProtocolSources(kept.sources)
    ? kept.sources
    : null;
}

export interface KeptSourcesDeps {
  archive: Archive;
  link: LinkSources;
}

/**
 * A kept result's sources: the archive's when linked from its revision now, else linked (one
 * linking per recording at a time, shared by pages that ask together) and kept. Null: the
 * recording is not in this owner's archive.
 */
export function keptSourcesReader(deps: KeptSourcesDeps) {
  const linking = new Map<string, Promise<ProtocolSources | null>>();
  const read = async (owner: string, spaceId: number, audioId: number): Promise<ProtocolSources | null> => {
    const { archive } = deps;
    let loaded: { rev: number; record: ArchiveRecord; names: SpeakerMap } | null;
    try {
      const kept = keptSources(await archive.sources(owner, spaceId, audioId));
      if (kept) return kept;
      // The revision first: a change made while linking leaves what was linked unkept.
      const rev = await archive.revision(spaceId, audioId);
      const record = await archive.getFor(owner, spaceId, audioId);
      loaded =
        rev !== null && record ? { rev, record, names: await archive.speakerMap(spaceId, audioId) } : null;
    } catch (error) {
      // An archive that cannot be read (no IndexedDB, a full disk) is as good as none.
      console.warn('archive not read', error);
      return null;
    }
    if (!loaded) return null;
    const { rev, record, names } = loaded;
    // The protocol the pages show (cut where theirs is), so each line found is a line they show.
    const sources = await deps.link(shownResult(record.result), names);
    await archive
      .keepSources(owner, spaceId, audioId, rev, { version: KEPT_SOURCES_VERSION, sources })
      .catch((error) => console.warn('sources not kept', error));
    return sources;
  };
  return async (owner: string, spaceId: number, audioId: number): Promise<ProtocolSources | null> => {
    // Shared only by asks of the same revision: a page asking after a voice was named never gets
    // the sources linked with the names before.
    const rev = await deps.archive.revision(spaceId, audioId).catch(() => null);
    const key = `${owner}\n${spaceId}:${audioId}@${rev}`;
    const pending = linking.get(key);
    if (pending) return pending;
    const started = read(owner, spaceId, audioId).finally(() => linking.delete(key));
    linking.set(key, started);
    return started;
  };
}
