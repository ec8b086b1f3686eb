import { describe, expect, it } from 'vitest';
import { parseMeetingLink } from '@/lib/links';
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
