/**
 * The one describer of failures: a service error, a refusal of the background, or the reason a
 * job ended, as one sentence a person can act on, in English or Russian. Pure: the popup, side
 * panel, viewer and options (through components/failures.ts, which loads it when first needed),
 * the notifications and the page controls' sentences (made in the background,
 * lib/page/outcome.ts, through ./page.ts) all word failures here, "Record here"'s refusals too.
 */
import type { ApiErrorInfo } from '@/lib/api/errors';
import { formatWait } from '@/lib/format/waits';
import type { Lang } from '@/lib/i18n';
import type { JobFailure } from '@/lib/jobs/types';
import { type ErrorInfo, isMessagingError } from '@/lib/messaging';
import { formatApiErrorWith } from './api';
import { failureTexts } from './texts';

export interface FailureContext {
  /** The space the action was for, when known: named where the error does not name it. */
  spaceName?: string;
}

/** A failure of any request: the service's errors and the background's refusals. */
export function describeError(error: ErrorInfo, lang: Lang, context: FailureContext = {}): string {
  const t = failureTexts(lang);
  if (!isMessagingError(error)) return describeApiError(error as ApiErrorInfo, lang, context);
  switch (error.kind) {
    case 'invalid-message':
      return t.invalidMessage(
        error.issues
          .map((issue) =>
            issue.refusal ? t.refusal(issue.refusal, issue.message) : issue.message || issue.path,
          )
          .slice(0, 3)
          .join(' '),
      );
    case 'forbidden-sender':
      return t.forbiddenSender;
    case 'unknown-message':
      return t.unknownMessage(error.type);
    case 'not-a-meeting-link':
      return t.notMeetingLink;
    case 'not-a-video-page':
      return t.notVideoPage;
    case 'permission-denied':
      return t.permissionDenied(error.origin);
    case 'not-cancellable':
      return t.notCancellable;
    case 'recording':
      return t.recordingRefused(error.reason);
    case 'calendar':
    case 'delivery':
      // Only the options' Calendars and Deliveries sections meet these; they word them themselves
      // (calendar-texts.ts, delivery-texts.ts), so the other pages do not carry those texts.
      return t.internal(`${error.kind}: ${error.reason}`);
    case 'sources':
      return t.sourcesFailed(error.reason);
    case 'no-answer':
      return t.noAnswer;
    case 'internal':
      return t.internal(error.message);
  }
}

function describeApiError(error: ApiErrorInfo, lang: Lang, { spaceName }: FailureContext): string {
  // The texts of `lang` once provided (lib/failures/texts.ts), so a page loads only its language.
  const { api } = failureTexts(lang);
  if (error.kind === 'insufficient-balance')
    return formatApiErrorWith(api, { ...error, spaceName: error.spaceName ?? spaceName });
  return formatApiErrorWith(api, error);
}

/** Why a job ended badly, with what to do about it. */
export function describeJobFailure(
  failure: JobFailure | undefined,
  lang: Lang,
  context: FailureContext = {},
): string {
  const t = failureTexts(lang);
  if (!failure) return formatApiErrorWith(t.api, { kind: 'unexpected', message: '—' });
  switch (failure.kind) {
    case 'api':
      return describeApiError(failure.error, lang, context);
    case 'processing-failed':
      return t.processingFailed;
    case 'processing-server-error':
      return t.processingServerError;
    case 'download-probably-failed':
      return t.downloadProbablyFailed(formatWait(failure.waitedMs, lang));
    case 'bot-no-recording':
      return t.botNoRecording(formatWait(failure.waitedMs, lang));
    case 'lost-answer-no-recording':
      return t.lostAnswerNoRecording(formatWait(failure.waitedMs, lang), failure.intent);
    case 'upload-file-missing':
      return t.uploadFileMissing;
    case 'not-enough-balance':
      // The same sentence as the service's refusal of classify (one wording of a short balance).
      return describeApiError(
        {
          kind: 'insufficient-balance',
          availableSeconds: failure.availableSeconds,
          neededSeconds: failure.neededSeconds,
          ...(failure.spaceName ? { spaceName: failure.spaceName } : {}),
        },
        lang,
        context,
      );
    case 'permission-denied':
      return t.permissionDenied(failure.origin);
    case 'processing-not-started':
      return t.processingNotStarted(formatWait(failure.waitedMs, lang));
    case 'account-changed':
      return t.accountChanged;
    case 'recording-not-uploaded':
      return t.recordingNotUploaded;
    default:
      // A kind written by a newer background is named rather than left blank.
      return t.unknownFailure((failure as { kind: string }).kind);
  }
}

/** Sign-in failures read best with the form's own words (the field names the user sees). */
export function describeSignInError(error: ErrorInfo, lang: Lang, serviceUrl?: string): string {
  const t = failureTexts(lang);
  if (error.kind === 'auth' && error.reason === 'invalid-credentials') return t.wrongCredentials;
  if (error.kind === 'html' || (error.kind === 'http' && error.status === 404))
    return t.noServiceAtUrl(error.status);
  if (error.kind === 'invalid-response' && error.status === 404) return t.noServiceAtUrl(error.status);
  if (error.kind === 'network') return serviceUrl ? t.unreachableAt(serviceUrl) : t.unreachable;
  if (error.kind === 'timeout') return serviceUrl ? t.noAnswerAt(serviceUrl) : t.unreachable;
  if (error.kind === 'permission-denied') return t.accessNotGranted(error.origin);
  return describeError(error, lang);
}
