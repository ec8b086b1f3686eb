/**
 * The background's client of the calendar engine's thread: parses a calendar feed outside the
 * background worker (lib/calendar/engine-thread.ts says why): on Chrome through the offscreen document (lib/background/offscreen.ts), which starts a Worker;
 * on Firefox (whose background is a page) with a Worker started here.
 */
import { browser } from 'wxt/browser';
import { FEED_CAPS } from '@/lib/calendar/caps';
import {
  FEED_CHANNEL,
  FEED_WORKER_PATH,
  type FeedAnswer,
  type FeedRequest,
  parseInWorker,
  WORKER_GRACE_MS,
} from '@/lib/calendar/engine-thread';
import { FeedFormatError, FeedTooComplexError } from '@/lib/calendar/feed-error';
import type { ParseOptions } from '@/lib/calendar/ical-engine';
import type { ParsedFeed } from '@/lib/calendar/types';
import { askOffscreen, type OffscreenDocument, theOffscreenDocument } from './offscreen';

/** In a page (Firefox's background): a Worker of our own, stopped at the time limit. */
function inWorker(request: FeedRequest): Promise<FeedAnswer> {
  return parseInWorker(
    () => new Worker(browser.runtime.getURL(FEED_WORKER_PATH)),
    request,
    FEED_CAPS.parseMs + WORKER_GRACE_MS,
  );
}

/** In Chrome's service worker: the offscreen document, open while this feed is parsed. */
function inOffscreenDocument(document: OffscreenDocument, request: FeedRequest): Promise<FeedAnswer> {
  return document.use(async () => {
    // The document stops its Worker at the time limit; should the document itself not answer,
    // the wait ends a little later, so the calendars' queue is never held.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<FeedAnswer>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            ok: false,
            format: false,
            complex: true,
            message: 'the calendar parser did not answer in time',
          }),
        FEED_CAPS.parseMs + 2 * WORKER_GRACE_MS,
      );
    });
    const asked = askOffscreen('feed', request).then(
      (answer): FeedAnswer =>
        answer ?? { ok: false, format: false, message: 'the calendar parser did not answer' },
      (error: unknown): FeedAnswer => ({ ok: false, format: false, message: String(error) }),
    );
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  });
}

/** The occurrences of a feed; throws FeedFormatError for a text that is not iCalendar. */
export async function parseFeedOffThread(text: string, options: ParseOptions): Promise<ParsedFeed> {
  const request: FeedRequest = { channel: FEED_CHANNEL, text, options };
  const document = theOffscreenDocument();
  const answer = document ? await inOffscreenDocument(document, request) : await inWorker(request);
  if (answer.ok) return answer.feed;
  if (answer.format) throw new FeedFormatError(answer.message);
  if (answer.complex) throw new FeedTooComplexError(answer.message);
  throw new Error(`calendar feed not parsed: ${answer.message}`);
}
