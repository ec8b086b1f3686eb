/**
 * The session as the pages see it (never the tokens), and the warnings before it ends.
 *
 * When does a new sign-in become necessary? The access token lives 30 days, the refresh token 1
 * day, and the client renews the access token once less than a day of it is left. During the first
 * day a renewal would work, but none is needed; after the first day the refresh token is dead, so
 * the access token is used until it runs out (the client does not end a session on its own clock's
 * word, which may be fast): then the service refuses it, the refresh is refused too, and the
 * session ends. So a new sign-in is needed at `accessExpiresAt` (30 days after sign-in with the
 * contract's lifetimes), unless the refresh token still lives when renewal becomes due (short-lived
 * test tokens), in which case renewals push that point further.
 *
 * A notification and the view's `warning` say so one margin (a day) before that point
 * (`renewal-ends-soon`), and again once it has come or the session was ended by the service
 * (`expired`). Each notice is shown once per session.
 */
import { browser } from 'wxt/browser';
import { renewalMarginMs, type Session } from '@/lib/api';
import { formatDateAndTime } from '@/lib/format/dates';
import type { Lang } from '@/lib/i18n';
import type { SessionView } from '@/lib/messaging';
import { type SessionEnded, sessionEndedItem } from '@/lib/session-store';
import { sessionNoticesItem } from '@/lib/storage';
import { notify, SESSION_NOTIFICATION_ID } from './notifications';
import { backgroundTexts } from './texts';

export const SESSION_WARNING_ALARM = 'session-ends-soon';
export const SESSION_EXPIRED_ALARM = 'session-expired';

/** When the session can no longer be renewed and a new sign-in is needed (ms). */
export function signInNeededAt(session: Session): number {
  const margin = renewalMarginMs(session);
  // `renewalMarginMs` is a thirtieth of the token's lifetime (capped at a day): a renewal gives a
  // token of about 30 margins.
  const renewedLifetime = Math.max(margin * 30, 1);
  let point = session.accessExpiresAt - margin;
  for (let renewals = 0; point < session.refreshExpiresAt && renewals < 10_000; renewals += 1) {
    point += renewedLifetime - margin;
  }
  // The refresh token is dead by then: the access token is used until it runs out (a margin later).
  return point + margin;
}

export function warningAt(session: Session): number {
  return signInNeededAt(session) - renewalMarginMs(session);
}

export function sessionView(
  session: Session | null,
  ended: SessionEnded | null,
  serviceUrl: string,
  now: number,
): SessionView {
  if (!session) {
    return ended
      ? { signedIn: false, serviceUrl, email: ended.email, warning: 'expired' }
      : { signedIn: false, serviceUrl, warning: null };
  }
  const neededAt = signInNeededAt(session);
  const warning = now >= neededAt ? 'expired' : now >= warningAt(session) ? 'renewal-ends-soon' : null;
  return { signedIn: true, serviceUrl, email: session.email, renewableUntil: neededAt, warning };
}

/** Which notices were shown, keyed by the moment they were about, so each shows once. */
export { sessionNoticesItem };

/**
 * Shows a due notice and arms alarms for the next ones. Run when the worker starts, on the session
 * alarms, after sign-in and after ticks (the client may have ended the session).
 */
export async function checkSessionNotices(
  session: Session | null,
  ended: SessionEnded | null,
  now: number,
  lang: Lang,
): Promise<void> {
  // Asked for only when a notice is shown: a wake with nothing to say loads no texts.
  const t = () => backgroundTexts(lang);
  const notices = await sessionNoticesItem.getValue();
  if (!session) {
    await Promise.all([
      browser.alarms.clear(SESSION_WARNING_ALARM),
      browser.alarms.clear(SESSION_EXPIRED_ALARM),
    ]);
    if (ended && notices.expiredFor !== ended.at) {
      await notify(SESSION_NOTIFICATION_ID, t().sessionExpiredTitle, t().sessionExpiredMessage);
      await sessionNoticesItem.setValue({ ...notices, expiredFor: ended.at });
    }
    return;
  }
  const neededAt = signInNeededAt(session);
  const warnAt = warningAt(session);
  if (now >= neededAt) {
    if (notices.expiredFor !== neededAt) {
      await notify(SESSION_NOTIFICATION_ID, t().sessionExpiredTitle, t().sessionExpiredMessage);
      await sessionNoticesItem.setValue({ ...notices, expiredFor: neededAt });
    }
    return;
  }
  if (now >= warnAt && notices.warnedFor !== neededAt) {
    await notify(
      SESSION_NOTIFICATION_ID,
      t().sessionEndsTitle,
      t().sessionEndsMessage(formatDateAndTime(neededAt, lang)),
    );
    await sessionNoticesItem.setValue({ ...notices, warnedFor: neededAt });
  }
  // One-shot alarms, far ahead (28 and 29 days after sign-in): they cost nothing until they fire.
  if (now < warnAt) await ensureAlarm(SESSION_WARNING_ALARM, warnAt);
  await ensureAlarm(SESSION_EXPIRED_ALARM, neededAt);
}

async function ensureAlarm(name: string, when: number): Promise<void> {
  const existing = await browser.alarms.get(name);
  if (existing?.scheduledTime === when) return;
  await browser.alarms.create(name, { when });
}

export { sessionEndedItem };
