// Chrome's offscreen document (lib/background/offscreen.ts): it starts the calendar feed parser's
// Worker (lib/calendar/feed-parsing.ts), which the service worker cannot, and converts protocols to
// Slack text (lib/delivery/slack-request.ts) with marked, which the service worker does not carry.
// It also records a tab ("Record here", lib/recording/recorder.ts): the worker cannot hold a media
// stream. marked comes from the chunk the viewer's Markdown renderer shares (it ships once). Chrome only:
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
import { isRecorderCommand, type RecorderAnswer, type RecorderEvent } from '@/lib/recording/protocol';
import { assemble, discardRecording, holding, startRecording, stopRecording } from '@/lib/recording/recorder';

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
        sendMessage(message: unknown): Promise<unknown>;
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

/** What happens to a recording, told to the background (the message wakes a stopped worker). */
function report(id: string, event: RecorderEvent): void {
  const envelope = { channel: 'meeting-capture', type: 'recording.event', payload: { id, event } };
  // One retry: the worker may be starting up.
  void runtime
    .sendMessage(envelope)
    .catch(() => new Promise((resolve) => setTimeout(resolve, 500)).then(() => runtime.sendMessage(envelope)))
    .catch((error) => console.error('recording event not delivered', error));
}

function recorderCommand(message: unknown, sendResponse: (answer: RecorderAnswer) => void): void {
  if (!isRecorderCommand(message)) return;
  const answer = (ok: boolean, error?: unknown) =>
    sendResponse({
      ok,
      holding: holding(),
      ...(error !== undefined && {
        message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
    });
  if (message.op === 'status') {
    answer(true);
    return;
  }
  const { id } = message;
  const work =
    message.op === 'start'
      ? startRecording(id, message.streamId, message.microphone, report)
      : message.op === 'stop'
        ? // Answered at once; the file follows as an event.
          Promise.resolve(void stopRecording(id, report, message.keep))
        : message.op === 'assemble'
          ? Promise.resolve(void assemble(id, report))
          : discardRecording(id);
  work.then(
    () => answer(true),
    (error) => answer(false, error),
  );
}

runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!fromBackground(sender)) return undefined;
  if (isRecorderCommand(message)) {
    recorderCommand(message, sendResponse as (answer: RecorderAnswer) => void);
    return true;
  }
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
