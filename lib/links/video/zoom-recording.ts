import { isZoomHost, ZOOM_HOSTS } from '../../meetings/zoom';
import type { VideoPage } from '../types';
import type { ParsedLink } from '../url';
import type { VideoSiteDefinition } from './types';

const RECORDING_ID = /^[A-Za-z0-9_.-]{10,300}$/;

/**
 * Zoom cloud recordings, after yt-dlp ZoomIE
 * `https?://(?:[^.]+\.)?zoom.us/rec(?:ording)?/(?:play|share)/(?P<id>[A-Za-z0-9_.-]+)`, on any Zoom
 * host. Canonical: `https://<host>/rec/<play|share>/<id>`, keeping `pwd` when the owner embedded the
 * passcode in the link (Zoom's "embed passcode in the shareable link"); `startTime` and tracking
 * parameters are dropped. These are recordings, not meetings: parseMeetingLink rejects them.
 */
export function parseZoomRecording(link: ParsedLink): VideoPage | null {
  if (!isZoomHost(link.host)) return null;
  const [first, kind, id] = link.segments;
  if (link.segments.length !== 3 || (first !== 'rec' && first !== 'recording')) return null;
  if ((kind !== 'play' && kind !== 'share') || !RECORDING_ID.test(id!)) return null;
  const pwd = link.url.searchParams.get('pwd');
  const query = pwd ? `?pwd=${encodeURIComponent(pwd)}` : '';
  return { site: 'zoom', id: id!, url: `https://${link.host}/rec/${kind}/${id}${query}` };
}

/** What the video-site registry (./index.ts) knows of this site family. */
export const zoomRecordings = {
  id: 'zoom',
  // Cloud recordings only: meetings on the same hosts belong to the meeting services (lib/meetings/zoom.ts).
  watchHosts: [...ZOOM_HOSTS],
  paths: ['/rec/*', '/recording/*'],
  parse: parseZoomRecording,
} as const satisfies VideoSiteDefinition;
