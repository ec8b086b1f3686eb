/**
 * The calendar engine's own thread (the engine: lib/calendar/ical-engine.ts; the background's
 * client of this thread: lib/background/engine-client.ts). ical.js is 23 kB of gzip (75 kB
 * minified) that the background worker would otherwise parse at every wake-up (every 30 s while a job runs), for a feed that
 * changes a few times a day. So the worker does not carry it: a dedicated Worker
 * (`entrypoints/feed-worker.ts`) parses the feed and answers with the occurrences. A Chrome
 * service worker cannot start a Worker, so there an offscreen document starts it
 * (`entrypoints/offscreen/`, lib/background/offscreen.ts); Firefox's background is a page and starts it
 * itself. This file is the message format both sides share; it imports nothing heavy.
 */
import { callWorker, REAL_TIMERS, type ThreadWorker, type Timers } from '@/lib/worker-call';
import type { ParseOptions } from './ical-engine';
import type { ParsedFeed } from './types';

/** Messages to the offscreen document are marked with this channel; nothing else answers them. */
export const FEED_CHANNEL = 'meeting-capture-feed';
/** The worker script, built by WXT from entrypoints/feed-worker.ts. */
export const FEED_WORKER_PATH = '/feed-worker.js';

export interface FeedRequest {
  channel: typeof FEED_CHANNEL;
  text: string;
  options: ParseOptions;
}

export type FeedAnswer =
  | { ok: true; feed: ParsedFeed }
  /**
   * `format`: the text is not iCalendar (FeedFormatError); `complex`: the parse exceeded its time or
   * recurrence budget (FeedTooComplexError, or the Worker stopped at the time limit); otherwise the
   * parser failed.
   */
  | { ok: false; format: boolean; complex?: boolean; message: string };

/** The Worker is stopped this long after the parse's own time limit (which it checks itself) has passed. */
export const WORKER_GRACE_MS = 2_000;

/** Starts the parser's Worker; `terminate` stops it whatever it is doing. */
export type ParserWorker = ThreadWorker;

/**
 * One feed parsed in a fresh Worker, which is terminated when it answers, fails, or runs past
 * `limitMs`: a parse that never returns ends as "too complex" and leaves no Worker spinning.
 */
export function parseInWorker(
  start: () => ParserWorker,
  request: FeedRequest,
  limitMs: number,
  timers: Timers = REAL_TIMERS,
): Promise<FeedAnswer> {
  return callWorker(
    start,
    request,
    limitMs,
    {
      check: isFeedAnswer,
      failed: (why, message) =>
        why === 'late'
          ? { ok: false, format: false, complex: true, message: 'parse time limit reached' }
          : {
              ok: false,
              format: false,
              message:
                why === 'malformed'
                  ? 'the calendar parser gave no answer'
                  : (message ?? 'the calendar parser failed'),
            },
    },
    timers,
  );
}

export function isFeedRequest(message: unknown): message is FeedRequest {
  const value = message as Partial<FeedRequest> | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    value.channel === FEED_CHANNEL &&
    typeof value.text === 'string' &&
    typeof value.options === 'object' &&
    value.options !== null
  );
}

/** The shape of an answer (the offscreen document's, checked by the worker before use). */
export function isFeedAnswer(message: unknown): message is FeedAnswer {
  const value = message as {
    ok?: unknown;
    feed?: unknown;
    format?: unknown;
    complex?: unknown;
    message?: unknown;
  } | null;
  if (typeof value !== 'object' || value === null) return false;
  return value.ok === true
    ? typeof value.feed === 'object' && value.feed !== null
    : value.ok === false &&
        typeof value.format === 'boolean' &&
        (value.complex === undefined || typeof value.complex === 'boolean') &&
        typeof value.message === 'string';
}
