/**
 * Parses a calendar feed outside the background worker (lib/calendar/feed-parsing.ts says why):
 * on Chrome through the offscreen document (lib/background/offscreen.ts), which starts a Worker;
 * on Firefox (whose background is a page) with a Worker started here.
 */
import { browser } from 'wxt/browser';
import { FeedFormatError } from '@/lib/calendar/feed-error';
import {
  FEED_CHANNEL,
  FEED_WORKER_PATH,
  type FeedAnswer,
  type FeedRequest,
  isFeedAnswer,
} from '@/lib/calendar/feed-parsing';
import type { ParseOptions } from '@/lib/calendar/parse-feed';
import type { ParsedFeed } from '@/lib/calendar/types';
import { type OffscreenDocument, theOffscreenDocument } from './offscreen';

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

/** In Chrome's service worker: the offscreen document, open while this feed is parsed. */
function inOffscreenDocument(document: OffscreenDocument, request: FeedRequest): Promise<FeedAnswer> {
  return document.use(async () => {
    const answer: unknown = await browser.runtime.sendMessage(request);
    return isFeedAnswer(answer)
      ? answer
      : { ok: false, format: false, message: 'the calendar parser did not answer' };
  });
}

/** The occurrences of a feed; throws FeedFormatError for a text that is not iCalendar. */
export async function parseFeedOffThread(text: string, options: ParseOptions): Promise<ParsedFeed> {
  const request: FeedRequest = { channel: FEED_CHANNEL, text, options };
  const document = theOffscreenDocument();
  const answer = document ? await inOffscreenDocument(document, request) : await inWorker(request);
  if (answer.ok) return answer.feed;
  if (answer.format) throw new FeedFormatError(answer.message);
  throw new Error(`calendar feed not parsed: ${answer.message}`);
}
