/**
 * The content scripts' side of the message contract: `sendMessage` of lib/messaging.ts, limited
 * to the page-scoped messages. lib/messaging.ts carries no zod (the schemas are the background's,
 * in lib/messaging-schemas.ts), so content scripts stay small.
 */
import { type MessagePayload, type MessageResult, type ResponseMap, sendMessage } from '@/lib/messaging';

/** The messages a content script may send (the contract's page-scoped ones). */
export type PageMessageType =
  | 'page.context'
  | 'page.sendBot'
  | 'page.transcribe'
  | 'page.scheduleBot'
  | 'page.hideOnSite';

export function sendPageMessage<T extends PageMessageType>(
  type: T,
  payload: MessagePayload<T>,
): Promise<MessageResult<ResponseMap[T]>> {
  return sendMessage(type, payload);
}
