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

/** How the owner stands to an occurrence: what a stranger's invitation can and cannot fake. */
export type Stake = 'organiser' | 'accepted' | 'invited' | 'none';

export function stakeOf(occurrence: MeetingOccurrence, me: string): Stake {
  if (occurrence.organizer === me) return 'organiser';
  if (occurrence.accepted?.includes(me)) return 'accepted';
  if (occurrence.attendees.includes(me)) return 'invited';
  return 'none';
}

/** The owner's address as the rule and the account give it, lower case; null: none usable. */
export function ownerAddress(rule: CalendarRule, account: string | null): string | null {
  const email = (rule.email ?? account)?.trim().toLowerCase() ?? '';
  return /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

/**
 * Whether the rule sends a bot to this occurrence. `email` is the calendar owner's address (from
 * the user or the signed-in account, never from the feed): without it nothing can be decided and
 * none is sent.
 *
 * Every mode but "off" sends only to meetings the owner has a stake in: organised by them, or
 * accepted (or tentatively accepted) by them. Unanswered invitations (anyone can send one) pass
 * only with `unanswered`, and those organised outside the owner's domain (or by nobody) need
 * `others` too; events that do not name the owner (no organiser, not on the guest list) pass only
 * with `others`.
 */
export function ruleAccepts(
  occurrence: MeetingOccurrence,
  rule: CalendarRule,
  email: string | null,
): boolean {
  if (rule.mode === 'off') return false;
  if (skippedByTitle(occurrence.title, rule.skipWords)) return false;
  const me = email?.trim().toLowerCase();
  if (!me?.includes('@')) return false;
  const stake = stakeOf(occurrence, me);
  if (rule.mode === 'organiser') return stake === 'organiser';
  const mine = domainOf(me);
  const inside = occurrence.organizer !== null && domainOf(occurrence.organizer) === mine;
  const welcome =
    stake === 'organiser' ||
    stake === 'accepted' ||
    (stake === 'invited' && rule.unanswered === true && (inside || rule.others === true)) ||
    (stake === 'none' && rule.others === true);
  if (!welcome) return false;
  if (rule.mode === 'all') return true;
  const people = [occurrence.organizer, ...occurrence.attendees].filter(
    (value): value is string => value !== null,
  );
  return people.some((person) => domainOf(person) !== mine);
}

/** When the bot is sent: at the start, or N minutes after it. */
export function sendTimeOf(occurrence: MeetingOccurrence, rule: CalendarRule): number {
  return occurrence.startsAt + Math.max(0, rule.joinAfterMinutes) * 60_000;
}
