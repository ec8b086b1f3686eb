/**
 * The video-site registry against the video-page fixtures (lib/links/fixtures.ts): every list
 * derived from it agrees with every site's videos, and no site claims another's. A site added
 * without its hosts, its menu patterns or its fixtures fails here, each failure naming the site
 * and what it is missing.
 */
import { describe, expect, it } from 'vitest';
import { VIDEO_PAGE_PATTERNS } from '../../background/menus';
import { covers, VIDEO_MATCHES } from '../../page/match-patterns';
import { VIDEO_PAGES } from '../fixtures';
import { unwrapLink } from '../unwrap-link';
import { hostMatches, parseLink } from '../url';
import { parseVideoPage } from '../video-page';
import { VIDEO_SITES } from '.';

/** The address a browser holds for a link as written (its wrapper followed): http(s) ones only. */
function asAddress(input: string): string | null {
  const link = parseLink(unwrapLink(input));
  if (!link || (link.scheme !== 'http' && link.scheme !== 'https')) return null;
  return link.url.href;
}

const SITES = VIDEO_SITES.map((site) => [site.id, site] as const);
const fixturesOf = (id: string) => VIDEO_PAGES.filter((fixture) => fixture.expected?.site === id);

describe('video-site registry', () => {
  it('lists each site once, and every site the fixtures name', () => {
    const ids = VIDEO_SITES.map((site) => site.id);
    expect(new Set(ids).size).toBe(ids.length);
    const named = new Set(
      VIDEO_PAGES.flatMap((fixture) => (fixture.expected ? [fixture.expected.site] : [])),
    );
    expect([...named].sort()).toEqual([...ids].sort());
  });

  it.each(SITES)('%s: detects its own videos, and no other site does', (id) => {
    const fixtures = fixturesOf(id);
    expect(fixtures.length, `${id}: no fixture`).toBeGreaterThan(0);
    for (const { input, expected } of fixtures) {
      expect.soft(parseVideoPage(input), input).toEqual(expected);
      const link = parseLink(unwrapLink(input))!;
      const claimed = VIDEO_SITES.filter((site) => site.parse(link) !== null).map((site) => site.id);
      expect.soft(claimed, `${input}: claimed by`).toEqual([id]);
    }
  });

  it.each(SITES)('%s: a link to each of its videos gets "Transcribe audio" in the menu', (id) => {
    for (const { input, expected } of fixturesOf(id)) {
      const address = asAddress(input);
      if (address)
        expect
          .soft(covers(VIDEO_PAGE_PATTERNS, address), `${id}: no menu pattern covers ${address}`)
          .toBe(true);
      expect
        .soft(covers(VIDEO_PAGE_PATTERNS, expected!.url), `${id}: no menu pattern covers ${expected!.url}`)
        .toBe(true);
    }
  });

  it.each(SITES)(
    '%s: the video script runs on each of its watch pages (the control and the page menu), on no link-only host',
    (id, site) => {
      for (const { input, expected } of fixturesOf(id)) {
        expect
          .soft(covers(VIDEO_MATCHES, expected!.url), `${id}: the video script misses ${expected!.url}`)
          .toBe(true);
        // The script runs on https pages only (the sites send http to https before a page shows).
        const address = asAddress(input);
        if (!address?.startsWith('https:')) continue;
        const host = new URL(address).hostname;
        const watched = hostMatches(host, site.watchHosts);
        expect
          .soft(covers(VIDEO_MATCHES, address), `${id}: ${address} (watch host: ${watched})`)
          .toBe(watched);
      }
    },
  );

  it.each(SITES)('%s: every host of it is one a fixture lives on', (id, site) => {
    const hosts = fixturesOf(id)
      .map(({ input }) => asAddress(input))
      .filter((address): address is string => address !== null)
      .map((address) => new URL(address).hostname);
    for (const rule of [...site.watchHosts, ...(site.linkHosts ?? [])])
      expect
        .soft(
          hosts.some((host) => hostMatches(host, [rule])),
          `${id}: no fixture on ${rule}`,
        )
        .toBe(true);
  });
});
