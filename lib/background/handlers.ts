/**
 * The background side of every message in lib/messaging.ts, composed from the handlers of each
 * area (one file each: session and settings, spaces and their recordings, jobs, page controls,
 * calendars, archive, deliveries, "Record here", open items). `respond` runs after `checkMessage` (envelope,
 * sender, payload: lib/background/senders.ts) and turns anything thrown into a plain `{kind, ...}`
 * error.
 */
import { toApiErrorInfo } from '@/lib/api';
import { LinkError } from '@/lib/grounding/thread';
import type { ErrorInfo, MessageResult, MessageType, ResponseMap } from '@/lib/messaging';
import { createArchiveHandlers } from './archive-handlers';
import { createCalendarHandlers } from './calendar-handlers';
import { createDeliveryHandlers } from './delivery-handlers';
import { type Handlers, MessageError } from './handler-types';
import { createItemsHandlers } from './items-handlers';
import { createJobHandlers } from './job-handlers';
import { createPageHandlers } from './page-handlers';
import { createPageNamesHandlers } from './page-names-handlers';
import { createRecordingHandlers } from './recording-handlers';
import type { Sender } from './senders';
import { createSessionHandlers } from './session-handlers';
import { createSpaceHandlers } from './space-handlers';
import type { Background } from './types';

export { shownResult } from './space-handlers';
export { type Handlers, MessageError };

export function createHandlers(bg: Background): Handlers {
  return {
    ...createCalendarHandlers(bg),
    ...createArchiveHandlers(bg),
    ...createDeliveryHandlers(bg),
    ...createRecordingHandlers(bg),
    ...createSessionHandlers(bg),
    ...createSpaceHandlers(bg),
    ...createJobHandlers(bg),
    ...createPageHandlers(bg),
    ...createPageNamesHandlers(bg),
    ...createItemsHandlers(bg),
  };
}

function errorInfoOf(error: unknown): ErrorInfo {
  if (error instanceof MessageError) return error.info;
  if (error instanceof LinkError) {
    // The page says why in its language; the linker's own words are kept for the logs.
    console.warn('sources not linked', error.reason, error.message);
    return { kind: 'sources', reason: error.reason };
  }
  const info = toApiErrorInfo(error);
  if (info.kind === 'unexpected') return { kind: 'internal', message: info.message };
  return info;
}

/** Runs a checked message's handler and wraps its outcome. */
export async function respond(
  handlers: Handlers,
  type: MessageType,
  payload: unknown,
  sender: Sender,
): Promise<MessageResult<ResponseMap[MessageType]>> {
  try {
    const handler = handlers[type] as (payload: unknown, sender: Sender) => Promise<ResponseMap[MessageType]>;
    return { ok: true, data: await handler(payload, sender) };
  } catch (error) {
    return { ok: false, error: errorInfoOf(error) };
  }
}
