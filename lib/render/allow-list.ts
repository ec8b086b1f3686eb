/**
 * What a rendered protocol may hold (lib/render/markdown.ts keeps to it; the hostile-content
 * specs check the live pages against it): text structure only, a few attributes, and links to
 * http, https and mailto URLs, which get `target` and `rel` set.
 */
export const ALLOWED_TAGS: readonly string[] = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'details',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
];

export const ALLOWED_ATTR: readonly string[] = ['href', 'title', 'align', 'start', 'colspan', 'rowspan'];

/** Set on every kept link (`target="_blank" rel="noopener noreferrer"`). */
export const LINK_ATTR: readonly string[] = ['target', 'rel'];

/** The link schemes kept; any other link keeps its text and loses its `href`. */
export const SAFE_LINK = /^(?:https?:|mailto:)/i;
