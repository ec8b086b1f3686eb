/**
 * The microphone of "Record here": what the recording page (the offscreen document) does with it,
 * and when the popup sends the user to the microphone page. An offscreen document cannot show
 * Chrome's permission prompt, so the microphone is asked once from an extension page in a tab
 * (entrypoints/microphone/), and Chrome remembers the answer for the extension's origin.
 */
import type { MicrophoneState } from './state';

/** `navigator.permissions.query({ name: 'microphone' })`'s state; 'unknown' where it cannot answer. */
export type MicrophonePermission = 'granted' | 'denied' | 'prompt' | 'unknown';

export function toMicrophonePermission(state: unknown): MicrophonePermission {
  return state === 'granted' || state === 'denied' || state === 'prompt' ? state : 'unknown';
}

/**
 * Before recording: ask for the microphone's stream, or already know it stays out. A refusal the
 * user gave is final here (asking again cannot change it, and must not go around it).
 */
export function microphonePlan(
  wanted: boolean,
  permission: MicrophonePermission,
): { ask: true } | { ask: false; state: MicrophoneState } {
  if (!wanted) return { ask: false, state: 'off' };
  if (permission === 'denied') return { ask: false, state: 'refused' };
  return { ask: true };
}

/**
 * What a failed `getUserMedia({ audio: true })` means. No device: 'missing'. Not allowed while
 * Chrome had never asked the user (the page that asks was not used yet): 'unasked'. Otherwise the
 * user (or a policy) refused it: 'refused'.
 */
export function microphoneFailure(
  errorName: string | undefined,
  permission: MicrophonePermission,
): MicrophoneState {
  if (errorName === 'NotFoundError' || errorName === 'OverconstrainedError') return 'missing';
  if (permission === 'prompt') return 'unasked';
  return 'refused';
}

/** Ticking "Also record my microphone" opens the microphone page while Chrome has not asked yet. */
export function needsMicrophonePage(wanted: boolean, permission: MicrophonePermission): boolean {
  return wanted && permission === 'prompt';
}

/** The microphone page's outcome of its one `getUserMedia` call. */
export type MicrophoneAnswer = 'allowed' | 'refused' | 'missing';

export function microphoneAnswer(errorName: string | undefined): MicrophoneAnswer {
  if (errorName === undefined) return 'allowed';
  return errorName === 'NotFoundError' || errorName === 'OverconstrainedError' ? 'missing' : 'refused';
}

/** Chrome's settings page of the extension's own site permissions (the microphone among them). */
export function microphoneSettingsUrl(extensionOrigin: string): string {
  return `chrome://settings/content/siteDetails?site=${encodeURIComponent(extensionOrigin)}`;
}
