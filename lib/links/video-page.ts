import { VIDEO_URL_MAX, type VideoPage } from './types';
import { unwrapLink } from './unwrap-link';
import { currentLocation, isWebScheme, type ParsedLink, parseLink } from './url';
import { parseDailymotion } from './video/dailymotion';
import { parseDzen } from './video/dzen';
import { parseLoom } from './video/loom';
import { parseOkVideo } from './video/ok';
import { parseRutube } from './video/rutube';
import { parseTiktok } from './video/tiktok';
import { parseTwitch } from './video/twitch';
import { parseVimeo } from './video/vimeo';
import { parseVkVideo } from './video/vk';
import { parseYoutube } from './video/youtube';
import { parseZoomRecording } from './video/zoom-recording';

/** One detector per video-hosting site; each owns its hosts and paths (yt-dlp `_VALID_URL` as reference). */
const VIDEO_DETECTORS: ReadonlyArray<(link: ParsedLink) => VideoPage | null> = [
  parseYoutube,
  parseRutube,
  parseVkVideo,
  parseVimeo,
  parseDzen,
  parseOkVideo,
  parseTwitch,
  parseDailymotion,
  parseLoom,
  parseTiktok,
  parseZoomRecording,
];

/**
 * A single video on a video-hosting site, with the canonical https page URL to send to the
 * service's video-hosting upload (at most 2048 characters); null for anything else (channels,
 * playlists, search, home pages, unknown sites). Known redirect wrappers are followed first.
 * Never throws.
 */
export function parseVideoPage(input: string = currentLocation()): VideoPage | null {
  const link = parseLink(unwrapLink(input));
  if (!link || !isWebScheme(link)) return null;
  for (const detect of VIDEO_DETECTORS) {
    const page = detect(link);
    if (page) return page.url.length <= VIDEO_URL_MAX ? page : null;
  }
  return null;
}
