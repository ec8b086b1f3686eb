/**
 * Occurrences of every calendar → one planned bot per meeting. One occurrence is its meeting link
 * (canonical) and its start time: the same meeting in two calendars, or already scheduled by hand
 * with "Send at start", is planned once. One meeting is one meeting whatever its link's form: the
 * service's meeting id decides (acme.zoom.us/j/N and zoom.us/j/N are one Zoom meeting), and the
 * first calendar's link is kept whole, its passcode with it.
 */
import { ruleAccepts, sendTimeOf } from './rules';
import type { CalendarRule, MeetingOccurrence } from './types';

export function occurrenceKey(link: string, startsAt: number): string {
  return `${startsAt}|${link}`;
}

/** The meeting an occurrence is, whatever the form of its link: its service and meeting id, and its start. */
export function meetingIdentity(occurrence: Pick<MeetingOccurrence, 'link' | 'startsAt'>): string {
  return `${occurrence.startsAt}|${occurrence.link.service}:${occurrence.link.id}`;
}

export interface CalendarOccurrences {
  calendarId: string;
  rule: CalendarRule;
  /** The calendar owner's email (for the organiser and outside-domain rules). */
  email: string | null;
  occurrences: readonly MeetingOccurrence[];
  /** Its bots are held (its feed answers no calendar): planned, shown, not sent by themselves. */
  held?: boolean;
}

export interface PlannedMeeting {
  key: string;
  /** The calendar whose rule plans it (the first one, in the user's order, that accepts it). */
  calendarId: string;
  occurrence: MeetingOccurrence;
  sendAt: number;
  spaceId: number | null;
  /** Not sent by itself: its calendar's bots are held. */
  held?: true;
}

/**
 * Plans in order of sending. `scheduledKeys`: occurrences already scheduled by hand, which keep
 * their own schedule and are not planned again.
 */
export function planMeetings(
  calendars: readonly CalendarOccurrences[],
  scheduledKeys: ReadonlySet<string> = new Set(),
): PlannedMeeting[] {
  const plans = new Map<string, PlannedMeeting>();
  const meetings = new Set<string>();
  for (const calendar of calendars) {
    for (const occurrence of calendar.occurrences) {
      const key = occurrenceKey(occurrence.link.url, occurrence.startsAt);
      if (plans.has(key) || scheduledKeys.has(key)) continue;
      if (meetings.has(meetingIdentity(occurrence))) continue;
      if (!ruleAccepts(occurrence, calendar.rule, calendar.email)) continue;
      meetings.add(meetingIdentity(occurrence));
      plans.set(key, {
        key,
        calendarId: calendar.calendarId,
        occurrence,
        sendAt: sendTimeOf(occurrence, calendar.rule),
        spaceId: calendar.rule.spaceId,
        ...(calendar.held ? { held: true as const } : {}),
      });
    }
  }
  return [...plans.values()].sort((a, b) => a.sendAt - b.sendAt || a.key.localeCompare(b.key));
}
