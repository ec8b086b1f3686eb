/**
 * The meeting bot: a request joins a meeting that lasts `meetingDurationMs` (virtual clock) or
 * until the control surface ends it. When it ends, a recording appears in the space and its
 * processing starts on its own.
 */
import type { Hono } from 'hono';
import type { Emulator } from './emulator';
import { isoMicros, titleStamp } from './format';
import { apiRoute, fieldErrors, json } from './http';
import { autoProcess } from './processing';
import { availableSeconds, type Meeting } from './state';
import { makeWav } from './wav';

const MEETING_SERVICES = ['telemost', 'zoom', 'google_meet'] as const;
/** Less than this many seconds left: the bot is refused with code 4. */
const MIN_BOT_SECONDS = 300;

const BOT_ERRORS = {
  notEnough: {
    detail: 'Less than 5 minutes of processing time left on the plan: the bot cannot be sent.',
    code: 4,
  },
  alreadyActive: { detail: 'A meeting bot is already active in this space.', code: 5 },
};

/** Ends a meeting at `at`: creates its recording and starts processing. Returns the recording id. */
function endMeeting(emu: Emulator, meeting: Meeting, at: number): number | null {
  if (!meeting.active) return null;
  meeting.active = false;
  emu.scheduler.cancel(meeting.taskId);
  meeting.taskId = null;
  const seconds = Math.max(60, Math.round((at - meeting.createdAt) / 1000));
  const recording = emu.createRecording(
    meeting.spaceId,
    `Meeting ${titleStamp(meeting.createdAt)}.webm`,
    'video/webm',
    'bot',
    at,
  );
  const bytes = makeWav(Math.min(seconds, 5), recording.id);
  emu.db.objects.set(recording.storageKey, { bytes, contentType: recording.contentType });
  recording.size = bytes.length;
  recording.duration = seconds;
  recording.isUploaded = true;
  meeting.recordingId = recording.id;
  autoProcess(emu, recording, at);
  return recording.id;
}

/** Ends the active meetings now (all, or those of one space). */
export function endActiveMeetings(emu: Emulator, spaceId?: number): number[] {
  const now = emu.now();
  const ids: number[] = [];
  for (const meeting of emu.db.meetings.values()) {
    if (!meeting.active || (spaceId !== undefined && meeting.spaceId !== spaceId)) continue;
    const id = endMeeting(emu, meeting, now);
    if (id !== null) ids.push(id);
  }
  return ids;
}

export function registerBotRoutes(app: Hono, emu: Emulator): void {
  apiRoute(app, emu, '/api/space/:sid{[0-9]+}/meeting/', 'Meeting Bot', {
    POST: async (c, user) => {
      const form = await emu.spaceForm(user, c);
      if (form instanceof Response) return form;
      const { space, v } = form;
      const link = v.string('link', { maxLength: 255 });
      const service = v.choice('meeting_service', MEETING_SERVICES, 'google_meet');
      if (!v.valid || link === undefined || service === undefined) return fieldErrors(v.errors);
      if (availableSeconds(space) < MIN_BOT_SECONDS) return json(BOT_ERRORS.notEnough, 400);
      const busy = [...emu.db.meetings.values()].some((m) => m.active && m.spaceId === space.id);
      if (busy) return json(BOT_ERRORS.alreadyActive, 400);

      const now = emu.now();
      const meeting: Meeting = {
        id: emu.db.nextMeetingId++,
        spaceId: space.id,
        userId: user.id,
        link,
        meetingService: service,
        createdAt: now,
        dueAt: now + emu.options.meetingDurationMs,
        active: true,
        taskId: null,
        recordingId: null,
      };
      emu.db.meetings.set(meeting.id, meeting);
      meeting.taskId = emu.scheduler.at(meeting.dueAt, (due) => endMeeting(emu, meeting, due));
      emu.db.counters.botRequests++;
      return json(
        {
          id: meeting.id,
          link: meeting.link,
          meeting_service: meeting.meetingService,
          space: space.id,
          status: 'created',
          created_at: isoMicros(now * 1000),
        },
        201,
      );
    },
  });
}
