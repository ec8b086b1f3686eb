import { describe, expect, it } from 'vitest';
import { LOOKALIKES, MEDIA_LINKS, MEETING_LINKS, VIDEO_PAGES } from '@/lib/links/fixtures';
import {
  isCalendarPage,
  isHiddenOnSite,
  isMediaPage,
  isMeetingPage,
  isVideoPage,
} from '@/lib/page/conditions';
import { CALENDAR_PAGES, MEETING_PAGES, VIDEO_PAGE_URLS } from './testing/pages';

const url = (text: string) => new URL(text);

/** Hosts the families serve, on pages that are not a meeting, a video or a calendar. */
const OTHER_PAGES = [
  'https://meet.google.com/',
  'https://meet.google.com/landing',
  'https://meet.google.com/new',
  'https://zoom.us/',
  'https://zoom.us/j/',
  'https://zoom.us/webinar/register/WN_abc',
  'https://telemost.yandex.ru/',
  'https://www.youtube.com/',
  'https://www.youtube.com/results?search_query=meeting',
  'https://www.youtube.com/@channel/videos',
  'https://www.youtube.com/playlist?list=PL123',
  'https://outlook.office.com/mail/inbox',
  'https://outlook.live.com/mail/0/',
  'https://calendar.google.com/',
  // Redirect wrappers on our hosts point at a meeting or a video; they are neither.
  'https://www.youtube.com/redirect?q=https%3A%2F%2Fmeet.google.com%2Fabc-defg-hij',
  'https://www.youtube.com/redirect?q=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DBaW_jenozKc',
  'https://outlook.office.com/mail/safelink.html?url=https%3A%2F%2Fzoom.us%2Fj%2F81234567890',
  'https://vk.com/away.php?to=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DBaW_jenozKc',
];

const CONDITIONS = { isMeetingPage, isVideoPage, isCalendarPage } as const;

function acceptedBy(text: string): string[] {
  return Object.entries(CONDITIONS)
    .filter(([, condition]) => condition(url(text)))
    .map(([name]) => name);
}

describe('page conditions', () => {
  it.each(MEETING_PAGES)('a meeting page: %s', (page) => {
    expect(acceptedBy(page)).toEqual(['isMeetingPage']);
  });

  it.each(VIDEO_PAGE_URLS)('a video page: %s', (page) => {
    expect(acceptedBy(page)).toEqual(['isVideoPage']);
  });

  it.each(CALENDAR_PAGES)('a calendar page: %s', (page) => {
    expect(acceptedBy(page)).toEqual(['isCalendarPage']);
  });

  it.each(OTHER_PAGES)('no family runs on %s', (page) => {
    expect(acceptedBy(page)).toEqual([]);
  });

  it('every http(s) meeting-link fixture on its own host is a meeting page, and nothing else', () => {
    for (const fixture of MEETING_LINKS) {
      let page: URL;
      try {
        page = url(fixture.input.trim());
      } catch {
        continue;
      }
      if (!/^https?:$/.test(page.protocol) || page.hostname !== new URL(fixture.expected!.url).hostname)
        continue;
      expect.soft(acceptedBy(page.href), fixture.input).toEqual(['isMeetingPage']);
    }
  });

  it('every http(s) video fixture that is not a wrapper is a video page only', () => {
    for (const fixture of VIDEO_PAGES) {
      let page: URL;
      try {
        page = url(fixture.input.trim());
      } catch {
        continue;
      }
      if (!/^https?:$/.test(page.protocol)) continue;
      if (page.hostname === 'www.youtube.com' && page.pathname === '/redirect') continue;
      expect.soft(acceptedBy(page.href), fixture.input).toEqual(['isVideoPage']);
    }
  });

  it('lookalike hosts are nobody’s page', () => {
    for (const lookalike of LOOKALIKES) {
      let page: URL;
      try {
        page = url(lookalike);
      } catch {
        continue;
      }
      expect.soft(acceptedBy(page.href), lookalike).toEqual([]);
      expect.soft(isMediaPage(page), lookalike).toBe(false);
    }
    for (const page of [
      'https://meet.google.com.evil.test/abc-defg-hij',
      'https://calendar.google.com.evil.test/calendar/r',
      'https://evil.test/calendar.google.com/calendar/r',
      'http://calendar.google.com/calendar/r',
      'https://calendar.google.com:8443/calendar/r',
      'https://www.youtube.com.evil.test/watch?v=BaW_jenozKc',
    ]) {
      expect.soft(acceptedBy(page), page).toEqual([]);
    }
  });

  it('a media file opened in a tab is a media page, and no other kind', () => {
    for (const fixture of MEDIA_LINKS) {
      if (!fixture.expected) continue;
      expect.soft(isMediaPage(url(fixture.expected.url)), fixture.input).toBe(true);
    }
    expect(isMediaPage(url('https://www.youtube.com/watch?v=BaW_jenozKc'))).toBe(false);
    expect(isMediaPage(url('https://cdn.example.com/file.mp3?download=1'))).toBe(true);
    expect(isMediaPage(url('https://cdn.example.com/page?file=a.mp3'))).toBe(false);
  });
});

describe('hidden on site', () => {
  it('matches the exact host, case and trailing dot aside', () => {
    expect(isHiddenOnSite(['meet.google.com'], 'meet.google.com')).toBe(true);
    expect(isHiddenOnSite(['MEET.google.com.'], 'meet.google.com')).toBe(true);
    expect(isHiddenOnSite(['meet.google.com'], 'meet.google.com.evil.test')).toBe(false);
    expect(isHiddenOnSite(['zoom.us'], 'us02web.zoom.us')).toBe(false);
    expect(isHiddenOnSite([], 'www.youtube.com')).toBe(false);
  });
});
