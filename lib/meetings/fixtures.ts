/**
 * Each meeting service's links and pages, for the registry's meta-test (registry.test.ts) and the
 * parsers' tests. The services that send a bot take their links from lib/links/fixtures.ts (each
 * with its source there); the record-only ones name their sources here.
 */
import { MEETING_LINKS } from '../links/fixtures';
import type { MeetingServiceId } from './index';

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
};
