/**
 * The protocol's Markdown as Slack's `mrkdwn`, from marked's lexer tokens (the parser the pages
 * already use to render protocols), so emphasis inside links, code with asterisks or escaped
 * characters are read as Markdown means them rather than guessed by patterns.
 *
 * Slack's format: `*bold*`, `_italic_`, `~strike~`, `` `code` ``, ```` ``` ```` blocks, `>` quotes,
 * `<url|text>` links; `&`, `<` and `>` must be escaped everywhere; no headings, tables or nested
 * lists (headings become bold lines, tables lines of cells, nested items are indented).
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { escapeSlack } from './slack-text';

// What does not need marked lives in slack-text.ts (the background carries it without marked).
export { cutText, escapeSlack, SLACK_TEXT_MAX } from './slack-text';

const LINKABLE = /^(?:https?:|mailto:)/i;

function linkTarget(href: string): string {
  return href.replace(/[|<> ]/g, (c) => encodeURIComponent(c));
}

/** Wraps in a Slack marker unless the content is empty (`**` alone would print as is). */
function wrap(marker: string, content: string): string {
  const trimmed = content.trim();
  return trimmed === '' ? content : `${marker}${trimmed}${marker}`;
}

function inline(tokens: readonly Token[] | undefined): string {
  if (!tokens) return '';
  return tokens.map(inlineToken).join('');
}

function inlineToken(token: Token): string {
  switch (token.type) {
    case 'strong':
      return wrap('*', inline((token as Tokens.Strong).tokens));
    case 'em':
      return wrap('_', inline((token as Tokens.Em).tokens));
    case 'del':
      return wrap('~', inline((token as Tokens.Del).tokens));
    case 'codespan':
      return `\`${escapeSlack(decode((token as Tokens.Codespan).text))}\``;
    case 'br':
      return '\n';
    case 'link': {
      const link = token as Tokens.Link;
      const label = inline(link.tokens);
      if (!LINKABLE.test(link.href)) return label;
      return label.trim() === '' || label === escapeSlack(link.href)
        ? `<${linkTarget(link.href)}>`
        : `<${linkTarget(link.href)}|${label}>`;
    }
    case 'image': {
      const image = token as Tokens.Image;
      return LINKABLE.test(image.href)
        ? `<${linkTarget(image.href)}|${escapeSlack(image.text || image.href)}>`
        : escapeSlack(image.text);
    }
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : escapeSlack(decode(text.text));
    }
    case 'escape':
    case 'html':
      return escapeSlack(decode((token as Tokens.Escape).text ?? token.raw));
    default:
      return escapeSlack(token.raw);
  }
}

/** marked keeps entities such as `&amp;` and `&quot;` from the source or its own escaping: read them back. */
function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
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
        out.push(wrap('*', inline((token as Tokens.Heading).tokens)));
        break;
      case 'paragraph':
        out.push(inline((token as Tokens.Paragraph).tokens));
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out.push(text.tokens ? inline(text.tokens) : escapeSlack(decode(text.text)));
        break;
      }
      case 'code':
        out.push(`\`\`\`\n${escapeSlack((token as Tokens.Code).text)}\n\`\`\``);
        break;
      case 'blockquote': {
        const inner = block((token as Tokens.Blockquote).tokens, depth);
        out.push(
          inner
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n'),
        );
        break;
      }
      case 'list':
        out.push(listBlock(token as Tokens.List, depth));
        break;
      case 'table': {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inline(cell.tokens)).join(' | ');
        out.push([wrap('*', row(table.header)), ...table.rows.map(row)].join('\n'));
        break;
      }
      case 'hr':
        out.push('──────────');
        break;
      case 'html':
        out.push(escapeSlack((token as Tokens.HTML).text.trim()));
        break;
      default:
        out.push(escapeSlack(token.raw.trim()));
    }
  }
  return out.filter((part) => part !== '').join('\n\n');
}

/** The protocol (Markdown) as Slack mrkdwn. */
export function markdownToSlack(markdown: string): string {
  return block(new Lexer({ gfm: true }).lex(markdown)).trim();
}
