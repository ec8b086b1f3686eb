import { describe, expect, it } from 'vitest';
import { MatchPattern } from 'wxt/utils/match-patterns';
import { LOOKALIKES, MEETING_LINKS, VIDEO_PAGES } from '@/lib/links/fixtures';
import { CALENDAR_MATCHES, MEETING_MATCHES, VIDEO_MATCHES } from '@/lib/page/match-patterns';
import { CALENDAR_PAGES, MEETING_PAGES, VIDEO_PAGE_URLS } from './testing/pages';

const FAMILIES = { meeting: MEETING_MATCHES, calendar: CALENDAR_MATCHES, video: VIDEO_MATCHES } as const;

function familiesMatching(url: string): string[] {
  return Object.entries(FAMILIES)
    .filter(([, patterns]) => patterns.some((pattern) => new MatchPattern(pattern).includes(url)))
    .map(([name]) => name);
}

describe('content-script match patterns', () => {
  it('are https patterns of named hosts, never every site', () => {
    for (const pattern of [...MEETING_MATCHES, ...CALENDAR_MATCHES, ...VIDEO_MATCHES]) {
      expect(pattern).toMatch(/^https:\/\/(\*\.)?[a-z0-9.-]+\.[a-z]+\/.*$/);
      expect(pattern).not.toContain('<all_urls>');
      expect(() => new MatchPattern(pattern)).not.toThrow();
    }
  });

  it('load each family on its own pages only', () => {
    for (const page of MEETING_PAGES) expect.soft(familiesMatching(page), page).toEqual(['meeting']);
    for (const page of CALENDAR_PAGES) expect.soft(familiesMatching(page), page).toEqual(['calendar']);
    for (const page of VIDEO_PAGE_URLS) expect.soft(familiesMatching(page), page).toEqual(['video']);
  });

  it('cover the canonical link of every meeting and every video page the detectors accept', () => {
    for (const fixture of MEETING_LINKS) {
      const canonical = fixture.expected?.url;
      if (!canonical) continue;
      expect.soft(familiesMatching(canonical), canonical).toEqual(['meeting']);
    }
    for (const fixture of VIDEO_PAGES) {
      const canonical = fixture.expected?.url;
      if (!canonical) continue;
      expect.soft(familiesMatching(canonical), canonical).toEqual(['video']);
    }
  });

  it('do not load on lookalike hosts', () => {
    for (const lookalike of [...LOOKALIKES, 'https://meet.google.com.evil.test/abc-defg-hij']) {
      let parsed: URL;
      try {
        parsed = new URL(lookalike);
      } catch {
        continue;
      }
      if (!/^https?:$/.test(parsed.protocol)) continue;
      // evil.io/meet.google.com/... and ?u=https://zoom.us/... are pages of another host.
      expect.soft(familiesMatching(parsed.href), lookalike).toEqual([]);
    }
  });

  it('leave the rest of zoom.us (marketing, sign-in) alone', () => {
    expect(familiesMatching('https://zoom.us/')).toEqual([]);
    expect(familiesMatching('https://zoom.us/signin')).toEqual([]);
    expect(familiesMatching('https://zoom.us/pricing')).toEqual([]);
  });
});
