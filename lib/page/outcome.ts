/**
 * What a control says after an action: the answer of `page.sendBot`, `page.transcribe` or
 * `page.scheduleBot` turned into one sentence a person can act on, in the page UI's language.
 * Pure functions of the answer, so every branch is tested without a browser. The background runs
 * them and sends the sentence with its answer (`describePageAnswer`), so content scripts carry
 * none of these texts, and the failures read as they do in the popup (`formatApiError`).
 */
import type { ApiErrorInfo } from '@/lib/api/errors';
import { formatApiError } from '@/lib/api/messages';
import { formatDuration } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import type { JobFailure } from '@/lib/jobs/types';
import {
  type ErrorInfo,
  isMessagingError,
  type MessageResult,
  type PageContext,
  type PageJob,
  type PageOutcome,
  type ScheduledBot,
} from '@/lib/messaging';
import { pageMessages } from './messages';
import { formatWhen } from './when';

export { formatWhen };

export type Outcome = PageOutcome;
export type OutcomeTone = Outcome['tone'];

export type SpaceView = PageContext['spaces'][number];

/** Chromium's and Firefox's words for a content script whose extension was reloaded or updated. */
const CONTEXT_GONE = /extension context invalidated|receiving end does not exist|message port closed/i;

/** A failure of any page action, with the space the action was for when known. */
export function describeError(error: ErrorInfo, lang: Lang, space?: SpaceView): Outcome {
  const m = pageMessages[lang];
  if (isMessagingError(error)) {
    switch (error.kind) {
      case 'not-a-meeting-link':
        return { tone: 'error', text: m.notMeetingLink };
      case 'not-a-video-page':
        return { tone: 'error', text: m.notVideoPage };
      case 'internal':
        if (CONTEXT_GONE.test(error.message)) return { tone: 'error', text: m.reloadPage };
        return { tone: 'error', text: m.failed(error.message) };
      case 'invalid-message': {
        const details = error.issues.map((issue) => issue.message).join(' ');
        return { tone: 'error', text: m.failed(details || error.kind) };
      }
      case 'unknown-message':
      case 'forbidden-sender':
      case 'permission-denied':
      case 'not-cancellable':
        return { tone: 'error', text: m.failed(error.kind) };
    }
  }
  return describeApiError(error as ApiErrorInfo, lang, space);
}

function describeApiError(error: ApiErrorInfo, lang: Lang, space?: SpaceView): Outcome {
  const m = pageMessages[lang];
  switch (error.kind) {
    case 'auth':
      if (error.reason === 'invalid-credentials' || error.reason === 'not-signed-in') {
        return { tone: 'error', text: m.signedOut, signedOut: true };
      }
      return { tone: 'error', text: m.sessionEnded, signedOut: true };
    case 'bot-busy':
      if (space && !error.replayPossible) return { tone: 'error', text: m.botBusy(space.name) };
      break;
    case 'bot-low-balance':
      if (space)
        return {
          tone: 'error',
          text: m.botLowBalance(space.name, formatDuration(space.availableSeconds, lang)),
        };
      break;
    case 'insufficient-balance':
      return {
        tone: 'error',
        text: formatApiError({ ...error, spaceName: error.spaceName ?? space?.name }, { lang }),
      };
  }
  return { tone: 'error', text: formatApiError(error, { lang }) };
}

function describeFailure(failure: JobFailure | undefined, lang: Lang, space?: SpaceView): Outcome {
  const m = pageMessages[lang];
  if (!failure)
    return { tone: 'error', text: m.failed(lang === 'en' ? 'unknown error' : 'неизвестная ошибка') };
  switch (failure.kind) {
    case 'api':
      return describeApiError(failure.error, lang, space);
    case 'not-enough-balance':
      return describeApiError(
        {
          kind: 'insufficient-balance',
          availableSeconds: failure.availableSeconds,
          neededSeconds: failure.neededSeconds,
          spaceName: failure.spaceName,
        },
        lang,
        space,
      );
    default:
      return { tone: 'error', text: m.failed(failure.kind) };
  }
}

/**
 * The answer to `page.sendBot` (a bot job, or an error). The background answers a second request
 * for the same meeting and space with the job it already has; `sentAt` (when this request was
 * made) tells such a job from a new one.
 */
export function describeBotResult(
  result: MessageResult<PageJob>,
  lang: Lang,
  space?: SpaceView,
  sentAt?: number,
): Outcome {
  const m = pageMessages[lang];
  if (!result.ok) return describeError(result.error, lang, space);
  const job = result.data;
  if (job.phase === 'failed' || job.phase === 'cancelled') return describeFailure(job.failure, lang, space);
  const name = job.spaceName ?? space?.name;
  // The background and this page read the same clock; a job it made for this request is not older.
  if (name && sentAt !== undefined && job.createdAt < sentAt) {
    return { tone: 'success', text: m.botAlreadySent(name) };
  }
  return { tone: 'success', text: name ? m.botSent(name) : m.botSentNoSpace };
}

/** The answer to `page.transcribe` (a video or link job, or an error). */
export function describeTranscribeResult(
  result: MessageResult<PageJob>,
  lang: Lang,
  space?: SpaceView,
): Outcome {
  const m = pageMessages[lang];
  if (!result.ok) return describeError(result.error, lang, space);
  const job = result.data;
  if (job.phase === 'failed' || job.phase === 'cancelled') return describeFailure(job.failure, lang, space);
  const name = job.spaceName ?? space?.name;
  return { tone: 'success', text: name ? m.transcribeSent(name) : m.transcribeSentNoSpace };
}

/** The answer to `page.scheduleBot`. */
export function describeScheduleResult(
  result: MessageResult<ScheduledBot>,
  lang: Lang,
  space?: SpaceView,
): Outcome {
  const m = pageMessages[lang];
  if (!result.ok) return describeError(result.error, lang, space);
  const when = formatWhen(result.data.startsAt, lang);
  return { tone: 'success', text: space ? m.scheduled(when, space.name) : m.scheduledNoSpace(when) };
}

/** The page messages whose answers carry the sentence to show. */
export const PAGE_ACTIONS = [
  'page.sendBot',
  'page.transcribe',
  'page.scheduleBot',
  'page.hideOnSite',
] as const;
export type PageActionType = (typeof PAGE_ACTIONS)[number];

export function isPageAction(type: string): type is PageActionType {
  return (PAGE_ACTIONS as readonly string[]).includes(type);
}

/**
 * The sentence for the answer to a page action, in the language in force. `receivedAt` is when
 * the background received the request (a bot job older than that was sent earlier).
 */
export function describePageAnswer(
  type: PageActionType,
  result: MessageResult<unknown>,
  lang: Lang,
  space: SpaceView | undefined,
  receivedAt: number,
): Outcome | null {
  switch (type) {
    case 'page.sendBot':
      return describeBotResult(result as MessageResult<PageJob>, lang, space, receivedAt);
    case 'page.transcribe':
      return describeTranscribeResult(result as MessageResult<PageJob>, lang, space);
    case 'page.scheduleBot':
      return describeScheduleResult(result as MessageResult<ScheduledBot>, lang, space);
    case 'page.hideOnSite':
      return result.ok ? null : describeError(result.error, lang, space);
  }
}
