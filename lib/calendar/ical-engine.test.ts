import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMeetingLink } from '@/lib/meetings';
import { FeedFormatError, parseFeed } from './ical-engine';
import { GOOGLE_FEED, OUTLOOK_FEED, YANDEX_FEED } from './testing/feeds';

const from = Date.parse('2026-10-15T00:00:00Z');
const to = Date.parse('2026-11-20T00:00:00Z');
const iso = (epoch: number) => new Date(epoch).toISOString();

describe('parseFeed: Google-shaped feed', () => {
  const feed = parseFeed(GOOGLE_FEED, { from, to, email: 'alice@example.com' });
  const starts = (uid: string) => feed.occurrences.filter((o) => o.uid === uid).map((o) => iso(o.startsAt));

  it('reads the calendar name', () => {
    expect(feed.name).toBe('alice@example.com');
  });

  it('expands the weekly series across the DST change, without the EXDATE, with the moved and without the cancelled occurrence', () => {
    expect(starts('weekly-standup@google.com')).toEqual([
      '2026-10-15T08:00:00.000Z', // 10:00 CEST
      '2026-10-22T08:00:00.000Z',
      // 2026-10-29 excluded by EXDATE; CET from 2026-10-25
      '2026-11-05T13:00:00.000Z', // moved to 14:00 CET
      // 2026-11-12 cancelled
      '2026-11-19T09:00:00.000Z', // 10:00 CET
    ]);
    const moved = feed.occurrences.find((o) => iso(o.startsAt) === '2026-11-05T13:00:00.000Z');
    expect(moved?.title).toBe('Weekly standup (moved)');
    expect(moved?.endsAt).toBe(Date.parse('2026-11-05T13:30:00Z'));
  });

  it('takes the link from X-GOOGLE-CONFERENCE', () => {
    const standup = feed.occurrences.find((o) => o.uid === 'weekly-standup@google.com');
    expect(standup?.link).toEqual({
      service: 'google_meet',
      id: 'abc-defg-hij',
      url: 'https://meet.google.com/abc-defg-hij',
    });
    expect(standup?.organizer).toBe('alice@example.com');
    expect(standup?.attendees).toEqual(['bob@example.com']);
  });

  it('reads links in HTML descriptions', () => {
    const partner = feed.occurrences.find((o) => o.uid === 'partner-call@google.com');
    expect(partner?.link.url).toBe('https://meet.google.com/pqr-stuv-wxy');
    expect(partner?.organizer).toBe('carol@partner.org');
  });

  it('skips declined, all-day, cancelled events and events without a link', () => {
    const uids = new Set(feed.occurrences.map((o) => o.uid));
    expect(uids).toEqual(new Set(['weekly-standup@google.com', 'partner-call@google.com']));
  });

  it('keeps a declined event when the owner email is not known', () => {
    const anonymous = parseFeed(GOOGLE_FEED, { from, to });
    const declined = anonymous.occurrences.find((o) => o.uid === 'declined@google.com');
    // The Google redirect around the link is unwrapped.
    expect(declined?.link.url).toBe('https://meet.google.com/xyz-wxyz-xyz');
  });

  it('returns only occurrences in the window, the running one included', () => {
    const narrow = parseFeed(GOOGLE_FEED, {
      from: Date.parse('2026-10-22T08:10:00Z'),
      to: Date.parse('2026-10-22T12:30:00Z'),
      email: 'alice@example.com',
    });
    expect(narrow.occurrences.map((o) => `${o.uid} ${iso(o.startsAt)}`)).toEqual([
      'weekly-standup@google.com 2026-10-22T08:00:00.000Z',
      'partner-call@google.com 2026-10-22T12:00:00.000Z',
    ]);
  });
});

describe('parseFeed: Yandex-shaped feed', () => {
  const feed = parseFeed(YANDEX_FEED, { from, to, email: 'petr@yandex.ru' });

  it('reads a Cyrillic name, COUNT and RDATE in Moscow time', () => {
    expect(feed.name).toBe('Работа');
    expect(
      feed.occurrences.filter((o) => o.uid === 'planning@yandex.ru').map((o) => iso(o.startsAt)),
    ).toEqual([
      '2026-10-19T08:00:00.000Z',
      '2026-10-20T08:00:00.000Z',
      '2026-10-21T08:00:00.000Z',
      '2026-10-25T08:00:00.000Z',
    ]);
    expect(feed.occurrences[0]?.link).toEqual({
      service: 'telemost',
      id: '18780842719093',
      url: 'https://telemost.yandex.ru/j/18780842719093',
    });
    expect(feed.occurrences[0]?.title).toBe('Планёрка');
  });

  it('reads a TZID the feed does not define as an IANA zone', () => {
    const ekb = feed.occurrences.find((o) => o.uid === 'ekb@yandex.ru');
    expect(iso(ekb!.startsAt)).toBe('2026-10-20T04:00:00.000Z'); // UTC+5
    expect(ekb?.link.service).toBe('telemost');
  });

  it('reads a floating time as the local wall clock and a bare Telemost host', () => {
    const floating = feed.occurrences.find((o) => o.uid === 'floating@yandex.ru');
    expect(floating?.startsAt).toBe(new Date(2026, 9, 21, 15, 0, 0).getTime());
    expect(floating?.link.id).toBe('55512345678901');
  });
});

describe('parseFeed: Outlook-shaped feed', () => {
  const feed = parseFeed(OUTLOOK_FEED, { from, to, email: 'alice@example.com' });

  it('reads Windows zone names from the VTIMEZONE after the DST change', () => {
    expect(feed.occurrences.map((o) => iso(o.startsAt))).toEqual([
      '2026-10-26T15:00:00.000Z', // 16:00 CET
      '2026-10-27T08:00:00.000Z',
    ]);
  });

  it('unwraps a Safe Links link in the HTML description', () => {
    expect(feed.occurrences[0]?.link).toEqual(
      parseMeetingLink('https://us02web.zoom.us/j/81234567890?pwd=abc'),
    );
    expect(feed.occurrences[0]?.link.service).toBe('zoom');
  });

  it('skips a decline whatever the case of the address', () => {
    expect(feed.occurrences.some((o) => o.title === 'Board')).toBe(false);
  });
});

describe('parseFeed: bad input', () => {
  it('refuses what is not iCalendar', () => {
    expect(() => parseFeed('<html><body>Sign in</body></html>', { from, to })).toThrow(FeedFormatError);
    expect(() => parseFeed('BEGIN:VCARD\r\nEND:VCARD\r\n', { from, to })).toThrow(FeedFormatError);
  });

  it('stops an endless series at the window', () => {
    const endless = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:x',
      'DTSTART:20200101T090000Z',
      'DTEND:20200101T091500Z',
      'RRULE:FREQ=DAILY',
      'LOCATION:https://meet.google.com/abc-defg-hij',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const feed = parseFeed(endless, { from, to });
    expect(feed.occurrences).toHaveLength(36);
    expect(iso(feed.occurrences[0]!.startsAt)).toBe('2026-10-15T09:00:00.000Z');
  });
});

describe('parseFeed: long series', () => {
  it('a two-year-old weekday series gives the same occurrences, with an old occurrence moved into the window', () => {
    const feed = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:standup',
      'DTSTART;TZID=Europe/Moscow:20241014T093000',
      'DTEND;TZID=Europe/Moscow:20241014T094500',
      'RRULE:FREQ=DAILY;BYDAY=MO,WE,FR',
      'LOCATION:https://meet.google.com/abc-defg-hij',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:standup',
      // Six weeks before the window, moved into it.
      'RECURRENCE-ID;TZID=Europe/Moscow:20260902T093000',
      'DTSTART:20261020T150000Z',
      'DTEND:20261020T151500Z',
      'SUMMARY:Moved stand-up',
      'LOCATION:https://meet.google.com/abc-defg-hij',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const parsed = parseFeed(feed, {
      from: Date.parse('2026-10-19T00:00:00Z'),
      to: Date.parse('2026-10-26T00:00:00Z'),
    });
    // Moscow is UTC+3 all year (no VTIMEZONE: read through Intl).
    expect(parsed.occurrences.map((o) => iso(o.startsAt))).toEqual([
      '2026-10-19T06:30:00.000Z',
      '2026-10-20T15:00:00.000Z',
      '2026-10-21T06:30:00.000Z',
      '2026-10-23T06:30:00.000Z',
    ]);
  });
});

describe('parseFeed: the names of an event’s people', () => {
  const at = (lines: string[]) =>
    parseFeed(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:names',
        'DTSTAMP:20261001T000000Z',
        'DTSTART:20261020T100000Z',
        'DTEND:20261020T110000Z',
        'LOCATION:https://meet.google.com/abc-defg-hij',
        ...lines,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
      { from, to },
    ).occurrences[0]!.people;

  it('reads the organizer’s and the attendees’ CN, quoted or not, with commas and RFC 6868 escapes', () => {
    expect(
      at([
        'ORGANIZER;CN=Anna Petrova:mailto:anna@example.com',
        'ATTENDEE;CN="Becker, Tom";PARTSTAT=ACCEPTED:mailto:tom@example.com',
        'ATTENDEE;CN=Chen\\, Wei:mailto:chen@example.com',
        "ATTENDEE;CN=Dana ^'DJ^' Smith:mailto:dana@example.com",
        'ATTENDEE;CUTYPE=INDIVIDUAL;CN=Eve:mailto:eve@example.com',
      ]),
    ).toEqual(['Anna Petrova', 'Becker, Tom', 'Chen, Wei', 'Dana "DJ" Smith', 'Eve']);
  });

  it('leaves out who declined, rooms, resources, groups, the only-informed, and a CN that is an address or empty', () => {
    expect(
      at([
        'ATTENDEE;CN=Declined Person;PARTSTAT=DECLINED:mailto:d@example.com',
        'ATTENDEE;CUTYPE=ROOM;CN=Room 4.01 (8):mailto:room@resource.calendar.google.com',
        'ATTENDEE;CUTYPE=RESOURCE;CN=Projector:mailto:p@example.com',
        'ATTENDEE;CUTYPE=GROUP;CN=All staff:mailto:all@example.com',
        'ATTENDEE;ROLE=NON-PARTICIPANT;CN=Assistant:mailto:a@example.com',
        'ATTENDEE;CN=bob@example.com:mailto:bob@example.com',
        'ATTENDEE;CN="mailto:carl@example.com":mailto:carl@example.com',
        'ATTENDEE;CN="  ":mailto:e@example.com',
        'ATTENDEE:mailto:f@example.com',
        'ATTENDEE;CUTYPE=UNKNOWN;CN=Maybe Person;PARTSTAT=TENTATIVE:mailto:m@example.com',
      ]),
    ).toEqual(['Maybe Person']);
  });

  it('keeps one of each name (case-insensitive), whitespace collapsed, control and bidirectional characters dropped', () => {
    expect(
      at([
        'ORGANIZER;CN=Anna Petrova:mailto:anna@example.com',
        'ATTENDEE;CN=anna   petrova:mailto:anna@example.com',
        'ATTENDEE;CN="\u202eTom\u200b Becker\u202c":mailto:tom@example.com',
      ]),
    ).toEqual(['Anna Petrova', 'Tom Becker']);
  });

  it('keeps a CN that is markup as text (it is only ever rendered as text)', () => {
    expect(at(['ATTENDEE;CN="<img src=x onerror=alert(1)>":mailto:x@example.com'])).toEqual([
      '<img src=x onerror=alert(1)>',
    ]);
  });

  it('an event without people has none; the list is shared by the occurrences of a series', () => {
    expect(at([])).toEqual([]);
    const series = parseFeed(GOOGLE_FEED, { from, to });
    const standups = series.occurrences.filter(
      (o) => o.uid === 'weekly-standup@google.com' && o.title === 'Weekly standup',
    );
    expect(standups.length).toBeGreaterThan(1);
    expect(new Set(standups.map((o) => o.people)).size).toBe(1);
  });
});

describe('parseFeed: people’s names in real feeds (lib/calendar/fixtures/feeds)', () => {
  /** A fixture with a meeting link added to each event (the real ones have none), read in a window. */
  const read = (file: string, window: [string, string]) =>
    parseFeed(
      readFileSync(path.join(import.meta.dirname, 'fixtures/feeds', file), 'utf8').replace(
        /BEGIN:VEVENT\r?\n/g,
        'BEGIN:VEVENT\r\nX-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij\r\n',
      ),
      { from: Date.parse(window[0]), to: Date.parse(window[1]) },
    ).occurrences;

  it('Google’s export (ical.js samples/recur_instances.ics): a folded CN; a CN that is the address is no name', () => {
    // January's first Tuesday is the series' own; October's is an override that names the organizer only.
    const [january] = read('icaljs-recur_instances.ics', ['2013-01-01T00:00:00Z', '2013-01-02T00:00:00Z']);
    expect(january!.people).toEqual(['James Lal', 'Sahaja Lal']);
    const [october] = read('icaljs-recur_instances.ics', ['2012-10-02T00:00:00Z', '2012-10-03T00:00:00Z']);
    expect(october!.people).toEqual(['James Lal']);
  });

  it('Lightning’s (ical.js samples/multiple_rrules.ics): the organizer, then the attendee', () => {
    const occurrences = read('icaljs-multiple_rrules.ics', ['2012-03-26T00:00:00Z', '2012-03-27T00:00:00Z']);
    expect(occurrences[0]!.people).toEqual(['Faramarz Rashed', 'James Lal']);
  });

  it('khal’s (icalendar issue_156): a quoted CN', () => {
    const occurrences = read('pyical-issue_156_RDATE_with_PERIOD_TZID_khal.ics', [
      '2018-03-27T00:00:00Z',
      '2018-03-28T00:00:00Z',
    ]);
    expect(occurrences[0]!.people).toEqual(['XYZ']);
  });
});
