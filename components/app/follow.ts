/**
 * The page's step when the background reports a change of the session (the app, ./App.tsx, loads
 * it then): the session is asked again, and the account shown is dropped when it is no longer the
 * signed-in one, before the new one's data is read (lib/session-follow). Loaded after the first
 * frame, as the sign-in form that shares `readAccount` is.
 */
import { sendMessage } from '@/lib/messaging';
import { sessionStep } from '@/lib/session-follow';
import { forgetAccount, refreshAll, serviceUrl, session } from './store';

let reading: Promise<void> | null = null;

/**
 * Reads the signed-in account's spaces, jobs and list once, however many ask at the same time (the
 * sign-in form's answer and this page's step after the same sign-in).
 */
export function readAccount(): Promise<void> {
  reading ??= refreshAll().finally(() => {
    reading = null;
  });
  return reading;
}

export async function followSession(): Promise<void> {
  const answer = await sendMessage('session.get', {});
  // No answer (the background restarting): the next change, or the next opening, tells.
  if (!answer.ok) return;
  const step = sessionStep(session.value, answer.data);
  if (step !== 'same') {
    forgetAccount();
    // A read still under way is of the account dropped.
    reading = null;
  }
  session.value = answer.data;
  serviceUrl.value = answer.data.serviceUrl;
  if (step === 'other-account') await readAccount();
}
