// Chrome's offscreen document for calendar feeds (lib/calendar/feed-parsing.ts): the service
// worker cannot start a Worker, this page does, and hands the answer back.
import { browser } from 'wxt/browser';
import { FEED_WORKER_PATH, type FeedAnswer, isFeedRequest } from '@/lib/calendar/feed-parsing';

browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
  // Only the extension's own background asks (it has no tab and no page URL of ours).
  if (!isFeedRequest(message) || sender.id !== browser.runtime.id || sender.tab) return undefined;
  const worker = new Worker(FEED_WORKER_PATH);
  const done = (answer: FeedAnswer) => {
    worker.terminate();
    sendResponse(answer);
  };
  worker.addEventListener('message', (event: MessageEvent<FeedAnswer>) => done(event.data));
  worker.addEventListener('error', (event) => done({ ok: false, format: false, message: event.message }));
  worker.postMessage(message);
  return true;
});
