/**
 * Who speaks when, on a meeting page whose tab is recorded with "Record here" (or whose meeting
 * our bot records): the page's participants and speaking marks, read through the service's
 * timeline reader (lib/meetings/timeline/) in the document the call is drawn in
 * (lib/meetings/call-document.ts: the top document, or Zoom's and Telemost's same-origin call
 * frame), into a timeline of intervals (lib/page-names/sampler.ts) that the background keeps
 * beside the recording (or the bot's job).
 *
 * Idle while the tab is not recorded: no timer, no observer. It asks the background at the start,
 * when told (a recording started or stopped, a bot sent) and when the tab is shown again (in case
 * a notice was lost). While sampling, only the reader's places are watched
 * (lib/meetings/timeline/watch.ts): a change there is read `SAMPLE_MS` later (what held until the
 * change is sampled at once), and otherwise the last sample is given again every `HOLD_MS`, which
 * reads nothing. A service without a reader is left alone. Reads names and marks only, never other
 * page text, and shows nothing on the page.
 */
import { detectMeeting, meetingService } from '@/lib/meetings';
import { callDocument } from '@/lib/meetings/call-document';
import { TIMELINE_READERS } from '@/lib/meetings/timeline';
import { TimelineWatch } from '@/lib/meetings/timeline/watch';
import { sendMessage } from '@/lib/messaging';
import { isMeetingPage } from '@/lib/page/conditions';
import { type PageFeature, visitListener } from '@/lib/page/feature';
import { PageSampler, SAMPLE_MS } from '@/lib/page-names/sampler';
import { onContextChanged, onTimelineChanged } from './page-messaging';

/**
 * While nothing changes, the last sample is given again this often: half the timeline's merge gap
 * of 1 s (lib/page-names/timeline.ts), so that a turn stays one interval when a busy machine fires
 * the timer late (at 1 s, a tick 5 ms late cut every turn into one-second pieces and lost the
 * quiet between them), and well within its 2 s beyond which time counts as unwatched. A tick reads
 * nothing.
 */
export const HOLD_MS = 500;

export const speakingTimeline: PageFeature = {
  id: 'speaking-timeline',
  include: [isMeetingPage],
  init(signal, visit) {
    const meeting = detectMeeting(visit.url.href);
    const reader = meeting ? TIMELINE_READERS[meeting.service] : undefined;
    if (!meeting || !reader) return;
    const adapter = meetingService(meeting.service)?.page;
    let hold: number | undefined;
    let soon: number | undefined;
    const watch = new TimelineWatch(
      reader,
      () => callDocument(document, adapter),
      () => {
        sampler.tick();
        soon ??= visit.ctx.setTimeout(tick, SAMPLE_MS);
      },
    );
    const sampler = new PageSampler({
      now: Date.now,
      read: (now) => watch.read(now),
      send: async (report) => {
        const answer = await sendMessage('page.timeline', report);
        return answer.ok && answer.data.recording;
      },
    });
    const quiet = () => {
      clearInterval(hold);
      clearTimeout(soon);
      hold = soon = undefined;
      watch.stop();
    };
    /** Samples while the background says the tab is recorded; nothing scheduled otherwise. */
    const follow = () => {
      if (signal.aborted || !sampler.active) quiet();
      else if (hold === undefined) {
        hold = visit.ctx.setInterval(tick, HOLD_MS);
        sampler.tick();
      }
    };
    function tick() {
      soon = undefined;
      sampler.tick();
      follow();
    }
    const check = async () => {
      await sampler.check();
      follow();
    };
    signal.addEventListener('abort', quiet, { once: true });
    // The background tells the tab when its recording starts or stops, and every meeting page
    // when a bot of ours is sent; a notice lost (the worker stopped before sending it) is made up
    // for when the person comes back to the tab.
    onContextChanged(signal, () => void check());
    onTimelineChanged(signal, () => {
      if (!sampler.active) void check();
    });
    visitListener(signal, document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible' && !sampler.active) void check();
    });
    void check();
  },
};
