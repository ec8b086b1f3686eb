/**
 * The one channel between the background worker and Chrome's offscreen document: a request is
 * `{ channel, task, payload }`, a task of the table (tasks.ts). One guard on the document's side:
 * only the extension's own service worker is served (not a page, not a tab, not another
 * extension), only on this channel, only a known task with a payload that passes its check.
 */
import { OFFSCREEN_TASKS, type OffscreenHandlers, type OffscreenTaskName, type PayloadOf } from './tasks';

export const OFFSCREEN_CHANNEL = 'meeting-capture-offscreen';

export interface OffscreenRequest<K extends OffscreenTaskName = OffscreenTaskName> {
  channel: typeof OFFSCREEN_CHANNEL;
  task: K;
  payload: PayloadOf<K>;
}

export function offscreenRequest<K extends OffscreenTaskName>(
  task: K,
  payload: PayloadOf<K>,
): OffscreenRequest<K> {
  return { channel: OFFSCREEN_CHANNEL, task, payload };
}

/** The answer to a request the document refuses (the worker's answer check then fails too). */
export interface OffscreenRefusal {
  ok: false;
  refused: 'unknown-task' | 'malformed';
  message: string;
}

export interface MessageSender {
  id?: string;
  url?: string;
  tab?: unknown;
}

/** Only the extension's own service worker: its id, no tab, the worker's script. */
export function fromWorker(sender: MessageSender, self: { id: string; workerUrl: string }): boolean {
  return sender.id === self.id && !sender.tab && sender.url === self.workerUrl;
}

export type ReadRequest =
  /** Not on this channel: not ours to answer (another listener may be). */
  | { kind: 'other' }
  | { kind: 'refused'; refusal: OffscreenRefusal }
  | { kind: 'task'; run: (handlers: OffscreenHandlers) => Promise<unknown> };

const isTask = (task: unknown): task is OffscreenTaskName =>
  typeof task === 'string' && Object.hasOwn(OFFSCREEN_TASKS, task);

/** A message read against the table: a task to run, a refusal, or someone else's message. */
export function readRequest(message: unknown): ReadRequest {
  const value = message as Partial<OffscreenRequest> | null;
  if (typeof value !== 'object' || value === null || value.channel !== OFFSCREEN_CHANNEL)
    return { kind: 'other' };
  const { task, payload } = value;
  if (!isTask(task))
    return {
      kind: 'refused',
      refusal: { ok: false, refused: 'unknown-task', message: `no such task: ${String(task).slice(0, 40)}` },
    };
  if (!OFFSCREEN_TASKS[task].payload(payload))
    return {
      kind: 'refused',
      refusal: { ok: false, refused: 'malformed', message: `malformed ${task} request` },
    };
  // The payload was checked against its own task's row just above.
  const run = (handlers: OffscreenHandlers) =>
    (handlers[task] as (checked: unknown) => Promise<unknown>)(payload);
  return { kind: 'task', run };
}

/**
 * The document's listener: the guard, then the table. Answers every request on the channel (a
 * refusal, or the task's answer; a task that throws answers a refusal-like `{ok: false}`), and
 * leaves every other message alone.
 */
export function offscreenListener(handlers: OffscreenHandlers, self: { id: string; workerUrl: string }) {
  return (
    message: unknown,
    sender: MessageSender,
    sendResponse: (answer: unknown) => void,
  ): true | undefined => {
    if (!fromWorker(sender, self)) return undefined;
    const read = readRequest(message);
    if (read.kind === 'other') return undefined;
    if (read.kind === 'refused') {
      sendResponse(read.refusal);
      return undefined;
    }
    read
      .run(handlers)
      .then(sendResponse, (error: unknown) =>
        sendResponse({ ok: false, message: error instanceof Error ? error.message : String(error) }),
      );
    return true;
  };
}
