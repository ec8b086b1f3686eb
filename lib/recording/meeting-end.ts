/**
 * The recording ends with the meeting: while a tab that showed a meeting is recorded, an address
 * of that tab that no longer shows the same meeting (the same service and meeting id) ends the
 * recording, stopped and uploaded as a Stop would. Address changes within the meeting do not
 * count: a query (`?authuser=1`, `?pwd=…`), the Zoom web client's `/wc/<n>/join` → `/wc/<n>/start`
 * (and any `/wc/<n>/<step>` but `leave`), Telemost's `/j/<id>` with more after it.
 */
import { detectMeeting } from '@/lib/links';

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

/** The meeting id of an address within a meeting that the link parsers do not take as a link. */
function withinMeeting(service: string, url: URL): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  // Zoom's web client keeps the number while it moves between its steps (join, start, …).
  if (service === 'zoom' && segments[0] === 'wc' && segments.length >= 3 && segments[2] !== 'leave')
    return /^\d{9,11}$/.test(segments[1]!) ? segments[1]! : null;
  // Telemost keeps `/j/<id>` for the whole call; anything after it is the same call.
  if (service === 'telemost' && segments[0] === 'j' && segments.length > 2) return segments[1]!;
  return null;
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
  // A step of the meeting the parsers do not take as a link, on a host of the same service (both
  // Zoom and Telemost take `/j/<id>` on each of their hosts).
  const host = recordedMeeting(`${parsed.origin}/j/${meeting.id}`);
  return host?.service === meeting.service && withinMeeting(meeting.service, parsed) === meeting.id;
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
