/**
 * Notifications: a result ready or failed (each can be turned off in the options), and the
 * background's own outcomes (bot sent from the context menu, session ending). In the user's
 * language. Job notifications have the id `job:<jobId>`, so a repeated notice replaces the first
 * instead of doubling it, and a click opens the recording in the viewer.
 */
import { browser } from 'wxt/browser';
import { describeJobFailure } from '@/lib/failures';
import { plainLabel } from '@/lib/format/label';
import type { Lang } from '@/lib/i18n';
import type { JobStore } from '@/lib/jobs/store';
import { isTerminal, type Job } from '@/lib/jobs/types';
import type { Settings } from '@/lib/storage';
import { backgroundTexts } from './texts';

const JOB_NOTIFICATION_PREFIX = 'job:';
export const SESSION_NOTIFICATION_ID = 'session';

/** The viewer page of a recording (the popup engineer's `viewer.html`). */
export function viewerUrl(spaceId: number, audioId: number): string {
  const params = new URLSearchParams({ space: String(spaceId), audio: String(audioId) });
  const page = browser.runtime.getURL('/viewer.html' as Parameters<typeof browser.runtime.getURL>[0]);
  return `${page}?${params}`;
}

/**
 * Shows a notification, replacing the one of the same id. `buttons` (Chrome shows two at most; a
 * press comes back to `onButtonClicked` by index): where the browser refuses them (Firefox has
 * none), the notification is shown without.
 */
export async function notify(id: string, title: string, message: string, buttons?: string[]): Promise<void> {
  const options = {
    type: 'basic' as const,
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title,
    message,
  };
  try {
    if (buttons?.length) {
      const withButtons = { ...options, buttons: buttons.slice(0, 2).map((text) => ({ title: text })) };
      const shown = await browser.notifications.create(id, withButtons).then(
        () => true,
        () => false,
      );
      if (shown) return;
    }
    await browser.notifications.create(id, options);
  } catch (error) {
    // A notification that cannot be shown (notifications disabled in the system) loses nothing:
    // the popup shows the same state from the job.
    console.warn('notification not shown', error);
  }
}

/** At most this many characters of a title in a notification (the system cuts it anyway). */
export const NOTICE_TITLE_MAX = 100;

/**
 * A recording title as a notification shows it: plain text from the service or a file name
 * (lib/format/label.ts), cut to `NOTICE_TITLE_MAX` characters.
 */
export function noticeName(title: string): string {
  return plainLabel(title, NOTICE_TITLE_MAX);
}

/** What to show when a job has just ended, or null (cancelled, turned off in the options). */
function jobNotice(job: Job, settings: Settings, lang: Lang): { title: string; message: string } | null {
  const t = backgroundTexts(lang);
  const name = noticeName(job.title ?? '') || (job.intent === 'bot' ? t.botFallback : t.recordingFallback);
  switch (job.phase) {
    case 'ready':
      return settings.notifyReady ? { title: t.readyTitle, message: t.readyMessage(name) } : null;
    case 'uploaded':
      return settings.notifyReady ? { title: t.uploadedTitle, message: t.uploadedMessage(name) } : null;
    case 'failed':
      return settings.notifyFailed && job.failure
        ? { title: t.failedTitle(name), message: describeJobFailure(job.failure, lang) }
        : null;
    default:
      return null;
  }
}

/** Called on every job change: notifies when it has just reached an end. */
export async function notifyJobEnded(
  job: Job,
  previous: Job | undefined,
  settings: Settings,
  lang: Lang,
): Promise<void> {
  if (!isTerminal(job.phase) || (previous && isTerminal(previous.phase))) return;
  const notice = jobNotice(job, settings, lang);
  if (notice) await notify(`${JOB_NOTIFICATION_PREFIX}${job.id}`, notice.title, notice.message);
}

/** A job that ended this long ago without its notice being recorded is not notified any more. */
export const MISSED_NOTICE_WINDOW_MS = 15 * 60_000;

/**
 * Jobs whose end was stored but whose notice was never recorded: the worker stopped between the
 * two. The next start shows them (the `job:<id>` id keeps a notice from doubling).
 */
export function missedNotices(jobs: readonly Job[], now: number): Job[] {
  return jobs.filter(
    (job) =>
      isTerminal(job.phase) &&
      job.notifiedAt === undefined &&
      now - (job.finishedAt ?? job.updatedAt) <= MISSED_NOTICE_WINDOW_MS,
  );
}

/** Records that a job's end was dealt with, so a later start does not show it again. */
export async function markNotified(store: JobStore, id: string, now: number): Promise<void> {
  await store.update(id, (job) =>
    job && isTerminal(job.phase) && job.notifiedAt === undefined ? { ...job, notifiedAt: now } : undefined,
  );
}

/** A click on a job notification opens its recording in the viewer. */
export async function openNotification(id: string, store: JobStore): Promise<void> {
  await browser.notifications.clear(id).catch(() => undefined);
  if (id.startsWith(JOB_NOTIFICATION_PREFIX)) {
    const job = await store.get(id.slice(JOB_NOTIFICATION_PREFIX.length));
    if (job?.audioId !== undefined) await browser.tabs.create({ url: viewerUrl(job.spaceId, job.audioId) });
    return;
  }
  if (id === SESSION_NOTIFICATION_ID) await browser.runtime.openOptionsPage().catch(() => undefined);
}
