/**
 * The registry against each service's fixtures: every list derived from it agrees with every
 * service's links and pages, and no service claims another's. A service added without its names,
 * patterns or fixtures fails here.
 */
import { describe, expect, it } from 'vitest';
import { MEETING_LINK_PATTERNS } from '../background/menus';
import { pageKindOf } from '../background/senders';
import { unwrapLink } from '../links/unwrap-link';
import { hostMatches, parseLink } from '../links/url';
import { isMeetingPage } from '../page/conditions';
import { CALENDAR_MATCHES, covers, MEETING_MATCHES, VIDEO_MATCHES } from '../page/match-patterns';
import { PAGE_TEXT } from '../page/page-text';
import { detectMeeting, findMeetingLinks, findMeetings, parseMeetingLink } from '.';
import { SERVICE_FIXTURES } from './fixtures';
import {
  BOT_LINK_RULES,
  BOT_SERVICES,
  MEETING_SERVICES,
  type MeetingServiceId,
  meetingServiceName,
  RECORD_ONLY_SERVICES,
} from './index';

/** The address a browser would hold for a link as written: http(s) ones only, scheme added if missing. */
function asAddress(input: string): string | null {
  const link = parseLink(input);
  if (!link || (link.scheme !== 'http' && link.scheme !== 'https')) return null;
  if (link.url.hostname.endsWith('.')) return null;
  return link.url.href;
}

const SERVICES = MEETING_SERVICES.map((service) => [service.id, service] as const);

describe('meeting-service registry', () => {
  it('lists each service once, bot services with a contract value and menu patterns, record-only ones with neither', () => {
    const ids = MEETING_SERVICES.map((service) => service.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(SERVICE_FIXTURES).sort()).toEqual([...ids].sort());
    const bots = BOT_SERVICES.map((service) => service.bot);
    expect(new Set(bots).size).toBe(bots.length);
    for (const service of BOT_SERVICES) expect(service.linkPatterns.length, service.id).toBeGreaterThan(0);
    // The calendars' link rules are the bot services' own, in the same order.
    expect(
      BOT_LINK_RULES.map(({ id, hosts, schemes, parse, bot }) => ({ id, hosts, schemes, parse, bot })),
    ).toEqual(
      BOT_SERVICES.map(({ id, hosts, parse, bot, ...rest }) => ({
        id,
        hosts,
        schemes: 'schemes' in rest ? rest.schemes : undefined,
        parse,
        bot,
      })),
    );
    for (const service of RECORD_ONLY_SERVICES) {
      expect(service.bot, service.id).toBeNull();
      expect('linkPatterns' in service, service.id).toBe(false);
    }
  });

  it.each(SERVICES)('%s: has its name in English and Russian, in page texts and titles', (id, service) => {
    for (const lang of ['en', 'ru'] as const) {
      expect(service.names[lang].trim(), `${id} ${lang}`).not.toBe('');
      expect((PAGE_TEXT[lang] as Record<string, string>)[`service_${id}`], `${id} ${lang}`).toBe(
        service.names[lang],
      );
      expect(meetingServiceName(id, lang)).toBe(service.names[lang]);
    }
  });

  it.each(SERVICES)('%s: detects its own links, with their ids, and no other service does', (id) => {
    const fixtures = SERVICE_FIXTURES[id];
    expect(fixtures.links.length, id).toBeGreaterThan(0);
    for (const { input, id: meetingId } of fixtures.links) {
      expect.soft(detectMeeting(input), input).toMatchObject({ service: id, id: meetingId });
      const link = parseLink(unwrapLink(input))!;
      const claimed = MEETING_SERVICES.filter((service) => service.parse(link) !== null).map((s) => s.id);
      expect.soft(claimed, input).toEqual([id]);
      // The canonical link names the same meeting again.
      const canonical = detectMeeting(input)!.url;
      expect.soft(detectMeeting(canonical), canonical).toMatchObject({ service: id, id: meetingId });
    }
  });

  it.each(SERVICES)(
    '%s: every host of it is one a fixture link or page lives on (or is listed as unseen)',
    (id, service) => {
      const fixtures = SERVICE_FIXTURES[id];
      const unseen = fixtures.unseenHosts ?? [];
      const hosts = [...fixtures.links.map(({ input }) => input), ...fixtures.pages]
        .map((input) => parseLink(input)?.host)
        .filter((host): host is string => host !== undefined);
      for (const rule of service.hosts.filter((host) => !unseen.includes(host)))
        expect
          .soft(
            hosts.some((host) => hostMatches(host, [rule])),
            `${id}: no fixture on ${rule}`,
          )
          .toBe(true);
    },
  );

  it.each(SERVICES)(
    '%s: its pages are meeting pages of it, loaded by the meeting script only, and accepted as senders',
    (id, service) => {
      for (const page of [
        ...SERVICE_FIXTURES[id].pages,
        ...SERVICE_FIXTURES[id].links.map((l) => detectMeeting(l.input)!.url),
      ]) {
        expect.soft(detectMeeting(page)?.service, page).toBe(id);
        expect.soft(isMeetingPage(new URL(page)), page).toBe(true);
        expect.soft(covers(service.pageMatches, page), `${page}: its own pageMatches`).toBe(true);
        expect.soft(covers(MEETING_MATCHES, page), `${page}: MEETING_MATCHES`).toBe(true);
        expect
          .soft(covers([...CALENDAR_MATCHES, ...VIDEO_MATCHES], page), `${page}: other scripts`)
          .toBe(false);
        expect.soft(pageKindOf(page), page).toBe('meeting');
        for (const other of MEETING_SERVICES.filter((s) => s.id !== id))
          expect.soft(covers(other.pageMatches, page), `${page}: ${other.id}'s pageMatches`).toBe(false);
      }
    },
  );

  it.each(SERVICES)('%s: its own pages and lookalikes that are no meeting are not detected', (id) => {
    for (const input of SERVICE_FIXTURES[id].notMeetings) {
      expect.soft(detectMeeting(input), input).toBeNull();
      let url: URL | null = null;
      try {
        url = new URL(input);
      } catch {}
      if (url) expect.soft(isMeetingPage(url), input).toBe(false);
    }
  });

  it.each(SERVICES)('%s: free-text detection finds its links in a sentence', (id) => {
    for (const { input, id: meetingId } of SERVICE_FIXTURES[id].links) {
      if (/\s/.test(input.trim())) continue;
      const text = `Join here: ${input.trim()} — thanks`;
      expect.soft(findMeetings(text), text).toMatchObject([{ service: id, id: meetingId }]);
    }
  });

  it.each(BOT_SERVICES.map((service) => [service.id, service] as const))(
    '%s (sends a bot): menus offer "Send bot" on its links, and the calendars find them',
    (id, service) => {
      for (const { input, id: meetingId } of SERVICE_FIXTURES[id].links) {
        expect.soft(parseMeetingLink(input), input).toMatchObject({ service: service.bot, id: meetingId });
        const canonical = parseMeetingLink(input)!.url;
        expect.soft(covers(service.linkPatterns, canonical), canonical).toBe(true);
        expect.soft(covers(MEETING_LINK_PATTERNS, canonical), canonical).toBe(true);
        const address = asAddress(input);
        if (address) expect.soft(covers(MEETING_LINK_PATTERNS, address), address).toBe(true);
        if (!/\s/.test(input.trim()))
          expect.soft(findMeetingLinks(`Join: ${input.trim()}`), input).toMatchObject([{ id: meetingId }]);
      }
    },
  );

  it.each(RECORD_ONLY_SERVICES.map((service): [MeetingServiceId] => [service.id]))(
    '%s (record-only): no link of it becomes a bot link, in menus, calendars or the tab rule',
    (id) => {
      for (const { input } of SERVICE_FIXTURES[id].links) {
        expect.soft(parseMeetingLink(input), input).toBeNull();
        expect.soft(findMeetingLinks(`Join: ${input}`), input).toEqual([]);
        const address = asAddress(input);
        if (address) expect.soft(covers(MEETING_LINK_PATTERNS, address), address).toBe(false);
        expect.soft(detectMeeting(input)?.bot, input).toBeNull();
      }
    },
  );
});
