/**
 * The content scripts' side of the message contract: they send with `sendMessage` of
 * lib/messaging.ts (which carries no zod: the schemas are the background's), only the page-scoped
 * messages; here, what the background tells them back.
 */
import { browser } from 'wxt/browser';
import { PAGE_CONTEXT_CHANGED, PAGE_TIMELINE_CHANGED } from '@/lib/messaging';

/**
 * Calls `onMessage` for each message of `type` from this extension, until `signal` aborts. Only
 * the extension itself reaches a content script's runtime.onMessage; the sender's id and the
 * message's channel are checked all the same.
 */
function onBackgroundMessage(type: string, signal: AbortSignal, onMessage: () => void): void {
  const listener = (message: unknown, sender?: { id?: string }) => {
    const { channel, type: kind } = (message ?? {}) as { channel?: unknown; type?: unknown };
    if (channel === 'meeting-capture' && kind === type && sender?.id === browser.runtime.id) onMessage();
  };
  // An updated or removed extension has no runtime left here: nothing will tell this script
  // anything again, and its visits end.
  browser.runtime?.onMessage.addListener(listener);
  signal.addEventListener('abort', () => browser.runtime?.onMessage.removeListener(listener), { once: true });
}

/** Calls `onChange` when the background says the page context changed, until `signal` aborts. */
export function onContextChanged(signal: AbortSignal, onChange: () => void): void {
  onBackgroundMessage(PAGE_CONTEXT_CHANGED, signal, onChange);
}

/** Calls `onChange` when the background says a bot of ours was sent to a meeting, until `signal` aborts. */
export function onTimelineChanged(signal: AbortSignal, onChange: () => void): void {
  onBackgroundMessage(PAGE_TIMELINE_CHANGED, signal, onChange);
}
