import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

/** Dzen video ids are 24 hex characters (yt-dlp ZenYandexIE tests: `6002240ff8b1af50bb2da5e3`). */
const VIDEO_ID = /^[\da-f]{24}$/;

/**
 * Dzen (formerly Yandex Zen) videos: `dzen.ru/video/watch/<id>` and `zen.yandex.ru/video/watch/<id>`
 * (yt-dlp ZenYandexIE), plus Shorts `dzen.ru/shorts/<id>`, which share the id space and are
 * canonicalised to the watch page as public Dzen link parsers do.
 * Canonical: `https://dzen.ru/video/watch/<id>`. Articles (`/media/...`), channels and the feed are
 * rejected: an article is not necessarily a video.
 */
export function parseDzen(link: ParsedLink): VideoPage | null {
  if (link.host !== 'dzen.ru' && link.host !== 'www.dzen.ru' && link.host !== 'zen.yandex.ru') return null;
  const s = link.segments;
  let id: string | undefined;
  if (s.length === 3 && s[0] === 'video' && s[1] === 'watch') id = s[2];
  else if (s.length === 2 && s[0] === 'shorts') id = s[1];
  if (id === undefined) return null;
  id = id.toLowerCase();
  if (!VIDEO_ID.test(id)) return null;
  return { site: 'dzen', id, url: `https://dzen.ru/video/watch/${id}` };
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const dzen = {
  id: 'dzen',
  watchHosts: ['*.dzen.ru', 'zen.yandex.ru'],
  parse: parseDzen,
} as const satisfies VideoSiteDefinition;
