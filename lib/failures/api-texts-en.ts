/**
 * The service's errors in English, as a person can act on them (./api.ts picks the
 * sentence for each error; ./api-both.ts has both languages for the background and tests).
 */
import type { OutcomeCheck, UnsafeOperation } from '@/lib/api/errors';

const recording = (audioId: number | undefined) => (audioId === undefined ? '' : ` (recording ${audioId})`);

export const en = {
  lang: 'en' as 'en' | 'ru',
  /** The name of a validation error that concerns the whole request. */
  request: 'request',
  operations: {
    createRecording: 'creating the recording',
    uploadByUrl: 'submitting the link',
    uploadFromVideoSite: 'submitting the video page',
    sendBot: 'sending the bot',
    startProcessing: 'starting processing',
    completeUpload: 'completing the upload',
  } as Record<UnsafeOperation, string>,
  outcomeAdvice: (check: OutcomeCheck, audioId: number | undefined): string => {
    const id = recording(audioId);
    switch (check) {
      case 'recent-recordings':
        return 'Check the recent recordings of the space in a few minutes before submitting it again.';
      case 'delete-orphan':
        return `The recording was created${id} but its upload links were lost: delete it and upload the file again.`;
      case 'processing-result':
        return `Open the recording${id} to see whether processing is running before starting it again: a repeated start charges again.`;
      case 'meeting':
        return 'Check whether the bot has joined the meeting before sending it again.';
      case 'upload-status':
        return `Check the recording${id} in a few minutes; upload the file again if it does not appear.`;
    }
  },
  trashedOrphans: (message: string) =>
    `${message} An incomplete copy of the recording was moved to the trash.`,
  network: (message: string) =>
    `Could not reach the service (${message}). Check the internet connection and the service address, then try again.`,
  assembling: 'The service has not finished assembling the uploaded file. Check the recording later.',
  timeout: 'The service did not answer in time. Try again in a minute.',
  aborted: 'Cancelled.',
  html: (status: number, text: string | undefined) =>
    `The service address answered with a web page instead of data (status ${status}${text ? `: ${text}` : ''}). Check the service address in the options.`,
  invalidResponse: (status: number, paths: string) =>
    `The service answered with data this version of the extension does not understand (status ${status}; ${paths}). Update the extension or report the problem.`,
  validation: (parts: string) => `The service rejected the request: ${parts}. Correct it and try again.`,
  /** `spaceName` undefined: the space is not known by name. */
  balanceShort: (spaceName: string | undefined) =>
    `Not enough processing time left in ${spaceName ?? 'this space'} for this recording. Top up the plan or choose another space.`,
  balanceLeft: (left: string, spaceName: string | undefined, needed: string | undefined) =>
    `${left} of processing time left in ${spaceName ?? 'this space'}; ${needed === undefined ? 'not enough for this recording' : `this recording needs ${needed}`}.`,
  unpaid:
    "The space's plan is not paid, so processing cannot start. Renew the subscription or choose another space.",
  botLowBalance:
    'Less than 5 minutes of processing time is left in the space, so the bot cannot be sent. Top up the plan or choose another space.',
  botBusyReplay:
    'The service answered that a bot is already in an active meeting in this space, and no other bot sent from this browser is active there. If the connection dropped, the browser repeated the request by itself, so this bot may have been sent: check whether it joined the meeting. Otherwise wait until that meeting ends or choose another space.',
  botBusy:
    'A bot is already in an active meeting in this space. Wait until that meeting ends or choose another space.',
  forbidden: 'You have no access to this space, or it does not exist. Choose another space.',
  notFound: 'The recording was not found; it may have been deleted. Refresh the list.',
  invalidCredentials:
    'Wrong email or password. If you created the account through Google or another third-party sign-in, it has no password yet: set one through password recovery, then sign in here.',
  notSignedIn: 'You are not signed in. Sign in to the service first.',
  sessionExpired: 'Your session has ended. Sign in again.',
  tokenInvalid: 'The service did not accept the session. Sign in again.',
  server: (status: number) => `The service had an internal error (status ${status}). Try again later.`,
  /** `title` undefined: the recording has no title to name. */
  outcomeUnknown: (operation: string, title: string | undefined, advice: string) =>
    `The connection failed while ${operation}${title ? ` of “${title}”` : ''}, so it is unknown whether it took effect. ${advice}`,
  outcomeOrphan: (operation: string, title: string | undefined, advice: string) =>
    `The connection failed while ${operation}${title ? ` of “${title}”` : ''}. ${advice}`,
  missingEtag: (part: number) =>
    `The storage did not reveal the ETag of part ${part}, so the upload cannot be completed. The storage must expose the ETag header to the extension (CORS).`,
  /** `code` and `detail`: '' when the answer had none. */
  partRefused: (status: number, code: string | number | undefined, detail: string) =>
    `The storage refused a part of the file (status ${status}${code === undefined ? '' : `, code ${code}`}${detail}). Upload the file again.`,
  http: (status: number, code: string | number | undefined, detail: string) =>
    `The service answered with status ${status}${code === undefined ? '' : `, code ${code}`}${detail}. Try again later or report the problem.`,
  unexpected: (message: string) => `Unexpected error: ${message}. Try again or report the problem.`,
  unknown: 'Unknown error.',
};

export type ApiErrorTexts = typeof en;
