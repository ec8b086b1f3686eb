/**
 * Each meeting service's links and pages, for the registry's meta-test (registry.test.ts) and the
 * parsers' tests. The services that send a bot take their links from lib/links/fixtures.ts (each
 * with its source there); the record-only ones name their sources here.
 */
import { MEETING_LINKS } from '../links/fixtures';
import type { MeetingServiceId } from './registry';

export interface ServiceFixtures {
  /** Links as people paste or click them, each with the meeting id it names. */
  links: ReadonlyArray<{ input: string; id: string; source?: string }>;
  /** Addresses a tab shows while the meeting is open (join page, web client, call). */
  pages: readonly string[];
  /** The service's own pages and hostile lookalikes that are no meeting of it. */
  notMeetings: readonly string[];
  /** Hosts the service keeps accepting though no public link on them was seen (docs/meeting-services.md). */
  unseenHosts?: readonly string[];
}

const botLinks = (service: string) =>
  MEETING_LINKS.filter((fixture) => fixture.expected.service === service).map((fixture) => ({
    input: fixture.input,
    id: fixture.expected.id,
  }));

/** A Teams light-meetings page's `coords`: base64 of the JSON the launcher passes on. */
const coords = (value: object) => encodeURIComponent(btoa(JSON.stringify(value)));

// Teams threads from Meeting-BaaS/meet-teams-bot src/urlParser/teamsUrlParser.test.ts (0acaebb).
const THREAD = '19:meeting_MjM0OTEwZmEtMGU1Yi00MjA4LTgwNmUtZDUzYWY3YWE2MmZj@thread.v2';
const CHANNEL_THREAD = '19:alTrvfJlXitdMLLxjio8rfnHDhKWaZ3_M-EwK5ewWHg1@thread.tacv2';

export const SERVICE_FIXTURES: Record<MeetingServiceId, ServiceFixtures> = {
  google_meet: {
    links: botLinks('google_meet'),
    pages: [
      'https://meet.google.com/abc-defg-hij',
      'https://meet.google.com/abc-defg-hij?authuser=1&pli=1',
      'https://meet.google.com/lookup/team-standup',
    ],
    notMeetings: [
      'https://meet.google.com/',
      'https://meet.google.com/landing',
      'https://meet.google.com.evil.io/abc-defg-hij',
    ],
  },
  zoom: {
    links: botLinks('zoom'),
    pages: [
      'https://zoom.us/j/81234567890?pwd=abc',
      'https://us02web.zoom.us/j/81234567890',
      'https://app.zoom.us/wc/81234567890/join?fromPWA=1&pwd=abc',
      'https://zoom.us/wc/join/81234567890',
      'https://zoom.us/s/81234567890',
      'https://acme.zoom.us/my/team.room',
      'https://acme.zoomgov.com/j/1612345678',
      'https://zoom.com.cn/j/81234567890',
      'https://telekom.zoom-x.de/j/61234567890',
      'https://zoom.de/j/81234567890',
    ],
    notMeetings: [
      'https://zoom.us/',
      'https://zoom.us/signin',
      'https://us02web.zoom.us/rec/play/abcdefghij1234567890',
      'https://zoom.us.attacker.com/j/81234567890',
    ],
  },
  telemost: {
    links: botLinks('telemost'),
    pages: [
      'https://telemost.yandex.ru/j/12345678901234',
      'https://telemost.360.yandex.ru/j/12345678901234',
      'https://telemost.yandex.com/j/12345678901234',
    ],
    notMeetings: [
      'https://telemost.yandex.ru/',
      'https://telemost.yandex.ru/live/123',
      'https://telemost.yandex.ru.evil.com/j/12345678901234',
    ],
    // Accepted with the personal hosts' regional domains before the registry; no link seen yet.
    unseenHosts: ['telemost.360.yandex.by', 'telemost.360.yandex.kz'],
  },
  teams: {
    links: [
      {
        input:
          'https://teams.microsoft.com/l/meetup-join/19%3ameeting_MjM0OTEwZmEtMGU1Yi00MjA4LTgwNmUtZDUzYWY3YWE2MmZj%40thread.v2/0?context=%7b%22Tid%22%3a%228dd08955-18a8-4cd7-8017-5f997f4d47af%22%7d',
        id: THREAD,
        source: 'meetup-join with an encoded thread (Meeting-BaaS/meet-teams-bot teamsUrlParser.test.ts)',
      },
      {
        input: `https://teams.microsoft.com/l/meetup-join/${THREAD}/0?context=%7B%22Tid%22:%222dbdd394%22%7D`,
        id: THREAD,
        source: 'meetup-join with the thread written plainly (same)',
      },
      {
        input: `https://teams.microsoft.com/l/meetup-join/${CHANNEL_THREAD}/1740503107049?context=%7b%22Tid%22%3a%221eba%22%7d`,
        id: CHANNEL_THREAD,
        source: 'a channel meeting (@thread.tacv2, same)',
      },
      {
        input: 'https://teams.live.com/meet/9356969621606?p=08ogAWeCL73fVssuEK',
        id: '9356969621606',
        source: 'Teams free by meeting ID and passcode (same)',
      },
      {
        input: 'https://teams.microsoft.com/meet/2384729384756?p=AbCd1234EfGh',
        id: '2384729384756',
        source: 'work account by meeting ID (Microsoft: "Join a meeting by ID")',
      },
      {
        input: 'https://teams.cloud.microsoft/meet/2384729384756?p=AbCd1234EfGh',
        id: '2384729384756',
        source: 'the unified Microsoft 365 host (vivek-nexus/transcriptonic config.js matches)',
      },
      {
        input: `teams.microsoft.com/l/meetup-join/${THREAD}/0`,
        id: THREAD,
        source: 'scheme-less, as typed',
      },
    ],
    pages: [
      `https://teams.microsoft.com/dl/launcher/launcher.html?url=%2F_%23%2Fl%2Fmeetup-join%2F19%3Ameeting_MjM0OTEwZmEtMGU1Yi00MjA4LTgwNmUtZDUzYWY3YWE2MmZj%40thread.v2%2F0%3Fcontext%3D%257b%2522Tid%2522%253a%25220deb%2522%257d%26anon%3Dtrue&type=meetup-join&directDl=true&msLaunch=true&enableMobilePage=true`,
      `https://teams.microsoft.com/v2/?meetingjoin=true#/l/meetup-join/${THREAD}/0?context=%7b%22Tid%22%3a%22t%22%7d&anon=true`,
      `https://teams.cloud.microsoft/v2/?meetingjoin=true#/meet/2384729384756?p=AbCd1234EfGh&anon=true`,
      `https://teams.live.com/light-meetings/launch?anon=true&launchAgent=join_launcher_web&lightExperience=true&agent=web&coords=${coords({ meetingUrl: 'https://teams.live.com/meet/9356969621606?anon=true', meetingCode: '9356969621606' })}&deeplinkId=abc`,
      `https://teams.microsoft.com/light-meetings/launch?anon=true&coords=${encodeURIComponent(btoa(encodeURIComponent(JSON.stringify({ conversationId: THREAD, messageId: '0', tenantId: 't' }))))}`,
      'https://teams.live.com/meet/9356969621606?p=08ogAWeCL73fVssuEK',
    ],
    notMeetings: [
      'https://teams.microsoft.com/',
      'https://teams.microsoft.com/v2/',
      'https://teams.microsoft.com/l/chat/19:thread@thread.v2',
      'https://teams.microsoft.com/l/meetup-join/',
      'https://teams.microsoft.com/meet/abc',
      'https://teams.live.com/light-meetings/launch?coords=not-base64!',
      `https://teams.live.com/light-meetings/launch?coords=${coords({ meetingCode: '<script>' })}`,
      'https://teams.microsoft.com.evil.io/meet/9356969621606',
      'https://evil.io/teams.microsoft.com/meet/9356969621606',
      'https://teams.microsoft.com@evil.io/meet/9356969621606',
      'https://teams.evil.com/l/meetup-join/19:meeting_abc@thread.v2/0',
    ],
  },
  jitsi: {
    links: [
      { input: 'https://meet.jit.si/WeeklyStandup', id: 'weeklystandup', source: 'meet.jit.si/<room>' },
      {
        input: 'https://meet.jit.si/team-sync#config.startWithAudioMuted=true',
        id: 'team-sync',
        source: 'URL config fragment (Jitsi Meet handbook: URL parameters)',
      },
      {
        input: 'https://8x8.vc/vpaas-magic-cookie-45b14c029c1e43698634a0ad0d0838a9/Interview42?jwt=abc',
        id: 'vpaas-magic-cookie-45b14c029c1e43698634a0ad0d0838a9/interview42',
        source: 'Jitsi as a Service: 8x8.vc/<tenant>/<room> (public JaaS integrations)',
      },
      { input: 'meet.jit.si/Планёрка', id: 'планёрка', source: 'a room named in Cyrillic, scheme-less' },
    ],
    pages: [
      'https://meet.jit.si/WeeklyStandup',
      'https://8x8.vc/vpaas-magic-cookie-45b14c029c1e43698634a0ad0d0838a9/Interview42',
    ],
    notMeetings: [
      'https://meet.jit.si/',
      'https://meet.jit.si/static/close.html',
      'https://meet.jit.si/external_api.js',
      'https://meet.jit.si/libs/app.bundle.min.js',
      'https://meet.jit.si/http-bind',
      'https://meet.jit.si/a/b',
      'https://8x8.vc/onlyroom',
      'https://meet.jit.si.evil.io/WeeklyStandup',
      'https://evil.io/meet.jit.si/WeeklyStandup',
      'https://notmeet.jit.si/WeeklyStandup',
    ],
  },
  salutejazz: {
    links: [
      {
        input: 'https://salutejazz.ru/calls/nlg7d4?psw=OAdbHAcFHUcNF1wKWBEKVAIdQQ',
        id: 'nlg7d4',
        source: 'the current web client link with its password hash (public SaluteJazz clients)',
      },
      {
        input: 'https://jazz.sber.ru/in0sec?psw=OBgWD0RREwQNCBEZG0UEFwICDA',
        id: 'in0sec',
        source: 'the earlier host and invitation form, still in calendars',
      },
      { input: 'https://salutejazz.ru/abc123?psw=x', id: 'abc123', source: 'invitation on salutejazz.ru' },
      { input: 'https://jazz.sber.ru/#/calls/zthtbf', id: 'zthtbf', source: 'the older hash route' },
    ],
    pages: [
      'https://salutejazz.ru/calls/nlg7d4?psw=OAdbHAcFHUcNF1wKWBEKVAIdQQ',
      'https://jazz.sber.ru/in0sec?psw=x',
    ],
    notMeetings: [
      'https://salutejazz.ru/',
      'https://salutejazz.ru/calls',
      'https://salutejazz.ru/download',
      'https://salutejazz.ru/calls/no!',
      'https://salutejazz.ru.evil.io/calls/nlg7d4',
      'https://evil.io/salutejazz.ru/calls/nlg7d4',
    ],
  },
  kontur_talk: {
    links: [
      {
        input: 'https://matrius.ktalk.ru/hpb5rfegc1tl',
        id: 'hpb5rfegc1tl',
        source: '<space>.ktalk.ru/<room> (public links)',
      },
      { input: 'https://tu-ugmk.ktalk.ru/jiydkhlxmj94', id: 'jiydkhlxmj94', source: 'same' },
      {
        input: 'https://example.ktalk.ru/event/test-event',
        id: 'event/test-event',
        source: 'a scheduled event',
      },
      {
        input: 'okeyclass.ktalk.ru/Sales-Daily',
        id: 'sales-daily',
        source: 'a chosen room name, scheme-less',
      },
    ],
    pages: ['https://matrius.ktalk.ru/hpb5rfegc1tl', 'https://example.ktalk.ru/event/test-event'],
    notMeetings: [
      'https://ktalk.ru/abc123',
      'https://matrius.ktalk.ru/',
      'https://matrius.ktalk.ru/api/Domain/recordings/v2',
      'https://matrius.ktalk.ru/content/artifacts/recordings',
      'https://a.b.ktalk.ru/hpb5rfegc1tl',
      'https://matrius.ktalk.ru.evil.io/hpb5rfegc1tl',
      'https://evil.io/matrius.ktalk.ru/hpb5rfegc1tl',
    ],
  },
};
