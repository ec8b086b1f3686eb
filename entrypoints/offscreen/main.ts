// Chrome's offscreen document (lib/background/offscreen.ts): it starts the calendar feed parser's
// Worker (lib/calendar/feed-parsing.ts), which the service worker cannot, and converts protocols to
// Slack text (lib/delivery/slack-request.ts) with marked, which the service worker does not carry.
// marked comes from the chunk the viewer's Markdown renderer shares (it ships once). Chrome only:
// `chrome.runtime` itself, not WXT's browser module, which would bring the pages' shared chunk.
import { FEED_CAPS } from '@/lib/calendar/caps';
import {
  FEED_WORKER_PATH,
  type FeedRequest,
  isFeedRequest,
  parseInWorker,
  WORKER_GRACE_MS,
} from '@/lib/calendar/feed-parsing';
import { markdownToSlack } from '@/lib/delivery/slack';
import { isSlackRequest, type SlackAnswer } from '@/lib/delivery/slack-request';

interface Sender {
  id?: string;
  url?: string;
  tab?: unknown;
}

/** The part of `chrome.runtime` an offscreen document has. */
const runtime = (
  globalThis as unknown as {
    chrome: {
      runtime: {
        id: string;
        getURL(path: string): string;
        onMessage: {
          addListener(
            listener: (
              message: unknown,
              sender: Sender,
              sendResponse: (answer: unknown) => void,
            ) => true | undefined,
          ): void;
        };
      };
    };
  }
).chrome.runtime;

const BACKGROUND_URL = runtime.getURL('/background.js');

/** Only the extension's own service worker asks: not a page, not a tab, not another extension. */
function fromBackground(sender: Sender): boolean {
  return sender.id === runtime.id && !sender.tab && sender.url === BACKGROUND_URL;
}

function parseFeed(message: FeedRequest, sendResponse: (answer: unknown) => void) {
  void parseInWorker(() => new Worker(FEED_WORKER_PATH), message, FEED_CAPS.parseMs + WORKER_GRACE_MS).then(
    sendResponse,
  );
}

function slackText(markdown: string): SlackAnswer {
  try {
    return { ok: true, text: markdownToSlack(markdown) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!fromBackground(sender)) return undefined;
  if (isFeedRequest(message)) {
    parseFeed(message, sendResponse);
    return true;
  }
  if (isSlackRequest(message)) {
    sendResponse(slackText(message.markdown));
    return undefined;
  }
  return undefined;
});
