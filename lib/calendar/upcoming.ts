/**
 * The upcoming meetings as the popup lists them (soonest first), and the processing time the
 * planned ones need per space in the next 24 hours (the balance warning): made from what the
 * calendars plan and hold and what was done (lib/calendar/calendars.ts reads those).
 */
import { meetingOf, occurrenceKey, overlaps, type PlannedMeeting } from './plan';
import type { DispatchRecord, MeetingOccurrence, ScheduledBot, StoredCalendar, UpcomingItem } from './types';

/** The planned meetings of this window need time left in their space (the balance warning). */
const BALANCE_WINDOW_MS = 24 * 60 * 60_000;

/** What the calendars plan and hold, and what was done: the upcoming list is made of these. */
export interface UpcomingSources {
  plans: PlannedMeeting[];
  calendars: StoredCalendar[];
  manual: ScheduledBot[];
  records: Record<string, DispatchRecord>;
}

/**
 * The upcoming meetings with links at `now`, soonest first, at most `limit`: the planned ones with
 * what was done of them, the ones no rule sends ("off", to be sent by hand), and the bots planned
 * with "Send at start".
 */
export function upcomingItems(
  { plans, calendars, manual, records }: UpcomingSources,
  now: number,
  limit: number,
): UpcomingItem[] {
  const names = new Map(calendars.map((calendar) => [calendar.id, calendar.name]));
  const items: UpcomingItem[] = [];
  const planned = new Set(plans.map((plan) => plan.key));
  const plannedMeetings = new Map<string, MeetingOccurrence[]>();
  for (const { occurrence } of plans) {
    const meeting = meetingOf(occurrence.link);
    plannedMeetings.set(meeting, [...(plannedMeetings.get(meeting) ?? []), occurrence]);
  }
  for (const plan of plans) {
    if (plan.occurrence.endsAt <= now) continue;
    const record = records[plan.key];
    items.push({
      key: plan.key,
      source: 'calendar',
      title: plan.occurrence.title,
      link: plan.occurrence.link.url,
      service: plan.occurrence.link.service,
      startsAt: plan.occurrence.startsAt,
      endsAt: plan.occurrence.endsAt,
      sendAt: plan.sendAt,
      spaceId: plan.spaceId,
      calendarName: names.get(plan.calendarId) ?? null,
      state: record?.state ?? (plan.held ? 'held' : 'planned'),
      ...(record?.jobId ? { jobId: record.jobId } : {}),
      ...(record?.error ? { error: record.error } : {}),
      ...(record?.capped ? { capped: true as const } : {}),
    });
  }
  // Meetings with links that no rule sends: shown as "off" so the user can send one anyway.
  for (const calendar of calendars) {
    for (const occurrence of calendar.occurrences) {
      const key = occurrenceKey(occurrence.link.url, occurrence.startsAt);
      if (planned.has(key) || occurrence.endsAt <= now || items.some((item) => item.key === key)) continue;
      // The same meeting under another form of its link (another Zoom host), or under another start
      // that overlaps the planned one's (a feed still showing the old time), is the planned one.
      if (plannedMeetings.get(meetingOf(occurrence.link))?.some((other) => overlaps(other, occurrence)))
        continue;
      if (manual.some((bot) => occurrenceKey(bot.link, bot.startsAt) === key)) continue;
      items.push({
        key,
        source: 'calendar',
        title: occurrence.title,
        link: occurrence.link.url,
        service: occurrence.link.service,
        startsAt: occurrence.startsAt,
        endsAt: occurrence.endsAt,
        sendAt: occurrence.startsAt,
        spaceId: calendar.rule.spaceId,
        calendarName: calendar.name,
        state: 'off',
      });
    }
  }
  for (const bot of manual) {
    items.push({
      key: occurrenceKey(bot.link, bot.startsAt),
      source: 'schedule',
      title: bot.title ?? bot.link,
      link: bot.link,
      service: bot.meetingService,
      startsAt: bot.startsAt,
      endsAt: null,
      sendAt: bot.startsAt,
      spaceId: bot.spaceId,
      calendarName: null,
      state: 'planned',
      scheduleId: bot.id,
    });
  }
  return items.sort((a, b) => a.startsAt - b.startsAt || a.key.localeCompare(b.key)).slice(0, limit);
}

/** Seconds each space would need for the planned meetings among `items` in the next 24 hours. */
export function plannedSecondsOf(items: readonly UpcomingItem[], now: number): Map<number | null, number> {
  const needed = new Map<number | null, number>();
  for (const item of items) {
    if (item.state !== 'planned' || item.sendAt > now + BALANCE_WINDOW_MS) continue;
    const seconds = Math.round(((item.endsAt ?? item.startsAt + 60 * 60_000) - item.sendAt) / 1000);
    needed.set(item.spaceId, (needed.get(item.spaceId) ?? 0) + Math.max(0, seconds));
  }
  return needed;
}
