import { BY_URL_MAX, type MediaExtension, type MediaLink, TITLE_MAX } from './types';
import { unwrapLink } from './unwrap-link';
import { currentLocation, isWebScheme, parseLink } from './url';

/** The title extensions the service accepts (shared/spec/service-api.md, "Allowed title extensions"). */
export const MEDIA_EXTENSIONS: readonly MediaExtension[] = ['.mp3', '.m4a', '.wav', '.ogg', '.webm', '.mp4'];

/** Names that only resolve inside a local network, which the service cannot download from. */
const LOCAL_SUFFIXES = ['.local', '.localhost', '.internal', '.lan', '.home.arpa'];

/** Control and format characters (zero-width, bidi overrides, BOM), which make a title look like something else. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** Characters that are unsafe in file names on common systems. */
const UNSAFE = /[\\/:*?"<>|]+/g;

function mediaExtension(fileName: string): MediaExtension | null {
  const match = /\.[A-Za-z0-9]+$/.exec(fileName);
  const extension = match?.[0].toLowerCase();
  return MEDIA_EXTENSIONS.find((known) => known === extension) ?? null;
}

/** Cuts text to at most `max` UTF-16 units without splitting a character. */
function truncate(text: string, max: number): string {
  let result = '';
  for (const char of text) {
    if (result.length + char.length > max) break;
    result += char;
  }
  return result;
}

/**
 * A recording title from a decoded file name: invisible and unsafe characters removed, spaces
 * collapsed, leading/trailing dots and spaces trimmed, at most 255 characters including the
 * lowercase extension it always ends with. An empty name becomes `recording<ext>`.
 */
function suggestTitle(fileName: string, extension: MediaExtension): string {
  const base = fileName
    .slice(0, fileName.length - extension.length)
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const cut = truncate(base, TITLE_MAX - extension.length).replace(/[\s.]+$/, '');
  return `${cut === '' ? 'recording' : cut}${extension}`;
}

/**
 * A direct link to an audio or video file the service can download by URL: an http(s) link (the
 * scheme must be given) whose path ends in one of the allowed extensions, case-insensitively. The
 * query is kept (signed storage links need it), the fragment dropped; credentials, local-network
 * hosts and links over the contract's 255 characters are rejected. Never throws.
 */
export function parseMediaLink(input: string = currentLocation()): MediaLink | null {
  const link = parseLink(unwrapLink(input));
  if (!link || !isWebScheme(link) || !link.explicitScheme) return null;
  if (LOCAL_SUFFIXES.some((suffix) => link.host.endsWith(suffix))) return null;
  if (link.url.pathname.endsWith('/')) return null;

  const fileName = link.segments.at(-1);
  if (fileName === undefined) return null;
  const extension = mediaExtension(fileName);
  if (extension === null) return null;

  link.url.hash = '';
  const url = link.url.href;
  if (url.length > BY_URL_MAX) return null;
  return { url, extension, suggestedTitle: suggestTitle(fileName, extension) };
}
