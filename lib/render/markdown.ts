/**
 * Markdown from the service (protocols) to HTML that is safe to insert: marked renders, DOMPurify
 * sanitizes with an allow-list, and every surviving link opens in a new tab without an opener.
 *
 * Rules, beyond DOMPurify's defaults:
 * - tags: text structure only (headings, paragraphs, lists, tables, code, quotes, emphasis, links);
 *   no images (a remote image in a protocol would tell a third party that it was opened), no
 *   forms or inputs (GFM task-list boxes lose the box and keep their text), frames, media, styles
 *   or SVG;
 * - attributes: `href`, `title`, table alignment and list numbering; no `style`, `class`, `id`
 *   or event handlers;
 * - links: only `http:`, `https:` and `mailto:` URLs are kept; any other link keeps its text and
 *   loses its `href`; kept links get `target="_blank" rel="noopener noreferrer"`.
 *
 * The caller inserts the result with `dangerouslySetInnerHTML` and nothing else. A long protocol is
 * rendered in pieces (`renderMarkdownPieces`), each inserted into an element of its own, so the page
 * shows the first screen at once and stays responsive while the rest is sanitized.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { Marked, type Token } from 'marked';
import { ALLOWED_ATTR, ALLOWED_TAGS, SAFE_LINK } from './allow-list';

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOWED_URI_REGEXP: SAFE_LINK,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  // Content of these is dropped with the element, not kept as text.
  FORBID_CONTENTS: [
    'script',
    'style',
    'template',
    'iframe',
    'object',
    'noscript',
    'textarea',
    'select',
    'title',
  ],
};

const marked = new Marked({ gfm: true, breaks: false, async: false });

let purifier: Purifier | null = null;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      if (href === null || !SAFE_LINK.test(href.trim())) {
        node.removeAttribute('href');
        node.removeAttribute('target');
        node.removeAttribute('rel');
      } else {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
  });
  purifier = instance;
  return instance;
}

/** Sanitizes HTML with the allow-list above. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** Markdown to sanitized HTML. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown ?? '', { async: false }) as string;
  return sanitizeHtml(html);
}

/** One piece of a protocol rendered in pieces. */
export interface RenderedPiece {
  /** Sanitized HTML of whole top-level blocks (paragraphs, lists, tables, code blocks...). */
  html: string;
  /** How much of the Markdown source this piece and the ones before it cover, 0 to 1. */
  done: number;
}

/** How many characters of Markdown source one piece holds, at least (whole blocks only). */
export const PIECE_CHARS = 4_000;

/**
 * Markdown to sanitized HTML in pieces of whole top-level blocks, about `pieceChars` of source
 * each. Links by reference are resolved when the whole text is read, so every piece renders as it
 * would in the whole. Each piece is sanitized on its own: insert each into an element of its own,
 * never one piece's string after another's.
 */
export function* renderMarkdownPieces(
  markdown: string,
  pieceChars = PIECE_CHARS,
): Generator<RenderedPiece, void, undefined> {
  const source = markdown ?? '';
  const tokens = marked.lexer(source);
  let group: Token[] = [];
  let groupChars = 0;
  let covered = 0;
  const piece = (): RenderedPiece => {
    const html = sanitizeHtml(marked.parser(group));
    covered += groupChars;
    group = [];
    groupChars = 0;
    return { html, done: source.length === 0 ? 1 : Math.min(1, covered / source.length) };
  };
  for (const token of tokens) {
    group.push(token);
    groupChars += token.raw.length;
    if (groupChars >= pieceChars) yield piece();
  }
  if (group.length > 0 || covered === 0) {
    const last = piece();
    yield { ...last, done: 1 };
  }
}
