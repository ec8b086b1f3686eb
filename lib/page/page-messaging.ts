/**
 * The content scripts' side of the message contract. The same envelope as `sendMessage` in
 * lib/messaging.ts, without importing that module's zod schemas: they are the background's to
 * check, and would triple the size of every content script. Types come from the contract, so a
 * change there is a type error here.
 */
import { browser } from 'wxt/browser';
import type { Envelope, MessagePayload, MessageResult, ResponseMap } from '@/lib/messaging';

/** The messages a content script may send (the contract's page-scoped ones). */
export type PageMessageType =
  | 'page.context'
  | 'page.sendBot'
  | 'page.transcribe'
  | 'page.scheduleBot'
  | 'page.hideOnSite';

export async function sendPageMessage<T extends PageMessageType>(
  type: T,
  payload: MessagePayload<T>,
): Promise<MessageResult<ResponseMap[T]>> {
  const envelope: Envelope<T> = { channel: 'meeting-capture', type, payload };
  try {
    const answer = (await browser.runtime.sendMessage(envelope)) as MessageResult<ResponseMap[T]> | undefined;
    if (!answer || typeof answer !== 'object' || !('ok' in answer)) {
      return { ok: false, error: { kind: 'internal', message: 'The background did not answer.' } };
    }
    return answer;
  } catch (error) {
    return {
      ok: false,
      error: { kind: 'internal', message: error instanceof Error ? error.message : String(error) },
    };
  }
}
