/**
 * The routes of one meeting, service by service (`<id>Routes` in lib/meetings/<id>.ts, read through
 * lib/recording/meeting-end.ts): the way a tab goes through one meeting keeps it, the service's
 * pages after or outside a meeting and another meeting end it, and an address the service's file
 * does not know is `unknown` (the recording goes on and asks the page). Each journey is the one the
 * service's file names its public source for.
 */
import { describe, expect, it } from 'vitest';
import { meetingRoute } from '../recording/meeting-end';
import { detectMeeting } from './detect';
import { MEETING_SERVICES } from './registry';
import { MEETING_ROUTES } from './routes';

const THREAD = '19:meeting_MjM0OTEwZmEtMGU1Yi00MjA4LTgwNmUtZDUzYWY3YWE2MmZj@thread.v2';
const OTHER_THREAD = '19:meeting_ZZZ0OTEwZmEtMGU1Yi00MjA4LTgwNmUtZDUzYWY3YWE2MmZj@thread.v2';

interface Journey {
  /** The address the recording started on. */
  start: string;
  /** Addresses the tab then shows, in order, all within that meeting. */
  within: string[];
  /** Addresses that end it (from the meeting's last step). */
  left: string[];
  /** Addresses of the service its file does not know: kept, the page asked. */
  unknown: string[];
}

const JOURNEYS: Record<string, Journey> = {
  google_meet: {
    start: 'https://meet.google.com/lookup/history-7b',
    within: [
      'https://meet.google.com/abc-defg-hij',
      'https://meet.google.com/abc-defg-hij?authuser=1&pli=1',
      'https://meet.google.com/ABCDEFGHIJ',
    ],
    left: [
      'https://meet.google.com/',
      'https://meet.google.com/landing',
      'https://meet.google.com/new',
      'https://meet.google.com/xyz-wxyz-xyz',
      'https://example.org/abc-defg-hij',
    ],
    unknown: ['https://meet.google.com/some/new/screen'],
  },
  zoom: {
    start: 'https://zoom.us/my/alice.smith',
    within: [
      'https://zoom.us/wc/85012345678/join',
      'https://app.zoom.us/wc/85012345678/join?fromPWA=1&pwd=x',
      'https://app.zoom.us/wc/85012345678/start?fromPWA=1',
      'https://app.zoom.us/wc/85012345678/meeting',
      'https://us06web.zoom.us/j/85012345678?pwd=x',
      'https://app.zoom.us/wc/join/85012345678',
    ],
    left: [
      'https://app.zoom.us/wc/leave?meetingId=85012345678',
      'https://app.zoom.us/wc/85012345678/leave',
      'https://app.zoom.us/wc/85099999999/join',
      'https://app.zoom.us/wc/home',
      'https://zoom.us/',
      'https://zoom.us/my/bob',
      'https://evil.example/wc/85012345678/join',
    ],
    unknown: ['https://app.zoom.us/wc/85012345678', 'https://us06web.zoom.us/postattendee?mn=85012345678'],
  },
  telemost: {
    start: 'https://telemost.yandex.ru/j/12345678901234',
    within: [
      'https://telemost.yandex.ru/j/12345678901234?source=calendar',
      'https://telemost.yandex.ru/j/12345678901234/',
      'https://telemost.yandex.ru/j/12345678901234/settings',
      'https://telemost.360.yandex.ru/j/12345678901234',
    ],
    left: [
      'https://telemost.yandex.ru/',
      'https://telemost.yandex.ru/j/99999999999999',
      'https://app.zoom.us/j/12345678901234/x',
      'https://evil.example/j/12345678901234/x',
    ],
    unknown: ['https://telemost.yandex.ru/feedback'],
  },
  teams: {
    start: `https://teams.microsoft.com/l/meetup-join/${encodeURIComponent(THREAD)}/0?context=%7B%7D`,
    within: [
      `https://teams.microsoft.com/v2/?meetingjoin=true#/l/meetup-join/${encodeURIComponent(THREAD)}/0?context=x&anon=true`,
      `https://teams.microsoft.com/_#/pre-join-calling/${THREAD}`,
      `https://teams.microsoft.com/_#/pre-join-calling/${encodeURIComponent(THREAD)}`,
      'https://teams.microsoft.com/_#/modern-calling/',
      'https://teams.live.com/_#/modern-calling/',
    ],
    left: [
      `https://teams.microsoft.com/_#/pre-join-calling/${OTHER_THREAD}`,
      `https://teams.microsoft.com/l/meetup-join/${encodeURIComponent(OTHER_THREAD)}/0`,
      'https://teams.microsoft.com/meet/9356969621606',
      'https://evil.example/_#/modern-calling/',
    ],
    unknown: [
      'https://teams.microsoft.com/v2/',
      'https://teams.microsoft.com/_#/conversations/a?threadId=19:abc@thread.skype&ctx=channel',
      'https://teams.microsoft.com/_#/pre-join-calling/not-a-thread',
    ],
  },
  jitsi: {
    start: 'https://meet.jit.si/WeeklyStandup',
    within: ['https://meet.jit.si/weeklystandup#config.startWithAudioMuted=true'],
    left: [
      'https://meet.jit.si/',
      'https://meet.jit.si/static/close2.html',
      'https://meet.jit.si/static/close3.html',
      'https://meet.jit.si/OtherRoom',
    ],
    unknown: ['https://meet.jit.si/weeklystandup/extra'],
  },
  salutejazz: {
    start: 'https://salutejazz.ru/calls/nlg7d4?psw=abc',
    within: ['https://salutejazz.ru/calls/nlg7d4', 'https://salutejazz.ru/#/calls/nlg7d4'],
    left: ['https://salutejazz.ru/', 'https://salutejazz.ru/calls', 'https://salutejazz.ru/calls/zzzz99'],
    unknown: ['https://salutejazz.ru/calls/nlg7d4/feedback'],
  },
  kontur_talk: {
    start: 'https://matrius.ktalk.ru/event/quarterly-review',
    within: ['https://matrius.ktalk.ru/hpb5rfegc1tl', 'https://matrius.ktalk.ru/hpb5rfegc1tl?returnUrl=x'],
    left: [
      'https://matrius.ktalk.ru/',
      'https://matrius.ktalk.ru/calendar',
      'https://matrius.ktalk.ru/history',
      'https://matrius.ktalk.ru/event/another-event',
      'https://matrius.ktalk.ru/otherroom1',
    ],
    unknown: ['https://matrius.ktalk.ru/hpb5rfegc1tl/feedback'],
  },
};

describe('the routes of one meeting', () => {
  it('every service of the registry declares its routes and has a journey here', () => {
    for (const service of MEETING_SERVICES) {
      expect(MEETING_ROUTES[service.id], service.id).toBeDefined();
      expect(JOURNEYS[service.id], service.id).toBeDefined();
    }
  });

  describe.each(Object.entries(JOURNEYS))('%s', (service, journey) => {
    it('keeps the meeting along the way in and through the call', () => {
      let meeting = { service, id: meetingIdOf(service, journey.start) };
      for (const url of journey.within) {
        const route = meetingRoute(meeting, url);
        expect(route.kind, url).toBe('same');
        if (route.kind === 'same') meeting = route.meeting;
      }
    });

    it('ends it on another meeting, the service’s pages outside a meeting and other sites', () => {
      let meeting = { service, id: meetingIdOf(service, journey.start) };
      for (const url of journey.within) {
        const route = meetingRoute(meeting, url);
        if (route.kind === 'same') meeting = route.meeting;
      }
      for (const url of journey.left) expect(meetingRoute(meeting, url).kind, url).toBe('left');
    });

    it('keeps it, asking the page, on an address its file does not know', () => {
      const meeting = { service, id: meetingIdOf(service, journey.start) };
      for (const url of journey.unknown) expect(meetingRoute(meeting, url).kind, url).toBe('unknown');
    });
  });

  it('follows a personal link or an event to the meeting it opens once, never on to another', () => {
    const zoom = meetingRoute(
      { service: 'zoom', id: 'alice.smith' },
      'https://app.zoom.us/wc/85012345678/join',
    );
    expect(zoom).toEqual({ kind: 'same', meeting: { service: 'zoom', id: '85012345678' } });
    if (zoom.kind !== 'same') return;
    expect(meetingRoute(zoom.meeting, 'https://app.zoom.us/wc/85099999999/join').kind).toBe('left');
    const event = meetingRoute(
      { service: 'kontur_talk', id: 'event/quarterly-review' },
      'https://matrius.ktalk.ru/hpb5rfegc1tl',
    );
    expect(event).toEqual({ kind: 'same', meeting: { service: 'kontur_talk', id: 'hpb5rfegc1tl' } });
    // A numbered meeting never becomes a personal link, a room never an event.
    expect(meetingRoute({ service: 'zoom', id: '85012345678' }, 'https://zoom.us/my/alice.smith').kind).toBe(
      'left',
    );
    expect(
      meetingRoute({ service: 'kontur_talk', id: 'hpb5rfegc1tl' }, 'https://matrius.ktalk.ru/event/x-event')
        .kind,
    ).toBe('left');
  });

  it('never takes a broken address, another scheme or a service no longer known for the meeting', () => {
    const meeting = { service: 'google_meet', id: 'abc-defg-hij' };
    for (const url of [
      '',
      'not a url',
      'chrome://newtab/',
      'javascript:alert(1)//meet.google.com/abc-defg-hij',
    ])
      expect(meetingRoute(meeting, url).kind, url).toBe('left');
    expect(meetingRoute({ service: 'gone', id: 'abc' }, 'https://meet.google.com/abc-defg-hij').kind).toBe(
      'left',
    );
  });
});

/** The meeting the recording keeps for its start address: the parser's, of that service. */
function meetingIdOf(service: string, url: string): string {
  const meeting = detectMeeting(url);
  if (meeting?.service !== service) throw new Error(`${url} is not a meeting of ${service}`);
  return meeting.id;
}
