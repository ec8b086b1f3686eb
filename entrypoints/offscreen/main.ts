// Chrome's offscreen document: the work the service worker cannot or should not do itself, one
// task each (the table and its checks: lib/offscreen/tasks.ts; the one channel and its guard:
// lib/offscreen/channel.ts). Here only their wiring: a protocol's Markdown converted with marked
// (which the worker does not carry; marked comes from the chunk the viewer's Markdown renderer
// shares), a calendar feed parsed in a Worker (which a service worker cannot start), a tab
// recorded ("Record here": the worker cannot hold a media stream), and in the linker's Worker
// (lib/grounding/thread.ts, kept between uses) a protocol's lines linked to their suggested
// sources and a kept protocol's action items read with the moments they were said (lib/items and
// lib/grounding: marked and the declension library, which the worker does not carry). Chrome
// only: `chrome.runtime` itself, not WXT's browser module, which would bring the pages' shared
// chunk.
import { FEED_CAPS } from '@/lib/calendar/caps';
import { FEED_WORKER_PATH, parseInWorker, WORKER_GRACE_MS } from '@/lib/calendar/engine-thread';
import { linkerThread, SOURCES_WORKER_PATH } from '@/lib/grounding/thread';
import { type MessageSender, offscreenListener } from '@/lib/offscreen/channel';
import type { OffscreenHandlers } from '@/lib/offscreen/tasks';
import type { RecorderAnswer, RecorderEvent } from '@/lib/recording/protocol';

// Each task's code is loaded when the task first comes, not with the document: it opens for one
// task at a time, and a link or a feed then waits for neither marked nor the recorder being read
// and run.
const markdownCode = () => import('@/lib/delivery/markdown');
const recorderCode = () => import('@/lib/recording/recorder');

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
              sender: MessageSender,
              sendResponse: (answer: unknown) => void,
            ) => true | undefined,
          ): void;
        };
      };
    };
  }
).chrome.runtime;

/** What happens to a recording, told to the background (the message wakes a stopped worker). */
function report(id: string, event: RecorderEvent): void {
  const envelope = { channel: 'meeting-capture', type: 'recording.event', payload: { id, event } };
  // One retry: the worker may be starting up.
  void runtime
    .sendMessage(envelope)
    .catch(() => new Promise((resolve) => setTimeout(resolve, 500)).then(() => runtime.sendMessage(envelope)))
    .catch((error) => console.error('recording event not delivered', error));
}

/**
 * The linker's Worker, kept between uses while this document is open (lib/grounding/thread.ts):
 * it links results and reads action items.
 */
const linker = linkerThread(() => new Worker(SOURCES_WORKER_PATH));

const handlers: OffscreenHandlers = {
  markdown: async ({ markdown, dialect }) => {
    try {
      const { convertMarkdown } = await markdownCode();
      return { ok: true, text: convertMarkdown(markdown, dialect) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  },
  sources: (request) => linker.link(request),
  items: (request) => linker.items(request),
  feed: (request) =>
    parseInWorker(() => new Worker(FEED_WORKER_PATH), request, FEED_CAPS.parseMs + WORKER_GRACE_MS),
  recorder: async (command): Promise<RecorderAnswer> => {
    const { assemble, discardRecording, holding, startRecording, stopRecording } = await recorderCode();
    const answer = (ok: boolean, error?: unknown): RecorderAnswer => ({
      ok,
      holding: holding(),
      ...(error !== undefined && {
        message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
    });
    if (command.op === 'status') return answer(true);
    const { id } = command;
    try {
      if (command.op === 'start') await startRecording(id, command.streamId, command.microphone, report);
      // Answered at once; the file follows as an event.
      else if (command.op === 'stop') void stopRecording(id, report);
      else if (command.op === 'assemble') void assemble(id, report, command.keep);
      else await discardRecording(id);
      return answer(true);
    } catch (error) {
      return answer(false, error);
    }
  },
};

runtime.onMessage.addListener(
  offscreenListener(handlers, { id: runtime.id, workerUrl: runtime.getURL('/background.js') }),
);
