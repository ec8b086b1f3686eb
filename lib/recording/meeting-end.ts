/**
 * The recording ends with the meeting: while a tab that showed a meeting is recorded, an address
 * of that tab that no longer shows the same meeting (the same service and meeting id) ends the
 * recording, stopped and uploaded as a Stop would. Address changes within the meeting do not
 * count: a query (`?authuser=1`, `?pwd=…`), and the steps each service's own file declares within
 * one of its meetings (`withinMeeting` in lib/meetings/<service>.ts: Zoom's web client's
 * `/wc/<n>/join` → `/wc/<n>/start`, Telemost's `/j/<id>` with more after it).
 */
import { detectMeeting, meetingService } from '@/lib/meetings';

/** The meeting a recording was started on: its service and id (lib/meetings). */
export interface RecordedMeeting {
  service: string;
  id: string;
}

/** The meeting an address shows, or undefined. */
export function recordedMeeting(url: string): RecordedMeeting | undefined {
  const meeting = detectMeeting(url);
  return meeting ? { service: meeting.service, id: meeting.id } : undefined;
}

/** Whether the tab's address `url` still shows `meeting`. Never throws. */
export function showsMeeting(meeting: RecordedMeeting, url: string): boolean {
  const shown = recordedMeeting(url);
  if (shown) return shown.service === meeting.service && shown.id === meeting.id;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // A step of the meeting the parsers do not take as a link (the service's own in-call rules,
  // lib/meetings/<service>.ts), on a host of the same service (the services with such steps,
  // Zoom and Telemost, take `/j/<id>` on each of their hosts).
  const within = meetingService(meeting.service)?.withinMeeting?.(parsed);
  if (within !== meeting.id) return false;
  return recordedMeeting(`${parsed.origin}/j/${meeting.id}`)?.service === meeting.service;
}

/**
 * What the meeting pages of the tabs say they show (their control asks `page.recording` at every
 * page visit), for a recorded tab whose address the background cannot read (a capture Chrome
 * allowed without an invocation on that tab): after a change of the tab, a word from its page
 * within `waitMs` that it still shows the meeting keeps the recording.
 */
export function pageWitness(waitMs: number) {
  const shown = new Map<number, { url: string; seq: number }>();
  let seq = 0;
  return {
    /** The tab's meeting page shows `url` now. */
    said(tabId: number, url: string): void {
      shown.delete(tabId);
      shown.set(tabId, { url, seq: ++seq });
      // Bounded: the tabs heard from last.
      for (const old of shown.keys()) if (shown.size > 50) shown.delete(old);
    },
    /** A mark to take at the change, before anything is awaited. */
    mark: (): number => seq,
    /** Whether the tab's page said, after `mark` and within the wait, that it shows `meeting`. */
    async stillShows(tabId: number, meeting: RecordedMeeting, mark: number): Promise<boolean> {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      const seen = shown.get(tabId);
      return seen !== undefined && seen.seq > mark && showsMeeting(meeting, seen.url);
    },
  };
}
