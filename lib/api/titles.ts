/**
 * Recording titles (contract, Limits table): the allowed extensions, the content type they imply,
 * and the 255-character limit. Dependency-free, so extension pages can check a file before
 * handing it to the background without loading the HTTP client or the schemas.
 */
import { ApiError } from './errors';

/** Allowed title extensions (Limits table). */
export const ALLOWED_EXTENSIONS = ['.mp3', '.m4a', '.wav', '.ogg', '.webm', '.mp4'] as const;

export const MAX_TITLE_LENGTH = 255;
const CONTENT_TYPES: Record<(typeof ALLOWED_EXTENSIONS)[number], string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.webm': 'audio/webm',
  '.mp4': 'video/mp4',
};

/** The allowed extension a title ends with (lower case), or null. */
export function extensionOf(title: string): (typeof ALLOWED_EXTENSIONS)[number] | null {
  const lower = title.toLowerCase();
  return ALLOWED_EXTENSIONS.find((extension) => lower.endsWith(extension)) ?? null;
}

/** MIME type for a title by its extension (used when the file carries no type). */
export function contentTypeFor(title: string): string | null {
  const extension = extensionOf(title);
  return extension ? CONTENT_TYPES[extension] : null;
}

/**
 * Checks a title against the Limits table before any request: it must end with an allowed
 * extension (any case), else a `validation` error; a title longer than 255 characters is shortened,
 * keeping the extension. Surrounding whitespace is trimmed.
 */
export function normalizeTitle(title: string): string {
  const trimmed = title.trim();
  const extension = extensionOf(trimmed);
  if (extension === null || trimmed.length === extension.length) {
    throw new ApiError({
      kind: 'validation',
      operation: 'uploadFile',
      fields: { title: [`The title must end with one of ${ALLOWED_EXTENSIONS.join(', ')}.`] },
    });
  }
  if (trimmed.length <= MAX_TITLE_LENGTH) return trimmed;
  const kept = trimmed.slice(trimmed.length - extension.length);
  // Cut on a code point boundary so no lone surrogate is left.
  const stem = Array.from(trimmed.slice(0, trimmed.length - extension.length));
  let out = '';
  for (const char of stem) {
    if (out.length + char.length + kept.length > MAX_TITLE_LENGTH) break;
    out += char;
  }
  return `${out.trimEnd()}${kept}`;
}
