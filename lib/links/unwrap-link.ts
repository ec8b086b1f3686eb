import { cleanLinkText, decodeEncodedUrl, isHostOrSubdomain, type ParsedLink, parseLink } from './url';

/** Nested wrappers (Outlook around Google around Proofpoint...) are unwrapped at most this often. */
const MAX_UNWRAP_DEPTH = 8;

/** A target must be an absolute link we could use; anything else leaves the wrapper as it was. */
const ABSOLUTE_TARGET = /^(?:https?|zoommtg|zoomus):\/\/[^\s]/i;

interface Wrapper {
  /** Whether the link is this wrapper's; the comment of each entry names who wraps links this way. */
  matches: (link: ParsedLink) => boolean;
  /** The wrapped target as text, or null. `raw` is the cleaned input text. */
  target: (link: ParsedLink, raw: string) => string | null;
}

function param(...names: string[]) {
  return (link: ParsedLink): string | null => {
    for (const name of names) {
      const value = link.url.searchParams.get(name);
      if (value) return value;
    }
    return null;
  };
}

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

const WRAPPERS: readonly Wrapper[] = [
  {
    // Gmail, Google Calendar descriptions and Google Search results: /url?q=<target>&sa=D&usg=...
    // (uu-webext google.js rule: GET_PROPERTY('q', 'url') on google.com/url).
    // Google /url
    matches: (link) => GOOGLE_HOST.test(link.host) && /^\/url\/?$/.test(link.url.pathname),
    target: param('q', 'url'),
  },
  {
    // Google's account chooser / sign-in pages continue to the link after choosing an account:
    // accounts.google.com/AccountChooser?continue=https://meet.google.com/... (Meet invitations, Classroom).
    // Google account chooser
    matches: (link) =>
      link.host === 'accounts.google.com' &&
      /^\/(?:AccountChooser|ServiceLogin|signin|v3\/signin)(?:\/|$)/i.test(link.url.pathname),
    target: param('continue'),
  },
  {
    // Microsoft Defender Safe Links in Outlook: https://<region>.safelinks.protection.outlook.com/?url=...
    // (MeetingBar cleanupOutlookSafeLinks; GCC High uses safelinks.protection.office365.us).
    // Outlook Safe Links
    matches: (link) =>
      isHostOrSubdomain(link.host, 'safelinks.protection.outlook.com') ||
      isHostOrSubdomain(link.host, 'safelinks.protection.office365.us') ||
      (link.host === 'outlook.office.com' && link.url.pathname === '/mail/safelink.html'),
    target: param('url'),
  },
  {
    // Safe Links in Microsoft Teams chats:
    // https://statics.teams.cdn.office.net/evergreen-assets/safelinks/1/atp-safelinks.html?url=...
    // Teams Safe Links
    matches: (link) =>
      (link.host === 'statics.teams.cdn.office.net' || link.host === 'staticsint.teams.cdn.office.net') &&
      link.url.pathname.startsWith('/evergreen-assets/safelinks/'),
    target: param('url'),
  },
  {
    // Facebook link shim l.facebook.com/l.php?u=... (also lm./m./www.) and the /flx/warn/ page
    // (uu-webext facebook.js), Messenger's l.messenger.com/l.php?u=... and Instagram's l.instagram.com/?u=...
    // Facebook link shim
    matches: (link) =>
      ((isHostOrSubdomain(link.host, 'facebook.com') || link.host === 'l.messenger.com') &&
        /^\/(?:l\.php|flx\/warn\/?)$/.test(link.url.pathname)) ||
      (link.host === 'l.instagram.com' && link.url.pathname === '/'),
    target: param('u'),
  },
  {
    // VK external-link page vk.com/away.php?to=... (ClearURLs "vk.com" redirection rule).
    // VK away.php
    matches: (link) =>
      ['vk.com', 'm.vk.com', 'vk.ru', 'm.vk.ru'].includes(link.host) && link.url.pathname === '/away.php',
    target: param('to'),
  },
  {
    // Slack's redirector slack-redir.net/link?url=... (uu-webext slack.js).
    // Slack redirect
    matches: (link) => link.host === 'slack-redir.net' && link.url.pathname === '/link',
    target: param('url'),
  },
  {
    // Links in YouTube video descriptions: youtube.com/redirect?event=video_description&q=...
    // YouTube redirect
    matches: (link) =>
      ['youtube.com', 'www.youtube.com', 'm.youtube.com'].includes(link.host) &&
      link.url.pathname === '/redirect',
    target: param('q'),
  },
  {
    // Proofpoint URL Defense v1/v2 (urldefense.proofpoint.com/v2/url?u=https-3A__...).
    // Proofpoint v1/v2
    matches: (link) =>
      link.host === 'urldefense.proofpoint.com' && /^\/v[12]\/url\/?$/.test(link.url.pathname),
    target: (link) => {
      const value = link.url.searchParams.get('u');
      if (!value) return null;
      return link.url.pathname.startsWith('/v1/') ? value : safeDecodeProofpoint(value);
    },
  },
  {
    // Proofpoint URL Defense v3 (urldefense.com/v3/__https://...__;!!...$), common in corporate mail.
    // Proofpoint v3
    matches: (link) => link.host === 'urldefense.com' && link.url.pathname.startsWith('/v3/__'),
    target: (_link, raw) => decodeProofpointV3(raw),
  },
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
  for (const wrapper of WRAPPERS) {
    if (!wrapper.matches(link)) continue;
    const target = wrapper.target(link, text);
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
