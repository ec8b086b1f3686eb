/** A calendar's rule applied to one occurrence: does it get a bot, when, into which space. */
import type { CalendarRule, MeetingOccurrence } from './types';

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether the title holds one of the rule's skip words (case-insensitive, as typed). */
export function skippedByTitle(title: string, skipWords: readonly string[]): boolean {
  const lower = title.toLocaleLowerCase();
  return skipWords.some((word) => {
    const wanted = word.trim().toLocaleLowerCase();
    return wanted !== '' && lower.includes(wanted);
  });
}

/**
 * Whether the rule sends a bot to this occurrence. `email` is the calendar owner's address:
 * without it "only meetings I organise" and "someone outside my domain" cannot decide and send none.
 */
export function ruleAccepts(
  occurrence: MeetingOccurrence,
  rule: CalendarRule,
  email: string | null,
): boolean {
  if (rule.mode === 'off') return false;
  if (skippedByTitle(occurrence.title, rule.skipWords)) return false;
  if (rule.mode === 'all') return true;
  const me = email?.trim().toLowerCase();
  if (!me?.includes('@')) return false;
  if (rule.mode === 'organiser') {
    // An event with nobody else on it is the owner's own.
    if (occurrence.organizer === null) return occurrence.attendees.every((attendee) => attendee === me);
    return occurrence.organizer === me;
  }
  const mine = domainOf(me);
  const people = [occurrence.organizer, ...occurrence.attendees].filter(
    (value): value is string => value !== null,
  );
  return people.some((person) => domainOf(person) !== mine);
}

/** When the bot is sent: at the start, or N minutes after it. */
export function sendTimeOf(occurrence: MeetingOccurrence, rule: CalendarRule): number {
  return occurrence.startsAt + Math.max(0, rule.joinAfterMinutes) * 60_000;
}
