/**
 * Tells the background's own failures from the service's. Kept apart from lib/messaging.ts so
 * content scripts can use it without the zod schemas that module builds.
 */
import type { ErrorInfo, MessagingErrorInfo } from '@/lib/messaging';

/** Every kind of MessagingErrorInfo; the record makes the compiler ask for a new kind here. */
const MESSAGING_KINDS: Record<MessagingErrorInfo['kind'], true> = {
  'invalid-message': true,
  'forbidden-sender': true,
  'unknown-message': true,
  'not-a-meeting-link': true,
  'not-a-video-page': true,
  'permission-denied': true,
  'not-cancellable': true,
  internal: true,
};

export function isMessagingError(error: ErrorInfo): error is MessagingErrorInfo {
  return Object.hasOwn(MESSAGING_KINDS, error.kind);
}
