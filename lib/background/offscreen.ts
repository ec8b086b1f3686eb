/**
 * Chrome's offscreen document (entrypoints/offscreen/): a hidden page of ours that does for the
 * service worker what it cannot or should not do itself: start the calendar feed parser's Worker
 * (a service worker cannot start one) and convert protocols' Markdown to a chat's markup with marked
 * (which the worker does not load). Asked through one channel, a task at a time (`askOffscreen`;
 * the tasks: lib/offscreen/tasks.ts).
 *
 * Chrome allows one offscreen document at a time. It is opened on first use, shared by uses that
 * overlap (a feed parsed while a delivery's text is converted), and closed when the last of them
 * has ended (or, for a use that asks it to linger, a little after); a use that comes while it
 * closes waits for the close and opens it again. A document left open by a worker that stopped
 * mid-use (or while it lingered) is found (`exists`) and reused, then closed after.
 *
 * The same document records a tab ("Record here", lib/background/recording/): while a recording
 * holds it (`keepOpen`, read from the recording database), the end of another use does not close
 * it; the recording's own end does.
 */
import { browser } from 'wxt/browser';
import { offscreenRequest } from '@/lib/offscreen/channel';
import {
  type AnswerOf,
  OFFSCREEN_TASKS,
  type OffscreenTaskName,
  type PayloadOf,
} from '@/lib/offscreen/tasks';
import { holdsRecordingPage } from '@/lib/recording/state';
import { createRecordingStore, type RecordingStore } from '@/lib/recording/store';
import { REAL_TIMERS, type Timers } from '@/lib/worker-call';

/** The offscreen document, built from entrypoints/offscreen/. */
export const OFFSCREEN_DOCUMENT_PATH = '/offscreen.html';

/** What `chrome.offscreen` and `chrome.runtime.getContexts` give (fakes in unit tests). */
export interface OffscreenApi {
  createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
  closeDocument(): Promise<void>;
  /** Whether an offscreen document of ours is open. */
  exists(): Promise<boolean>;
  /** Whether something longer-lived than a use (a recording) needs the document open. */
  keepOpen?(): Promise<boolean>;
}

export interface OffscreenDocument {
  /**
   * Runs `work` (which messages the document) with the document open; with `lingerMs`, the
   * document stays open that long after it (a next use within it finds it open, and what it keeps,
   * such as the linker's Worker, still there).
   */
  use<T>(work: () => Promise<T>, lingerMs?: number): Promise<T>;
}

const CREATE_OPTIONS = {
  url: OFFSCREEN_DOCUMENT_PATH,
  // It starts Workers (the calendar parser's); the Markdown conversion is plain script beside it; it
  // records a tab's sound (and the microphone) the user asked to record.
  reasons: ['WORKERS', 'USER_MEDIA'],
  justification:
    'Parses calendar feeds (iCalendar) in a Worker, which the service worker cannot start, converts meeting protocols to chat text and reads their action items: these parsers are too heavy to load at every wake-up of the service worker. Records the sound of a tab the user chose to record (getUserMedia with a tab capture stream).',
};

export function offscreenDocument(
  api: OffscreenApi,
  timers: Timers = REAL_TIMERS,
  now: () => number = Date.now,
): OffscreenDocument {
  let users = 0;
  /** The document opened (or being opened) for the current users; null when none is. */
  let open: Promise<void> | null = null;
  /** The last close: an open waits for it (Chrome refuses a second document). */
  let closed: Promise<void> = Promise.resolve();
  /** Until when the ended uses asked the document to stay open, and the timer that closes it then. */
  let lingerUntil = 0;
  let lingering: unknown = null;

  const create = async () => {
    await closed;
    if (await api.exists().catch(() => false)) return;
    try {
      await api.createDocument(CREATE_OPTIONS);
    } catch (error) {
      // Opened meanwhile by another context of ours: that one serves as well.
      if (!(await api.exists().catch(() => false))) throw error;
    }
  };

  /** Closes the document when no use needs it (nor a recording). */
  const release = async () => {
    if (users !== 0 || !open) return;
    const kept = await (api.keepOpen?.() ?? Promise.resolve(false)).catch(() => false);
    // Still no user after the question (a use may have come meanwhile).
    if (users !== 0 || !open) return;
    const was = open;
    open = null;
    // Kept open for a recording, it is still forgotten here: the next use asks whether it
    // exists (it may have died meanwhile) instead of trusting this one.
    if (!kept)
      closed = was.then(
        () => api.closeDocument().catch(() => undefined),
        () => undefined,
      );
  };

  return {
    async use<T>(work: () => Promise<T>, lingerMs = 0): Promise<T> {
      users += 1;
      // A document kept open for lingering may have died meanwhile (closed by another context,
      // its process gone): asked again whether it exists, and opened again if not.
      const lingered = lingering !== null;
      if (lingered) {
        timers.clear(lingering);
        lingering = null;
      }
      if (!open || lingered) {
        const opening = create();
        open = opening;
        opening.catch(() => {
          if (open === opening) open = null;
        });
      }
      try {
        await open;
        return await work();
      } finally {
        users -= 1;
        if (lingerMs > 0) lingerUntil = Math.max(lingerUntil, now() + lingerMs);
        const wait = lingerUntil - now();
        if (users === 0 && open !== null && wait > 0 && lingering === null)
          lingering = timers.set(() => {
            lingering = null;
            void release();
          }, wait);
        else if (lingering === null) await release();
      }
    },
  };
}

/**
 * Asks the offscreen document to do `task` (the document must be open: within `use`, or held by a
 * recording). The answer as the task's table row defines it, or null when it is not one.
 */
export async function askOffscreen<K extends OffscreenTaskName>(
  task: K,
  payload: PayloadOf<K>,
): Promise<AnswerOf<K> | null> {
  const answer: unknown = await browser.runtime.sendMessage(offscreenRequest(task, payload));
  return (OFFSCREEN_TASKS[task].answer as (value: unknown) => value is AnswerOf<K>)(answer) ? answer : null;
}

type ChromeOffscreen = Pick<OffscreenApi, 'createDocument' | 'closeDocument'>;
type GetContexts = (filter: { contextTypes: string[] }) => Promise<unknown[]>;

let shared: OffscreenDocument | null | undefined;

/**
 * The worker's one offscreen document, or null where there is none (Firefox: its background is a
 * page). One lock per worker, whoever uses it (the wiring root hands it to the recording; the feed
 * parser and the Slack conversion ask here): Chrome allows one offscreen document per extension.
 */
export function theOffscreenDocument(): OffscreenDocument | null {
  if (shared !== undefined) return shared;
  const api = browser as unknown as { offscreen?: ChromeOffscreen; runtime: { getContexts?: GetContexts } };
  const offscreen = api.offscreen;
  if (!offscreen) {
    shared = null;
    return shared;
  }
  const getContexts = api.runtime.getContexts;
  let recordings: RecordingStore | undefined;
  shared = offscreenDocument({
    createDocument: (options) => offscreen.createDocument(options),
    closeDocument: () => offscreen.closeDocument(),
    exists: async () =>
      getContexts ? (await getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length > 0 : false,
    keepOpen: async () => {
      recordings ??= createRecordingStore();
      return holdsRecordingPage(await recordings.getState());
    },
  });
  return shared;
}
