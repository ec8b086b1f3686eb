import { describe, expect, it } from 'vitest';
import { maskFeedUrl, parseFeedUrl } from './feed-url';

describe('parseFeedUrl', () => {
  it('accepts the providers’ private addresses and webcal', () => {
    const google = 'https://calendar.google.com/calendar/ical/alice%40example.com/private-0123abcd/basic.ics';
    expect(parseFeedUrl(` ${google} `)).toEqual({ ok: true, url: google });
    const yandex = 'https://calendar.yandex.ru/export/ics.xml?private_token=abc123&tz_id=Europe/Moscow';
    expect(parseFeedUrl(yandex)).toEqual({ ok: true, url: yandex });
    expect(parseFeedUrl('webcal://outlook.office365.com/owa/calendar/x/y/reachcalendar.ics')).toEqual({
      ok: true,
      url: 'https://outlook.office365.com/owa/calendar/x/y/reachcalendar.ics',
    });
    expect(parseFeedUrl('http://127.0.0.1:8787/__emulator/calendar.ics#x')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:8787/__emulator/calendar.ics',
    });
    expect(parseFeedUrl('http://localhost:8787/cal.ics').ok).toBe(true);
  });

  it('refuses plain http elsewhere, other schemes, credentials and junk', () => {
    expect(parseFeedUrl('http://calendar.example.com/a.ics')).toEqual({ ok: false, problem: 'insecure' });
    expect(parseFeedUrl('ftp://example.com/a.ics')).toEqual({ ok: false, problem: 'scheme' });
    expect(parseFeedUrl('https://u:p@example.com/a.ics')).toEqual({ ok: false, problem: 'credentials' });
    expect(parseFeedUrl('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseFeedUrl('not a url')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseFeedUrl('calendar.ics')).toEqual({ ok: false, problem: 'invalid' });
  });
});

describe('maskFeedUrl', () => {
  it('never shows the secret part', () => {
    expect(maskFeedUrl('https://calendar.google.com/calendar/ical/a/private-secret/basic.ics')).toBe(
      'https://calendar.google.com/calendar/…',
    );
    expect(maskFeedUrl('https://calendar.yandex.ru/export/ics.xml?private_token=s')).toBe(
      'https://calendar.yandex.ru/export/…',
    );
  });
});
