import { describe, expect, it, vi } from 'vitest';
import { meetingRoute, pageWitness, recordedMeeting } from './meeting-end';

/** Whether the address is still the meeting. */
const showsMeeting = (meeting: { service: string; id: string }, url: string) =>
  meetingRoute(meeting, url).kind === 'same';

const MEET = { service: 'google_meet', id: 'abc-defg-hij' };
const ZOOM = { service: 'zoom', id: '85012345678' };
const TELEMOST = { service: 'telemost', id: '12345678901234' };

describe('recordedMeeting', () => {
  it('is the service and id of a meeting address, undefined elsewhere', () => {
    expect(recordedMeeting('https://meet.google.com/abc-defg-hij?authuser=1')).toEqual(MEET);
    expect(recordedMeeting('https://app.zoom.us/wc/85012345678/join?pwd=x')).toEqual(ZOOM);
    expect(recordedMeeting('https://meet.google.com/landing')).toBeUndefined();
    expect(recordedMeeting('not a url')).toBeUndefined();
  });
});

describe('meetingRoute', () => {
  it('keeps the meeting across address changes within it', () => {
    expect(showsMeeting(MEET, 'https://meet.google.com/abc-defg-hij')).toBe(true);
    expect(showsMeeting(MEET, 'https://meet.google.com/abc-defg-hij?authuser=1&pli=1')).toBe(true);
    expect(showsMeeting(MEET, 'https://meet.google.com/ABCDEFGHIJ')).toBe(true);
    expect(showsMeeting(ZOOM, 'https://app.zoom.us/wc/85012345678/join?fromPWA=1')).toBe(true);
    expect(showsMeeting(ZOOM, 'https://app.zoom.us/wc/85012345678/start?fromPWA=1')).toBe(true);
    expect(showsMeeting(ZOOM, 'https://app.zoom.us/wc/85012345678/meeting')).toBe(true);
    expect(showsMeeting(TELEMOST, 'https://telemost.yandex.ru/j/12345678901234?source=calendar')).toBe(true);
    expect(showsMeeting(TELEMOST, 'https://telemost.yandex.ru/j/12345678901234/')).toBe(true);
    expect(showsMeeting(TELEMOST, 'https://telemost.360.yandex.ru/j/12345678901234/settings')).toBe(true);
  });

  it('ends it when the tab shows another meeting or no meeting', () => {
    expect(showsMeeting(MEET, 'https://meet.google.com/xyz-wxyz-xyz')).toBe(false);
    expect(showsMeeting(MEET, 'https://meet.google.com/landing')).toBe(false);
    expect(showsMeeting(MEET, 'https://meet.google.com/')).toBe(false);
    expect(showsMeeting(ZOOM, 'https://app.zoom.us/wc/leave?meetingId=85012345678')).toBe(false);
    expect(showsMeeting(ZOOM, 'https://app.zoom.us/wc/85012345678/leave')).toBe(false);
    expect(showsMeeting(ZOOM, 'https://app.zoom.us/wc/85099999999/join')).toBe(false);
    expect(showsMeeting(ZOOM, 'https://app.zoom.us/wc/home')).toBe(false);
    expect(showsMeeting(TELEMOST, 'https://telemost.yandex.ru/')).toBe(false);
    expect(showsMeeting(TELEMOST, 'https://telemost.yandex.ru/j/99999999999999')).toBe(false);
  });

  it('never takes another service or site for the meeting', () => {
    expect(showsMeeting(ZOOM, 'https://evil.example/wc/85012345678/join')).toBe(false);
    expect(showsMeeting(TELEMOST, 'https://evil.example/j/12345678901234/x')).toBe(false);
    expect(showsMeeting(TELEMOST, 'https://app.zoom.us/j/12345678901234/x')).toBe(false);
    expect(showsMeeting(MEET, 'chrome://newtab/')).toBe(false);
    expect(showsMeeting(MEET, '')).toBe(false);
  });
});

describe('pageWitness', () => {
  it('counts only what a page said after the mark, within the wait, of the same meeting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const witness = pageWitness(4_000);
      witness.said(7, 'https://meet.google.com/abc-defg-hij');
      const mark = witness.mark();
      const before = witness.stillShows(7, MEET, mark);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(await before).toBe(false);

      const second = witness.mark();
      const within = witness.stillShows(7, MEET, second);
      witness.said(7, 'https://meet.google.com/abc-defg-hij?authuser=1');
      await vi.advanceTimersByTimeAsync(4_000);
      expect(await within).toBe(true);

      const third = witness.mark();
      const elsewhere = witness.stillShows(7, MEET, third);
      witness.said(7, 'https://meet.google.com/xyz-wxyz-xyz');
      witness.said(8, 'https://meet.google.com/abc-defg-hij');
      await vi.advanceTimersByTimeAsync(4_000);
      expect(await elsewhere).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the tabs heard from last, a bounded number', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const witness = pageWitness(10);
      const mark = witness.mark();
      for (let tab = 0; tab < 500; tab++) witness.said(tab, 'https://meet.google.com/abc-defg-hij');
      const first = witness.stillShows(0, MEET, mark);
      const last = witness.stillShows(499, MEET, mark);
      await vi.advanceTimersByTimeAsync(10);
      expect([await first, await last]).toEqual([false, true]);
    } finally {
      vi.useRealTimers();
    }
  });
});
