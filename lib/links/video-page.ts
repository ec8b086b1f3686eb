import { VIDEO_URL_MAX, type VideoPage } from './types';
import { unwrapLink } from './unwrap-link';
import { currentLocation, isWebScheme, parseLink } from './url';
import { VIDEO_SITES } from './video';

/**
 * A single video on a video-hosting site, with the canonical https page URL to send to the
 * service's video-hosting upload (at most 2048 characters); null for anything else (channels,
 * playlists, search, home pages, unknown sites). Known redirect wrappers are followed first.
 * Never throws.
 */
export function parseVideoPage(input: string = currentLocation()): VideoPage | null {
  const link = parseLink(unwrapLink(input));
  if (!link || !isWebScheme(link)) return null;
  // One detector per site family (lib/links/video), each owning its hosts and paths (yt-dlp
  // `_VALID_URL` as reference).
  for (const site of VIDEO_SITES) {
    const page = site.parse(link);
    if (page) return page.url.length <= VIDEO_URL_MAX ? page : null;
  }
  return null;
}
