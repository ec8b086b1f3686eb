/**
 * Feeds written by a stranger: each ends within its cap with a defined outcome (counts and
 * errors are asserted, never the time taken). A short time limit is injected where the outcome
 * is the time limit.
 */
import { describe, expect, it } from 'vitest';
import { FEED_CAPS } from './caps';
import { FeedTooComplexError, parseFeed } from './ical-engine';

const from = Date.parse('2026-10-15T00:00:00Z');
const to = Date.parse('2026-10-23T00:00:00Z');

const feed = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');

const vevent = (uid: string, lines: string[], link = 'https://meet.google.com/abc-defg-hij') =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `SUMMARY:${uid}`,
    `LOCATION:${link}`,
    ...lines,
    'END:VEVENT',
  ].join('\r\n');

/** The user's own meeting inside the window, next to the hostile events. */
const GOOD = vevent('good', ['DTSTART:20261020T100000Z', 'DTEND:20261020T110000Z']);
const uids = (parsed: ReturnType<typeof parseFeed>) => new Set(parsed.occurrences.map((o) => o.uid));

describe('parseFeed: hostile feeds end within their caps', () => {
  it('a date that never exists (DAILY;BYMONTH=2;BYMONTHDAY=30) ends at the time limit as too complex', () => {
    const text = feed(
      GOOD,
      vevent('never', [
        'DTSTART:20260101T100000Z',
        'DTEND:20260101T110000Z',
        'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      ]),
    );
    expect(() => parseFeed(text, { from, to, caps: { parseMs: 50 } })).toThrow(FeedTooComplexError);
  });

  it('a date that never exists ends by the recurrence budget even with a clock that stands still', () => {
    const text = feed(
      vevent('never', [
        'DTSTART:20260101T100000Z',
        'DTEND:20260101T110000Z',
        'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      ]),
    );
    expect(() => parseFeed(text, { from, to, clock: () => 0, caps: { ruleChecks: 200_000 } })).toThrow(
      /too many recurrence steps/,
    );
  });

  it('a rule ical.js throws on (WEEKLY;BYMONTHDAY=30) drops that series alone', () => {
    const text = feed(
      vevent('throws', [
        'DTSTART:20261001T100000Z',
        'DTEND:20261001T110000Z',
        'RRULE:FREQ=WEEKLY;BYMONTHDAY=30',
      ]),
      GOOD,
    );
    const parsed = parseFeed(text, { from, to });
    expect(uids(parsed).has('good')).toBe(true);
    expect(uids(parsed).has('throws')).toBe(false);
  });

  it('secondly series from 2000 are each cut at their own cap in the window, then at the feed’s, said once', () => {
    const secondly = Array.from({ length: 10 }, (_, i) =>
      vevent(`secondly-${i}`, ['DTSTART:20000101T000000Z', 'DTEND:20000101T000001Z', 'RRULE:FREQ=SECONDLY']),
    );
    const parsed = parseFeed(feed(GOOD, ...secondly), { from, to, caps: { occurrences: 12_000 } });
    expect(parsed.capped).toEqual(['occurrences']);
    // Singles are read first: the user's meeting is kept; past seconds cost nothing of the budget,
    // each series keeps at most 10,000 of the window's.
    expect(uids(parsed).has('good')).toBe(true);
    expect(parsed.occurrences.filter((o) => o.uid === 'secondly-0')).toHaveLength(10_000);
    // The feed's budget counts its events too.
    expect(parsed.occurrences.length).toBeGreaterThan(11_900);
    expect(parsed.occurrences.length).toBeLessThanOrEqual(12_000);
  });

  it('20,000 events: the events cap cuts the feed, what fits is read, the cap is said once', () => {
    const events = Array.from({ length: 20_000 }, (_, i) =>
      vevent(
        `flood-${i}`,
        ['DTSTART:20261021T100000Z', 'DTEND:20261021T103000Z'],
        `https://zoom.us/j/${String(10_000_000_000 + i)}`,
      ),
    );
    const parsed = parseFeed(feed(GOOD, ...events), { from, to, caps: { events: 5_000 } });
    expect(parsed.capped).toEqual(['events']);
    expect(parsed.events).toBe(5_000);
    expect(parsed.occurrences).toHaveLength(5_000);
    expect(uids(parsed).has('good')).toBe(true);
  });

  it('20,000 events are under the default events cap', () => {
    expect(FEED_CAPS.events).toBeGreaterThan(20_000);
  });

  it('200 attendees on a minutely series: one list per event, shared by its occurrences', () => {
    const attendees = Array.from(
      { length: 200 },
      (_, i) => `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:p${i}@x.org`,
    );
    const text = feed(
      vevent('minutely', [
        'DTSTART:20261019T000000Z',
        'DTEND:20261019T000100Z',
        'RRULE:FREQ=MINUTELY',
        ...attendees,
      ]),
    );
    const parsed = parseFeed(text, { from, to });
    expect(parsed.capped).toEqual([]);
    // From Oct 19 00:00 to the window's end (Oct 23 00:00): 4 days of minutes.
    expect(parsed.occurrences).toHaveLength(4 * 24 * 60);
    const lists = new Set(parsed.occurrences.map((o) => o.attendees));
    expect(lists.size).toBe(1);
    expect(parsed.occurrences[0]!.attendees).toHaveLength(200);
  });

  it('more than 200 attendees on one event are cut at 200', () => {
    const attendees = Array.from({ length: 500 }, (_, i) => `ATTENDEE:mailto:p${i}@x.org`);
    const parsed = parseFeed(
      feed(vevent('crowd', ['DTSTART:20261020T100000Z', 'DTEND:20261020T110000Z', ...attendees])),
      { from, to },
    );
    expect(parsed.occurrences[0]!.attendees).toHaveLength(200);
  });

  it('10,000 named attendees on one event: at most 200 names are kept, one list shared by the series', () => {
    const attendees = Array.from({ length: 10_000 }, (_, i) => `ATTENDEE;CN=Person ${i}:mailto:p${i}@x.org`);
    const parsed = parseFeed(
      feed(
        vevent('crowd', [
          'DTSTART:20261020T100000Z',
          'DTEND:20261020T110000Z',
          'RRULE:FREQ=DAILY;COUNT=3',
          ...attendees,
        ]),
      ),
      { from, to },
    );
    expect(parsed.occurrences).toHaveLength(3);
    expect(parsed.occurrences[0]!.people).toHaveLength(200);
    expect(parsed.occurrences[0]!.people!.slice(0, 2)).toEqual(['Person 0', 'Person 1']);
    expect(new Set(parsed.occurrences.map((o) => o.people)).size).toBe(1);
  });

  it('a CN of 1 MB is cut to 100 characters; bidirectional overrides and markup stay text, never markup', () => {
    const huge = 'A'.repeat(1024 * 1024);
    const parsed = parseFeed(
      feed(
        vevent('long', [
          'DTSTART:20261020T100000Z',
          'DTEND:20261020T110000Z',
          `ATTENDEE;CN=${huge}:mailto:a@x.org`,
          'ATTENDEE;CN="‮gnp.exe‬ <script>alert(1)</script>":mailto:b@x.org',
        ]),
        GOOD,
      ),
      { from, to },
    );
    expect(uids(parsed)).toEqual(new Set(['long', 'good']));
    const people = parsed.occurrences.find((o) => o.uid === 'long')!.people!;
    expect(people[0]).toBe('A'.repeat(100));
    expect(people[1]).toBe('gnp.exe <script>alert(1)</script>');
  });

  it('40,000 overrides of one series are grouped in one pass and read within the occurrences cap', () => {
    const overrides = Array.from({ length: 40_000 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
      const stamp = day.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
      return vevent('series', [`RECURRENCE-ID:${stamp}`, `DTSTART:${stamp}`, `DTEND:${stamp}`]);
    });
    const master = vevent('series', [
      'DTSTART:20260101T000000Z',
      'DTEND:20260101T000100Z',
      'RRULE:FREQ=MINUTELY;COUNT=40000',
    ]);
    // A clock that stands still: the grouping and the occurrences cap are tested, not the machine's
    // speed (under load the 20 s parse limit was reached before the cap).
    const parsed = parseFeed(feed(master, ...overrides, GOOD), {
      from,
      to,
      caps: { occurrences: 20_000 },
      clock: () => 0,
    });
    expect(parsed.events).toBe(40_002);
    expect(parsed.capped).toEqual(['occurrences']);
    expect(uids(parsed).has('good')).toBe(true);
  });

  it('the calendar name is cut', () => {
    const text = feed(GOOD).replace('VERSION:2.0', `VERSION:2.0\r\nX-WR-CALNAME:${'n'.repeat(5_000)}`);
    expect(parseFeed(text, { from, to }).name).toHaveLength(200);
  });
});
