import type { VideoPage } from '../types';
import { isHostOrSubdomain, type ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

/** YouTube video ids: 11 characters of base64url (yt-dlp YoutubeIE `[0-9A-Za-z_-]{11}`). */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * Hosts from yt-dlp YoutubeIE `_VALID_URL`: `(?:\w+\.)?youtube(?:-nocookie|kids)?\.com` (www., m.,
 * music., gaming. ...), `youtube.googleapis.com` and the short host `youtu.be`.
 */
function isYoutubeHost(host: string): boolean {
  if (host === 'youtube.googleapis.com') return true;
  return ['youtube.com', 'youtube-nocookie.com', 'youtubekids.com'].some(
    (domain) => host === domain || (isHostOrSubdomain(host, domain) && host.split('.').length === 3),
  );
}

/** Path forms that carry the id in the path (yt-dlp: `(?:v|embed|e|shorts|live)/(?!videoseries|live_stream)`). */
const ID_IN_PATH = new Set(['v', 'embed', 'e', 'shorts', 'live']);
/** Playlist and channel-stream embeds whose names happen to be 11 characters long. */
const NOT_IDS = new Set(['videoseries', 'live_stream']);
/** Pages that take `v=` (yt-dlp: `(?:(?:watch|movie)(?:_popup)?(?:\.php)?/?)?`, or none: `/?v=`). */
const WATCH_PAGES = new Set(['watch', 'watch_popup', 'watch.php', 'movie', 'movie_popup']);

/** An id in a path segment; old embeds append parameters with `&` (`/v/<id>&hl=en_US&fs=1`). */
function idInSegment(segment: string): string {
  return /^([A-Za-z0-9_-]{11})[&;]/.exec(segment)?.[1] ?? segment;
}

function videoId(link: ParsedLink): string | null {
  const [first, second] = link.segments;
  if (link.host === 'youtu.be') return link.segments.length === 1 ? idInSegment(first!) : null;
  if (!isYoutubeHost(link.host)) return null;
  if (first !== undefined && ID_IN_PATH.has(first) && link.segments.length === 2) return idInSegment(second!);
  if (link.segments.length === 0 || (WATCH_PAGES.has(first!) && link.segments.length === 1)) {
    // v= among the query parameters in any order, or in the old `#!v=<id>` fragment form.
    const fromQuery = link.url.searchParams.get('v');
    if (fromQuery !== null) return fromQuery;
    return new URLSearchParams(link.url.hash.replace(/^#!?/, '')).get('v');
  }
  return null;
}

/**
 * YouTube watch pages, short links, Shorts, live and embed URLs (also youtube-nocookie and
 * YouTube Music), canonicalised to `https://www.youtube.com/watch?v=<id>` with no other
 * parameters (`t`, `list`, `si`, `feature`... are dropped). Channel pages, playlists without a
 * video, search results and the home page are rejected.
 */
export function parseYoutube(link: ParsedLink): VideoPage | null {
  const id = videoId(link);
  if (id === null || !VIDEO_ID.test(id) || NOT_IDS.has(id)) return null;
  return { site: 'youtube', id, url: `https://www.youtube.com/watch?v=${id}` };
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const youtube = {
  id: 'youtube',
  // Short links redirect to the watch page; embeds (youtube-nocookie, the API's player) live in frames of
  // other sites, where no control is shown: their links get the menu item only.
  watchHosts: ['*.youtube.com', '*.youtubekids.com'],
  linkHosts: ['youtu.be', '*.youtube-nocookie.com', 'youtube.googleapis.com'],
  parse: parseYoutube,
} as const satisfies VideoSiteDefinition;
