/**
 * Parses a calendar feed outside the background worker (lib/calendar/feed-parsing.ts says why):
 * on Chrome through an offscreen document that starts a Worker, on Firefox (whose background is a
 * page) with a Worker started here. The document exists only while a feed is parsed.
 */
import { browser } from 'wxt/browser';
import { FeedFormatError } from '@/lib/calendar/feed-error';
import {
  FEED_CHANNEL,
  FEED_DOCUMENT_PATH,
  FEED_WORKER_PATH,
  type FeedAnswer,
  type FeedRequest,
} from '@/lib/calendar/feed-parsing';
import type { ParseOptions } from '@/lib/calendar/parse-feed';
import type { ParsedFeed } from '@/lib/calendar/types';

/** The `chrome.offscreen` API, present in Chrome's service worker only. */
type Offscreen = {
  createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
  closeDocument(): Promise<void>;
};

function offscreenApi(): Offscreen | undefined {
  return (browser as unknown as { offscreen?: Offscreen }).offscreen;
}

/** In a page (Firefox's background): a Worker of our own. */
function inWorker(request: FeedRequest): Promise<FeedAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(browser.runtime.getURL(FEED_WORKER_PATH));
    const done = (answer: FeedAnswer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.addEventListener('message', (event: MessageEvent<FeedAnswer>) => done(event.data));
    worker.addEventListener('error', (event) => done({ ok: false, format: false, message: event.message }));
    worker.postMessage(request);
  });
}

let queue: Promise<unknown> = Promise.resolve();

/** In Chrome's service worker: the offscreen document, opened for this feed and closed after. */
function inOffscreenDocument(offscreen: Offscreen, request: FeedRequest): Promise<FeedAnswer> {
  const run = async (): Promise<FeedAnswer> => {
    // A document left over from a worker that stopped mid-parse is closed first (one at a time).
    await offscreen.closeDocument().catch(() => undefined);
    await offscreen.createDocument({
      url: FEED_DOCUMENT_PATH,
      reasons: ['WORKERS'],
      justification:
        'Parses calendar feeds (iCalendar) in a Worker: the service worker cannot start one, and the parser is too heavy to load at every wake-up.',
    });
    try {
      const answer = (await browser.runtime.sendMessage(request)) as FeedAnswer | undefined;
      return answer ?? { ok: false, format: false, message: 'the calendar parser did not answer' };
    } finally {
      await offscreen.closeDocument().catch(() => undefined);
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/** The occurrences of a feed; throws FeedFormatError for a text that is not iCalendar. */
export async function parseFeedOffThread(text: string, options: ParseOptions): Promise<ParsedFeed> {
  const request: FeedRequest = { channel: FEED_CHANNEL, text, options };
  const offscreen = offscreenApi();
  const answer = offscreen ? await inOffscreenDocument(offscreen, request) : await inWorker(request);
  if (answer.ok) return answer.feed;
  if (answer.format) throw new FeedFormatError(answer.message);
  throw new Error(`calendar feed not parsed: ${answer.message}`);
}
