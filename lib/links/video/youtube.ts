import type { VideoPage } from '../types';
import { isHostOrSubdomain, type ParsedLink } from '../url';

/** YouTube video ids: 11 characters of base64url (yt-dlp YoutubeIE `[0-9A-Za-z_-]{11}`). */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * Hosts from yt-dlp YoutubeIE `_VALID_URL`: `(?:\w+\.)?youtube(?:-nocookie|kids)?\.com` (www., m.,
 * music., gaming. ...) and the short host `youtu.be`.
 */
function isYoutubeHost(host: string): boolean {
  return ['youtube.com', 'youtube-nocookie.com', 'youtubekids.com'].some(
    (domain) => host === domain || (isHostOrSubdomain(host, domain) && host.split('.').length === 3),
  );
}

/** Path forms that carry the id in the path (yt-dlp: `(?:v|embed|e|shorts|live)/(?!videoseries|live_stream)`). */
const ID_IN_PATH = new Set(['v', 'embed', 'e', 'shorts', 'live']);
/** Playlist and channel-stream embeds whose names happen to be 11 characters long. */
const NOT_IDS = new Set(['videoseries', 'live_stream']);

function videoId(link: ParsedLink): string | null {
  const [first, second] = link.segments;
  if (link.host === 'youtu.be') return link.segments.length === 1 ? first! : null;
  if (!isYoutubeHost(link.host)) return null;
  if (first !== undefined && ID_IN_PATH.has(first) && link.segments.length === 2) return second!;
  // /watch?v=<id> with the parameters in any order (also /watch/?v=, and /?v= as yt-dlp accepts).
  if (link.segments.length === 0 || (first === 'watch' && link.segments.length === 1)) {
    return link.url.searchParams.get('v');
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
