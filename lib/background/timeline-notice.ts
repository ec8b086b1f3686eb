/**
 * The meeting pages told at once when a bot of ours is sent: a page of that meeting, open before
 * the bot was sent, starts sampling who speaks (components/page/speaking-timeline.ts) without
 * waiting for its next look. A "Record here" recording tells its own tab as it starts
 * (lib/background/recording/).
 *
 * The extension holds no `tabs` permission, so it cannot see which tab shows which address: every
 * tab is told, as settings changes are (page-answers.ts), and only the meeting pages' script
 * listens; a tab without it refuses the message, which is ignored. The page then asks
 * `page.timeline`, whose answer decides, from the page's own address (lib/background/page-names.ts).
 */
import { isTerminal, type Job } from '@/lib/jobs/types';
import { PAGE_TIMELINE_CHANGED } from '@/lib/messaging';
import { notifyPages } from './page-answers';

type Jobs = Readonly<Record<string, Job>> | null | undefined;

/** Whether `after` holds a bot job under way that was not under way in `before`: one just sent, or sent again. */
export function botJobStarted(before: Jobs, after: Jobs): boolean {
  for (const [id, job] of Object.entries(after ?? {})) {
    if (job.intent !== 'bot' || isTerminal(job.phase) || !job.sourceUrl) continue;
    const was = before?.[id];
    if (!was || isTerminal(was.phase)) return true;
  }
  return false;
}

/** Tells every tab's meeting page script (where one runs) to ask again whether to sample. */
export function tellMeetingPages(): Promise<void> {
  return notifyPages(PAGE_TIMELINE_CHANGED);
}
