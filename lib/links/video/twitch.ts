import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

const VOD_ID = /^\d{1,15}$/;
/** Clip slugs: `FaintLightGullWholeWheat` or newer `Name-AbCdEf123_xyz`. */
const CLIP_SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{2,99}$/;
const TWITCH_HOST = /^(?:(?:www|go|m)\.)?twitch\.tv$/;

function vod(id: string): VideoPage | null {
  return VOD_ID.test(id) ? { site: 'twitch', id, url: `https://www.twitch.tv/videos/${id}` } : null;
}

function clip(slug: string | null | undefined): VideoPage | null {
  if (!slug || !CLIP_SLUG.test(slug)) return null;
  return { site: 'twitch', id: slug, url: `https://clips.twitch.tv/${slug}` };
}

/**
 * Twitch recordings, after yt-dlp TwitchVodIE and TwitchClipsIE:
 * VODs `twitch.tv/videos/<n>`, `twitch.tv/<channel>/v/<n>`, `twitch.tv/<channel>/video/<n>`,
 * `twitch.tv/<channel>/schedule?vodID=<n>`, `player.twitch.tv/?video=v<n>` → `https://www.twitch.tv/videos/<n>`;
 * clips `clips.twitch.tv/<slug>`, `clips.twitch.tv/embed?clip=<slug>`, `twitch.tv/<channel>/clip/<slug>`
 * → `https://clips.twitch.tv/<slug>`. Live channel pages are not recordings and are rejected.
 */
export function parseTwitch(link: ParsedLink): VideoPage | null {
  const s = link.segments;
  if (link.host === 'player.twitch.tv') {
    const video = link.url.searchParams.get('video');
    return s.length === 0 && video ? vod(video.replace(/^v/, '')) : null;
  }
  if (link.host === 'clips.twitch.tv') {
    if (s.length === 1 && s[0] === 'embed') return clip(link.url.searchParams.get('clip'));
    return s.length === 1 ? clip(s[0]) : null;
  }
  if (!TWITCH_HOST.test(link.host)) return null;
  if (s.length === 2 && s[0] === 'videos') return vod(s[1]!);
  if (s.length === 3 && (s[1] === 'v' || s[1] === 'video')) return vod(s[2]!);
  if (s.length === 3 && s[1] === 'clip') return clip(s[2]);
  if (s.length === 2 && s[1] === 'schedule') {
    const vodId = link.url.searchParams.get('vodID');
    return vodId ? vod(vodId) : null;
  }
  return null;
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const twitch = {
  id: 'twitch',
  watchHosts: ['*.twitch.tv'],
  parse: parseTwitch,
} as const satisfies VideoSiteDefinition;
