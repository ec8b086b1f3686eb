// The calendar feed parser's thread (lib/calendar/engine-thread.ts): one feed in, its occurrences out.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { type FeedAnswer, isFeedRequest } from '@/lib/calendar/engine-thread';
import { FeedFormatError, FeedTooComplexError, parseFeed } from '@/lib/calendar/ical-engine';

export default defineUnlistedScript(() => {
  self.addEventListener('message', (event: MessageEvent) => {
    if (!isFeedRequest(event.data)) return;
    let answer: FeedAnswer;
    try {
      answer = { ok: true, feed: parseFeed(event.data.text, event.data.options) };
    } catch (error) {
      answer = {
        ok: false,
        format: error instanceof FeedFormatError,
        complex: error instanceof FeedTooComplexError,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    self.postMessage(answer);
  });
});
