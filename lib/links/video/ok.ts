import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

/** yt-dlp OdnoklassnikiIE hosts: `(?:(?:www|m|mobile)\.)?(?:odnoklassniki|ok)\.ru`. */
const OK_HOST = /^(?:(?:www|m|mobile)\.)?(?:ok|odnoklassniki)\.ru$/;
/** Movie ids are digits, sometimes with a `-<n>` suffix (`63567059965189-0`). */
const VIDEO_ID = /^\d{1,20}(?:-\d{1,4})?$/;

/**
 * OK.ru (Odnoklassniki) videos, after yt-dlp OdnoklassnikiIE: `/video/<id>`, `/videoembed/<id>`,
 * `/live/<id>`, `/web-api/video/moviePlayer/<id>` and the mobile `dk?st.cmd=movieLayer&st.mvId=<id>`.
 * Canonical: `https://ok.ru/video/<id>` (the page yt-dlp itself downloads). Profiles, groups and
 * the video catalogue are rejected.
 */
export function parseOkVideo(link: ParsedLink): VideoPage | null {
  if (!OK_HOST.test(link.host)) return null;
  const s = link.segments;
  let id: string | null | undefined;
  if (s.length === 2 && (s[0] === 'video' || s[0] === 'videoembed' || s[0] === 'live')) id = s[1];
  else if (s.length === 4 && s[0] === 'web-api' && s[1] === 'video' && s[2] === 'moviePlayer') id = s[3];
  else if (s.length === 1 && s[0] === 'dk') id = link.url.searchParams.get('st.mvId');
  if (!id || !VIDEO_ID.test(id)) return null;
  return { site: 'ok', id, url: `https://ok.ru/video/${id}` };
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const okVideo = {
  id: 'ok',
  watchHosts: ['*.ok.ru', '*.odnoklassniki.ru'],
  parse: parseOkVideo,
} as const satisfies VideoSiteDefinition;
