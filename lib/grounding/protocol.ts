/**
 * The lines of a protocol that can be linked: every list item (in document order, nested ones
 * after their parent, the order a page renders its `<li>` elements in) and every sentence of a
 * plain paragraph, each with the heading it stands under. Read with marked's lexer, the parser
 * the pages render protocols with (lib/render/markdown.ts), so the k-th item here is the k-th
 * item a page shows. Tables, code and HTML are not linked.
 *
 * Bounded: the first `MAX_PROTOCOL_CHARS` characters are read, lexed within the bounds of
 * lib/render/lex.ts as the action items are (a block nested too deep is left out, a long one read
 * as far as it fits), at most `MAX_LINES` lines are returned, and each line's text is cut at
 * `MAX_LINE_CHARS` characters.
 */
import type { Token, Tokens } from 'marked';
import { lexBlocks } from '@/lib/render/lex';

export const MAX_PROTOCOL_CHARS = 2_000_000;
export const MAX_LINES = 10_000;
export const MAX_LINE_CHARS = 20_000;
/** Headings kept as context, each cut to this length. */
const MAX_HEADING_CHARS = 2_000;

export interface ProtocolLine {
  /** Position among the protocol's lines. */
  index: number;
  kind: 'item' | 'sentence';
  /** For an item: its position among the protocol's list items (the k-th `<li>`); else null. */
  item: number | null;
  /** For a sentence: the paragraph's position among the protocol's paragraphs, and its own in it. */
  paragraph: number | null;
  sentence: number | null;
  /** Plain text (Markdown markup removed). */
  text: string;
  /** The nearest heading above it (plain text), or ''. */
  heading: string;
  /** Index of that heading among the protocol's headings, or -1 before the first. */
  section: number;
}

/** Plain text of inline tokens. */
function plain(tokens: Token[] | undefined, out: string[] = []): string[] {
  for (const token of tokens ?? []) {
    const inner = (token as { tokens?: Token[] }).tokens;
    if (inner && inner.length > 0) plain(inner, out);
    else if (token.type === 'br') out.push(' ');
    else if (token.type === 'html' || token.type === 'image') {
      if (token.type === 'image') out.push((token as Tokens.Image).text);
    } else if ('text' in token && typeof token.text === 'string') out.push(token.text);
  }
  return out;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

let segmenter: Intl.Segmenter | null | undefined;

/** The sentences of a paragraph (the platform's sentence segmentation, or a plain rule without it). */
export function sentences(text: string): string[] {
  if (segmenter === undefined)
    segmenter =
      typeof Intl !== 'undefined' && 'Segmenter' in Intl
        ? new Intl.Segmenter('en', { granularity: 'sentence' })
        : null;
  const out: string[] = [];
  if (segmenter) {
    for (const { segment } of segmenter.segment(text)) {
      const sentence = clean(segment);
      if (sentence) out.push(sentence);
    }
    return out;
  }
  for (const part of text.split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}«"“])/u)) {
    const sentence = clean(part);
    if (sentence) out.push(sentence);
  }
  return out;
}

/** The protocol's lines (module comment). */
export function protocolLines(markdown: string): ProtocolLine[] {
  const source = typeof markdown === 'string' ? markdown.slice(0, MAX_PROTOCOL_CHARS) : '';
  const lines: ProtocolLine[] = [];
  let heading = '';
  let section = -1;
  let items = 0;
  let paragraphs = 0;
  const tokens = lexBlocks(source, { over: 'cut' }).flatMap((block) => block.tokens);
  const push = (line: Omit<ProtocolLine, 'index' | 'heading' | 'section'>) => {
    if (lines.length >= MAX_LINES) return;
    lines.push({ ...line, text: line.text.slice(0, MAX_LINE_CHARS), index: lines.length, heading, section });
  };
  const walk = (list: Token[]) => {
    for (const token of list) {
      if (lines.length >= MAX_LINES) return;
      switch (token.type) {
        case 'heading':
          heading = clean(plain((token as Tokens.Heading).tokens).join('')).slice(0, MAX_HEADING_CHARS);
          section += 1;
          break;
        case 'paragraph': {
          const paragraph = paragraphs;
          paragraphs += 1;
          sentences(plain((token as Tokens.Paragraph).tokens).join('')).forEach((text, sentence) => {
            push({ kind: 'sentence', item: null, paragraph, sentence, text });
          });
          break;
        }
        case 'list':
          for (const item of (token as Tokens.List).items) {
            const own = item.tokens.filter((child) => child.type !== 'list');
            const text = clean(
              own
                .map((child) =>
                  (child as { tokens?: Token[] }).tokens
                    ? plain((child as { tokens?: Token[] }).tokens).join('')
                    : 'text' in child
                      ? String(child.text)
                      : '',
                )
                .join(' '),
            );
            // Every item counts, even an empty one: the k-th item is the k-th a page renders.
            const k = items;
            items += 1;
            if (lines.length < MAX_LINES)
              lines.push({
                kind: 'item',
                item: k,
                paragraph: null,
                sentence: null,
                text: text.slice(0, MAX_LINE_CHARS),
                index: lines.length,
                heading,
                section,
              });
            walk(item.tokens.filter((child) => child.type === 'list'));
          }
          break;
        case 'blockquote':
          walk((token as Tokens.Blockquote).tokens);
          break;
        default:
          break;
      }
    }
  };
  walk(tokens);
  return lines;
}
