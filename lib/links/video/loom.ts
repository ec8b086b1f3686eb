import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

const VIDEO_ID = /^[\da-f]{32}$/;

/**
 * Loom recordings (yt-dlp LoomIE `https?://(?:www\.)?loom\.com/(?:share|embed)/(?P<id>[\da-f]{32})`).
 * Loom is a common way to share meeting recordings. Canonical: `https://www.loom.com/share/<id>`
 * (`sid` and other parameters dropped). Folders and workspaces are rejected.
 */
export function parseLoom(link: ParsedLink): VideoPage | null {
  if (link.host !== 'loom.com' && link.host !== 'www.loom.com') return null;
  const s = link.segments;
  if (s.length !== 2 || (s[0] !== 'share' && s[0] !== 'embed')) return null;
  const id = s[1]!.toLowerCase();
  if (!VIDEO_ID.test(id)) return null;
  return { site: 'loom', id, url: `https://www.loom.com/share/${id}` };
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const loom = {
  id: 'loom',
  watchHosts: ['*.loom.com'],
  parse: parseLoom,
} as const satisfies VideoSiteDefinition;
