import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

/** Rutube video ids are 32 hex characters (yt-dlp RutubeIE `[\da-z]{32}`). */
const VIDEO_ID = /^[0-9a-f]{32}$/;
/** Numeric ids of old embeds (yt-dlp RutubeEmbedIE `(?:video|play)/embed/(?P<id>[0-9]+)`). */
const EMBED_NUMBER = /^\d{1,12}$/;
/** Access key of private videos, passed on as `?p=` (yt-dlp passes it to the API). */
const PRIVATE_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Rutube video pages, after yt-dlp RutubeIE and RutubeEmbedIE:
 * `/video/<id>/`, `/video/private/<id>/?p=<key>`, `/live/video/<id>/`, `/live/video/private/<id>/`,
 * `/play/embed/<id>`, `/embed/<id>`, plus `/shorts/<id>/` (Rutube's Shorts share links, same id space),
 * and numeric embeds `/video/embed/<n>`, `/play/embed/<n>`.
 * Canonical: `https://rutube.ru/video/<id>/` (Shorts and embeds too), `/video/private/<id>/`,
 * `/live/video/<id>/`, `/play/embed/<n>`; the private-video access key `p` is kept (without it a
 * private video cannot be opened), `pl_id`, `t`, `r` and other parameters are dropped.
 * Channels, playlists (`/plst/`), tags and person pages are rejected.
 */
export function parseRutube(link: ParsedLink): VideoPage | null {
  if (link.host !== 'rutube.ru' && link.host !== 'www.rutube.ru' && link.host !== 'm.rutube.ru') return null;
  let path = link.segments.map((segment) => segment.toLowerCase());
  const live = path[0] === 'live';
  if (live) path = path.slice(1);

  const key = link.url.searchParams.get('p');
  const keyQuery = key !== null && PRIVATE_KEY.test(key) ? `?p=${key}` : '';

  const number = path[2];
  const numericEmbed = (path[0] === 'video' || path[0] === 'play') && path[1] === 'embed';
  if (!live && path.length === 3 && numericEmbed && EMBED_NUMBER.test(number!)) {
    return { site: 'rutube', id: number!, url: `https://rutube.ru/play/embed/${number}${keyQuery}` };
  }

  let isPrivate = false;
  if (path[0] === 'video' && path[1] === 'private') {
    isPrivate = true;
    path = path.slice(2);
  } else if (path[0] === 'video' || (!live && (path[0] === 'shorts' || path[0] === 'embed'))) {
    path = path.slice(1);
  } else if (!live && path[0] === 'play' && path[1] === 'embed') {
    path = path.slice(2);
  } else {
    return null;
  }
  if (path.length !== 1 || !VIDEO_ID.test(path[0]!)) return null;

  const id = path[0]!;
  const prefix = `${live ? 'live/' : ''}video/${isPrivate ? 'private/' : ''}`;
  return { site: 'rutube', id, url: `https://rutube.ru/${prefix}${id}/${keyQuery}` };
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const rutube = {
  id: 'rutube',
  watchHosts: ['*.rutube.ru'],
  parse: parseRutube,
} as const satisfies VideoSiteDefinition;
