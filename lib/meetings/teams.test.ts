import { describe, expect, it } from 'vitest';
import { parseLink } from '../links/url';
import { detectMeeting } from '.';
import { SERVICE_FIXTURES } from './fixtures';
import { teams } from './teams';

const parse = (input: string) => {
  const link = parseLink(input);
  return link ? teams.parse(link) : null;
};
const THREAD = '19:meeting_MjM0OTEwZmEtMGU1Yi00MjA4LTgwNmUtZDUzYWY3YWE2MmZj@thread.v2';

describe('Microsoft Teams', () => {
  it.each(SERVICE_FIXTURES.teams.links)('reads $input ($source)', ({ input, id }) => {
    expect(detectMeeting(input)).toMatchObject({ service: 'teams', id, bot: null });
  });

  it('canonicalises on the original host, without the passcode or the context', () => {
    expect(parse('https://teams.live.com/meet/9356969621606?p=08ogAWeCL73fVssuEK')).toEqual({
      id: '9356969621606',
      url: 'https://teams.live.com/meet/9356969621606',
    });
    expect(parse(`https://teams.cloud.microsoft/l/meetup-join/${THREAD}/0?context=%7B%7D`)).toEqual({
      id: THREAD,
      url: `https://teams.cloud.microsoft/l/meetup-join/${encodeURIComponent(THREAD)}/0`,
    });
  });

  it.each(SERVICE_FIXTURES.teams.pages)('knows the meeting of the page %s', (page) => {
    expect(detectMeeting(page)?.service).toBe('teams');
  });

  it('reads the light-meetings page by its meeting code and by its thread', () => {
    const [, , , codePage, threadPage] = SERVICE_FIXTURES.teams.pages;
    expect(parse(codePage!)?.id).toBe('9356969621606');
    expect(parse(threadPage!)?.id).toBe(THREAD);
  });

  it.each([
    ...SERVICE_FIXTURES.teams.notMeetings,
    'https://teams.microsoft.com/dl/launcher/launcher.html?url=%2F_%23%2Fl%2Fchat%2F19%3Aabc%40thread.v2',
    'https://teams.microsoft.com/dl/launcher/launcher.html',
    `https://teams.microsoft.com/light-meetings/launch?coords=${'A'.repeat(5000)}`,
    `https://teams.microsoft.com/v2/?meetingjoin=true#/l/meetup-join/${'x'.repeat(300)}@thread.v2/0`,
    'https://teams.microsoft.com/meet/12345678',
    'https://teams.microsoft.com/meet/123456789012345678901',
    `javascript:alert(1)//teams.microsoft.com/meet/9356969621606`,
    'ftp://teams.microsoft.com/meet/9356969621606',
    'https://teams.microsoft.com:8443/meet/9356969621606',
    'https://teams.xn--microsft-n6a.com/meet/9356969621606',
  ])('rejects %s', (input) => {
    expect(detectMeeting(input)).toBeNull();
  });

  it('a light-meetings page whose coords are broken, oversized or name no meeting is no meeting', () => {
    const page = (coords: string) =>
      `https://teams.live.com/light-meetings/launch?anon=true&coords=${coords}`;
    const encode = (value: unknown) => encodeURIComponent(btoa(JSON.stringify(value)));
    for (const coords of [
      'not-base64!',
      encode('just a string'),
      encode(null),
      encode({ meetingCode: '<img src=x onerror=alert(1)>' }),
      encode({ meetingCode: 12345678901 }),
      encode({ conversationId: '19:x@evil', messageId: '0' }),
      encode({ meetingCode: '9356969621606', pad: 'A'.repeat(4000) }),
    ])
      expect(detectMeeting(page(coords)), coords.slice(0, 40)).toBeNull();
  });

  it('never throws on garbage', () => {
    for (const input of ['', '%', 'https://teams.live.com/light-meetings/launch?coords=%E0%A4%A', '\u0000'])
      expect(() => detectMeeting(input)).not.toThrow();
  });
});
