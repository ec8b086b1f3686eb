/**
 * Recurrence, time-zone and override cases where producers' feeds and RFC 5545 meet: each case
 * written for the tests in the shape its producer writes it (Exchange, Outlook, CalDAV servers,
 * khal, Lotus exports), with the instants RFC 5545 gives. RFC 5545's own rule examples, with
 * their listed results, are checked in rfc5545-examples.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseFeed } from './ical-engine';

const LINK = 'LOCATION:https://meet.google.com/abc-defg-hij';
const iso = (epoch: number) => new Date(epoch).toISOString().replace(':00.000Z', 'Z');

function feed(...parts: string[][]): string {
  return `${['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...parts.flat(), 'END:VCALENDAR'].join('\r\n')}\r\n`;
}
function event(uid: string, ...lines: string[]): string[] {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', LINK, ...lines, 'END:VEVENT'];
}
const window = (from: string, to: string) => ({ from: Date.parse(from), to: Date.parse(to) });
const JANUARY = window('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z');
const starts = (text: string, w = JANUARY, uid?: string) =>
  parseFeed(text, w)
    .occurrences.filter((o) => uid === undefined || o.uid === uid)
    .map((o) => `${iso(o.startsAt)}${o.title ? ` ${o.title}` : ''}`);

/** Europe/Berlin as Exchange writes it under a name of its own (no IANA name anywhere). */
const CUSTOM_BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Customized Time Zone 1',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

describe('overrides matched to their series whatever form their RECURRENCE-ID takes', () => {
  const series = [
    'DTSTART;TZID=Europe/Berlin:20260105T100000',
    'DTEND;TZID=Europe/Berlin:20260105T110000',
    'RRULE:FREQ=WEEKLY;COUNT=4',
    'SUMMARY:Weekly',
  ];

  it('a RECURRENCE-ID in UTC replaces the instance of a series in Europe/Berlin', () => {
    const text = feed(
      event('w', ...series),
      event(
        'w',
        'RECURRENCE-ID:20260112T090000Z',
        'DTSTART;TZID=Europe/Berlin:20260113T150000',
        'DURATION:PT1H',
        'SUMMARY:Moved',
      ),
    );
    expect(starts(text)).toEqual([
      '2026-01-05T09:00Z Weekly',
      '2026-01-13T14:00Z Moved',
      '2026-01-19T09:00Z Weekly',
      '2026-01-26T09:00Z Weekly',
    ]);
  });

  it('a RECURRENCE-ID written as a DATE replaces that day’s instance', () => {
    const text = feed(
      event('w', ...series),
      event(
        'w',
        'RECURRENCE-ID;VALUE=DATE:20260119',
        'DTSTART;TZID=Europe/Berlin:20260120T080000',
        'DURATION:PT1H',
        'SUMMARY:Moved',
      ),
    );
    expect(starts(text)).toEqual([
      '2026-01-05T09:00Z Weekly',
      '2026-01-12T09:00Z Weekly',
      '2026-01-20T07:00Z Moved',
      '2026-01-26T09:00Z Weekly',
    ]);
  });

  it('a RECURRENCE-ID in another zone than DTSTART names the same instant', () => {
    const text = feed(
      event('w', ...series),
      event(
        'w',
        'RECURRENCE-ID;TZID=America/New_York:20260126T040000',
        'STATUS:CANCELLED',
        'DTSTART;TZID=Europe/Berlin:20260126T100000',
        'SUMMARY:Cancelled',
      ),
    );
    expect(starts(text)).toEqual([
      '2026-01-05T09:00Z Weekly',
      '2026-01-12T09:00Z Weekly',
      '2026-01-19T09:00Z Weekly',
    ]);
  });
});

describe('UNTIL in UTC is an instant (RFC 5545 3.3.10)', () => {
  it('west of UTC: no occurrence after the instant UNTIL names', () => {
    // 20:00 in New York is 01:00Z the next day: the instance of the 8th is after UNTIL.
    const text = feed(
      event(
        'ny',
        'DTSTART;TZID=America/New_York:20260105T200000',
        'DURATION:PT1H',
        'RRULE:FREQ=DAILY;UNTIL=20260108T235959Z',
      ),
    );
    expect(starts(text)).toEqual(['2026-01-06T01:00Z', '2026-01-07T01:00Z', '2026-01-08T01:00Z']);
  });

  it('for a floating DTSTART (undefined: UNTIL should be floating too), the instant in the zone floating times are read in', () => {
    // 10:00 floating, read in New York (X-WR-TIMEZONE), is 15:00Z; UNTIL names 09:00 in New York on the 7th.
    const text = feed(
      ['X-WR-TIMEZONE:America/New_York'],
      event(
        'floating',
        'DTSTART:20260105T100000',
        'DURATION:PT1H',
        'RRULE:FREQ=DAILY;UNTIL=20260107T140000Z',
      ),
    );
    expect(starts(text)).toEqual(['2026-01-05T15:00Z', '2026-01-06T15:00Z']);
  });

  it('east of UTC: the last occurrence, at the instant UNTIL names, is kept', () => {
    // 10:00 in Moscow is 07:00Z.
    const text = feed(
      event(
        'msk',
        'DTSTART;TZID=Europe/Moscow:20260105T100000',
        'DURATION:PT1H',
        'RRULE:FREQ=DAILY;UNTIL=20260107T070000Z',
      ),
    );
    expect(starts(text)).toEqual(['2026-01-05T07:00Z', '2026-01-06T07:00Z', '2026-01-07T07:00Z']);
  });

  it('in a zone the feed defines itself, too', () => {
    const text = feed(
      CUSTOM_BERLIN,
      event(
        'c',
        'DTSTART;TZID=Customized Time Zone 1:20260105T100000',
        'DURATION:PT1H',
        'RRULE:FREQ=DAILY;UNTIL=20260107T090000Z',
      ),
    );
    expect(starts(text)).toEqual(['2026-01-05T09:00Z', '2026-01-06T09:00Z', '2026-01-07T09:00Z']);
  });
});

describe('rules ical.js expanded wrongly', () => {
  const year = window('2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z');

  it('BYDAY=20MO in a YEARLY rule is the 20th Monday of the year, not every Monday', () => {
    const text = feed(
      event('y', 'DTSTART:20260518T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=YEARLY;BYDAY=20MO;COUNT=3'),
    );
    expect(starts(text, year)).toEqual(['2026-05-18T09:00Z', '2027-05-17T09:00Z', '2028-05-15T09:00Z']);
  });

  it('BYWEEKNO with and without WKST', () => {
    const monday = feed(
      event(
        'w',
        'DTSTART:20260511T090000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;COUNT=3',
      ),
    );
    expect(starts(monday, year)).toEqual(['2026-05-11T09:00Z', '2027-05-17T09:00Z', '2028-05-15T09:00Z']);
    // Weeks from Sunday: 2026's week 20 is a week later (its 1st to 3rd of January are week 53 of 2025).
    const sunday = feed(
      event(
        'w',
        'DTSTART:20260518T090000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;WKST=SU;COUNT=3',
      ),
    );
    expect(starts(sunday, year)).toEqual(['2026-05-18T09:00Z', '2027-05-17T09:00Z', '2028-05-15T09:00Z']);
  });
});

describe('time zones a feed defines itself', () => {
  it('a custom VTIMEZONE (Exchange’s “Customized Time Zone”) is read by its observances, summer and winter', () => {
    const text = feed(
      CUSTOM_BERLIN,
      event(
        'c',
        'DTSTART;TZID=Customized Time Zone 1:20260106T100000',
        'DURATION:PT1H',
        'RRULE:FREQ=MONTHLY;COUNT=8',
      ),
    );
    expect(starts(text, window('2026-01-01T00:00:00Z', '2026-09-01T00:00:00Z'))).toEqual([
      '2026-01-06T09:00Z',
      '2026-02-06T09:00Z',
      '2026-03-06T09:00Z',
      '2026-04-06T08:00Z',
      '2026-05-06T08:00Z',
      '2026-06-06T08:00Z',
      '2026-07-06T08:00Z',
      '2026-08-06T08:00Z',
    ]);
  });

  it('a custom VTIMEZONE is matched to its TZID whatever the quotes and escapes around the name (CalDAV servers, Lotus exports)', () => {
    const named = (zoneLine: string, startParam: string) =>
      starts(
        feed(
          [CUSTOM_BERLIN[0]!, zoneLine, ...CUSTOM_BERLIN.slice(2)],
          event('q', `DTSTART;TZID=${startParam}:20260706T100000`, 'DURATION:PT1H'),
        ),
        window('2026-07-01T00:00:00Z', '2026-08-01T00:00:00Z'),
      );
    expect(named('TZID:"Customized Time Zone 1"', 'Customized Time Zone 1')).toEqual(['2026-07-06T08:00Z']);
    expect(named('TZID:Lotus Berlin\\, Rome', '"Lotus Berlin, Rome"')).toEqual(['2026-07-06T08:00Z']);
  });

  it('a Windows display name without a VTIMEZONE maps through the CLDR table', () => {
    const at = (tzid: string) =>
      starts(
        feed(event('w', `DTSTART;TZID="${tzid}":20260706T100000`, 'DURATION:PT1H')),
        window('2026-07-01T00:00:00Z', '2026-08-01T00:00:00Z'),
      );
    expect(at('(UTC-05:00) Eastern Time (US & Canada)')).toEqual(['2026-07-06T14:00Z']);
    expect(at('(UTC-05:00) Eastern Time (US and Canada)')).toEqual(['2026-07-06T14:00Z']);
    expect(at('(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna')).toEqual(['2026-07-06T08:00Z']);
    expect(at('W. Europe Standard Time')).toEqual(['2026-07-06T08:00Z']);
  });

  it('a zone whose observance repeats every hour fails its own events only, within a bounded expansion', () => {
    const hourly = [
      'BEGIN:VTIMEZONE',
      'TZID:Customized Time Zone 2',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=HOURLY',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:19700101T003000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=MINUTELY;INTERVAL=30',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ];
    const text = feed(
      hourly,
      event('hostile', 'DTSTART;TZID=Customized Time Zone 2:20260106T100000', 'DURATION:PT1H'),
      event('good', 'DTSTART:20260107T100000Z', 'DURATION:PT1H'),
    );
    const parsed = parseFeed(text, JANUARY);
    expect(parsed.occurrences.map((o) => o.uid)).toEqual(['good']);
    expect(parsed.skipped).toEqual({ count: 1, reason: 'zone', property: 'Customized Time Zone 2' });
  });

  it('a broken parameter in a VTIMEZONE fails that zone only: its events are left out, the feed is read', () => {
    const broken = CUSTOM_BERLIN.map((line) =>
      line === 'TZOFFSETTO:+0100' ? 'TZOFFSETTO;X-A="unclosed:+0100' : line,
    );
    const text = feed(
      ['X-WR-CALNAME;X-BAD="unclosed:Team'],
      broken,
      event('custom', 'DTSTART;TZID=Customized Time Zone 1:20260106T100000', 'DURATION:PT1H'),
      event('good', 'DTSTART:20260107T100000Z', 'DURATION:PT1H'),
    );
    const parsed = parseFeed(text, JANUARY);
    expect(parsed.occurrences.map((o) => o.uid)).toEqual(['good']);
    expect(parsed.skipped).toEqual({ count: 1, reason: 'zone', property: 'Customized Time Zone 1' });
  });
});

describe('versions of one event', () => {
  it('several VEVENTs with one UID and no RECURRENCE-ID: the highest SEQUENCE, then the latest DTSTAMP, is kept', () => {
    const text = feed(
      event('v', 'SEQUENCE:2', 'DTSTART:20260112T100000Z', 'DURATION:PT1H', 'SUMMARY:Current'),
      event('v', 'SEQUENCE:1', 'DTSTART:20260110T100000Z', 'DURATION:PT1H', 'SUMMARY:Old'),
      [
        'BEGIN:VEVENT',
        'UID:d',
        'SEQUENCE:0',
        'DTSTAMP:20260102T000000Z',
        LINK,
        'DTSTART:20260120T100000Z',
        'DURATION:PT1H',
        'SUMMARY:Later stamp',
        'END:VEVENT',
      ],
      [
        'BEGIN:VEVENT',
        'UID:d',
        'SEQUENCE:0',
        'DTSTAMP:20260101T000000Z',
        LINK,
        'DTSTART:20260121T100000Z',
        'DURATION:PT1H',
        'SUMMARY:Earlier stamp',
        'END:VEVENT',
      ],
    );
    expect(starts(text)).toEqual(['2026-01-12T10:00Z Current', '2026-01-20T10:00Z Later stamp']);
  });
});

describe('one bad part costs that part only', () => {
  it('one malformed EXDATE value: the other values apply and the series stands; the part is counted', () => {
    const text = feed(
      event(
        'e',
        'DTSTART:20260105T100000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE:20260112T100000Z,2026-01-19,20260126T100000Z',
      ),
    );
    const parsed = parseFeed(text, JANUARY);
    expect(parsed.occurrences.map((o) => iso(o.startsAt))).toEqual([
      '2026-01-05T10:00Z',
      '2026-01-19T10:00Z',
    ]);
    expect(parsed.skipped).toBeUndefined();
    expect(parsed.partsSkipped).toEqual({ count: 1, property: 'EXDATE' });
  });

  it('a VCALENDAR nested in a VCALENDAR: the inner calendar’s events and zones are read', () => {
    const text = feed(
      event('outer', 'DTSTART:20260105T100000Z', 'DURATION:PT1H'),
      ['BEGIN:VCALENDAR', 'VERSION:2.0', ...CUSTOM_BERLIN],
      event('inner', 'DTSTART;TZID=Customized Time Zone 1:20260106T100000', 'DURATION:PT1H'),
      ['END:VCALENDAR'],
    );
    expect(starts(text)).toEqual(['2026-01-05T10:00Z', '2026-01-06T09:00Z']);
  });

  it('VALUE=DATE on a value that is a date-time: the date-time is read, and counted', () => {
    const text = feed(
      event('d', 'DTSTART;VALUE=DATE:20260105T100000Z', 'DTEND;VALUE=DATE:20260105T110000Z'),
      event('e', 'DTSTART;TZID=Europe/Berlin;VALUE=DATE:20260106T100000', 'DURATION:PT1H'),
    );
    const parsed = parseFeed(text, JANUARY);
    expect(parsed.occurrences.map((o) => iso(o.startsAt))).toEqual([
      '2026-01-05T10:00Z',
      '2026-01-06T09:00Z',
    ]);
    expect(parsed.partsSkipped).toEqual({ count: 3, property: 'DTSTART' });
  });
});

describe('a DTSTART that does not match its own RRULE (RFC 5545: the set is undefined)', () => {
  it('DTSTART is kept as the first instance and counts toward COUNT', () => {
    // Wednesday the 7th, rule on Mondays.
    const text = feed(
      event('m', 'DTSTART:20260107T100000Z', 'DURATION:PT30M', 'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3'),
    );
    expect(starts(text)).toEqual(['2026-01-07T10:00Z', '2026-01-12T10:00Z', '2026-01-19T10:00Z']);
    const open = feed(
      event(
        'm',
        'DTSTART:20260107T100000Z',
        'DURATION:PT30M',
        'RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20260120T000000Z',
      ),
    );
    expect(starts(open)).toEqual(['2026-01-07T10:00Z', '2026-01-12T10:00Z', '2026-01-19T10:00Z']);
  });
});

describe('the budgets of a feed', () => {
  it('four minute-by-minute series from 1990 do not hide a weekly meeting today', () => {
    const minutely = (uid: string) =>
      event(
        uid,
        'DTSTART:19900101T000000Z',
        'DURATION:PT1M',
        'RRULE:FREQ=MINUTELY;BYHOUR=9,10,11,12,13,14,15,16',
      );
    const text = feed(
      minutely('m1'),
      minutely('m2'),
      minutely('m3'),
      minutely('m4'),
      event('weekly', 'DTSTART:20260105T170000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY'),
    );
    const parsed = parseFeed(text, window('2026-01-12T00:00:00Z', '2026-01-13T00:00:00Z'));
    expect(parsed.occurrences.filter((o) => o.uid === 'weekly').map((o) => iso(o.startsAt))).toEqual([
      '2026-01-12T17:00Z',
    ]);
  });
});
