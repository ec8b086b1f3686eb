import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

const VIDEO_ID = /^\d{15,21}$/;
/** TikTok usernames: letters, digits, underscores and dots (yt-dlp TikTokIE `@(?P<user_id>[\w\.-]+)?`). */
const USER = /^@[\w.-]{1,64}$/;

/**
 * TikTok videos, after yt-dlp TikTokIE `https?://www\.tiktok\.com/(?:embed|@(?P<user_id>[\w\.-]+)?/video)/(?P<id>\d+)`:
 * `www.tiktok.com/@user/video/<id>` (also `m.` and bare host) → `https://www.tiktok.com/@user/video/<id>`,
 * and embeds `www.tiktok.com/embed/v2/<id>` / `embed/<id>` → `https://www.tiktok.com/embed/v2/<id>`.
 * Short share links (`vm.tiktok.com/...`) are opaque redirects and are not accepted.
 */
export function parseTiktok(link: ParsedLink): VideoPage | null {
  if (link.host !== 'tiktok.com' && link.host !== 'www.tiktok.com' && link.host !== 'm.tiktok.com')
    return null;
  const s = link.segments;
  if (s.length === 3 && USER.test(s[0]!) && s[1] === 'video' && VIDEO_ID.test(s[2]!)) {
    return { site: 'tiktok', id: s[2]!, url: `https://www.tiktok.com/${s[0]}/video/${s[2]}` };
  }
  const embedId =
    s[0] === 'embed' ? (s.length === 3 && s[1] === 'v2' ? s[2] : s.length === 2 ? s[1] : null) : null;
  if (embedId && VIDEO_ID.test(embedId)) {
    return { site: 'tiktok', id: embedId, url: `https://www.tiktok.com/embed/v2/${embedId}` };
  }
  return null;
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const tiktok = {
  id: 'tiktok',
  watchHosts: ['*.tiktok.com'],
  parse: parseTiktok,
} as const satisfies VideoSiteDefinition;
