import { describe, expect, it } from 'vitest';
import { resolveZone } from './feed-zones';
import { parseFeed } from './ical-engine';

const LINK = 'LOCATION:https://meet.google.com/abc-defg-hij';
const iso = (epoch: number) => new Date(epoch).toISOString();

function feed(...parts: string[][]): string {
  return `${['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...parts.flat(), 'END:VCALENDAR'].join('\r\n')}\r\n`;
}
function event(uid: string | null, ...lines: string[]): string[] {
  return [
    'BEGIN:VEVENT',
    ...(uid === null ? [] : [`UID:${uid}`]),
    'DTSTAMP:20260101T000000Z',
    LINK,
    ...lines,
    'END:VEVENT',
  ];
}
const GOOD = event('good', 'DTSTART:20260105T100000Z', 'DTEND:20260105T110000Z', 'SUMMARY:Good');
const JANUARY = { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2026-01-31T00:00:00Z') };
const uids = (text: string, window = JANUARY) => parseFeed(text, window).occurrences.map((o) => o.uid);

describe('one bad event costs that event only', () => {
  it('an Apple location parameter spilled onto its own line is left out; its event and the others are read', () => {
    const apple = [
      'BEGIN:VEVENT',
      'UID:apple',
      'DTSTART:20260106T100000Z',
      'DTEND:20260106T110000Z',
      LINK,
      'X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=1 Main St;X-APPLE-RADIUS=70;',
      'X-TITLE=Office:geo:52.5,13.4',
      'END:VEVENT',
    ];
    const parsed = parseFeed(feed(apple, GOOD), JANUARY);
    expect(parsed.occurrences.map((o) => o.uid)).toEqual(['good', 'apple']);
    expect(parsed.skipped).toBeUndefined();
  });

  it('a rule with a space after its equals sign (BYDAY= TU) is mended', () => {
    const spaced = event(
      'spaced',
      'DTSTART:20260106T100000Z',
      'DTEND:20260106T110000Z',
      'RRULE:FREQ=WEEKLY;BYDAY= TU;COUNT=3',
    );
    const starts = parseFeed(feed(spaced), JANUARY).occurrences.map((o) => iso(o.startsAt));
    expect(starts).toEqual([
      '2026-01-06T10:00:00.000Z',
      '2026-01-13T10:00:00.000Z',
      '2026-01-20T10:00:00.000Z',
    ]);
  });

  it('an unknown FREQ skips its event; the line says how many and why', () => {
    const odd = event('odd', 'DTSTART:20260106T100000Z', 'DTEND:20260106T110000Z', 'RRULE:FREQ=FORTNIGHTLY');
    const parsed = parseFeed(feed(odd, GOOD, odd), JANUARY);
    expect(parsed.occurrences.map((o) => o.uid)).toEqual(['good']);
    expect(parsed.skipped).toEqual({ count: 2, reason: 'rule', property: 'RRULE' });
  });

  it('a date-time with missing digits or out of range skips its event', () => {
    const short = event('short', 'DTSTART:2026015T1000Z', 'DTEND:20260105T110000Z');
    const month = event('month', 'DTSTART:20261345T100000Z');
    const parsed = parseFeed(feed(short, month, GOOD), JANUARY);
    expect(parsed.occurrences.map((o) => o.uid)).toEqual(['good']);
    expect(parsed.skipped).toEqual({ count: 2, reason: 'time', property: 'DTSTART' });
  });

  it('an all-day event with a DURATION is read (and, being all-day, gets no bot)', () => {
    const allDay = event(
      'all-day',
      'DTSTART;VALUE=DATE:20260107',
      'DURATION:PT1H',
      'RRULE:FREQ=DAILY;COUNT=3',
    );
    const parsed = parseFeed(feed(allDay, GOOD), JANUARY);
    expect(parsed.occurrences.map((o) => o.uid)).toEqual(['good']);
    expect(parsed.skipped).toBeUndefined();
  });

  it('an absurd DURATION skips its event at once instead of running the parse to its limit', () => {
    const endless = event(
      'endless',
      'DTSTART:20260106T100000Z',
      'DURATION:P999999999999999999W',
      'RRULE:FREQ=DAILY',
    );
    const parsed = parseFeed(feed(endless, GOOD), JANUARY);
    expect(parsed.occurrences.map((o) => o.uid)).toEqual(['good']);
    expect(parsed.skipped).toEqual({ count: 1, reason: 'duration', property: 'DURATION' });
  });

  it('an event without DTSTART is skipped and counted', () => {
    const parsed = parseFeed(feed(event('none', 'SUMMARY:No start'), GOOD), JANUARY);
    expect(parsed.skipped).toEqual({ count: 1, reason: 'start', property: 'DTSTART' });
  });

  it('absurd COUNT, INTERVAL and UNTIL are bounded before the recurrence code', () => {
    const count = event(
      'count',
      'DTSTART:20260105T090000Z',
      'DTEND:20260105T093000Z',
      'RRULE:FREQ=WEEKLY;COUNT=99999999999999999999',
    );
    const interval = event(
      'interval',
      'DTSTART:20260105T080000Z',
      'DTEND:20260105T083000Z',
      'RRULE:FREQ=YEARLY;INTERVAL=999999999',
    );
    const until = event(
      'until',
      'DTSTART:20260105T070000Z',
      'DTEND:20260105T073000Z',
      'RRULE:FREQ=WEEKLY;UNTIL=99991231T000000Z',
    );
    const parsed = parseFeed(feed(count, interval, until), JANUARY);
    const of = (uid: string) => parsed.occurrences.filter((o) => o.uid === uid).length;
    expect([of('count'), of('interval'), of('until')]).toEqual([4, 1, 4]);
    expect(parsed.skipped).toBeUndefined();
  });

  it('a rule with a trailing comma is mended; an RDATE that cannot be read is left out, its series kept', () => {
    const comma = event(
      'comma',
      'DTSTART:20260107T100000Z',
      'DURATION:PT1H',
      'RRULE:FREQ=MONTHLY;COUNT=2;BYDAY=+1WE;BYMONTH=1,2,',
    );
    const time = event(
      'time',
      'DTSTART:20260108T100000Z',
      'DURATION:PT1H',
      'RDATE;VALUE=TIME:083000',
      'RDATE:20260115T100000Z',
    );
    const parsed = parseFeed(feed(comma, time), JANUARY);
    expect(parsed.occurrences.map((o) => `${o.uid} ${iso(o.startsAt)}`)).toEqual([
      'comma 2026-01-07T10:00:00.000Z',
      'time 2026-01-08T10:00:00.000Z',
      'time 2026-01-15T10:00:00.000Z',
    ]);
    expect(parsed.skipped).toBeUndefined();
  });

  it('an event left open (no END:VEVENT) is read up to the next one', () => {
    const open = ['BEGIN:VEVENT', 'UID:open', 'DTSTART:20260106T100000Z', LINK];
    expect(uids(feed(open, GOOD)).sort()).toEqual(['good', 'open']);
  });
});

const BERLIN_2018_2020 = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'DTSTART:20180325T020000',
  'RDATE:20190331T020000,20200329T020000',
  'TZNAME:CEST',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'DTSTART:20181028T030000',
  'RDATE:20191027T030000,20201025T030000',
  'TZNAME:CET',
  'END:STANDARD',
  'END:VTIMEZONE',
];
const JULY = { from: Date.parse('2026-07-01T00:00:00Z'), to: Date.parse('2026-07-31T00:00:00Z') };
const startOf = (text: string, window = JULY) =>
  parseFeed(text, window).occurrences.map((o) => iso(o.startsAt));

describe('time zones as calendars mean them', () => {
  it('an IANA TZID whose VTIMEZONE covers only 2018-2020 uses the IANA rules in 2026', () => {
    const text = feed(
      BERLIN_2018_2020,
      event('b', 'DTSTART;TZID=Europe/Berlin:20260706T100000', 'DURATION:PT1H'),
    );
    expect(startOf(text)).toEqual(['2026-07-06T08:00:00.000Z']);
    // ...and its own rules within the years it covers.
    const old = feed(
      BERLIN_2018_2020,
      event('b', 'DTSTART;TZID=Europe/Berlin:20190708T100000', 'DURATION:PT1H'),
    );
    expect(
      startOf(old, { from: Date.parse('2019-07-01T00:00:00Z'), to: Date.parse('2019-07-31T00:00:00Z') }),
    ).toEqual(['2019-07-08T08:00:00.000Z']);
  });

  it('Windows and vendor zone names without a VTIMEZONE map through the CLDR table', () => {
    const at = (tzid: string) =>
      startOf(feed(event('w', `DTSTART;TZID="${tzid}":20260706T100000`, 'DURATION:PT1H')));
    expect(at('Pacific Standard Time')).toEqual(['2026-07-06T17:00:00.000Z']);
    expect(at('Russian Standard Time')).toEqual(['2026-07-06T07:00:00.000Z']);
    expect(at('W. Europe Standard Time')).toEqual(['2026-07-06T08:00:00.000Z']);
    // A vendor's name CLDR does not know (Lotus Notes) is read by its VTIMEZONE, when it has one.
    const lotus = BERLIN_2018_2020.map((line) =>
      line === 'TZID:Europe/Berlin' ? 'TZID:Western/Central Europe' : line,
    );
    expect(
      startOf(
        feed(lotus, event('l', 'DTSTART;TZID=Western/Central Europe:20190708T100000', 'DURATION:PT1H')),
        {
          from: Date.parse('2019-07-01T00:00:00Z'),
          to: Date.parse('2019-07-31T00:00:00Z'),
        },
      ),
    ).toEqual(['2019-07-08T08:00:00.000Z']);
  });

  it('a malformed TZID (a trailing colon) on the VTIMEZONE and the event is cleaned', () => {
    const zone = BERLIN_2018_2020.map((line) =>
      line === 'TZID:Europe/Berlin' ? 'TZID:Europe/Berlin:' : line,
    );
    const text = feed(zone, event('m', 'DTSTART;TZID="Europe/Berlin:":20260706T100000', 'DURATION:PT1H'));
    expect(startOf(text)).toEqual(['2026-07-06T08:00:00.000Z']);
    expect(resolveZone('/mozilla.org/20070129_1/America/New_York')).toBe('America/New_York');
  });

  it('floating times use X-WR-TIMEZONE', () => {
    const text = feed(['X-WR-TIMEZONE:Asia/Tokyo'], event('f', 'DTSTART:20260706T100000', 'DURATION:PT1H'));
    expect(startOf(text)).toEqual(['2026-07-06T01:00:00.000Z']);
  });

  it('a zone no table knows is read in the user’s zone, and named', () => {
    const text = feed(event('u', 'DTSTART;TZID=Mars/Olympus Mons:20260706T100000', 'DURATION:PT1H'));
    const parsed = parseFeed(text, JULY);
    expect(parsed.occurrences.map((o) => o.startsAt)).toEqual([new Date(2026, 6, 6, 10, 0, 0).getTime()]);
    expect(parsed.unknownZones).toEqual(['Mars/Olympus Mons']);
  });
});

describe('RFC 5545 corners real feeds use', () => {
  it('events without a UID are each a series of their own', () => {
    const a = event(
      null,
      'DTSTART:20260105T090000Z',
      'DURATION:PT30M',
      'RRULE:FREQ=WEEKLY;COUNT=2',
      'SUMMARY:A',
    );
    const b = event(
      null,
      'DTSTART:20260106T090000Z',
      'DURATION:PT30M',
      'RRULE:FREQ=WEEKLY;COUNT=2',
      'SUMMARY:B',
    );
    const titles = parseFeed(feed(a, b), JANUARY).occurrences.map((o) => o.title);
    expect(titles).toEqual(['A', 'B', 'A', 'B']);
  });

  it('RANGE=THISANDFUTURE moves this and every later occurrence', () => {
    const series = event(
      's',
      'DTSTART:20260105T100000Z',
      'DURATION:PT1H',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'SUMMARY:Sync',
    );
    const moved = event(
      's',
      'RECURRENCE-ID;RANGE=THISANDFUTURE:20260112T100000Z',
      'DTSTART:20260112T120000Z',
      'DURATION:PT1H',
      'SUMMARY:Sync later',
    );
    const occurrences = parseFeed(feed(series, moved), JANUARY).occurrences;
    expect(occurrences.map((o) => `${iso(o.startsAt)} ${o.title}`)).toEqual([
      '2026-01-05T10:00:00.000Z Sync',
      '2026-01-12T12:00:00.000Z Sync later',
      '2026-01-19T12:00:00.000Z Sync later',
      '2026-01-26T12:00:00.000Z Sync later',
    ]);
  });

  it('RDATE lists and PERIOD values add occurrences, DTSTART being the first', () => {
    const dates = event(
      'r',
      'DTSTART:20260105T100000Z',
      'DURATION:PT1H',
      'RDATE:20260107T100000Z,20260109T100000Z',
      'RDATE;VALUE=PERIOD:20260112T150000Z/20260112T160000Z,20260114T150000Z/PT2H',
    );
    expect(parseFeed(feed(dates), JANUARY).occurrences.map((o) => iso(o.startsAt))).toEqual([
      '2026-01-05T10:00:00.000Z',
      '2026-01-07T10:00:00.000Z',
      '2026-01-09T10:00:00.000Z',
      '2026-01-12T15:00:00.000Z',
      '2026-01-14T15:00:00.000Z',
    ]);
  });

  it('DATE and DATE-TIME mixed: an EXDATE of a whole day removes that day’s occurrence; a DATE end is read', () => {
    const daily = event(
      'd',
      'DTSTART:20260105T100000Z',
      'DURATION:PT1H',
      'RRULE:FREQ=DAILY;COUNT=4',
      'EXDATE;VALUE=DATE:20260106',
    );
    const dateEnd = event('e', 'DTSTART:20260120T100000Z', 'DTEND;VALUE=DATE:20260121');
    const occurrences = parseFeed(feed(daily, dateEnd), JANUARY).occurrences;
    expect(occurrences.map((o) => `${o.uid} ${iso(o.startsAt)}`)).toEqual([
      'd 2026-01-05T10:00:00.000Z',
      'd 2026-01-07T10:00:00.000Z',
      'd 2026-01-08T10:00:00.000Z',
      'e 2026-01-20T10:00:00.000Z',
    ]);
  });

  it('an EXDATE in another zone than DTSTART removes the same instant', () => {
    const daily = event(
      'z',
      'DTSTART;TZID=Europe/Berlin:20260105T100000',
      'DURATION:PT1H',
      'RRULE:FREQ=DAILY;COUNT=4',
      'EXDATE:20260106T090000Z',
      'EXDATE;TZID=America/New_York:20260107T040000',
    );
    expect(parseFeed(feed(daily), JANUARY).occurrences.map((o) => iso(o.startsAt))).toEqual([
      '2026-01-05T09:00:00.000Z',
      '2026-01-08T09:00:00.000Z',
    ]);
  });
});
