import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

/**
 * VK hosts from yt-dlp VKIE `(?:(?:m|new|vksport)\.)?vk(?:(?:video)?\.ru|\.com)`: vk.com, vk.ru,
 * vkvideo.ru and their m./new./vksport. subdomains (www. is added as VK redirects it).
 */
const VK_HOST = /^(?:(?:m|new|www|vksport)\.)?(?:vk\.com|vk\.ru|vkvideo\.ru)$/;

/** `video<owner>_<id>` or `clip<owner>_<id>`; the owner is negative for communities. */
const VIDEO_REF = /^(video|clip)(-?\d{1,19})_(\d{1,19})$/;
/** Access keys that let a link open a non-public video (yt-dlp VKIE `list=([\da-f]+)|(ln-[\da-zA-Z]+)`). */
const ACCESS_KEY = /^(?:[\da-f]{1,64}|ln-[\da-zA-Z]{1,64})$/;
const EMBED_HASH = /^[\da-f]{1,64}$/;

function page(kind: string, owner: string, id: string, link: ParsedLink): VideoPage {
  const list = link.url.searchParams.get('list');
  const query = list !== null && ACCESS_KEY.test(list) ? `?list=${list}` : '';
  return { site: 'vk', id: `${owner}_${id}`, url: `https://vk.com/${kind}${owner}_${id}${query}` };
}

/**
 * VK Video pages (yt-dlp VKIE): `vk.com/video-123_456`, `vk.com/clip-123_456`, `vkvideo.ru/video-123_456`,
 * any page that opens a video in its viewer `...?z=video-123_456%2F...` (feed, walls, `/video`,
 * `/videos-123`, `/clips-123`), a video opened from a playlist (`vkvideo.ru/playlist/-123_4/video-123_456`),
 * and the embed player `video_ext.php?oid=-123&id=456&hash=...`.
 * Canonical: `https://vk.com/video<owner>_<id>` (or `clip...`), keeping the `list` access key;
 * embeds with a `hash` keep the embed form because the hash is what grants access.
 * Channel and catalogue pages without a video are rejected.
 */
export function parseVkVideo(link: ParsedLink): VideoPage | null {
  if (!VK_HOST.test(link.host)) return null;
  const segments = link.segments;

  if (segments.length === 1 && segments[0] === 'video_ext.php') {
    const owner = link.url.searchParams.get('oid') ?? '';
    const id = link.url.searchParams.get('id') ?? '';
    if (!/^-?\d{1,19}$/.test(owner) || !/^\d{1,19}$/.test(id)) return null;
    const hash = link.url.searchParams.get('hash');
    if (hash !== null && EMBED_HASH.test(hash)) {
      const url = `https://vk.com/video_ext.php?oid=${owner}&id=${id}&hash=${hash}`;
      return { site: 'vk', id: `${owner}_${id}`, url };
    }
    return page('video', owner, id, link);
  }

  if (segments.length === 1) {
    const direct = VIDEO_REF.exec(segments[0]!);
    if (direct) return page(direct[1]!, direct[2]!, direct[3]!, link);
  }

  // A video opened from a playlist: vkvideo.ru/playlist/-123_4/video-123_456.
  if (segments.length === 3 && segments[0] === 'playlist' && /^-?\d{1,19}_-?\d{1,19}$/.test(segments[1]!)) {
    const inList = VIDEO_REF.exec(segments[2]!);
    if (inList) return page(inList[1]!, inList[2]!, inList[3]!, link);
  }

  // The viewer overlay: z=video-123_456 or z=video-123_456/pl_-123_-2 (the part after "/" is context).
  const overlay = link.url.searchParams.get('z');
  if (overlay !== null) {
    const ref = VIDEO_REF.exec(overlay.split('/')[0]!);
    if (ref) return page(ref[1]!, ref[2]!, ref[3]!, link);
  }
  return null;
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const vkVideo = {
  id: 'vk',
  watchHosts: ['*.vk.com', '*.vk.ru', '*.vkvideo.ru'],
  parse: parseVkVideo,
} as const satisfies VideoSiteDefinition;
