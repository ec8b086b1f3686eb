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
 * marked reads the protocol within bounds of nesting, length and time (lib/render/lex.ts): a
 * block past them (2,000 nested quotes, `a_` 30,000 times, a line of 80,000 asterisks) is shown
 * as its text, escaped, so nothing is lost and the page never hangs or overflows its stack.
 *
 * The caller inserts the result with `dangerouslySetInnerHTML` and nothing else. A long protocol is
 * rendered in pieces (`renderMarkdownPieces`), each inserted into an element of its own, so the page
 * shows the first screen at once and stays responsive while the rest is sanitized.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { Marked } from 'marked';
import { ALLOWED_ATTR, ALLOWED_TAGS, SAFE_LINK } from './allow-list';
import { lexBlocks } from './lex';

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

/** Text shown as it is written: escaped, its lines kept. */
function asText(source: string): string {
  const escaped = source.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped === '' ? '' : `<p>${escaped.replace(/\n/g, '<br>')}</p>`;
}

/** One top-level block's HTML (before sanitizing) and the Markdown it comes from. */
interface Part {
  html: () => string;
  chars: number;
  plain: boolean;
}

/** The protocol's blocks as parts: marked's within the bounds, the rest as text (lib/render/lex.ts). */
function* parts(markdown: string, options: RenderOptions): Generator<Part> {
  for (const block of lexBlocks(markdown ?? '', { over: 'text', ...options })) {
    if (block.plain) yield { html: () => asText(block.source), chars: block.source.length, plain: true };
    else
      for (const token of block.tokens)
        yield { html: () => marked.parser([token]), chars: token.raw.length, plain: false };
  }
}

export interface RenderOptions {
  /** The clock the lexing's time bound is measured on (ms); `performance.now` unless given. */
  now?: () => number;
}

/**
 * Markdown to sanitized HTML. marked reads it within bounds of nesting, length and time (see
 * lib/render/lex.ts): a block past them is shown as its text.
 */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  let html = '';
  for (const part of parts(markdown, options)) html += part.html();
  return html === '' ? '' : sanitizeHtml(html);
}

/** One piece of a protocol rendered in pieces. */
export interface RenderedPiece {
  /** Sanitized HTML of whole top-level blocks (paragraphs, lists, tables, code blocks...). */
  html: string;
  /** How much of the Markdown source this piece and the ones before it cover, 0 to 1. */
  done: number;
  /** Some of it is past the bounds marked is read within, and shown as its text. */
  plain: boolean;
}

/** How many characters of Markdown source one piece holds, at least (whole blocks only). */
export const PIECE_CHARS = 4_000;

/**
 * Markdown to sanitized HTML in pieces of whole top-level blocks, about `pieceChars` of source
 * each. Links by reference are resolved when the whole text is read, so every piece renders as it
 * would in the whole. Each piece is sanitized on its own: insert each into an element of its own,
 * never one piece's string after another's. A block past the bounds is shown as its text.
 */
export function* renderMarkdownPieces(
  markdown: string,
  pieceChars = PIECE_CHARS,
  options: RenderOptions = {},
): Generator<RenderedPiece, void, undefined> {
  const all = [...parts(markdown, options)];
  const total = all.reduce((sum, part) => sum + part.chars, 0);
  let group: Part[] = [];
  let groupChars = 0;
  let covered = 0;
  const piece = (): RenderedPiece => {
    const html = group.map((part) => part.html()).join('');
    const plain = group.some((part) => part.plain);
    covered += groupChars;
    group = [];
    groupChars = 0;
    return {
      html: html === '' ? '' : sanitizeHtml(html),
      done: total === 0 ? 1 : Math.min(1, covered / total),
      plain,
    };
  };
  for (const part of all) {
    group.push(part);
    groupChars += part.chars;
    if (groupChars >= pieceChars) yield piece();
  }
  if (group.length > 0 || covered === 0) {
    const last = piece();
    yield { ...last, done: 1 };
  }
}
