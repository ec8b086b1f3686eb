/**
 * The recording ends with the meeting: while a tab that showed a meeting is recorded, an address
 * of that tab that is no longer the same meeting (another meeting, the service's pages outside a
 * meeting, another site) ends the recording, stopped and uploaded as a Stop would. What belongs to
 * one meeting is each service's own: the routes its file declares from public code that drives its
 * client (`<id>Routes` in lib/meetings/<id>.ts: Zoom's `/my/<name>` → `/wc/<n>/join` on another of
 * its hosts, Teams' `/l/meetup-join/...` → `/_#/pre-join-calling/<thread>` → `/_#/modern-calling/`,
 * a Kontur.Talk event → its room...), and a query changes nothing. An address of the service its
 * file does not know is `unknown`: the recording goes on and the page is asked.
 */

import { hostMatches, isWebScheme, parseLink } from '@/lib/links/url';
import { detectMeeting, meetingService } from '@/lib/meetings';
import { MEETING_ROUTES } from '@/lib/meetings/routes';

/** The meeting a recording was started on: its service and id (lib/meetings). */
export interface RecordedMeeting {
  service: string;
  id: string;
}

/** Where an address stands against the recorded meeting. */
export type MeetingRoute =
  /** Still the meeting; `meeting`: the recorded meeting from here on (a personal link become its number). */
  | { kind: 'same'; meeting: RecordedMeeting }
  /** Another meeting, the service's pages outside a meeting, another site, no web address. */
  | { kind: 'left' }
  /** An address of the service that its file does not know: neither. */
  | { kind: 'unknown' };

/** The meeting an address shows, or undefined. */
export function recordedMeeting(url: string): RecordedMeeting | undefined {
  const meeting = detectMeeting(url);
  return meeting ? { service: meeting.service, id: meeting.id } : undefined;
}

const LEFT: MeetingRoute = { kind: 'left' };

/** Where the tab's address `url` stands against `meeting`. Never throws. */
export function meetingRoute(meeting: RecordedMeeting, url: string): MeetingRoute {
  const service = meetingService(meeting.service);
  const routes = service && MEETING_ROUTES[service.id];
  if (!service || !routes) return LEFT;
  const same = (id: string): MeetingRoute =>
    id === meeting.id || routes.leadsTo?.(meeting.id, id)
      ? { kind: 'same', meeting: { service: meeting.service, id } }
      : LEFT;
  const shown = recordedMeeting(url);
  if (shown) return shown.service === meeting.service ? same(shown.id) : LEFT;
  const link = parseLink(url);
  if (!link || !isWebScheme(link) || !hostMatches(link.host, service.hosts)) return LEFT;
  try {
    const step = routes.step?.(link) ?? null;
    if (step === true) return { kind: 'same', meeting };
    if (step !== null) return same(step);
    return routes.outside?.(link) ? LEFT : { kind: 'unknown' };
  } catch {
    return { kind: 'unknown' };
  }
}

/** How often a tab waiting for its page's word is looked at. */
const LOOK_MS = 250;
/** The longest a loading tab is waited for (a page that never finishes loading). */
export const LOADING_WAIT_MS = 2 * 60_000;

/**
 * What the meeting pages of the tabs say they show (their control asks `page.recording` at every
 * page visit), for a recorded tab whose address the background cannot read (a capture Chrome
 * allowed without an invocation on that tab, another origin on the way in): after a change of the
 * tab, a word from its page that it still shows the meeting keeps the recording. The page is
 * waited for as long as the tab loads (a slow network, a heavy web client: up to
 * `LOADING_WAIT_MS`), then `waitMs` more.
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
    /**
     * Whether the tab's page said, after `mark`, that it shows `meeting`: asked once the tab no
     * longer loads (`loading`), within `waitMs` of that.
     */
    async stillShows(
      tabId: number,
      meeting: RecordedMeeting,
      mark: number,
      loading: () => Promise<boolean> = async () => false,
    ): Promise<boolean> {
      const step = Math.min(LOOK_MS, waitMs);
      let waited = 0;
      let quiet = 0;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, step));
        waited += step;
        if (waited < LOADING_WAIT_MS && (await loading().catch(() => false))) {
          quiet = 0;
          continue;
        }
        quiet += step;
        const seen = shown.get(tabId);
        if (seen !== undefined && seen.seq > mark) return meetingRoute(meeting, seen.url).kind !== 'left';
        if (quiet >= waitMs || waited >= LOADING_WAIT_MS) return false;
      }
    },
  };
}
