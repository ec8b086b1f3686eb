/**
 * The feed parser's own thread. ical.js is 23 kB of gzip (75 kB minified) that the background
 * worker would otherwise parse at every wake-up (every 30 s while a job runs), for a feed that
 * changes a few times a day. So the worker does not carry it: a dedicated Worker
 * (`entrypoints/feed-worker.ts`) parses the feed and answers with the occurrences. A Chrome
 * service worker cannot start a Worker, so there an offscreen document starts it
 * (`entrypoints/offscreen/`, lib/background/offscreen.ts); Firefox's background is a page and starts it
 * itself. This file is the message format both sides share; it imports nothing heavy.
 */
import type { ParseOptions } from './parse-feed';
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
  /** `format`: the text is not iCalendar (FeedFormatError); otherwise the parser failed. */
  | { ok: false; format: boolean; message: string };

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
  const value = message as { ok?: unknown; feed?: unknown; format?: unknown; message?: unknown } | null;
  if (typeof value !== 'object' || value === null) return false;
  return value.ok === true
    ? typeof value.feed === 'object' && value.feed !== null
    : value.ok === false && typeof value.format === 'boolean' && typeof value.message === 'string';
}
