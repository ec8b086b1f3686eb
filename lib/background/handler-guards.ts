/**
 * The checks the message handlers share (lib/background/handlers.ts composes them): the service's
 * host granted, a session, and the background's own refusals of well-formed requests.
 */
import { ApiError } from '@/lib/api';
import type { Refusal } from '@/lib/messaging';
import { originOf } from '@/lib/permissions';
import { serviceUrlItem } from '@/lib/storage';
import { MessageError } from './handler-types';
import type { Background } from './types';

export async function requireServiceAccess(bg: Background, serviceUrl?: string): Promise<void> {
  const url = serviceUrl ?? (await serviceUrlItem.getValue());
  if (!(await bg.hasOriginAccess(url)))
    throw new MessageError({ kind: 'permission-denied', origin: originOf(url) });
}

/** Jobs need a session: refuse up front rather than create a job that cannot move. */
export async function requireSession(bg: Background): Promise<void> {
  if (!(await bg.session.store.get())) {
    throw new ApiError({ kind: 'auth', reason: 'not-signed-in' });
  }
  await requireServiceAccess(bg);
}

/**
 * The background's own refusal of a well-formed request: its code, worded in the language in force
 * by lib/failures (`message` is the code, or the engine's English detail for a regular expression).
 */
export function refused(path: string, refusal: Refusal, message: string = refusal): MessageError {
  return new MessageError({ kind: 'invalid-message', issues: [{ path, message, refusal }] });
}

export function notMeeting(): MessageError {
  return new MessageError({ kind: 'not-a-meeting-link' });
}
