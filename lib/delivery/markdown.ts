/**
 * A protocol's Markdown in a chat's own markup, from marked's lexer tokens (the parser the pages
 * already use to render protocols), so emphasis inside links, code with asterisks or escaped
 * characters are read as Markdown means them rather than guessed by patterns. One walk of the
 * tokens, one dialect per chat:
 *
 * - `slack`: Slack's `mrkdwn`: `*bold*`, `_italic_`, `~strike~`, `` `code` ``, ```` ``` ````
 *   blocks, `>` quotes, `<url|text>` links; `&`, `<` and `>` escaped everywhere.
 * - `telegram`: the Bot API's HTML (`parse_mode: HTML`): `<b>`, `<i>`, `<s>`, `<code>`, `<pre>`,
 *   `<blockquote>`, `<a href>`; `&`, `<`, `>` (and `"` in an address) escaped everywhere.
 *
 * Neither has headings, tables or nested lists: headings become bold lines, tables lines of cells,
 * nested items are indented. Telegram refuses what its entities cannot hold
 * (core.telegram.org/bots/api#formatting-options: a blockquote in a blockquote, code in a link):
 * a quote in a quote is read as the outer quote's text, code in a link as the link's text.
 *
 * marked reads the protocol within bounds of nesting, length and time (lib/render/lex.ts): a
 * block past them (2,000 nested quotes, `a_` 30,000 times) is sent as its text, escaped.
 *
 * The background worker does not carry marked: this module runs in the offscreen document (the
 * `markdown` task, lib/offscreen/tasks.ts) or in a page.
 */
import type { Token, Tokens } from 'marked';
import { lexBlocks } from '@/lib/render/lex';
import type { MarkdownDialect } from './markdown-request';
import { escapeSlack } from './slack-text';
import { escapeTelegram } from './telegram-text';

export { MARKDOWN_DIALECTS, type MarkdownDialect } from './markdown-request';
// What does not need marked lives in slack-text.ts (the background carries it without marked).
export { cutText, escapeSlack, SLACK_TEXT_MAX } from './slack-text';

interface Dialect {
  escape(text: string): string;
  bold(text: string): string;
  italic(text: string): string;
  strike(text: string): string;
  /** Inline code: `text` not yet escaped. */
  code(text: string): string;
  /** A code block: `text` not yet escaped. */
  pre(text: string): string;
  /** A link with a label (already in the dialect), or the bare address when `label` is null. */
  link(href: string, label: string | null): string;
  quote(inner: string): string;
  /** A quote in a quote is its text (Telegram's blockquotes cannot nest). */
  flatQuotes: boolean;
  /** Code in a link's label is its text (Telegram's links cannot hold code). */
  plainCodeInLinks: boolean;
}

/** Wraps in a marker unless the content is empty (`**` alone would print as is). */
function wrap(open: string, content: string, close = open): string {
  const trimmed = content.trim();
  return trimmed === '' ? content : `${open}${trimmed}${close}`;
}

const slack: Dialect = {
  escape: escapeSlack,
  bold: (text) => wrap('*', text),
  italic: (text) => wrap('_', text),
  strike: (text) => wrap('~', text),
  code: (text) => `\`${escapeSlack(text)}\``,
  pre: (text) => `\`\`\`\n${escapeSlack(text)}\n\`\`\``,
  link: (href, label) => {
    const target = href.replace(/[|<> ]/g, (c) => encodeURIComponent(c));
    return label === null ? `<${target}>` : `<${target}|${label}>`;
  },
  quote: (inner) =>
    inner
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
  flatQuotes: false,
  plainCodeInLinks: false,
};

const telegram: Dialect = {
  escape: escapeTelegram,
  bold: (text) => wrap('<b>', text, '</b>'),
  italic: (text) => wrap('<i>', text, '</i>'),
  strike: (text) => wrap('<s>', text, '</s>'),
  code: (text) => `<code>${escapeTelegram(text)}</code>`,
  pre: (text) => `<pre>${escapeTelegram(text)}</pre>`,
  link: (href, label) =>
    `<a href="${escapeTelegram(href).replace(/"/g, '&quot;')}">${label ?? escapeTelegram(href)}</a>`,
  quote: (inner) => `<blockquote>${inner}</blockquote>`,
  flatQuotes: true,
  plainCodeInLinks: true,
};

const DIALECTS: Record<MarkdownDialect, Dialect> = { slack, telegram };

const LINKABLE = /^(?:https?:|mailto:)/i;

/** marked keeps entities such as `&amp;` and `&quot;` from the source or its own escaping: read them back. */
function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}

function converter(d: Dialect) {
  /** Within a link's label, and within a quote. */
  let inLink = false;
  let inQuote = false;
  const inline = (tokens: readonly Token[] | undefined): string =>
    tokens ? tokens.map(inlineToken).join('') : '';

  function inlineToken(token: Token): string {
    switch (token.type) {
      case 'strong':
        return d.bold(inline((token as Tokens.Strong).tokens));
      case 'em':
        return d.italic(inline((token as Tokens.Em).tokens));
      case 'del':
        return d.strike(inline((token as Tokens.Del).tokens));
      case 'codespan': {
        const code = decode((token as Tokens.Codespan).text);
        return inLink && d.plainCodeInLinks ? d.escape(code) : d.code(code);
      }
      case 'br':
        return '\n';
      case 'link': {
        const link = token as Tokens.Link;
        inLink = true;
        let label: string;
        try {
          label = inline(link.tokens);
        } finally {
          inLink = false;
        }
        if (!LINKABLE.test(link.href)) return label;
        return d.link(link.href, label.trim() === '' || label === d.escape(link.href) ? null : label);
      }
      case 'image': {
        const image = token as Tokens.Image;
        return LINKABLE.test(image.href)
          ? d.link(image.href, d.escape(image.text || image.href))
          : d.escape(image.text);
      }
      case 'text': {
        const text = token as Tokens.Text;
        return text.tokens ? inline(text.tokens) : d.escape(decode(text.text));
      }
      case 'escape':
      case 'html':
        return d.escape(decode((token as Tokens.Escape).text ?? token.raw));
      default:
        return d.escape(token.raw);
    }
  }

  function listBlock(list: Tokens.List, depth: number): string {
    const start = typeof list.start === 'number' ? list.start : 1;
    const indent = '    '.repeat(depth);
    return list.items
      .map((item, index) => {
        const bullet = list.ordered ? `${start + index}.` : '•';
        const box = item.task ? (item.checked ? '☑ ' : '☐ ') : '';
        const parts: string[] = [];
        const nested: string[] = [];
        for (const child of item.tokens) {
          if (child.type === 'list') nested.push(listBlock(child as Tokens.List, depth + 1));
          else if (child.type === 'checkbox') continue;
          else {
            const text = child.type === 'text' ? inlineToken(child) : block([child], depth + 1);
            if (text.trim() !== '') parts.push(text.trim());
          }
        }
        const line = `${indent}${bullet} ${box}${parts.join('\n')}`;
        return nested.length > 0 ? `${line}\n${nested.join('\n')}` : line;
      })
      .join('\n');
  }

  function block(tokens: readonly Token[], depth = 0): string {
    const out: string[] = [];
    for (const token of tokens) {
      switch (token.type) {
        case 'space':
        case 'def':
          break;
        case 'heading':
          out.push(d.bold(inline((token as Tokens.Heading).tokens)));
          break;
        case 'paragraph':
          out.push(inline((token as Tokens.Paragraph).tokens));
          break;
        case 'text': {
          const text = token as Tokens.Text;
          out.push(text.tokens ? inline(text.tokens) : d.escape(decode(text.text)));
          break;
        }
        case 'code':
          out.push(d.pre((token as Tokens.Code).text));
          break;
        case 'blockquote': {
          const inner = (token as Tokens.Blockquote).tokens;
          if (inQuote && d.flatQuotes) {
            out.push(block(inner, depth));
            break;
          }
          inQuote = true;
          try {
            out.push(d.quote(block(inner, depth)));
          } finally {
            inQuote = false;
          }
          break;
        }
        case 'list':
          out.push(listBlock(token as Tokens.List, depth));
          break;
        case 'table': {
          const table = token as Tokens.Table;
          const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inline(cell.tokens)).join(' | ');
          out.push([d.bold(row(table.header)), ...table.rows.map(row)].join('\n'));
          break;
        }
        case 'hr':
          out.push('──────────');
          break;
        case 'html':
          out.push(d.escape((token as Tokens.HTML).text.trim()));
          break;
        default:
          out.push(d.escape(token.raw.trim()));
      }
    }
    return out.filter((part) => part !== '').join('\n\n');
  }

  // marked within its bounds: a block past them is sent as its text.
  return (markdown: string) =>
    lexBlocks(markdown, { over: 'text' })
      .map((part) => (part.plain ? d.escape(part.source.trim()) : block(part.tokens)))
      .filter((part) => part !== '')
      .join('\n\n')
      .trim();
}

const converters = new Map<MarkdownDialect, (markdown: string) => string>();

/** The protocol (Markdown) in `dialect`'s markup. */
export function convertMarkdown(markdown: string, dialect: MarkdownDialect): string {
  let convert = converters.get(dialect);
  if (!convert) {
    convert = converter(DIALECTS[dialect]);
    converters.set(dialect, convert);
  }
  return convert(markdown);
}

/** The protocol (Markdown) as Slack mrkdwn. */
export function markdownToSlack(markdown: string): string {
  return convertMarkdown(markdown, 'slack');
}
