/**
 * Names from the meeting page, in the background: the speaking timeline a recorded meeting page
 * samples (components/page/speaking-timeline.ts: the tab recorded with "Record here", or a meeting
 * our bot is in) is kept beside its recording or its bot job
 * (lib/page-names/store.ts), follows the recording to its upload job and the service's recording,
 * and goes with them. When the result is ready and the option "apply confident names without
 * asking" is on, the names the page suggests are given through the archive's rename, once; else
 * the viewer and the popup offer them (components/viewer/PageNamesOffer.tsx).
 *
 * The calendar event's attendees: when a bot job is made for a meeting link, or a "Record here"
 * recording starts on a meeting tab, and a synced feed holds an occurrence of that meeting then
 * (lib/calendar/attendees.ts), its attendees' names are kept beside the job or the recording, in
 * the same entry as the page's timeline. They are offered as choices under the speakers' rename,
 * never given as names by themselves. The event's UID is kept with them: the open items find a
 * meeting's series by it (lib/items/series.ts).
 *
 * A page that showed no participant tiles, or never a speaking mark, during its recording is
 * listed in the diagnostics (lib/page/breakage.ts) under its service; the recording goes on and
 * its result keeps the service's labels.
 */

import { browser } from 'wxt/browser';
import { normalizeDialog } from '@/lib/api/units';
import type { ArchiveChange } from '@/lib/archive';
import type { Archive } from '@/lib/archive/store';
import { occurrenceAround } from '@/lib/calendar/attendees';
import type { MeetingOccurrence } from '@/lib/calendar/types';
import type { JobStore } from '@/lib/jobs/store';
import type { Job } from '@/lib/jobs/types';
import { isTerminal } from '@/lib/jobs/types';
import { detectMeeting, parseMeetingLink } from '@/lib/meetings';
import { recordBreakage } from '@/lib/page/breakage';
import type { SleepCut } from '@/lib/page-names/cuts';
import type { TimelineStore } from '@/lib/page-names/store';
import { parseTimeline } from '@/lib/page-names/stored-timeline';
import { suggestNames } from '@/lib/page-names/suggest';
import type { PageTimeline } from '@/lib/page-names/timeline';
import { isCapturing, type RecordingState } from '@/lib/recording/state';
import { pageBreakagesItem } from '@/lib/storage';

/** The daily alarm that lets go of timelines kept past 90 days, set while any is kept. */
export const PAGE_NAMES_EXPIRY_ALARM = 'page-names-expiry';
const DAY_MINUTES = 24 * 60;

/** The daily alarm set (left as it is when already set: setting it again would put it off), or cleared. */
async function armExpiry(any: boolean): Promise<void> {
  if (!any) await browser.alarms.clear(PAGE_NAMES_EXPIRY_ALARM);
  else if (!(await browser.alarms.get(PAGE_NAMES_EXPIRY_ALARM)))
    await browser.alarms.create(PAGE_NAMES_EXPIRY_ALARM, {
      delayInMinutes: DAY_MINUTES,
      periodInMinutes: DAY_MINUTES,
    });
}

export interface PageNamesDeps {
  now: () => number;
  store: TimelineStore;
  /** The current recording and the ones set aside (lib/recording/store.ts). */
  recording: { state(): Promise<RecordingState | null>; kept(): Promise<RecordingState[]> };
  jobs: Pick<JobStore, 'list'>;
  archive: { store: Archive; owner: () => Promise<string | null> };
  /** The option "apply confident names without asking". */
  applyWithoutAsking: () => Promise<boolean>;
  /** The occurrences the synced calendars hold now (none when no calendar is kept). */
  occurrences: () => Promise<readonly MeetingOccurrence[]>;
}

export interface PageTimelineReport {
  timeline?: unknown;
  missing?: 'participant tiles' | 'speaking marks';
}

export interface PageNamesService {
  /** A meeting page's report (`page.timeline`): kept only for the tab recorded now. */
  fromPage(tabId: number, url: string, report: PageTimelineReport): Promise<{ recording: boolean }>;
  /** The timeline kept for a recording of the service, with its recording's start. */
  timelineOf(
    spaceId: number,
    audioId: number,
  ): Promise<{
    timeline: PageTimeline;
    startedAt: number;
    bot: boolean;
    attendees?: string[];
    cuts?: SleepCut[];
    event?: string;
  } | null>;
  /**
   * What the meeting pages and calendars told of every recording that has it (`<space>:<audio>`
   * → its page's participants, the attendees and the event's UID).
   */
  kept(): Promise<Map<string, { timeline: PageTimeline; attendees: string[]; event: string | null }>>;
  /** A bot job was made (or joined) for a meeting link: the calendar event's attendees are kept beside it. */
  botSent(job: Job): Promise<void>;
  /** A "Record here" recording started on a page: the calendar event's attendees are kept beside it. */
  recordingStarted(recording: { id: string; startedAt: number }, pageUrl: string | undefined): Promise<void>;
  /** The jobs moved on: entries follow them; a ready result gets its names when the option says so. */
  follow(): Promise<void>;
  /** The archive changed: a recording removed takes its timeline along. */
  archiveChanged(change: ArchiveChange): Promise<void>;
  /**
   * Lets go of the timelines kept past 90 days (the daily alarm, and every start of the worker),
   * and keeps the daily alarm set while any is kept.
   */
  expire(): Promise<void>;
  /** Sign-out: every timeline goes (a session that ended keeps them with its recordings). */
  wipe(): Promise<void>;
}

export function createPageNames(deps: PageNamesDeps): PageNamesService {
  const { store } = deps;
  /** The account signed in, as an entry's `owner` (nothing when nobody is). */
  const account = async () => {
    const owner = await deps.archive.owner();
    return owner ? { owner } : {};
  };
  /** One follow at a time: two job changes in a row never give names twice. */
  let following: Promise<void> = Promise.resolve();

  async function applyConfident(entry: {
    recordingId: string;
    startedAt: number;
    spaceId: number;
    audioId: number;
    timeline: PageTimeline;
  }): Promise<void> {
    const owner = await deps.archive.owner();
    if (!owner) return;
    const record = await deps.archive.store.getFor(owner, entry.spaceId, entry.audioId);
    if (!record?.result.classified || !record.result.result) return;
    const dialog = normalizeDialog(record.result);
    const renamed = await deps.archive.store.speakerMap(entry.spaceId, entry.audioId);
    const matching = suggestNames(entry, dialog, renamed);
    for (const suggestion of matching.suggestions) {
      if (suggestion.name === null || renamed[suggestion.speakerId]) continue;
      await deps.archive.store.renameVoice(
        owner,
        entry.spaceId,
        entry.audioId,
        suggestion.speakerId,
        suggestion.name,
      );
    }
  }

  async function followNow(): Promise<void> {
    const state = await deps.recording.state();
    const kept = new Map((await deps.recording.kept()).map((item) => [item.id, item]));
    if (state) kept.set(state.id, state);
    const jobs = new Map((await deps.jobs.list()).map((job) => [job.id, job]));
    const known = await store.follow({
      recording: (id) => {
        const recording = kept.get(id);
        return (
          recording && {
            ...(recording.jobId !== undefined && { jobId: recording.jobId }),
            ...(recording.cuts && { cuts: recording.cuts }),
          }
        );
      },
      job: (id) => {
        const job = jobs.get(id);
        if (!job) return undefined;
        return {
          spaceId: job.spaceId,
          ...(job.audioId !== undefined && { audioId: job.audioId }),
          over: isTerminal(job.phase),
        };
      },
      owner: await deps.archive.owner(),
    });
    const ready = known.filter(
      (entry) => entry.jobId !== undefined && jobs.get(entry.jobId)?.phase === 'ready',
    );
    if (ready.length === 0) return;
    const apply = await deps.applyWithoutAsking();
    for (const entry of ready) {
      const read = apply ? await store.parsed(entry) : null;
      if (read) await applyConfident(read as typeof read & { spaceId: number; audioId: number });
      await store.settle(entry.recordingId);
    }
  }

  /** The attendees of the calendar event of `url`'s meeting around `at`, kept beside `owner`'s entry. */
  async function keepAttendees(
    owner: { recordingId: string; startedAt: number; bot?: boolean; jobId?: string },
    url: string | undefined,
    at: number,
  ): Promise<void> {
    const service = url && detectMeeting(url)?.service;
    const meeting = url && parseMeetingLink(url);
    const event = service && meeting ? occurrenceAround(await deps.occurrences(), meeting, at) : null;
    if (service && (event?.people || event?.uid)) {
      await store.keepAttendees({ ...owner, service, ...(await account()) }, event.people ?? [], event.uid);
      await armExpiry(true);
    }
  }

  return {
    botSent: async (job) => {
      if (job.intent === 'bot' && !isTerminal(job.phase))
        await keepAttendees(
          { recordingId: `bot:${job.id}`, startedAt: 0, bot: true, jobId: job.id },
          job.sourceUrl,
          deps.now(),
        );
    },

    recordingStarted: (recording, pageUrl) =>
      keepAttendees(
        { recordingId: recording.id, startedAt: recording.startedAt },
        pageUrl,
        recording.startedAt,
      ),

    async fromPage(tabId, url, report) {
      const service = detectMeeting(url)?.service;
      if (!service) return { recording: false };
      const state = await deps.recording.state();
      let owner: { recordingId: string; startedAt: number; bot?: boolean; jobId?: string } | null = null;
      if (state && isCapturing(state) && state.tabId === tabId)
        owner = { recordingId: state.id, startedAt: state.startedAt };
      else {
        // The meeting our bot is in (sent, or waiting for the meeting to end): one job per meeting.
        const shown = parseMeetingLink(url);
        const job = shown
          ? (await deps.jobs.list()).find((item) => {
              if (item.intent !== 'bot' || isTerminal(item.phase) || !item.sourceUrl) return false;
              const link = parseMeetingLink(item.sourceUrl);
              return link?.service === shown.service && link.id === shown.id;
            })
          : undefined;
        if (job) owner = { recordingId: `bot:${job.id}`, startedAt: 0, bot: true, jobId: job.id };
      }
      if (!owner) return { recording: false };
      if (report.timeline !== undefined) {
        const timeline = parseTimeline(report.timeline);
        if (timeline) {
          await store.save({ ...owner, service, ...(await account()) }, timeline);
          await armExpiry(true);
        }
      }
      if (report.missing) {
        let host = '';
        try {
          host = new URL(url).hostname;
        } catch {
          host = '';
        }
        await pageBreakagesItem.setValue(
          recordBreakage(
            await pageBreakagesItem.getValue(),
            { app: service, host, part: report.missing },
            deps.now(),
          ),
        );
      }
      return { recording: true };
    },

    async timelineOf(spaceId, audioId) {
      await this.follow();
      const owner = await deps.archive.owner();
      const entry = owner ? await store.forRecording(owner, spaceId, audioId) : null;
      return entry
        ? {
            timeline: entry.timeline,
            startedAt: entry.startedAt,
            bot: entry.bot === true,
            attendees: entry.attendees,
            ...(entry.cuts?.length && { cuts: entry.cuts }),
            ...(entry.event && { event: entry.event }),
          }
        : null;
    },

    async kept() {
      await this.follow();
      const out = new Map<string, { timeline: PageTimeline; attendees: string[]; event: string | null }>();
      for (const entry of await store.ofRecordings())
        out.set(`${entry.spaceId}:${entry.audioId}`, {
          timeline: entry.timeline,
          attendees: entry.attendees ?? [],
          event: entry.event ?? null,
        });
      return out;
    },

    follow() {
      following = following.then(followNow).catch((error) => console.error('page timelines', error));
      return following;
    },

    async archiveChanged(change) {
      // The whole archive goes with the session (sign-out, a session that ended): the timelines
      // stay with their recordings, and sign-out wipes them itself (`wipe`).
      if (change.kind === 'clear-space') await store.forget(change.spaceId);
      else if (change.kind === 'remove')
        for (const key of change.keys) {
          const [space, audio] = key.split(':').map(Number);
          if (Number.isInteger(space) && Number.isInteger(audio)) await store.forget(space!, audio!);
        }
    },

    expire: async () => armExpiry((await store.expire()) > 0),

    wipe: async () => {
      await store.wipe();
      await armExpiry(false);
    },
  };
}
