/**
 * The video-site registry: one file per site family (its hosts, paths and detector), and here the
 * one list every other list derives from: the detector (`parseVideoPage`, ../video-page.ts), the
 * video content script's matches (`VIDEO_MATCHES`, lib/page/match-patterns.ts, and through them
 * the background's sender checks) and the "Transcribe audio" menu's patterns
 * (`VIDEO_PAGE_PATTERNS`, lib/background/menus.ts). A site is one file and one line here
 * (docs/pages.md); ./registry.test.ts names what one is missing.
 */
import { hostPatterns } from '../url';
import { dailymotion } from './dailymotion';
import { dzen } from './dzen';
import { loom } from './loom';
import { okVideo } from './ok';
import { rutube } from './rutube';
import { tiktok } from './tiktok';
import { twitch } from './twitch';
import type { VideoSiteDefinition } from './types';
import { vimeo } from './vimeo';
import { vkVideo } from './vk';
import { youtube } from './youtube';
import { zoomRecordings } from './zoom-recording';

/** Every video site family, in the order their detectors are asked. */
export const VIDEO_SITES: readonly VideoSiteDefinition[] = [
  youtube,
  rutube,
  vkVideo,
  vimeo,
  dzen,
  okVideo,
  twitch,
  dailymotion,
  loom,
  tiktok,
  zoomRecordings,
];

/** Match patterns of the sites' pages: where they are watched, and (`withLinks`) where their links point. */
export function videoSitePatterns(scheme: 'https' | '*', withLinks: boolean): string[] {
  return VIDEO_SITES.flatMap((site) =>
    hostPatterns(
      scheme,
      withLinks ? [...site.watchHosts, ...(site.linkHosts ?? [])] : site.watchHosts,
      site.paths ?? ['/*'],
    ),
  );
}
