/**
 * Content-script `matches`: only the hosts each page family serves, never `<all_urls>`. The
 * feature conditions (conditions.ts) then decide page by page; a pattern only decides where the
 * script is loaded at all. `*.host` in a match pattern covers the host itself and its subdomains.
 */
import { MatchPattern } from 'wxt/utils/match-patterns';
import { CALENDAR_APPS } from '../links';
import { videoSitePatterns } from '../links/video';
import { MEETING_SERVICES } from '../meetings';

// Lists built by calls are marked pure, so each content script keeps only its own family's.
/** Every meeting service's pages (lib/meetings, each service's `pageMatches`). */
export const MEETING_MATCHES: readonly string[] = /* @__PURE__ */ (() =>
  MEETING_SERVICES.flatMap((service) => service.pageMatches))();

/** The calendar apps' hosts (lib/links/calendar-page.ts, the one list), the whole host each. */
export const CALENDAR_MATCHES: readonly string[] = /* @__PURE__ */ (() =>
  CALENDAR_APPS.map(({ host }) => `https://${host}/*`))();

/**
 * Where a person watches the videos `parseVideoPage` accepts: every video site's `watchHosts` on
 * its paths (lib/links/video, the registry). Short links redirect to these; embed-only hosts live
 * in frames of other sites, where no control is shown.
 */
export const VIDEO_MATCHES: readonly string[] = /* @__PURE__ */ (() => videoSitePatterns('https', false))();

const compiled = new Map<string, MatchPattern>();

/**
 * Whether one of the match patterns covers `url`, as the browser decides where a content script
 * runs or a menu item shows (WXT's implementation of Chrome's rules), each pattern compiled once.
 */
export function covers(patterns: readonly string[], url: string): boolean {
  return patterns.some((pattern) => {
    let matcher = compiled.get(pattern);
    if (!matcher) {
      matcher = new MatchPattern(pattern);
      compiled.set(pattern, matcher);
    }
    return matcher.includes(url);
  });
}
