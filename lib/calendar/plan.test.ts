import { describe, expect, it } from 'vitest';
import { parseMeetingLink } from '@/lib/meetings';
import { occurrenceKey, planMeetings } from './plan';
import { ruleAccepts, sendTimeOf, skippedByTitle } from './rules';
import { type CalendarRule, DEFAULT_RULE, type MeetingOccurrence } from './types';

const meet = parseMeetingLink('https://meet.google.com/abc-defg-hij')!;
const zoom = parseMeetingLink('https://zoom.us/j/98765432101')!;
const start = Date.parse('2026-11-02T09:00:00Z');

function occurrence(overrides: Partial<MeetingOccurrence> = {}): MeetingOccurrence {
  return {
    uid: 'u1',
    title: 'Design review',
    startsAt: start,
    endsAt: start + 30 * 60_000,
    link: meet,
    organizer: 'alice@example.com',
    attendees: ['bob@example.com'],
    ...overrides,
  };
}
const rule = (overrides: Partial<CalendarRule> = {}): CalendarRule => ({ ...DEFAULT_RULE, ...overrides });

describe('ruleAccepts', () => {
  const me = 'alice@example.com';

  it('off sends nothing; without an owner address nothing is decided and nothing sent', () => {
    expect(ruleAccepts(occurrence(), rule({ mode: 'off' }), me)).toBe(false);
    expect(ruleAccepts(occurrence(), rule(), me)).toBe(true);
    expect(ruleAccepts(occurrence(), rule(), null)).toBe(false);
    expect(ruleAccepts(occurrence(), rule(), 'not-an-address')).toBe(false);
  });

  it('by default: meetings I organise or have accepted (or tentatively), whoever organised them', () => {
    expect(ruleAccepts(occurrence(), rule(), 'Alice@Example.com')).toBe(true);
    const accepted = occurrence({
      organizer: 'carol@partner.org',
      attendees: [me, 'bob@example.com'],
      accepted: [me],
    });
    expect(ruleAccepts(accepted, rule(), me)).toBe(true);
    // Another guest's acceptance is not mine.
    expect(ruleAccepts({ ...accepted, accepted: ['bob@example.com'] }, rule(), me)).toBe(false);
    // Stored before answers were read: nobody counts as having accepted.
    const { accepted: _dropped, ...stored } = accepted;
    expect(ruleAccepts(stored, rule(), me)).toBe(false);
  });

  it('an unanswered invitation from a stranger sends no bot by default, nor with "unanswered" alone', () => {
    const invitation = occurrence({
      organizer: 'spam@stranger.example',
      attendees: [me],
      accepted: ['spam@stranger.example'],
    });
    expect(ruleAccepts(invitation, rule(), me)).toBe(false);
    expect(ruleAccepts(invitation, rule({ unanswered: true }), me)).toBe(false);
    expect(ruleAccepts(invitation, rule({ others: true }), me)).toBe(false);
    expect(ruleAccepts(invitation, rule({ unanswered: true, others: true }), me)).toBe(true);
    // The same invitation from my domain: opt-in with "unanswered".
    const colleague = { ...invitation, organizer: 'bob@example.com', accepted: [] };
    expect(ruleAccepts(colleague, rule(), me)).toBe(false);
    expect(ruleAccepts(colleague, rule({ unanswered: true }), me)).toBe(true);
  });

  it('events from outside my domain that do not name me, and events with no organiser and no guests, are opt-in', () => {
    const subscribed = occurrence({ organizer: 'host@stranger.example', attendees: ['x@stranger.example'] });
    expect(ruleAccepts(subscribed, rule(), me)).toBe(false);
    expect(ruleAccepts(subscribed, rule({ unanswered: true }), me)).toBe(false);
    expect(ruleAccepts(subscribed, rule({ others: true }), me)).toBe(true);
    const bare = occurrence({ organizer: null, attendees: [] });
    expect(ruleAccepts(bare, rule(), me)).toBe(false);
    expect(ruleAccepts(bare, rule({ mode: 'organiser' }), me)).toBe(false);
    expect(ruleAccepts(bare, rule({ mode: 'external' }), me)).toBe(false);
    expect(ruleAccepts(bare, rule({ others: true }), me)).toBe(true);
  });

  it('only meetings I organise: never one with no organiser, whatever the opt-ins', () => {
    const mine = rule({ mode: 'organiser', unanswered: true, others: true });
    expect(ruleAccepts(occurrence(), mine, 'Alice@Example.com')).toBe(true);
    expect(
      ruleAccepts(occurrence({ organizer: 'carol@partner.org', attendees: [me], accepted: [me] }), mine, me),
    ).toBe(false);
    expect(ruleAccepts(occurrence({ organizer: null, attendees: [me] }), mine, me)).toBe(false);
    expect(ruleAccepts(occurrence(), mine, null)).toBe(false);
  });

  it('only meetings with someone outside my domain, among those I have a stake in', () => {
    const outside = rule({ mode: 'external' });
    expect(ruleAccepts(occurrence(), outside, me)).toBe(false);
    expect(
      ruleAccepts(occurrence({ attendees: ['bob@example.com', 'carol@partner.org'] }), outside, me),
    ).toBe(true);
    // A stranger's invitation always has someone outside: it still needs my acceptance.
    const invitation = occurrence({ organizer: 'carol@PARTNER.org'.toLowerCase(), attendees: [me] });
    expect(ruleAccepts(invitation, outside, me)).toBe(false);
    expect(ruleAccepts({ ...invitation, accepted: [me] }, outside, me)).toBe(true);
    expect(ruleAccepts(occurrence({ attendees: ['x@partner.org'] }), outside, null)).toBe(false);
  });

  it('title words skip a meeting, case-insensitive, blank words ignored', () => {
    const words = rule({ skipWords: ['1:1', 'Private', '  '] });
    expect(ruleAccepts(occurrence({ title: 'Alice / Bob 1:1' }), words, me)).toBe(false);
    expect(ruleAccepts(occurrence({ title: 'private: dentist' }), words, me)).toBe(false);
    expect(ruleAccepts(occurrence({ title: 'Planning' }), words, me)).toBe(true);
    expect(skippedByTitle('ЛИЧНОЕ', ['личное'])).toBe(true);
  });

  it('joins at the start or N minutes after', () => {
    expect(sendTimeOf(occurrence(), rule())).toBe(start);
    expect(sendTimeOf(occurrence(), rule({ joinAfterMinutes: 5 }))).toBe(start + 5 * 60_000);
  });
});

describe('planMeetings', () => {
  it('plans one bot per meeting link and start across calendars, from the first calendar that accepts it', () => {
    const work = {
      calendarId: 'work',
      rule: rule({ mode: 'external', spaceId: 7 }),
      email: 'alice@example.com',
      occurrences: [occurrence(), occurrence({ link: zoom, uid: 'z', startsAt: start + 3_600_000 })],
    };
    const shared = {
      calendarId: 'shared',
      rule: rule({ spaceId: 9, joinAfterMinutes: 2 }),
      email: 'alice@example.com',
      occurrences: [
        occurrence({ uid: 'copy', title: 'Design review (copy)' }),
        occurrence({ startsAt: start + 7 * 86_400_000 }),
      ],
    };
    const plans = planMeetings([work, shared]);
    expect(
      plans.map((plan) => [plan.calendarId, plan.occurrence.link.service, plan.sendAt, plan.spaceId]),
    ).toEqual([
      // The Meet occurrence is refused by "work" (nobody outside), so "shared" plans it once.
      ['shared', 'google_meet', start + 2 * 60_000, 9],
      ['shared', 'google_meet', start + 7 * 86_400_000 + 2 * 60_000, 9],
    ]);
    const both = planMeetings([{ ...work, rule: rule({ spaceId: 7 }) }, shared]);
    expect(both.map((plan) => [plan.calendarId, plan.key])).toEqual([
      ['work', occurrenceKey(meet.url, start)],
      ['work', occurrenceKey(zoom.url, start + 3_600_000)],
      ['shared', occurrenceKey(meet.url, start + 7 * 86_400_000)],
    ]);
  });

  it('leaves a meeting scheduled by hand to its own schedule', () => {
    const plans = planMeetings(
      [{ calendarId: 'c', rule: rule(), email: null, occurrences: [occurrence()] }],
      new Set([occurrenceKey(meet.url, start)]),
    );
    expect(plans).toEqual([]);
  });

  it('the same link at another start is another occurrence', () => {
    expect(occurrenceKey(meet.url, start)).not.toBe(occurrenceKey(meet.url, start + 1));
    expect(occurrenceKey(meet.url, start)).not.toBe(occurrenceKey(zoom.url, start));
  });
});

describe('planMeetings: one meeting whatever its link’s form', () => {
  it('the same Zoom meeting under two hosts in two calendars is planned once, the first calendar’s link kept with its passcode', () => {
    const company = parseMeetingLink('https://acme.zoom.us/j/98765432101?pwd=Secret1')!;
    const plain = parseMeetingLink('https://zoom.us/j/98765432101')!;
    expect(company.id).toBe(plain.id);
    const calendar = (calendarId: string, link: typeof plain) => ({
      calendarId,
      rule: rule(),
      email: 'alice@example.com',
      occurrences: [occurrence({ link })],
    });
    const plans = planMeetings([calendar('work', company), calendar('personal', plain)]);
    expect(plans.map((plan) => [plan.calendarId, plan.occurrence.link.url])).toEqual([['work', company.url]]);
    expect(company.url).toContain('pwd=Secret1');
    // Another meeting id, or another start, is another meeting.
    const other = parseMeetingLink('https://zoom.us/j/12345678901')!;
    expect(planMeetings([calendar('work', company), calendar('personal', other)])).toHaveLength(2);
  });

  it('the same meeting under two starts (one calendar still showing the old time) is planned once, at the earlier start; meetings one after another in one room stay two', () => {
    const hour = 60 * 60_000;
    const calendar = (calendarId: string, startsAt: number, link = meet) => ({
      calendarId,
      rule: rule(),
      email: 'alice@example.com',
      occurrences: [occurrence({ link, startsAt, endsAt: startsAt + hour })],
    });
    const moved = planMeetings([calendar('work', start + 40 * 60_000), calendar('personal', start)]);
    expect(moved.map((plan) => [plan.calendarId, plan.occurrence.startsAt])).toEqual([['personal', start]]);
    // The next meeting in the same room, once this one has ended, is another meeting; so is another room.
    expect(planMeetings([calendar('work', start), calendar('personal', start + hour)])).toHaveLength(2);
    expect(
      planMeetings([calendar('work', start), calendar('personal', start + 10 * 60_000, zoom)]),
    ).toHaveLength(2);
  });
});
