/**
 * Occurrences of every calendar → one planned bot per meeting. One occurrence is its meeting link
 * (canonical) and its start time: the same meeting in two calendars, or already scheduled by hand
 * with "Send at start", is planned once. One meeting is one meeting whatever its link's form: the
 * service's meeting id decides (acme.zoom.us/j/N and zoom.us/j/N are one Zoom meeting), and the
 * first calendar's link is kept whole, its passcode with it. The same meeting under two starts
 * whose times overlap (one feed still showing the old time) is one meeting too: it is planned at
 * the earlier start (a bot early waits to be let in; one late misses the start).
 */
import { ruleAccepts, sendTimeOf } from './rules';
import type { CalendarRule, MeetingOccurrence } from './types';

export function occurrenceKey(link: string, startsAt: number): string {
  return `${startsAt}|${link}`;
}

/** The meeting an occurrence is, whatever the form of its link: its service and meeting id, and its start. */
export function meetingIdentity(occurrence: Pick<MeetingOccurrence, 'link' | 'startsAt'>): string {
  return `${occurrence.startsAt}|${meetingOf(occurrence.link)}`;
}

/** The meeting's service and id, whatever the link's form. */
export function meetingOf(link: Pick<MeetingOccurrence['link'], 'service' | 'id'>): string {
  return `${link.service}:${link.id}`;
}

/** Whether two times of one meeting id overlap: then they are one meeting under two starts. */
export function overlaps(
  a: { startsAt: number; endsAt: number },
  b: { startsAt: number; endsAt: number },
): boolean {
  // A meeting without length still takes its start's millisecond.
  return a.startsAt < Math.max(b.endsAt, b.startsAt + 1) && b.startsAt < Math.max(a.endsAt, a.startsAt + 1);
}

export interface CalendarOccurrences {
  calendarId: string;
  rule: CalendarRule;
  /** The calendar owner's email (for the organiser and outside-domain rules). */
  email: string | null;
  occurrences: readonly MeetingOccurrence[];
  /** Its bots are held (its feed has not been read for a while): planned, shown, not sent by themselves. */
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
  const candidates: PlannedMeeting[] = [];
  for (const calendar of calendars) {
    for (const occurrence of calendar.occurrences) {
      const key = occurrenceKey(occurrence.link.url, occurrence.startsAt);
      if (plans.has(key) || scheduledKeys.has(key)) continue;
      if (meetings.has(meetingIdentity(occurrence))) continue;
      if (!ruleAccepts(occurrence, calendar.rule, calendar.email)) continue;
      meetings.add(meetingIdentity(occurrence));
      const plan: PlannedMeeting = {
        key,
        calendarId: calendar.calendarId,
        occurrence,
        sendAt: sendTimeOf(occurrence, calendar.rule),
        spaceId: calendar.rule.spaceId,
        ...(calendar.held ? { held: true as const } : {}),
      };
      plans.set(key, plan);
      candidates.push(plan);
    }
  }
  // One meeting id under starts that overlap: the earliest start is kept (a stable sort keeps the
  // calendars' order between equal starts).
  const kept = new Map<string, PlannedMeeting[]>();
  for (const plan of candidates.sort((a, b) => a.occurrence.startsAt - b.occurrence.startsAt)) {
    const meeting = meetingOf(plan.occurrence.link);
    const same = kept.get(meeting) ?? [];
    if (same.some((other) => overlaps(other.occurrence, plan.occurrence))) continue;
    same.push(plan);
    kept.set(meeting, same);
  }
  return [...kept.values()].flat().sort((a, b) => a.sendAt - b.sendAt || a.key.localeCompare(b.key));
}
