/** A sentence for every failure a page can meet: service errors, messaging errors, job failures. */
import type { ApiErrorInfo } from '@/lib/api/errors';
import { formatApiError } from '@/lib/api/messages';
import { formatDuration } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import type { JobFailure } from '@/lib/jobs/types';
import { type ErrorInfo, isMessagingError } from '@/lib/messaging';
import { catalog } from './catalog';

export function describeError(error: ErrorInfo, lang: Lang): string {
  const m = catalog(lang);
  if (!isMessagingError(error)) return formatApiError(error as ApiErrorInfo, { lang });
  switch (error.kind) {
    case 'invalid-message':
      return m.errInvalidMessage(
        error.issues
          .map((issue) => issue.path || issue.message)
          .slice(0, 3)
          .join(', '),
      );
    case 'forbidden-sender':
      return m.errForbiddenSender;
    case 'unknown-message':
      return m.errUnknownMessage(error.type);
    case 'not-a-meeting-link':
      return m.errNotMeetingLink;
    case 'not-a-video-page':
      return m.errNotVideoPage;
    case 'permission-denied':
      return m.errPermission(error.origin);
    case 'not-cancellable':
      return m.errNotCancellable;
    case 'calendar':
    case 'delivery':
      // Only the options' Calendars and Deliveries sections meet these; they word them themselves
      // (calendar-texts.ts, delivery-texts.ts), so the other pages do not carry those texts.
      return m.errInternal(`${error.kind}: ${error.reason}`);
    case 'internal':
      return m.errInternal(error.message);
  }
}

/** Sign-in failures read best with the form's own words (the field names the user sees). */
export function describeSignInError(error: ErrorInfo, lang: Lang, serviceUrl?: string): string {
  const m = catalog(lang);
  if (error.kind === 'auth' && error.reason === 'invalid-credentials') return m.wrongCredentials;
  if (error.kind === 'html' || (error.kind === 'http' && error.status === 404))
    return m.noServiceAtUrl(error.status);
  if (error.kind === 'invalid-response' && error.status === 404) return m.noServiceAtUrl(error.status);
  if (error.kind === 'network') return serviceUrl ? m.unreachableAt(serviceUrl) : m.unreachable;
  if (error.kind === 'timeout') return serviceUrl ? m.noAnswerAt(serviceUrl) : m.unreachable;
  if (error.kind === 'permission-denied') return m.permissionDenied(error.origin);
  return describeError(error, lang);
}

export function describeJobFailure(failure: JobFailure, lang: Lang): string {
  const m = catalog(lang);
  switch (failure.kind) {
    case 'api':
      return formatApiError(failure.error, { lang });
    case 'processing-failed':
      return m.failProcessing;
    case 'processing-server-error':
      return m.failServer;
    case 'download-probably-failed':
      return m.failDownload(Math.round(failure.waitedMs / 60_000));
    case 'bot-no-recording':
      return m.failBot(Math.round(failure.waitedMs / 60_000));
    case 'upload-file-missing':
      return m.failFileMissing;
    case 'not-enough-balance':
      return m.failBalance(
        formatDuration(failure.availableSeconds, lang),
        formatDuration(failure.neededSeconds, lang),
        failure.spaceName ?? '—',
      );
    default: {
      // Kinds added by newer backgrounds are described when known, named otherwise.
      const other = failure as { kind: string; origin?: string; waitedMs?: number };
      switch (other.kind) {
        case 'permission-denied':
          return m.errPermission(other.origin ?? '');
        case 'processing-not-started':
          return m.failNotStarted(Math.round((other.waitedMs ?? 0) / 60_000));
        case 'account-changed':
          return m.failAccountChanged;
        case 'recording-not-uploaded':
          return m.failNotUploaded;
        default:
          return m.failUnknown(other.kind);
      }
    }
  }
}
