/**
 * A protocol's Markdown as the flat sequence the extraction reads: headings, bold labels standing
 * for headings ("**Next steps:**"), list items and tables, in document order. Parsed with marked's
 * lexer, the parser the pages render protocols with, so a list item here is a list item there:
 * `bullet` is an item's index among all of the protocol's list items in document order, nested ones
 * (and those in quotes) counted where marked puts them, which is the index the grounded protocol's
 * sources use for the same line.
 */
import type { Token, Tokens } from 'marked';
import { cutAtLine, lexBlocks } from '@/lib/render/lex';

/** Characters of a protocol read: the pages show the same first million (PROTOCOL_SHOWN_MAX). */
export const PROTOCOL_MAX = 1_000_000;
/** Characters of a line's text kept (a longer one is cut at a word, with "…"). */
export const LINE_TEXT_MAX = 1_000;
/** List items (and table rows) read; the rest of a longer protocol is left out. */
export const LINES_MAX = 20_000;

export interface HeadingBlock {
  type: 'heading';
  level: number;
  text: string;
}

/** A short paragraph that stands for a heading: all bold ("**Decisions:**") or ending with ":". */
export interface LabelBlock {
  type: 'label';
  text: string;
}

export interface ListItemBlock {
  type: 'item';
  /** Index among the protocol's list items in document order, nested ones counted. */
  bullet: number;
  /** The bullet of the item this one is nested in, or null at the top of a list. */
  parent: number | null;
  depth: number;
  /** The item's own text (not its nested items), plain, cut to `LINE_TEXT_MAX`. */
  text: string;
  /** A GFM task box: true when ticked, false when open, null when none. */
  checked: boolean | null;
  /** Items are nested in it. */
  hasChildren: boolean;
}

export interface TableBlock {
  type: 'table';
  /** Index among the protocol's tables in document order. */
  table: number;
  header: string[];
  rows: string[][];
}

export type Block = HeadingBlock | LabelBlock | ListItemBlock | TableBlock;

const ENTITY = /&(amp|lt|gt|quot|#39|#x27|nbsp);/g;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
  nbsp: ' ',
};

function decode(text: string): string {
  return text.replace(ENTITY, (_, name: string) => ENTITIES[name] ?? '');
}

/** Inline tokens as plain text: markup dropped, links by their label, HTML left out. */
export function plainText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return '';
  let out = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'escape': {
        const text = token as Tokens.Text;
        out += text.tokens ? plainText(text.tokens) : decode(text.text);
        break;
      }
      case 'strong':
      case 'em':
      case 'del':
      case 'link':
        out += plainText((token as Tokens.Strong).tokens);
        break;
      case 'codespan':
        out += decode((token as Tokens.Codespan).text);
        break;
      case 'image':
        out += (token as Tokens.Image).text;
        break;
      case 'br':
        out += ' ';
        break;
      case 'html':
      case 'checkbox':
        break;
      default:
        out += 'tokens' in token && Array.isArray(token.tokens) ? plainText(token.tokens) : '';
    }
  }
  return out;
}

/** Spaces made one, trimmed, cut at a word to `max` characters. */
export function tidy(text: string, max = LINE_TEXT_MAX): string {
  const one = text
    .slice(0, max * 4)
    .replace(/\s+/g, ' ')
    .trim();
  if (one.length <= max) return one;
  const cut = one.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The protocol's first `PROTOCOL_MAX` characters, cut at a line's end. */
export function boundedProtocol(markdown: string): string {
  return cutAtLine(markdown, PROTOCOL_MAX);
}

const LABEL_WORDS_MAX = 8;

/** A paragraph that is a label: wholly bold or italic, or a few words ending with ":". */
function labelOf(paragraph: Tokens.Paragraph): string | null {
  const tokens = paragraph.tokens.filter(
    (t) => !(t.type === 'text' && (t as Tokens.Text).text.trim() === ''),
  );
  const text = tidy(plainText(paragraph.tokens));
  if (text === '' || text.split(' ').length > LABEL_WORDS_MAX) return null;
  const emphasised =
    tokens.length >= 1 &&
    (tokens[0]?.type === 'strong' || tokens[0]?.type === 'em') &&
    tokens.slice(1).every((t) => t.type === 'text' && /^[\s:：.]*$/.test((t as Tokens.Text).text));
  if (emphasised || /[:：]$/.test(text)) return text.replace(/[\s:：.]+$/, '');
  return null;
}

interface Walk {
  blocks: Block[];
  bullets: number;
  tables: number;
  lines: number;
}

function walkList(list: Tokens.List, parent: number | null, depth: number, walk: Walk): void {
  for (const item of list.items) {
    if (walk.lines >= LINES_MAX) return;
    const bullet = walk.bullets;
    walk.bullets += 1;
    walk.lines += 1;
    const own: Token[] = [];
    const inner: Token[] = [];
    for (const child of item.tokens) {
      if (child.type === 'list' || child.type === 'blockquote') inner.push(child);
      else if (child.type === 'text' || child.type === 'paragraph') own.push(child);
    }
    const block: ListItemBlock = {
      type: 'item',
      bullet,
      parent,
      depth,
      text: tidy(own.map((t) => plainText([t])).join(' ')),
      checked: item.task ? Boolean(item.checked) : null,
      hasChildren: inner.some((t) => t.type === 'list' && (t as Tokens.List).items.length > 0),
    };
    walk.blocks.push(block);
    for (const child of inner) {
      if (child.type === 'list') walkList(child as Tokens.List, bullet, depth + 1, walk);
      else walkTokens((child as Tokens.Blockquote).tokens, walk, { parent: bullet, depth: depth + 1 });
    }
  }
}

function walkTokens(tokens: readonly Token[], walk: Walk, inList?: { parent: number; depth: number }): void {
  for (const token of tokens) {
    if (walk.lines >= LINES_MAX) return;
    switch (token.type) {
      case 'heading': {
        // A heading inside a list item or a quote in one is text, not a section.
        if (inList) break;
        const heading = token as Tokens.Heading;
        walk.blocks.push({ type: 'heading', level: heading.depth, text: tidy(plainText(heading.tokens)) });
        break;
      }
      case 'paragraph': {
        if (inList) break;
        const label = labelOf(token as Tokens.Paragraph);
        if (label !== null) walk.blocks.push({ type: 'label', text: label });
        break;
      }
      case 'list':
        walkList(token as Tokens.List, inList?.parent ?? null, inList?.depth ?? 0, walk);
        break;
      case 'blockquote':
        walkTokens((token as Tokens.Blockquote).tokens, walk, inList);
        break;
      case 'table': {
        const table = token as Tokens.Table;
        const cell = (c: Tokens.TableCell) => tidy(plainText(c.tokens));
        const rows = table.rows.slice(0, Math.max(0, LINES_MAX - walk.lines)).map((row) => row.map(cell));
        walk.lines += rows.length;
        walk.blocks.push({ type: 'table', table: walk.tables, header: table.header.map(cell), rows });
        walk.tables += 1;
        break;
      }
      default:
        break;
    }
  }
}

/** The protocol's headings, labels, list items and tables in document order. Never throws. */
export function protocolBlocks(markdown: string): Block[] {
  const walk: Walk = { blocks: [], bullets: 0, tables: 0, lines: 0 };
  if (typeof markdown !== 'string' || markdown === '') return walk.blocks;
  // marked's lexer within its bounds (lib/render/lex.ts), reading what fits of a block past them.
  const tokens = lexBlocks(boundedProtocol(markdown), { over: 'cut' }).flatMap((block) => block.tokens);
  walkTokens(tokens, walk);
  return walk.blocks;
}
