/**
 * Texts the background shows itself: notifications and context menu items. English is here; the
 * Russian (./texts-ru.ts) is provided when the worker starts (./texts-provided.ts).
 */
import type { Lang } from '@/lib/i18n';
import { lazyTexts } from '@/lib/lazy-texts';

const en = {
  menuSendBot: 'Send bot to this meeting',
  menuTranscribe: 'Transcribe audio',
  readyTitle: 'Protocol ready',
  readyMessage: (title: string) => `“${title}”: the protocol and transcript are ready. Click to open.`,
  uploadedTitle: 'Recording uploaded',
  uploadedMessage: (title: string) => `“${title}” is in the space and ready to process.`,
  failedTitle: (title: string) => `Not finished: ${title}`,
  recordingFallback: 'recording',
  botFallback: 'meeting bot',
  botSentTitle: 'Bot sent',
  botSentMessage: (link: string) =>
    `The bot is joining ${link}. The protocol will arrive by itself after the meeting.`,
  transcribeTitle: 'Transcription started',
  transcribeMessage: (what: string) =>
    `The service is fetching ${what}. You will be notified when it is done.`,
  notMeetingTitle: 'No meeting here',
  notMeetingMessage: 'This tab is not a Google Meet, Zoom or Yandex Telemost meeting.',
  notMediaTitle: 'Nothing to transcribe',
  notMediaMessage: 'This link is neither a video page nor a direct link to an audio or video file.',
  notSignedInTitle: 'Sign in first',
  notSignedInMessage: 'Open Meeting Capture and sign in to the service.',
  actionFailedTitle: 'Could not do it',
  sessionEndsTitle: 'Sign in again soon',
  sessionEndsMessage: (when: string) =>
    `Your Meeting Capture session can no longer be renewed after ${when}. Sign in again before then to keep receiving protocols.`,
  sessionExpiredTitle: 'Session ended',
  sessionExpiredMessage: 'Sign in to Meeting Capture again to keep receiving protocols.',
  scheduledSentTitle: 'Scheduled bot sent',
  scheduledMissedTitle: 'Scheduled bot not sent',
  scheduledMissedMessage: (what: string) =>
    `The bot for ${what} was not sent: the browser was not running at the start time.`,
  menuRecordTab: 'Record this tab',
  recordingBalanceTitle: (percent: number): string =>
    percent >= 100 ? 'Recording is past the time left' : 'Recording nears the time left',
  recordingBalanceMessage: (percent: number): string =>
    percent >= 100
      ? 'This recording is now longer than the processing time left in its space. It goes on and is kept: when it stops, top up or choose another space for it.'
      : 'This recording has used 80 % of the processing time left in its space. It goes on and is kept either way.',
  recordingFailedTitle: 'Recording not uploaded',
  recordingFailed: (kind: string): string =>
    kind === 'too-short'
      ? 'The recording lasted under a second: nothing was uploaded.'
      : kind === 'storage-full'
        ? 'The browser’s storage is full: the recording stopped. What was recorded is kept; free some space, then upload it from Meeting Capture.'
        : kind === 'capture-refused'
          ? 'Chrome did not let the tab be recorded. Click the Meeting Capture button in the toolbar, then “Record this tab”.'
          : kind === 'over-balance'
            ? 'The recording is longer than the processing time left in its space. It is kept: open Meeting Capture to upload it to another space, or top up first.'
            : 'The recording could not be finished. What was recorded is kept: open Meeting Capture to upload it.',
  recordingTabEnded: [
    'Recording stopped',
    'The tab’s sound ended (the tab closed or another capture took it): what was recorded is kept and uploaded.',
  ] as [string, string],
  recordingMeetingEnded: [
    'Recording stopped: the meeting ended',
    'The recorded tab left the meeting or its call ended: the recording stopped by itself and is being uploaded. Follow it in Meeting Capture.',
  ] as [string, string],
  recordingMicLost: [
    'Your microphone is no longer recorded',
    'The microphone stopped (switched off or unplugged): from now on only the tab’s sound is recorded. What was recorded is kept.',
  ] as [string, string],
  recordingPageGone: [
    'Recording stopped',
    'The recording page closed unexpectedly: what was recorded until then is kept. Open Meeting Capture to upload it.',
  ] as [string, string],
  recordingSilenceAskTitle: 'Still recording?',
  recordingSilenceAsk: (heard: string, stops: string) =>
    `Nothing has been heard for ${heard}. The recording stops by itself after ${stops} of silence: Keep recording holds it through this silence; stop it from Meeting Capture if the meeting is over.`,
  recordingKeep: 'Keep recording',
  recordingSessionEnded: [
    'Signed out: still recording',
    'Your session with the service ended, but this tab is still being recorded. Sign in to Meeting Capture again with the same account: the recording is uploaded then.',
  ] as [string, string],
  recordingWaitsForSignIn: [
    'Recording waits for you to sign in',
    'The recording stopped and is kept. Sign in to Meeting Capture again with the same account: it is uploaded then.',
  ] as [string, string],
  uploadSiteTitle: 'Upload waits for your permission',
  uploadSiteMessage: (title: string, site: string) =>
    `“${title}” goes to ${site}, where the service keeps uploaded recordings, and Meeting Capture may not reach it yet. Open Meeting Capture from the toolbar and allow it: the upload then goes on.`,
  recordingSilenceCutTitle: 'Silence cut',
  recordingSilenceCut: (length: string) =>
    `The silence at the end of the recording (${length}) was cut: it is not uploaded or charged.`,
  recordingSleepCutTitle: 'Sleep left out',
  recordingSleepCut: (length: string) =>
    `The time the computer stood still during the recording (${length}) was left out of the file: it is not uploaded or charged.`,
  recordingStartedTitle: 'Recording this tab',
  recordingStartedMessage:
    'The tab’s sound is being recorded. Stop it from the Meeting Capture button in the toolbar; the recording is uploaded then.',
  recordingConsent: 'Tell the participants that the meeting is being recorded.',
  recordingNotStartedTitle: 'Recording not started',
  balanceShortTitle: 'Not enough time left',
  balanceShortMessage: (space: string, needed: string, available: string) =>
    `The meetings planned for the next 24 hours need ${needed} in “${space}”, which has ${available} left.`,
  calendarCapTitle: 'Calendar bots: daily limit reached',
  calendarCapMessage: (cap: number) =>
    `Calendars have sent ${cap} bots in the last 24 hours, the limit set in the options. Other meetings get no bot until then; you can still send one by hand.`,
};

export type BackgroundTexts = typeof en;

/** The background texts by language: English here, others provided where they come into force. */
export const backgroundTextRegistry = lazyTexts<BackgroundTexts>('background', en);

/** The background's texts in `lang`: ask for them where a text is shown, not before. */
export function backgroundTexts(lang: Lang): BackgroundTexts {
  return backgroundTextRegistry.get(lang);
}
