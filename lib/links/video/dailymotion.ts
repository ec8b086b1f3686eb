import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

/** Dailymotion ids: `x` + base36 (`x5kesuj`), private ones start with `k`. */
const VIDEO_ID = /^[xk][0-9a-zA-Z]{3,19}$/;
/** yt-dlp DailymotionIE hosts `(?:(?:www|touch|geo)\.)?dailymotion\.[a-z]{2,3}`; only .com is accepted here. */
const DAILYMOTION_HOST = /^(?:(?:www|touch|geo)\.)?dailymotion\.com$/;

/**
 * Dailymotion videos, after yt-dlp DailymotionIE: `dailymotion.com/video/<id>[_slug]`,
 * `/embed/video/<id>` (also `swf/`, `crawler/`), `/player.html?video=<id>`, `geo.dailymotion.com/player/<player>.html?video=<id>`
 * and the short host `dai.ly/<id>`. Canonical: `https://www.dailymotion.com/video/<id>`.
 * Other country TLDs are not accepted: only dailymotion.com is verifiably Dailymotion's.
 */
export function parseDailymotion(link: ParsedLink): VideoPage | null {
  const s = link.segments;
  let id: string | null | undefined;
  if (link.host === 'dai.ly') {
    if (s.length === 1) id = s[0];
  } else if (DAILYMOTION_HOST.test(link.host)) {
    if (s.length === 2 && s[0] === 'video') id = s[1]!.split('_')[0];
    else if (s.length === 3 && ['embed', 'swf', 'crawler'].includes(s[0]!) && s[1] === 'video') id = s[2];
    else if (
      (s.length === 1 && s[0] === 'player.html') ||
      (s.length === 2 && s[0] === 'player' && s[1]!.endsWith('.html'))
    ) {
      id = link.url.searchParams.get('video');
    }
  }
  if (!id || !VIDEO_ID.test(id)) return null;
  return { site: 'dailymotion', id, url: `https://www.dailymotion.com/video/${id}` };
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const dailymotion = {
  id: 'dailymotion',
  // The short host redirects to the video page.
  watchHosts: ['*.dailymotion.com'],
  linkHosts: ['dai.ly'],
  parse: parseDailymotion,
} as const satisfies VideoSiteDefinition;
