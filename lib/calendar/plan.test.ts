import { describe, expect, it } from 'vitest';
import { parseMeetingLink } from '@/lib/links';
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
  it('off sends nothing, every meeting sends each', () => {
    expect(ruleAccepts(occurrence(), rule({ mode: 'off' }), 'alice@example.com')).toBe(false);
    expect(ruleAccepts(occurrence(), rule(), null)).toBe(true);
  });

  it('only meetings I organise', () => {
    const mine = rule({ mode: 'organiser' });
    expect(ruleAccepts(occurrence(), mine, 'Alice@Example.com')).toBe(true);
    expect(ruleAccepts(occurrence({ organizer: 'carol@partner.org' }), mine, 'alice@example.com')).toBe(
      false,
    );
    // A meeting alone in my calendar is mine; one with others and no organizer is not.
    expect(ruleAccepts(occurrence({ organizer: null, attendees: [] }), mine, 'alice@example.com')).toBe(true);
    expect(
      ruleAccepts(occurrence({ organizer: null, attendees: ['bob@example.com'] }), mine, 'alice@example.com'),
    ).toBe(false);
    expect(ruleAccepts(occurrence(), mine, null)).toBe(false);
  });

  it('only meetings with someone outside my domain', () => {
    const outside = rule({ mode: 'external' });
    expect(ruleAccepts(occurrence(), outside, 'alice@example.com')).toBe(false);
    expect(
      ruleAccepts(
        occurrence({ attendees: ['bob@example.com', 'carol@partner.org'] }),
        outside,
        'alice@example.com',
      ),
    ).toBe(true);
    expect(ruleAccepts(occurrence({ organizer: 'carol@PARTNER.org' }), outside, 'alice@example.com')).toBe(
      true,
    );
    expect(ruleAccepts(occurrence({ attendees: ['x@partner.org'] }), outside, null)).toBe(false);
  });

  it('title words skip a meeting, case-insensitive, blank words ignored', () => {
    const words = rule({ skipWords: ['1:1', 'Private', '  '] });
    expect(ruleAccepts(occurrence({ title: 'Alice / Bob 1:1' }), words, null)).toBe(false);
    expect(ruleAccepts(occurrence({ title: 'private: dentist' }), words, null)).toBe(false);
    expect(ruleAccepts(occurrence({ title: 'Planning' }), words, null)).toBe(true);
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
      email: null,
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
