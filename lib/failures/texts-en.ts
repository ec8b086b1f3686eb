/** The failure sentences in English (lib/failures/texts.ts says how the languages are loaded). */
import type { LinkFailure } from '@/lib/grounding/thread';
import type { RecordingRefusal, Refusal } from '@/lib/messaging';
import { en as api } from './api-texts-en';

export const en = {
  /** The service's errors (./api.ts), in the same language. */
  api,
  // The background's refusals
  invalidMessage: (fields: string) =>
    `The extension sent a request the background rejected (${fields}). Reload the page.`,
  forbiddenSender: 'This page is not allowed to ask for that. Use the extension’s popup.',
  notCancellable:
    'This job can no longer be cancelled: its request has already been made (a started processing run is charged).',
  unknownMessage: (type: string) => `The background does not know “${type}”. Update or reload the extension.`,
  notMeetingLink: 'This is not a meeting link the bot can join.',
  notVideoPage: 'This is not a video page the service can transcribe.',
  permissionDenied: (origin: string) =>
    `The extension has no access to ${origin}. Allow it in the options, then try again.`,
  /** The background's own refusals (lib/background/handlers.ts); `message` is its English detail. */
  refusal: (refusal: Refusal, message: string): string =>
    (
      ({
        'event-started': 'The event has already started.',
        'not-own-host': "Only the sender page's own host can be hidden.",
        'file-missing': 'No file is stored under this key (lib/file-store.ts).',
        'invalid-regex': message,
        'service-url-empty': 'The service address is empty.',
        'service-url-invalid': 'The service address is not a web address.',
        'service-url-scheme': 'The service address must start with https://.',
        'service-url-insecure':
          'Plain http:// is accepted only for a service on this computer; use https://.',
        'service-url-credentials': 'The service address must not contain a user name or password.',
        'service-url-query': 'The service address must not contain ? or #.',
      }) satisfies Record<Refusal, string>
    )[refusal],
  /**
   * Why "Record here" did not start, the one wording of the popup, the side panel, a meeting page's
   * control and the menu's and shortcut's notification (a press on the page that Chrome does not
   * take as an invocation is the control's own sentence, lib/page/messages.ts).
   */
  recordingRefused: (reason: RecordingRefusal): string =>
    reason === 'signed-out'
      ? 'Sign in to Meeting Capture first (its button on the browser toolbar).'
      : reason === 'already-starting'
        ? 'A recording is starting: wait a moment.'
        : reason === 'already-recording'
          ? 'Another tab is being recorded: stop it first.'
          : reason === 'still-uploading'
            ? 'The last recording is still being uploaded: start the next one when it is done (see Meeting Capture).'
            : reason === 'another-account'
              ? 'This recording was made under another account: sign in as that account to upload or discard it.'
              : reason === 'unfinished'
                ? 'A recording was left unfinished: upload or discard it in Meeting Capture first.'
                : reason === 'not-a-web-page'
                  ? 'Only web pages (http or https) can be recorded. Switch to the meeting’s tab and start the recording there.'
                  : reason === 'not-the-meeting'
                    ? 'The tab in front is not that meeting. Switch to the meeting’s tab, open Meeting Capture there and press “Record here instead” again.'
                    : reason === 'tab-gone'
                      ? 'The tab is gone.'
                      : reason === 'unsupported'
                        ? 'Recording a tab needs Chrome or another Chromium browser.'
                        : 'Chrome did not let the tab be recorded. Click the Meeting Capture button in the toolbar while on the tab, then “Record this tab”.',
  sourcesFailed: (reason: LinkFailure): string =>
    reason === 'late'
      ? 'Finding them took too long. Try again.'
      : reason === 'busy'
        ? 'Too many protocols are waiting for theirs. Try again in a minute.'
        : reason === 'no-answer'
          ? 'The part of the extension that finds them did not answer. Try again.'
          : 'Finding them failed. Try again.',
  noAnswer: 'The extension’s background did not answer. Try again or reload the extension.',
  internal: (message: string) =>
    `The extension ran into a problem: ${message.replace(/[.\s]+$/, '')}. Try again or reload the extension.`,
  // Job failures
  processingFailed: 'Processing failed. The charged time was returned to the balance.',
  processingServerError:
    'Processing failed: the service kept answering with an error for more than 3 minutes. The charged time was returned to the balance.',
  downloadProbablyFailed: (waited: string) =>
    `The service still has not received the file after ${waited}. It reports no error when a download fails, so the download has probably failed. Check that the link is public and leads to the file or video itself, then try again.`,
  botNoRecording: (waited: string) =>
    `No recording from the bot appeared within ${waited}. The service reports no status for the bot: it may not have been let into the meeting, or the meeting was not recorded.`,
  lostAnswerNoRecording: (waited: string, intent: 'link' | 'video') =>
    `The service's answer to the ${intent === 'video' ? 'video page' : 'link'} was lost on the way, and no recording of it appeared in the space within ${waited}. It was not submitted again, so nothing was made twice. Look for it in the space's list; if it is not there, submit it again.`,
  uploadFileMissing: 'The file is no longer stored in the browser. Choose it again to upload it.',
  processingNotStarted: (waited: string) =>
    `The service had not started processing the recording after ${waited}. Open the recording and start processing again.`,
  accountChanged: 'You signed in to another service or account, so this job was left behind.',
  recordingNotUploaded:
    "The recording's file has not fully arrived at the service, so it cannot be processed yet.",
  unknownFailure: (kind: string) => `The job failed (${kind}).`,
  // The sign-in form, in the words of its fields
  wrongCredentials:
    'Wrong email or password. An account created through Google or another third-party sign-in has no password yet: set one through password recovery on the service, then sign in here.',
  noServiceAtUrl: (status: number) =>
    `No Meeting Recording Processing Service answers at this address: it returned a web page (status ${status}) instead of data. Check the Service URL.`,
  unreachable:
    'The service cannot be reached at this address. Check the Service URL and the internet connection, then try again.',
  unreachableAt: (url: string) =>
    `${url} cannot be reached: nothing answers there. Check the address, that the service is running and that this computer is online.`,
  noAnswerAt: (url: string) =>
    `${url} does not answer: the connection was made but no reply came in time. Check the address and try again later.`,
  accessNotGranted: (origin: string) =>
    `Access to ${origin} was not granted, so the extension cannot reach the service there. Sign in again and allow access when the browser asks.`,
};

export type FailureTexts = typeof en;
