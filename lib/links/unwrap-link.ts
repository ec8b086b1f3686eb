import { cleanLinkText, decodeEncodedUrl, type ParsedLink, parseLink } from './url';

/** Nested wrappers (Outlook around Google around Proofpoint...) are unwrapped at most this often. */
const MAX_UNWRAP_DEPTH = 8;

/** A target must be an absolute link we could use; anything else leaves the wrapper as it was. */
const ABSOLUTE_TARGET = /^(?:https?|zoommtg|zoomus):\/\/[^\s]/i;

/**
 * A wrapper: its hosts and paths, and the query parameters that hold the target (the first one
 * set), or how to find the target (`raw` is the cleaned input text). The comment of each entry
 * names who wraps links this way.
 */
type Wrapper = readonly [
  host: RegExp,
  path: RegExp,
  target: readonly string[] | ((link: ParsedLink, raw: string) => string | null),
];

/** google.com, google.ru, google.co.uk, google.com.br ... with or without `www.`. */
const GOOGLE_HOST = /^(?:www\.)?google\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/**
 * Proofpoint URL Defense v2: `u=https-3A__host_path` with `-XX` hex escapes and `_` for `/`.
 * Literal `_` and `-` in the target are themselves escaped (`-5F`, `-2D`), so the swap is exact.
 */
function decodeProofpointV2(value: string): string {
  return value.replace(/_/g, '/').replace(/-([0-9a-f]{2})/gi, (_, hex: string) => `%${hex}`);
}

/**
 * Proofpoint URL Defense v3: `https://urldefense.com/v3/__<target>__;<base64url>!!<ids>$`.
 * Characters the gateway dislikes are replaced by `*` in the target and listed, base64url-encoded,
 * after `__;`. Runs (`**`) use a further length code we do not decode: such links stay wrapped.
 */
function decodeProofpointV3(raw: string): string | null {
  const match = /\/v3\/__(.+?)__;([A-Za-z0-9_-]*)!!/.exec(raw);
  if (!match) return null;
  const target = match[1]!;
  if (!target.includes('*')) return target;
  if (target.includes('**')) return null;
  let replacements: string[];
  try {
    const base64 = match[2]!.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
    replacements = Array.from(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  let index = 0;
  const decoded = target.replace(/\*/g, () => replacements[index++] ?? '\u0000');
  return decoded.includes('\u0000') ? null : decoded;
}

/** Any path. */
const ANY = /(?:)/;

const WRAPPERS: readonly Wrapper[] = [
  // Gmail, Google Calendar descriptions and Google Search results: /url?q=<target>&sa=D&usg=...
  // (uu-webext google.js rule: GET_PROPERTY('q', 'url') on google.com/url).
  [GOOGLE_HOST, /^\/url\/?$/, ['q', 'url']],
  // Google's account chooser / sign-in pages continue to the link after choosing an account:
  // accounts.google.com/AccountChooser?continue=https://meet.google.com/... (Meet invitations, Classroom).
  [/^accounts\.google\.com$/, /^\/(?:AccountChooser|ServiceLogin|signin|v3\/signin)(?:\/|$)/i, ['continue']],
  // Microsoft Defender Safe Links in Outlook: https://<region>.safelinks.protection.outlook.com/?url=...
  // (MeetingBar cleanupOutlookSafeLinks; GCC High uses safelinks.protection.office365.us).
  [/(?:^|\.)safelinks\.protection\.(?:outlook\.com|office365\.us)$/, ANY, ['url']],
  [/^outlook\.office\.com$/, /^\/mail\/safelink\.html$/, ['url']],
  // Safe Links in Microsoft Teams chats:
  // https://statics.teams.cdn.office.net/evergreen-assets/safelinks/1/atp-safelinks.html?url=...
  [/^statics(?:int)?\.teams\.cdn\.office\.net$/, /^\/evergreen-assets\/safelinks\//, ['url']],
  // Facebook link shim l.facebook.com/l.php?u=... (also lm./m./www.) and the /flx/warn/ page
  // (uu-webext facebook.js), Messenger's l.messenger.com/l.php?u=... and Instagram's l.instagram.com/?u=...
  [/(?:^|\.)facebook\.com$|^l\.messenger\.com$/, /^\/(?:l\.php|flx\/warn\/?)$/, ['u']],
  [/^l\.instagram\.com$/, /^\/$/, ['u']],
  // VK external-link page vk.com/away.php?to=... (ClearURLs "vk.com" redirection rule).
  [/^(?:m\.)?vk\.(?:com|ru)$/, /^\/away\.php$/, ['to']],
  // Slack's redirector slack-redir.net/link?url=... (uu-webext slack.js).
  [/^slack-redir\.net$/, /^\/link$/, ['url']],
  // Links in YouTube video descriptions: youtube.com/redirect?event=video_description&q=...
  [/^(?:www\.|m\.)?youtube\.com$/, /^\/redirect$/, ['q']],
  // Proofpoint URL Defense v1/v2 (urldefense.proofpoint.com/v2/url?u=https-3A__...).
  [
    /^urldefense\.proofpoint\.com$/,
    /^\/v[12]\/url\/?$/,
    (link) => {
      const value = link.url.searchParams.get('u');
      if (!value) return null;
      return link.url.pathname.startsWith('/v1/') ? value : safeDecodeProofpoint(value);
    },
  ],
  // Proofpoint URL Defense v3 (urldefense.com/v3/__https://...__;!!...$), common in corporate mail.
  [/^urldefense\.com$/, /^\/v3\/__/, (_link, raw) => decodeProofpointV3(raw)],
];

function safeDecodeProofpoint(value: string): string | null {
  try {
    return decodeURIComponent(decodeProofpointV2(value));
  } catch {
    return null;
  }
}

function unwrapOnce(text: string): string | null {
  const decoded = decodeEncodedUrl(text);
  if (decoded !== text) return decoded;
  const link = parseLink(text);
  if (!link || (link.scheme !== 'http' && link.scheme !== 'https')) return null;
  for (const [host, path, find] of WRAPPERS) {
    if (!host.test(link.host) || !path.test(link.url.pathname)) continue;
    const target =
      typeof find === 'function'
        ? find(link, text)
        : (find.map((name) => link.url.searchParams.get(name)).find(Boolean) ?? null);
    if (target === null) return null;
    const clean = decodeEncodedUrl(target.trim());
    return ABSOLUTE_TARGET.test(clean) ? clean : null;
  }
  return null;
}

/**
 * Follows known redirect wrappers (Google /url and account chooser, Outlook and Teams Safe Links,
 * Facebook, VK, Slack, YouTube, Proofpoint) and whole-URL percent-encoding, repeatedly and boundedly, to the link
 * inside. Anything else comes back unchanged (trimmed). Never throws and never fetches.
 */
export function unwrapLink(input: string): string {
  const trimmed = typeof input === 'string' ? input.trim() : '';
  let current = cleanLinkText(trimmed);
  let unwrapped = false;
  for (let depth = 0; depth < MAX_UNWRAP_DEPTH; depth++) {
    const next = unwrapOnce(current);
    if (next === null || next === current) break;
    current = next;
    unwrapped = true;
  }
  return unwrapped ? current : trimmed;
}
