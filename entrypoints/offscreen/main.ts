// Chrome's offscreen document: the work the service worker cannot or should not do itself, one
// task each (the table and its checks: lib/offscreen/tasks.ts; the one channel and its guard:
// lib/offscreen/channel.ts). Here only their wiring: a protocol's Markdown converted with marked
// (which the worker does not carry; marked comes from the chunk the viewer's Markdown renderer
// shares), a calendar feed parsed in a Worker (which a service worker cannot start), a tab
// recorded ("Record here": the worker cannot hold a media stream), a protocol's lines linked to
// their suggested sources in the linker's Worker (lib/grounding/thread.ts), and a kept protocol's
// action items read with the moments they were said (lib/items and lib/grounding: marked and the
// declension library, which the worker does not carry). Chrome only: `chrome.runtime`
// itself, not WXT's browser module, which would bring the pages' shared chunk.
import { FEED_CAPS } from '@/lib/calendar/caps';
import { FEED_WORKER_PATH, parseInWorker, WORKER_GRACE_MS } from '@/lib/calendar/engine-thread';
import { convertMarkdown } from '@/lib/delivery/markdown';
import { linkInWorker, SOURCES_WORKER_PATH } from '@/lib/grounding/thread';
import { readItems } from '@/lib/items/sourced';
import { type MessageSender, offscreenListener } from '@/lib/offscreen/channel';
import type { OffscreenHandlers } from '@/lib/offscreen/tasks';
import type { RecorderAnswer, RecorderEvent } from '@/lib/recording/protocol';
import { assemble, discardRecording, holding, startRecording, stopRecording } from '@/lib/recording/recorder';

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

const handlers: OffscreenHandlers = {
  markdown: async ({ markdown, dialect }) => {
    try {
      return { ok: true, text: convertMarkdown(markdown, dialect) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  },
  sources: (request) => linkInWorker(() => new Worker(SOURCES_WORKER_PATH), request),
  items: async (request) => readItems(request),
  feed: (request) =>
    parseInWorker(() => new Worker(FEED_WORKER_PATH), request, FEED_CAPS.parseMs + WORKER_GRACE_MS),
  recorder: async (command): Promise<RecorderAnswer> => {
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
