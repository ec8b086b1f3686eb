import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

const VIDEO_ID = /^\d{1,12}$/;
/** Unlisted videos carry a 10-hex-digit hash (yt-dlp VimeoIE `unlisted_hash` `[\da-f]{10}`). */
const UNLISTED_HASH = /^[\da-f]{10}$/;

function page(id: string, hash: string | null): VideoPage {
  const suffix = hash !== null && UNLISTED_HASH.test(hash) ? `/${hash}` : '';
  return { site: 'vimeo', id, url: `https://vimeo.com/${id}${suffix}` };
}

/**
 * Vimeo videos, after yt-dlp VimeoIE:
 * `vimeo.com/<id>`, `vimeo.com/<id>/<hash>` (unlisted), `player.vimeo.com/video/<id>?h=<hash>`,
 * `vimeo.com/channels/<name>/<id>`, `vimeo.com/groups/<name>/videos/<id>`,
 * `vimeo.com/album/<n>/video/<id>`, `vimeo.com/showcase/<n>/video/<id>`.
 * Canonical: `https://vimeo.com/<id>` or `https://vimeo.com/<id>/<hash>` (the player's `?h=` is the
 * same unlisted hash). User pages, bare channels/showcases, live `event/` pages, `ondemand/` and
 * review pages are rejected.
 */
export function parseVimeo(link: ParsedLink): VideoPage | null {
  const s = link.segments;
  if (link.host === 'player.vimeo.com') {
    if (s.length === 2 && s[0] === 'video' && VIDEO_ID.test(s[1]!)) {
      return page(s[1]!, link.url.searchParams.get('h'));
    }
    return null;
  }
  if (link.host !== 'vimeo.com' && link.host !== 'www.vimeo.com') return null;

  if (s.length >= 1 && VIDEO_ID.test(s[0]!)) {
    if (s.length === 1) return page(s[0]!, link.url.searchParams.get('h'));
    if (s.length === 2 && UNLISTED_HASH.test(s[1]!)) return page(s[0]!, s[1]!);
    return null;
  }
  if (s.length === 3 && s[0] === 'channels' && VIDEO_ID.test(s[2]!)) return page(s[2]!, null);
  if (s.length === 4 && s[0] === 'groups' && s[2] === 'videos' && VIDEO_ID.test(s[3]!))
    return page(s[3]!, null);
  if (
    s.length === 4 &&
    (s[0] === 'album' || s[0] === 'showcase') &&
    VIDEO_ID.test(s[1]!) &&
    s[2] === 'video' &&
    VIDEO_ID.test(s[3]!)
  ) {
    return page(s[3]!, null);
  }
  return null;
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const vimeo = {
  id: 'vimeo',
  watchHosts: ['*.vimeo.com'],
  parse: parseVimeo,
} as const satisfies VideoSiteDefinition;
