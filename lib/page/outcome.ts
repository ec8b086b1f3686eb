/**
 * What a control says after an action: the answer of `page.sendBot`, `page.transcribe` or
 * `page.scheduleBot` turned into one sentence a person can act on, in the page UI's language.
 * Pure functions of the answer, so every branch is tested without a browser. The background runs
 * them and sends the sentence with its answer (`describePageAnswer`), so content scripts carry
 * none of these texts; failures are worded by the one describer (lib/failures), as in the popup.
 */
import { describePageError, describePageJobFailure } from '@/lib/failures/page';
import { formatWhen } from '@/lib/format/dates';
import { formatDuration } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import type { JobFailure } from '@/lib/jobs/types';
import {
  type ErrorInfo,
  isMessagingError,
  type MessageResult,
  type PageAutoJoin,
  type PageContext,
  type PageJob,
  type PageMessageType,
  type PageOutcome,
  type PageRecording,
  type ScheduledBot,
} from '@/lib/messaging';
import { PAGE_SCOPED } from '@/lib/messaging-schemas';
import { pageMessages } from './messages';

export type Outcome = PageOutcome;

export type SpaceView = PageContext['spaces'][number];

/** Refused for want of a session (the service's, or "Record here"'s): the control offers to open the popup. */
function signedOut(error: ErrorInfo): boolean {
  if (isMessagingError(error)) return error.kind === 'recording' && error.reason === 'signed-out';
  return error.kind === 'auth';
}

/** A failure of any page action, with the space the action was for when known. */
export function describeError(error: ErrorInfo, lang: Lang, space?: SpaceView): Outcome {
  const text = describePageError(error, lang, space);
  return signedOut(error) ? { tone: 'error', text, signedOut: true } : { tone: 'error', text };
}

function describeFailure(failure: JobFailure | undefined, lang: Lang, space?: SpaceView): Outcome {
  if (failure?.kind === 'api') return describeError(failure.error, lang, space);
  return { tone: 'error', text: describePageJobFailure(failure, lang, space) };
}

/** The job a page action made, or the outcome of its refusal or of the job's end in failure. */
function jobOrFailure(result: MessageResult<PageJob>, lang: Lang, space?: SpaceView): PageJob | Outcome {
  if (!result.ok) return describeError(result.error, lang, space);
  const job = result.data;
  return job.phase === 'failed' || job.phase === 'cancelled'
    ? describeFailure(job.failure, lang, space)
    : job;
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
  const job = jobOrFailure(result, lang, space);
  if ('tone' in job) return job;
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
  const job = jobOrFailure(result, lang, space);
  if ('tone' in job) return job;
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

/**
 * The answer to `page.autoJoin` or `page.autoJoinCancel` (the tab rule): a sentence once the
 * countdown is cancelled or the bot was asked for; none while it counts down (the page shows it).
 */
export function describeAutoJoinResult(
  result: MessageResult<PageAutoJoin>,
  lang: Lang,
  space?: SpaceView,
): Outcome | null {
  const m = pageMessages[lang];
  if (!result.ok) return describeError(result.error, lang, space);
  const answer = result.data;
  switch (answer.state) {
    case 'cancelled':
      return { tone: 'success', text: m.autoJoinCancelled };
    case 'sent':
    case 'failed':
      if (answer.job) return describeBotResult({ ok: true, data: answer.job }, lang, space);
      return answer.state === 'sent'
        ? { tone: 'success', text: m.botSentNoSpace }
        : describeError({ kind: 'internal', message: answer.error ?? 'unknown error' }, lang, space);
    default:
      return null;
  }
}

/**
 * The answer to "Record here" and its Stop on a meeting page. Chrome's refusal to capture (a press
 * on the page is not an invocation of the extension) says exactly what to press instead, with the
 * keyboard shortcut in force when there is one.
 */
export function describeRecordResult(
  type: 'page.record' | 'page.recordStop' | 'page.recording' | 'page.recordKeep',
  result: MessageResult<PageRecording>,
  lang: Lang,
  space?: SpaceView,
): Outcome | null {
  const m = pageMessages[lang];
  if (!result.ok) {
    const error = result.error;
    if (error.kind === 'recording' && error.reason === 'capture-refused')
      return {
        tone: 'error',
        text: error.shortcut ? m.recordPress(error.shortcut) : m.recordPressNoShortcut,
      };
    return describeError(error, lang, space);
  }
  // How the tab's recording broke is told to its control whatever asked.
  if (result.data.broke) return { tone: 'error', text: m.recordBroke(result.data.broke) };
  // "Still recording?", not answered yet: said with the control's Keep recording.
  const silence = result.data.silence;
  if (silence) {
    const minutes = (count: number) => formatDuration(count * 60, lang);
    return { tone: 'error', text: m.recordSilence(minutes(silence.heard), minutes(silence.stops)) };
  }
  if (type === 'page.recordKeep') return { tone: 'success', text: m.recordKept };
  if (type === 'page.recording') return null;
  if (type === 'page.recordStop') return { tone: 'success', text: m.recordStopped };
  // The first recording ever: the consent notice, said once.
  const text = result.data.consent ? `${m.recordStarted} ${m.recordConsent}` : m.recordStarted;
  return { tone: 'success', text };
}

/** The page messages whose answers carry the sentence to show: all but the context. */
export type PageActionType = Exclude<PageMessageType, 'page.context'>;

export function isPageAction(type: string): type is PageActionType {
  return type !== 'page.context' && PAGE_SCOPED.has(type);
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
    case 'page.breakage':
    case 'page.eventStart':
    case 'page.callEnded':
    case 'page.callState':
    case 'page.timeline':
      return null;
    case 'page.autoJoin':
    case 'page.autoJoinCancel':
      return describeAutoJoinResult(result as MessageResult<PageAutoJoin>, lang, space);
    case 'page.record':
    case 'page.recordKeep':
    case 'page.recordStop':
    case 'page.recording':
      return describeRecordResult(type, result as MessageResult<PageRecording>, lang, space);
  }
}
