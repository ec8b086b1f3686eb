/**
 * marked's lexer with the bounds its own lacks, read one top-level block at a time: what the
 * pages render (lib/render/markdown.ts), the chats are sent (lib/delivery/markdown.ts), the
 * action items are read from (lib/items/markdown.ts) and the lines linked to their sources
 * (lib/grounding/protocol.ts) all lex a protocol here.
 *
 * What marked does on hostile input, measured: its emphasis takes time that grows with the square
 * of a run's length (`a_` 30,000 times: 12.6 s) and overflows its stack on tens of thousands of
 * asterisks; its list lexer copies the rest of an item for each of its lines, and lexes each
 * level of nesting again (400 nested items: 4 s); each level of `>` is lexed again too (500
 * nested lines: 2 s; 2,000 `>` on one line overflow its stack). So:
 *
 * - the protocol is cut before each line at the margin that follows a blank line, each heading and
 *   each bullet at the margin, outside code and raw HTML, where marked starts a new block anyway
 *   (no list item changes), and each block is lexed alone; reference definitions still hold for
 *   the whole protocol (the inline runs are read once every block is);
 * - indentation past `INDENT_MAX` columns is read as `INDENT_MAX`;
 * - a block whose lines nest more than `NESTING_MAX` quotes and list markers, a block longer than
 *   `BLOCK_MAX` that may hold a list item, an inline run past a bound, and whatever marked throws
 *   on, are past the bounds; for the pages and the chats, so is every block once
 *   `LEX_TIME_MAX_MS` of reading blocks, or then of reading their inline runs, have passed.
 *
 * What is past the bounds depends on the reader (`over`): `text` (the pages, the chats) gives
 * such a block as its text (`plain`), so nothing is lost and nothing is guessed; `cut` (the items, the grounding)
 * reads what fits: a long block to its first `BLOCK_MAX` characters (the reading ends there if the
 * rest may hold a list item, since no bullet would be right past it), an inline run to its first
 * `INLINE_MAX`, and leaves out a block too deep.
 */
import { Lexer, type Token } from 'marked';

/** Characters of one inline run (a paragraph, an item's text, a cell) read when cutting. */
export const INLINE_MAX = 4_000;
/** Characters of one inline run rendered as Markdown; a longer one's block is shown as text. */
export const INLINE_SHOWN_MAX = 8_000;
/** Columns of indentation kept: a line indented more (nesting past about 50 levels) is read as at 100. */
export const INDENT_MAX = 100;
/** Characters of one top-level block (what a blank line and a line at the margin end) lexed when it may hold a list. */
export const BLOCK_MAX = 16_000;
/** Quotes and list markers one line may open (`> > - >`); a deeper block is past the bounds. */
export const NESTING_MAX = 32;
/** Lexing time of one protocol's blocks, then of their inline runs (ms); the blocks after it are past the bounds. */
export const LEX_TIME_MAX_MS = 2_000;

export interface LexedBlock {
  /** The block's Markdown as written. */
  source: string;
  /** marked's tokens of the block (none when `plain`). */
  tokens: Token[];
  /** Past a bound: to be shown as its text. */
  plain: boolean;
}

export interface LexOptions {
  /** What becomes of a block past a bound: given as text, or read as far as it fits. */
  over: 'text' | 'cut';
  /** The clock the time bound is measured on (ms); `performance.now` unless given. */
  now?: () => number;
}

/** The first `max` characters of a text, cut at a line's end when one is in the second half. */
export function cutAtLine(text: string, max: number): string {
  if (text.length <= max) return text;
  const lineEnd = text.lastIndexOf('\n', max);
  return text.slice(0, lineEnd > max / 2 ? lineEnd : max);
}

const DEEP_INDENT = new RegExp(`^[ \\t]{${INDENT_MAX + 1},}`, 'gm');
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A line that may begin a list item. */
const LIST_LINE = /^[ \t>]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/m;
/** A line at the margin that begins a block whatever comes before it: a heading, a bullet with its text. */
const BLOCK_START = /^(?:#{1,6}(?:[ \t]|$)|[-*+][ \t]+\S)/;
/** Raw HTML that may hold blank lines (CommonMark's HTML blocks 1 to 5), with what ends it. */
const RAW_HTML: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
  [/^ {0,3}<![A-Za-z]/, />/],
];
/** The quotes and list markers a line opens, with the space around them. */
const CONTAINERS = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))+/;

/** Whether a line of the block opens more than `NESTING_MAX` quotes and list markers. */
function tooDeep(block: string): boolean {
  if (!block.includes('>') && !LIST_LINE.test(block)) return false;
  for (const line of block.split('\n')) {
    // A line that deep is longer than the bound in characters.
    if (line.length <= NESTING_MAX) continue;
    const prefix = CONTAINERS.exec(line)?.[0] ?? '';
    let depth = 0;
    for (const match of prefix.matchAll(/>|[-*+]|\d{1,9}[.)]/g)) if (match[0]) depth += 1;
    if (depth > NESTING_MAX) return true;
  }
  return false;
}

/**
 * The protocol cut before each line at the margin that follows a blank line, each heading and each
 * bullet at the margin, outside code and raw HTML: where marked starts a new block anyway (a list
 * cut between two of its items is two lists with the same items).
 */
function* topLevelBlocks(source: string): Generator<string> {
  let start = 0;
  let position = 0;
  let fence: string | null = null;
  let html: RegExp | null = null;
  let blank = false;
  while (position < source.length) {
    const newline = source.indexOf('\n', position);
    const end = newline < 0 ? source.length : newline;
    const line = source.slice(position, end);
    if (fence !== null) {
      // A closing fence: the same character, at least as many, and nothing after it.
      const close = FENCE.exec(line)?.[1];
      if (
        close !== undefined &&
        close[0] === fence[0] &&
        close.length >= fence.length &&
        /^\s*$/.test(line.slice(line.indexOf(close) + close.length))
      )
        fence = null;
    } else if (html !== null) {
      if (html.test(line)) html = null;
    } else {
      if (position > start && ((blank && /^\S/.test(line)) || BLOCK_START.test(line))) {
        yield source.slice(start, position);
        start = position;
      }
      const open = FENCE.exec(line);
      if (open) fence = open[1] as string;
      else
        for (const [opener, closer] of RAW_HTML) {
          const found = opener.exec(line);
          if (found) {
            if (!closer.test(line.slice(found[0].length))) html = closer;
            break;
          }
        }
    }
    blank = line.trim() === '';
    position = end + 1;
  }
  if (start < source.length) yield source.slice(start);
}

/** marked's lexer put back as a block begins after one it threw on. */
function reset(lexer: Lexer): void {
  lexer.state.top = true;
  lexer.state.inLink = false;
  lexer.state.inRawBlock = false;
}

/** Top-level blocks lexed together (`source`), with their inline runs in the lexer's queue. */
interface Unit extends LexedBlock {
  blocks: string[];
  runs: [number, number];
}

/**
 * The protocol's blocks, lexed within the bounds (see the module comment). Consecutive top-level
 * blocks are lexed together up to `BLOCK_MAX` characters, as marked would lex them in the whole
 * (a loose list stays one list); a unit that fails is lexed again block by block, and only the
 * block past a bound is given as text. Never throws.
 */
export function lexBlocks(markdown: string, options: LexOptions): LexedBlock[] {
  const cut = options.over === 'cut';
  const now = options.now ?? (() => performance.now());
  // Reading to cut has bounds enough without a clock, and reads the same on any machine. The
  // blocks and then their inline runs each have the time bound.
  let started = now();
  const late = () => !cut && now() - started > LEX_TIME_MAX_MS;
  const lexer = new Lexer({ gfm: true });
  const source = (typeof markdown === 'string' ? markdown : '')
    .replace(/\r\n|\r/g, '\n')
    .replace(DEEP_INDENT, ' '.repeat(INDENT_MAX));
  const units: Unit[] = [];
  const plain = (block: string) => {
    if (!cut) units.push({ source: block, blocks: [block], tokens: [], plain: true, runs: [0, 0] });
  };

  /** Lexes blocks together (`read`: what is read of a single one); one by one if that throws. */
  const lexTogether = (blocks: string[], read = blocks.join('')): void => {
    const tokens: Token[] = [];
    const queued = lexer.inlineQueue.length;
    try {
      lexer.blockTokens(read, tokens);
      units.push({
        source: blocks.join(''),
        blocks,
        tokens,
        plain: false,
        runs: [queued, lexer.inlineQueue.length],
      });
    } catch {
      lexer.inlineQueue.length = queued;
      reset(lexer);
      if (blocks.length > 1) for (const block of blocks) lexTogether([block]);
      else plain(blocks[0]!);
    }
  };

  let pending: string[] = [];
  let pendingLength = 0;
  let over = false;
  const flush = () => {
    if (pending.length === 0) return;
    if (over) for (const block of pending) plain(block);
    else lexTogether(pending);
    pending = [];
    pendingLength = 0;
    over = late();
  };
  for (const block of topLevelBlocks(source)) {
    if (over) {
      if (cut) break;
      plain(block);
      continue;
    }
    if (tooDeep(block)) {
      flush();
      plain(block);
      continue;
    }
    if (block.length > BLOCK_MAX && LIST_LINE.test(block)) {
      flush();
      if (!cut) {
        plain(block);
        continue;
      }
      const read = cutAtLine(block, BLOCK_MAX);
      lexTogether([block], read);
      // Past a list item left unread no bullet would be right: the reading ends there.
      if (LIST_LINE.test(block.slice(read.length))) break;
      continue;
    }
    if (pendingLength + block.length > BLOCK_MAX) flush();
    pending.push(block);
    pendingLength += block.length;
  }
  flush();

  // The inline runs, once every block is read: a reference defined anywhere holds everywhere.
  const queue = lexer.inlineQueue;
  lexer.inlineQueue = [];
  started = now();
  const inline = (lexing: Lexer, runs: readonly { src: string; tokens: Token[] }[]): boolean => {
    if (!cut && runs.some((run) => run.src.length > INLINE_SHOWN_MAX)) return false;
    try {
      for (const run of runs) {
        lexing.state.inRawBlock = false;
        lexing.inlineTokens(cut ? run.src.slice(0, INLINE_MAX) : run.src, run.tokens);
      }
      return true;
    } catch {
      reset(lexing);
      return false;
    }
  };
  const out: LexedBlock[] = [];
  for (const unit of units) {
    if (unit.plain || (!cut && late())) {
      out.push({ source: unit.source, tokens: [], plain: true });
      continue;
    }
    if (inline(lexer, queue.slice(unit.runs[0], unit.runs[1])) || (cut && unit.blocks.length === 1)) {
      out.push({ source: unit.source, tokens: unit.tokens, plain: false });
      continue;
    }
    // A run past a bound, or one marked threw on: its blocks one by one, the references shared.
    for (const block of unit.blocks) {
      const alone = new Lexer({ gfm: true });
      alone.tokens.links = lexer.tokens.links;
      const tokens: Token[] = [];
      let read = false;
      try {
        alone.blockTokens(block, tokens);
        read = inline(alone, alone.inlineQueue) || cut;
      } catch {
        read = false;
      }
      if (read) out.push({ source: block, tokens, plain: false });
      else if (!cut) out.push({ source: block, tokens: [], plain: true });
    }
  }
  return out;
}
