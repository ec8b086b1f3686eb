/**
 * The content scripts' side of the message contract: they send with `sendMessage` of
 * lib/messaging.ts (which carries no zod: the schemas are the background's), only the page-scoped
 * messages; here, what the background tells them back.
 */
import { browser } from 'wxt/browser';
import { PAGE_CONTEXT_CHANGED } from '@/lib/messaging';

/** Calls `onChange` when the background says the page context changed, until `signal` aborts. */
export function onContextChanged(signal: AbortSignal, onChange: () => void): void {
  // Only the extension itself reaches a content script's runtime.onMessage.
  const listener = (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type === PAGE_CONTEXT_CHANGED) onChange();
  };
  // An updated or removed extension has no runtime left here: nothing will tell this script
  // anything again, and its visits end.
  browser.runtime?.onMessage.addListener(listener);
  signal.addEventListener('abort', () => browser.runtime?.onMessage.removeListener(listener), { once: true });
}
