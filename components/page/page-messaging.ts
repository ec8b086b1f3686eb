/**
 * The content scripts' side of the message contract: `sendMessage` of lib/messaging.ts, limited
 * to the page-scoped messages. lib/messaging.ts carries no zod (the schemas are the background's,
 * in lib/messaging-schemas.ts), so content scripts stay small.
 */
import { browser } from 'wxt/browser';
import {
  type Envelope,
  type MessagePayload,
  PAGE_CONTEXT_CHANGED,
  type PageAnswer,
  type ResponseMap,
} from '@/lib/messaging';

/** The messages a content script may send (the contract's page-scoped ones). */
export type PageMessageType =
  | 'page.context'
  | 'page.sendBot'
  | 'page.transcribe'
  | 'page.scheduleBot'
  | 'page.hideOnSite'
  | 'page.autoJoin'
  | 'page.autoJoinCancel';

const NO_ANSWER = { ok: false, error: { kind: 'internal', message: 'no answer' } } as const;

/**
 * `sendMessage` of lib/messaging.ts for pages, leaner: no answer (the extension was updated or
 * restarted) is one plain failure, which the controls read as "reload the page". Page actions
 * answer with the sentence to show as well (`outcome`, made by the background).
 */
export async function sendPageMessage<T extends PageMessageType>(
  type: T,
  payload: MessagePayload<T>,
): Promise<PageAnswer<ResponseMap[T]>> {
  const envelope: Envelope<T> = { channel: 'meeting-capture', type, payload };
  try {
    return (
      ((await browser.runtime.sendMessage(envelope)) as PageAnswer<ResponseMap[T]> | undefined) ?? NO_ANSWER
    );
  } catch {
    return NO_ANSWER;
  }
}

/** "Hide on this site": the background accepts only the sender tab's own host. */
export function hideOnSite(host: string) {
  return sendPageMessage('page.hideOnSite', { host });
}

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
