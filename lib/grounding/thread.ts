/**
 * The linker's own thread. Linking reads the protocol with marked, the words with the stemmers and
 * the names with lvovich (about 35 kB of gzip together), and a 10,000-line protocol takes up to the
 * linker's work budget (about a second): neither belongs on a page's main thread nor in the
 * background worker. So a dedicated Worker (`entrypoints/sources-worker.ts`) links a result and
 * answers with its lines' sources as plain data (./sources.ts). The background has it started by
 * Chrome's offscreen document (a service worker cannot start a Worker) or starts it itself
 * (Firefox's background is a page), and keeps it between links for a while (`linkerThread`); on
 * Chrome the same Worker reads protocols' action items (lib/items/sourced.ts), which find their
 * sources with this linker. This file is the message format
 * both sides share; it imports nothing heavy.
 */
import type { ProcessingResult } from '@/lib/api/schemas';
import type { SpeakerMap } from '@/lib/archive/store';
import { type ItemsAnswer, type ItemsRequest, isItemsAnswer, isItemsRequest } from '@/lib/items/request';
import {
  callWorker,
  keptWorker,
  REAL_TIMERS,
  type ThreadWorker,
  type Timers,
  type WorkerAnswers,
} from '@/lib/worker-call';
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

/**
 * Why a result's lines could not be linked, for the pages to word in their language (lib/failures):
 * the linker ran past its limit, too many results waited for it, it gave no answer (or nonsense),
 * or it failed (`message` then keeps its English words for the logs).
 */
const LINK_FAILURES = ['late', 'busy', 'no-answer', 'failed'] as const;
export type LinkFailure = (typeof LINK_FAILURES)[number];

export type SourcesAnswer =
  | { ok: true; sources: ProtocolSources }
  | { ok: false; message: string; reason?: LinkFailure };

/** A link that failed, with why (`reason`) and the failure's own words (`message`). */
export class LinkError extends Error {
  constructor(
    readonly reason: LinkFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LinkError';
  }
}

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
  const value = message as { ok?: unknown; sources?: unknown; message?: unknown; reason?: unknown } | null;
  if (typeof value !== 'object' || value === null) return false;
  return value.ok === true
    ? isProtocolSources(value.sources)
    : value.ok === false &&
        typeof value.message === 'string' &&
        (value.reason === undefined || (LINK_FAILURES as readonly unknown[]).includes(value.reason));
}

/** The words of each failure of a Worker's request (`failed`: when the Worker gave none of its own). */
type FailureWords = Record<LinkFailure, string>;

/** A failed request's answer. */
type Failure = { ok: false; message: string; reason: LinkFailure };

/**
 * A Worker's answers read with `check`, each failure a `{ ok: false, message, reason }` in these
 * words (a Worker's own failure keeps its words, `reason` 'failed').
 */
function answersWith<A>(
  check: (value: unknown) => value is A | Failure,
  words: FailureWords,
): WorkerAnswers<A | Failure> {
  return {
    check,
    failed: (why, message) => {
      const reason: LinkFailure =
        why === 'late' || why === 'busy' ? why : why === 'malformed' ? 'no-answer' : 'failed';
      return { ok: false, message: reason === 'failed' ? (message ?? words.failed) : words[reason], reason };
    },
  };
}

/** How a linker Worker's answers are read, and its failures worded. */
const LINKER_ANSWERS = answersWith(isSourcesAnswer, {
  late: 'the sources were not found in time',
  busy: 'too many protocols are waiting to be linked',
  'no-answer': 'the linker gave no answer',
  failed: 'the linker failed',
});

/** One result linked in a fresh Worker, stopped when it answers, fails, or at `limitMs`. */
export function linkInWorker(
  start: () => ThreadWorker,
  request: SourcesRequest,
  limitMs = SOURCES_LIMIT_MS,
  timers: Timers = REAL_TIMERS,
): Promise<SourcesAnswer> {
  return callWorker(start, request, limitMs, LINKER_ANSWERS, timers);
}

/**
 * The linker's Worker is kept this long after its last answer: protocols are linked in bursts (a
 * result opened in the viewer, then in the popup; a result ready, then its delivery; meetings
 * looked through one after another), and a link in the kept Worker skips the Worker's start and
 * its script's compiling, with the linker's code already warm (docs/grounding.md has the figures).
 * Then it is stopped, and its memory given back.
 */
export const LINKER_IDLE_MS = 60_000;

/**
 * A protocol's action items are read in the same Worker (lib/items/sourced.ts: the extraction, and
 * each listed item's sources found by this linker): one copy of the code in the package, and one
 * Worker kept warm for both. Stopped after this long: the background waits 20 s for an answer.
 */
export const ITEMS_LIMIT_MS = 15_000;

/** An items request as the linker's Worker takes it (on the linker's channel). */
export interface ItemsMessage {
  channel: typeof SOURCES_CHANNEL;
  items: ItemsRequest;
}

export function isItemsMessage(message: unknown): message is ItemsMessage {
  const value = message as Partial<ItemsMessage> | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    value.channel === SOURCES_CHANNEL &&
    isItemsRequest(value.items)
  );
}

const ITEMS_ANSWERS = answersWith(isItemsAnswer, {
  late: 'the action items were not read in time',
  busy: 'too many protocols are waiting to be read',
  'no-answer': 'the action items reader gave no answer',
  failed: 'the action items reader failed',
});

/**
 * The linker's Worker kept between uses (lib/worker-call.ts `keptWorker`): results linked, and
 * protocols' action items read, one at a time.
 */
export interface LinkerThread {
  link(request: SourcesRequest, limitMs?: number): Promise<SourcesAnswer>;
  items(request: ItemsRequest, limitMs?: number): Promise<ItemsAnswer>;
}

export function linkerThread(
  start: () => ThreadWorker,
  idleMs = LINKER_IDLE_MS,
  timers: Timers = REAL_TIMERS,
): LinkerThread {
  const kept = keptWorker(start, { idleMs, timers });
  return {
    link: (request, limitMs = SOURCES_LIMIT_MS) => kept.call(request, limitMs, LINKER_ANSWERS),
    items: (request, limitMs = ITEMS_LIMIT_MS) =>
      kept.call({ channel: SOURCES_CHANNEL, items: request } satisfies ItemsMessage, limitMs, ITEMS_ANSWERS),
  };
}

/** The sources of an answer, or an error saying why there are none. */
export function sourcesOf(answer: SourcesAnswer): ProtocolSources {
  if (answer.ok) return answer.sources;
  throw new LinkError(answer.reason ?? 'failed', answer.message);
}
