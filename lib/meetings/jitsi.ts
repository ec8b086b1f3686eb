import type { ParsedLink } from '../links/url';
import { hostPatterns } from '../links/url';
import type { MeetingRoutes, MeetingServiceDefinition, ParsedMeeting } from './types';

/**
 * Jitsi Meet's public service `meet.jit.si` (rooms at `/<room>`) and 8x8's Jitsi as a Service
 * `8x8.vc` (rooms at `/<tenant>/<room>`, the tenant being `vpaas-magic-cookie-<hex>` or a
 * company's name). Jitsi servers run by others live on hosts of their own and are not known.
 */
const JITSI_HOSTS = ['meet.jit.si', '8x8.vc'];

/**
 * Room and tenant names: letters (any script), digits, `_` and `-`. No dots, so the server's own
 * files (`external_api.js`, `config.js`, `favicon.ico`) are not rooms.
 */
const NAME = /^[\p{L}\p{N}_-]{1,128}$/u;

/**
 * The server's own paths on the first segment: static files, transports, service pages (Jitsi's
 * nginx site, jitsi/jitsi-meet `doc/debian/jitsi-meet/jitsi-meet.example`: rooms are
 * `^/([^/?&:'"]+)$`, tenants `/<tenant>/<room>`, and these directories are files).
 */
const RESERVED = /* @__PURE__ */ new Set([
  'static',
  'libs',
  'css',
  'images',
  'sounds',
  'fonts',
  'lang',
  'connection_optimization',
  'http-bind',
  'xmpp-websocket',
  'colibri-ws',
  'conference-request',
  'room-metadata',
  '_unlock',
  '_api',
]);

const roomName = (segment: string | undefined): string | null => {
  const name = segment?.toLowerCase();
  return name !== undefined && NAME.test(name) && !RESERVED.has(name) ? name : null;
};

/**
 * `meet.jit.si/<room>` and `8x8.vc/<tenant>/<room>`; the room is case-insensitive (Jitsi lowers
 * it), so the id and the canonical link are lower-case. The query (`jwt`) and the fragment
 * (`#config.startWithAudioMuted=true`) are dropped. The home page, static files and deeper paths
 * are not rooms.
 */
function parseJitsi(link: ParsedLink): ParsedMeeting | null {
  if (link.scheme !== 'http' && link.scheme !== 'https') return null;
  const segments = link.segments;
  if (link.host === 'meet.jit.si' && segments.length === 1) {
    const room = roomName(segments[0]);
    return room ? { id: room, url: `https://meet.jit.si/${encodeURIComponent(room)}` } : null;
  }
  if (link.host === '8x8.vc' && segments.length === 2) {
    const tenant = roomName(segments[0]);
    const room = roomName(segments[1]);
    if (!tenant || !room) return null;
    const id = `${tenant}/${room}`;
    return { id, url: `https://8x8.vc/${encodeURIComponent(tenant)}/${encodeURIComponent(room)}` };
  }
  return null;
}

/**
 * The routes of one Jitsi meeting (lib/recording/meeting-end.ts): the room keeps its address for the
 * whole call (its `#config...` fragment changes nothing); after the call Jitsi Meet goes to its
 * welcome page (the home) or, where the server turns it on, to one of its close pages
 * (jitsi/jitsi-meet, `static/close.html`, `static/close2.html`, `static/close3.html`): both are
 * outside. So are the server's own files (`/static/...`).
 */
export const jitsiRoutes: MeetingRoutes = {
  outside(link) {
    const [first] = link.segments.map((segment) => segment.toLowerCase());
    return link.segments.length === 0 || (first !== undefined && RESERVED.has(first));
  },
};

export const jitsi = {
  id: 'jitsi',
  names: { en: 'Jitsi Meet', ru: 'Jitsi Meet' },
  hosts: JITSI_HOSTS,
  pageMatches: /* @__PURE__ */ hostPatterns('https', JITSI_HOSTS, ['/*']),
  parse: parseJitsi,
  bot: null,
} as const satisfies MeetingServiceDefinition;
