/**
 * Shared URL parsing for the link detectors. Every detector parses its input with the WHATWG
 * `URL` class and then compares exact hosts, never substrings of the raw string, so
 * `meet.google.com.evil.io`, `user@meet.google.com@evil.io` and IDN lookalikes (which `URL`
 * turns into `xn--` punycode) cannot pass as a known host.
 */

/** Schemes a link may carry. `zoommtg:`/`zoomus:` are Zoom's desktop/mobile deep links. */
export type LinkScheme = 'http' | 'https' | 'zoommtg' | 'zoomus';

const ALLOWED_SCHEMES: ReadonlySet<string> = new Set<LinkScheme>(['http', 'https', 'zoommtg', 'zoomus']);

export interface ParsedLink {
  /** The parsed URL (for `zoommtg:`/`zoomus:` its hostname is whatever the link said; use `host`). */
  url: URL;
  /** Lowercase ASCII hostname, punycode for IDN, without a trailing dot. */
  host: string;
  scheme: LinkScheme;
  /** False when the input had no scheme and https was assumed. */
  explicitScheme: boolean;
  /** Path segments, percent-decoded where the decoding is valid; empty segments removed. */
  segments: string[];
}

/**
 * A URL that may have been pasted from HTML or an e-mail: trims whitespace, one pair of
 * surrounding angle brackets or quotes, and turns `&amp;` back into `&`.
 */
export function cleanLinkText(input: unknown): string {
  if (typeof input !== 'string') return '';
  let text = input.trim();
  const wrapped = /^(?:<([^<>]*)>|"([^"]*)"|'([^']*)')$/.exec(text);
  if (wrapped) text = (wrapped[1] ?? wrapped[2] ?? wrapped[3] ?? '').trim();
  return text.replace(/&amp;/gi, '&');
}

/** `decodeURIComponent` that returns the input unchanged instead of throwing on bad escapes. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A whole URL that was percent-encoded once more, e.g. `https%3A%2F%2Fzoom.us%2Fj%2F1`. */
const ENCODED_URL = /^(?:https?|zoommtg|zoomus)%3a%2f%2f/i;

/** Decodes up to three extra layers of percent-encoding around a whole URL. */
export function decodeEncodedUrl(text: string): string {
  let current = text;
  for (let i = 0; i < 3 && ENCODED_URL.test(current); i++) {
    const decoded = safeDecode(current);
    if (decoded === current) break;
    current = decoded;
  }
  return current;
}

const SCHEME_PREFIX = /^([a-z][a-z0-9+.-]*):/i;
/** LDH labels; `_` is allowed as browsers allow it (legacy storage bucket hosts use it). */
const ASCII_HOST = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*$/;

/**
 * Parses a link the way a browser would, accepting `http:`, `https:`, `zoommtg:`, `zoomus:` and
 * scheme-less `host/path` text (read as https). Rejects credentials (`user@host`), non-default
 * ports, IP-literal/odd hostnames and every other scheme (`javascript:`, `data:`, `ftp:`...).
 * Never throws.
 */
export function parseLink(input: unknown): ParsedLink | null {
  const text = decodeEncodedUrl(cleanLinkText(input));
  if (text === '') return null;

  let candidate = text;
  const scheme = SCHEME_PREFIX.exec(text);
  let explicitScheme = true;
  if (text.startsWith('//')) {
    candidate = `https:${text}`;
    explicitScheme = false;
  } else if (!scheme || scheme[1]!.includes('.')) {
    // "meet.google.com:443/..." looks like a scheme to the regex; a real scheme has no dot.
    candidate = `https://${text}`;
    explicitScheme = false;
  }

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }

  const protocol = url.protocol.slice(0, -1).toLowerCase();
  if (!ALLOWED_SCHEMES.has(protocol)) return null;
  if (url.username !== '' || url.password !== '') return null;
  // `URL` drops default ports for http(s); a port left over is a non-default one.
  if (url.port !== '') return null;

  let host = url.hostname.toLowerCase();
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (!ASCII_HOST.test(host) || !host.includes('.')) return null;
  // IPv4 literals are valid ASCII hosts but never one of ours, nor a public media server name.
  if (/^[0-9.]+$/.test(host)) return null;

  const segments = url.pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(safeDecode);
  return { url, host, scheme: protocol as LinkScheme, explicitScheme, segments };
}

/** True when `host` is `domain` itself or a real subdomain of it (`a.zoom.us`, not `notzoom.us`). */
export function isHostOrSubdomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** True for the web schemes (the video and media detectors accept only these). */
export function isWebScheme(link: ParsedLink): boolean {
  return link.scheme === 'http' || link.scheme === 'https';
}

/** The current page URL in a browser context, or '' in Node (default input of the detectors). */
export function currentLocation(): string {
  return typeof location === 'undefined' ? '' : String(location.href);
}

/** Whether a host is one of a site's host rules (`*.zoom.us`: the domain and its subdomains, or an exact host). */
export function hostMatches(host: string, hosts: readonly string[]): boolean {
  return hosts.some((rule) =>
    rule.startsWith('*.') ? isHostOrSubdomain(host, rule.slice(2)) : host === rule,
  );
}

/** Match patterns for `paths` on every host rule (a `*.` rule covers the domain and its subdomains). */
export function hostPatterns(scheme: 'https' | '*', hosts: readonly string[], paths: readonly string[]) {
  return hosts.flatMap((host) => paths.map((path) => `${scheme}://${host}${path}`));
}
