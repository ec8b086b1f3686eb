import { describe, expect, it } from 'vitest';
import { recordedMeeting, showsMeeting } from './meeting-end';

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

describe('showsMeeting', () => {
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
