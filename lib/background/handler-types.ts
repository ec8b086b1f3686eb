/** What every message handler is, and the refusal it may throw (shared by the handlers of every area, composed in handlers.ts). */
import type { MessageType, MessagingErrorInfo, ResponseMap } from '@/lib/messaging';
import type { Payload, Sender } from './senders';

/** A refusal that is not the service's: carried to the caller as its plain error object. */
export class MessageError extends Error {
  constructor(readonly info: MessagingErrorInfo) {
    super(info.kind);
  }
}

export type Handlers = {
  [T in MessageType]: (payload: Payload<T>, sender: Sender) => Promise<ResponseMap[T]>;
};
