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
 * The caller inserts the result with `dangerouslySetInnerHTML` and nothing else.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { Marked } from 'marked';
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
