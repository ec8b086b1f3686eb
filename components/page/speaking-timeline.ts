/**
 * Who speaks when, on a meeting page whose tab is recorded with "Record here" (or whose meeting
 * our bot records): the page's
 * participants and speaking marks, read through the service's timeline reader
 * (lib/meetings/timeline/) in the document the call is drawn in (lib/meetings/call-document.ts:
 * the top document, or Zoom's and Telemost's same-origin call frame), sampled a few times a second
 * into a timeline of intervals (lib/page-names/sampler.ts) that the background keeps beside the
 * recording (or the bot's job). Idle while the tab is not recorded: it asks the background at
 * the start, when told (a recording started or stopped, a bot sent), and every 5 minutes in case
 * a notice was lost. A service without a reader is left alone. Reads
 * names and marks only, never other page text, and shows nothing on the page.
 */
import { detectMeeting, meetingService } from '@/lib/meetings';
import { callDocument } from '@/lib/meetings/call-document';
import { TIMELINE_READERS } from '@/lib/meetings/timeline';
import { sendMessage } from '@/lib/messaging';
import { isMeetingPage } from '@/lib/page/conditions';
import type { PageFeature } from '@/lib/page/feature';
import { IDLE_CHECK_MS, PageSampler, SAMPLE_MS } from '@/lib/page-names/sampler';
import { onContextChanged, onTimelineChanged } from './page-messaging';

export const speakingTimeline: PageFeature = {
  id: 'speaking-timeline',
  include: [isMeetingPage],
  init(signal, visit) {
    const meeting = detectMeeting(visit.url.href);
    const reader = meeting ? TIMELINE_READERS[meeting.service] : undefined;
    if (!meeting || !reader) return;
    const adapter = meetingService(meeting.service)?.page;
    const sampler = new PageSampler({
      now: Date.now,
      read: (now) => {
        const doc = callDocument(document, adapter);
        return doc ? reader.read(doc, now) : null;
      },
      send: async (report) => {
        const answer = await sendMessage('page.timeline', report);
        return answer.ok && answer.data.recording;
      },
    });
    const timer = visit.ctx.setInterval(() => {
      if (!signal.aborted) sampler.tick();
    }, SAMPLE_MS);
    // A bot sent to this meeting after the page loaded: the background says so at once (below);
    // a slow look stands in for a notice lost (the worker stopped before sending it).
    const idle = visit.ctx.setInterval(() => {
      if (!signal.aborted && !sampler.active) void sampler.check();
    }, IDLE_CHECK_MS);
    signal.addEventListener(
      'abort',
      () => {
        clearInterval(timer);
        clearInterval(idle);
      },
      { once: true },
    );
    // The background tells the tab when its recording starts or stops, and every meeting page
    // when a bot of ours is sent.
    onContextChanged(signal, () => void sampler.check());
    onTimelineChanged(signal, () => {
      if (!sampler.active) void sampler.check();
    });
    void sampler.check();
  },
};
