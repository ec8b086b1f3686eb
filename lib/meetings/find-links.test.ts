import { describe, expect, it } from 'vitest';
import { findMeetingLinks, type MeetingLink } from './index';

const MEET: MeetingLink = {
  service: 'google_meet',
  id: 'abc-defg-hij',
  url: 'https://meet.google.com/abc-defg-hij',
};
const ZOOM: MeetingLink = {
  service: 'zoom',
  id: '81234567890',
  url: 'https://us02web.zoom.us/j/81234567890?pwd=abc',
};
const TELEMOST: MeetingLink = {
  service: 'telemost',
  id: '12345678901234',
  url: 'https://telemost.yandex.ru/j/12345678901234',
};

const TEXTS: ReadonlyArray<readonly [string, string, MeetingLink[]]> = [
  ['a plain link', 'Join: https://meet.google.com/abc-defg-hij', [MEET]],
  ['without a scheme', 'Ссылка: meet.google.com/abc-defg-hij — до встречи', [MEET]],
  ['in angle brackets', 'Join <https://meet.google.com/abc-defg-hij>', [MEET]],
  ['in parentheses with a full stop', 'Link (https://meet.google.com/abc-defg-hij).', [MEET]],
  ['in quotes', 'href="https://meet.google.com/abc-defg-hij"', [MEET]],
  ['in a Markdown link', '[Join the call](https://meet.google.com/abc-defg-hij)', [MEET]],
  ['in an HTML anchor', '<a href="https://meet.google.com/abc-defg-hij">Join</a>', [MEET]],
  ['followed by a comma and more text', 'https://meet.google.com/abc-defg-hij, or dial in', [MEET]],
  ['after a label with a colon', 'Meet:https://meet.google.com/abc-defg-hij', [MEET]],
  ['in bold Markdown', '**https://meet.google.com/abc-defg-hij**', [MEET]],
  [
    'Zoom invitation text',
    [
      'Alice is inviting you to a scheduled Zoom meeting.',
      'Join Zoom Meeting',
      'https://us02web.zoom.us/j/81234567890?pwd=abc',
      '',
      'Meeting ID: 812 3456 7890',
      'Passcode: 123456',
    ].join('\n'),
    [ZOOM],
  ],
  ['HTML-escaped parameters', 'https://us02web.zoom.us/j/81234567890?uname=Alice&amp;pwd=abc', [ZOOM]],
  ['HTML-escaped angle brackets', '&lt;https://telemost.yandex.ru/j/12345678901234&gt;', [TELEMOST]],
  [
    'a number grouped with spaces after /j/',
    'Join https://us02web.zoom.us/j/812 3456 7890?pwd=abc today',
    [ZOOM],
  ],
  ['a bare meeting number', 'Meeting ID: 812 3456 7890, passcode 123456', []],
  [
    'wrapped by Google Calendar',
    'https://www.google.com/url?q=https://meet.google.com/abc-defg-hij&sa=D&source=calendar&usg=AOvVaw0',
    [MEET],
  ],
  [
    'wrapped by Outlook Safe Links',
    'Join: https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fus02web.zoom.us%2Fj%2F81234567890%3Fpwd%3Dabc&data=05%7C01&reserved=0',
    [ZOOM],
  ],
  [
    'several services in order, duplicates once',
    [
      'Main: https://telemost.yandex.ru/j/12345678901234',
      'Backup: meet.google.com/ABC-DEFG-HIJ?authuser=1',
      'Same again: https://meet.google.com/abc-defg-hij',
      'Zoom: https://us02web.zoom.us/j/81234567890?pwd=abc&from=addon',
    ].join('\n'),
    [TELEMOST, MEET, ZOOM],
  ],
  [
    'a Zoom deep link',
    'Open in app: zoommtg://us02web.zoom.us/join?action=join&confno=81234567890&pwd=abc',
    [ZOOM],
  ],
  ['a video link only', 'Recording: https://www.youtube.com/watch?v=BaW_jenozKc', []],
  ['a link inside another link', 'https://evil.com/?u=https://zoom.us/j/81234567890', []],
  ['a scheme-less host as a path of another', 'evil.io/meet.google.com/abc-defg-hij', []],
  ['a link that follows URL text', 'evil.com/redirect?to=https://zoom.us/j/81234567890', []],
  ['nothing', '', []],
];

describe('findMeetingLinks', () => {
  it.each(TEXTS)('%s', (_name, text, expected) => {
    expect(findMeetingLinks(text)).toEqual(expected);
  });

  it('keeps going past junk and very long text', () => {
    const text = `${'word '.repeat(20_000)}https://meet.google.com/abc-defg-hij ${'x'.repeat(50_000)}`;
    expect(findMeetingLinks(text)).toEqual([MEET]);
  });
});
