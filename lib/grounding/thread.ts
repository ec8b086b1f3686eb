/**
 * The linker's own thread. Linking reads the protocol with marked, the words with the stemmers and
 * the names with lvovich (about 35 kB of gzip together), and a 10,000-line protocol takes up to the
 * linker's work budget (about a second): neither belongs on a page's main thread nor in the
 * background worker. So a dedicated Worker (`entrypoints/sources-worker.ts`) links one result and
 * answers with its lines' sources as plain data (./sources.ts). The viewer starts it itself; the
 * background has it started by Chrome's offscreen document (a service worker cannot start a
 * Worker) or starts it itself (Firefox's background is a page). This file is the message format
 * both sides share; it imports nothing heavy.
 */
import type { ProcessingResult } from '@/lib/api/schemas';
import type { SpeakerMap } from '@/lib/archive/store';
import { callWorker, REAL_TIMERS, type ThreadWorker, type Timers } from '@/lib/worker-call';
import { isProtocolSources, type ProtocolSources } from './sources';

/** Messages to the linker's thread are marked with this channel; nothing else answers them. */
export const SOURCES_CHANNEL = 'meeting-capture-sources';
/** The worker script, built by WXT from entrypoints/sources-worker.ts. */
export const SOURCES_WORKER_PATH = '/sources-worker.js';
/**
 * The thread is stopped after this long: the linker's own work budget is about a second of a
 * fast machine, and reading a protocol of a million characters takes a few more on a slow one.
 */
export const SOURCES_LIMIT_MS = 30_000;

export interface SourcesRequest {
  channel: typeof SOURCES_CHANNEL;
  /** The result as the pages show it (its protocol cut where theirs is, lib/messaging.ts `ShownResult`). */
  result: ProcessingResult;
  /** The speaker names given in this browser (id → name). */
  names: SpeakerMap;
}

/** A result's lines linked to their suggested sources (throws when they could not be). */
export type LinkSources = (result: ProcessingResult, names: SpeakerMap) => Promise<ProtocolSources>;

export type SourcesAnswer = { ok: true; sources: ProtocolSources } | { ok: false; message: string };

export function sourcesRequest(result: ProcessingResult, names: SpeakerMap = {}): SourcesRequest {
  return { channel: SOURCES_CHANNEL, result, names };
}

export function isSourcesRequest(message: unknown): message is SourcesRequest {
  const value = message as Partial<SourcesRequest> | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    value.channel === SOURCES_CHANNEL &&
    typeof value.result === 'object' &&
    value.result !== null &&
    typeof value.names === 'object' &&
    value.names !== null
  );
}

export function isSourcesAnswer(message: unknown): message is SourcesAnswer {
  const value = message as { ok?: unknown; sources?: unknown; message?: unknown } | null;
  if (typeof value !== 'object' || value === null) return false;
  return value.ok === true
    ? isProtocolSources(value.sources)
    : value.ok === false && typeof value.message === 'string';
}

/** One result linked in a fresh Worker, stopped when it answers, fails, or at `limitMs`. */
export function linkInWorker(
  start: () => ThreadWorker,
  request: SourcesRequest,
  limitMs = SOURCES_LIMIT_MS,
  timers: Timers = REAL_TIMERS,
): Promise<SourcesAnswer> {
  return callWorker(
    start,
    request,
    limitMs,
    {
      check: isSourcesAnswer,
      failed: (why, message) => ({
        ok: false,
        message:
          why === 'late'
            ? 'the sources were not found in time'
            : why === 'malformed'
              ? 'the linker gave no answer'
              : (message ?? 'the linker failed'),
      }),
    },
    timers,
  );
}

/** The sources of an answer, or an error saying why there are none. */
export function sourcesOf(answer: SourcesAnswer): ProtocolSources {
  if (answer.ok) return answer.sources;
  throw new Error(answer.message);
}
