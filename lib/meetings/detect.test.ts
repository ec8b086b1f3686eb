import { describe, expect, it } from 'vitest';
import { MEETING_LINKS } from '../links/fixtures';
import { parseMeetingLink } from './index';

describe('parseMeetingLink: join links', () => {
  it.each(MEETING_LINKS.map((c) => [c.source, c.input, c.expected] as const))(
    '%s: %s',
    (_source, input, expected) => {
      expect(parseMeetingLink(input)).toEqual(expected);
    },
  );

  it('returns https canonical links within the contract limit that parse back to themselves', () => {
    for (const { expected } of MEETING_LINKS) {
      expect(expected.url.length).toBeLessThanOrEqual(255);
      expect(expected.url).toMatch(/^https:\/\//);
      expect(parseMeetingLink(expected.url)).toEqual(expected);
    }
  });
});

const NOT_MEETINGS: ReadonlyArray<readonly [string, string]> = [
  ['empty', ''],
  ['blank', '   '],
  ['words', 'see you at the meeting'],
  ['Meet home', 'https://meet.google.com/'],
  ['Meet new', 'https://meet.google.com/new'],
  ['Meet landing', 'https://meet.google.com/landing?authuser=0'],
  ['Meet internal path without a code', 'https://meet.google.com/_meet'],
  ['Meet internal path, not a code', 'https://meet.google.com/_meet/whoami'],
  ['Meet code too short', 'https://meet.google.com/abc-defg-hi'],
  ['Meet code too long', 'https://meet.google.com/abcdefghijk'],
  ['Meet code with digits', 'https://meet.google.com/ab1-defg-hij'],
  ['Meet code with extra path', 'https://meet.google.com/abc-defg-hij/extra'],
  ['Meet lookup without a name', 'https://meet.google.com/lookup/'],
  ['g.co without a code', 'https://g.co/meet/'],
  ['other g.co short link', 'https://g.co/maps/abc-defg-hij'],
  ['Hangouts', 'https://hangouts.google.com/call/abc-defg-hij'],
  ['Meet dial-in numbers page', 'https://tel.meet/abc-defg-hij?pin=1234567890123'],
  ['Zoom cloud recording', 'https://us02web.zoom.us/rec/share/AbCdEf_gh-IJ.KlMnOp123'],
  ['Calendar', 'https://calendar.google.com/calendar/r/eventedit'],
  ['Meet over a non-default port', 'https://meet.google.com:8443/abc-defg-hij'],
  ['Meet over ftp', 'ftp://meet.google.com/abc-defg-hij'],
  ['Zoom home', 'https://zoom.us/'],
  ['Zoom /j/ without a number', 'https://zoom.us/j/'],
  ['Zoom number too short', 'https://zoom.us/j/12345678'],
  ['Zoom number too long', 'https://zoom.us/j/123456789012'],
  ['Zoom number not digits', 'https://zoom.us/j/abcdefghij'],
  ['Zoom webinar registration', 'https://zoom.us/webinar/register/WN_aBcDeFgHiJkLmNoP'],
  ['Zoom meeting registration', 'https://us02web.zoom.us/meeting/register/tJ0kdeuqrjMiGtN'],
  ['Zoom sign-in', 'https://zoom.us/signin#/login'],
  ['Zoom personal link without a name', 'https://zoom.us/my/'],
  ['Zoom Events', 'https://events.zoom.us/ev/AbCdEf'],
  ['Zoom over a non-default port', 'https://zoom.us:8443/j/81234567890'],
  ['Zoom deep link without a number', 'zoommtg://zoom.us/join?action=join'],
  ['Zoom deep link to another host', 'zoommtg://evil.com/join?action=join&confno=81234567890'],
  ['Zoom deep link, number not digits', 'zoommtg://zoom.us/join?confno=abc'],
  ['Zoom deep link, other action', 'zoommtg://zoom.us/share?confno=81234567890'],
  ['Telemost home', 'https://telemost.yandex.ru/'],
  ['Telemost /j/ without an id', 'https://telemost.yandex.ru/j/'],
  ['Telemost id longer than 64 digits', `https://telemost.yandex.ru/j/${'1'.repeat(65)}`],
  ['Telemost id not digits', 'https://telemost.yandex.ru/j/SMART_RECRUIT'],
  ['Telemost broadcast', 'https://telemost.yandex.ru/live/12345678901234'],
  ['Telemost on an unlisted TLD', 'https://telemost.yandex.com.tr/j/12345678901234'],
  ['Yandex without Telemost', 'https://yandex.ru/j/12345678901234'],
  [
    'Microsoft Teams (not a bot service)',
    'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0',
  ],
  ['a video page', 'https://www.youtube.com/watch?v=BaW_jenozKc'],
  ['a media file', 'https://example.com/meeting.mp3'],
  ['Zoom link longer than 255 when canonical', `https://zoom.us/j/81234567890?pwd=${'a'.repeat(240)}`],
];

describe('parseMeetingLink: everything else', () => {
  it.each(NOT_MEETINGS)('%s: %s', (_name, input) => {
    expect(parseMeetingLink(input)).toBeNull();
  });
});

describe('parseMeetingLink: defaults', () => {
  it('reads the current location when called without an argument (none in Node)', () => {
    expect(parseMeetingLink()).toBeNull();
  });
});
