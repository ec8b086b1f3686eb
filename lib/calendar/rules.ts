/**
 * A calendar's rule: made complete as stored or sent (`sanitizeRule`), and applied to one
 * occurrence (does it get a bot, when, into which space).
 */
import { type CalendarRule, JOIN_AFTER_MAX_MINUTES, type MeetingOccurrence } from './types';

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

/** A rule as a page or an older store gives it: the opt-ins and the owner's address may be missing (off, none). */
export type CalendarRuleInput = Partial<CalendarRule> & Pick<CalendarRule, 'mode'>;

/**
 * A rule as stored or as sent by the options page, complete. Rules stored before the opt-ins
 * existed read them as off: the old default ("every event with a link") becomes the new one
 * (organised or accepted), which only ever sends fewer bots, never more.
 */
export function sanitizeRule(rule: CalendarRuleInput): CalendarRule {
  const email = typeof rule.email === 'string' ? rule.email.trim().toLowerCase().slice(0, 320) : '';
  return {
    mode: rule.mode,
    spaceId: rule.spaceId ?? null,
    unanswered: rule.unanswered === true,
    others: rule.others === true,
    email: email.includes('@') ? email : null,
    joinAfterMinutes: Math.min(JOIN_AFTER_MAX_MINUTES, Math.max(0, Math.round(rule.joinAfterMinutes ?? 0))),
    skipWords: [
      ...new Set((rule.skipWords ?? []).map((word) => word.trim()).filter((word) => word !== '')),
    ].slice(0, 50),
  };
}
