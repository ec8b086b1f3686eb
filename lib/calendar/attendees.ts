/**
 * The calendar event a meeting belongs to at a moment: a bot sent, or a "Record here" recording
 * started, for a meeting link that a synced feed holds then. Its attendees' names are kept beside
 * the job or the recording (lib/page-names/store.ts), since the occurrences leave the calendars'
 * storage after their window. Pure: the background gives it the stored occurrences.
 */
import { parseMeetingLink } from '@/lib/meetings';
import type { MeetingOccurrence } from './types';

/** A meeting counts as the occurrence's from this long before its start to its end. */
export const AROUND_START_MS = 30 * 60_000;

/**
 * The occurrence of the same meeting (service and meeting id, as `parseMeetingLink` reads both
 * links) whose [start - 30 min, end] holds `at`; of two, the one that started last. Null when none.
 */
export function occurrenceAround(
  occurrences: readonly MeetingOccurrence[],
  meeting: { service: string; id: string },
  at: number,
): MeetingOccurrence | null {
  let best: MeetingOccurrence | null = null;
  for (const occurrence of occurrences) {
    if (occurrence.startsAt - AROUND_START_MS > at || occurrence.endsAt < at) continue;
    const link = parseMeetingLink(occurrence.link.url) ?? occurrence.link;
    if (link.service !== meeting.service || link.id !== meeting.id) continue;
    if (!best || occurrence.startsAt > best.startsAt) best = occurrence;
  }
  return best;
}
