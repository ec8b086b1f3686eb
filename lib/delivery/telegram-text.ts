/**
 * Telegram's text rules that need no Markdown parser (the background carries this module; the
 * protocol's Markdown is converted to Telegram's HTML by markdown.ts, outside the worker).
 *
 * The Bot API (core.telegram.org/bots/api):
 * - `sendMessage`: 1-4096 characters of text after entities parsing (`parse_mode: HTML`: the tags
 *   and the entities `&lt;` `&gt;` `&amp;` `&quot;` count as what they show).
 * - `sendDocument`: a caption of 0-1024 characters after entities parsing; files up to 50 MB.
 *
 * A message longer than 4096 is split at block ends into several messages; a single block longer
 * than a message is sent as plain text in pieces. At most `TELEGRAM_MESSAGES_MAX` messages: the
 * last one then ends with a note that the protocol was shortened.
 */

export const TELEGRAM_TEXT_MAX = 4096;
export const TELEGRAM_CAPTION_MAX = 1024;
/** Messages one protocol is sent as at most (Telegram allows about one message a second per chat). */
export const TELEGRAM_MESSAGES_MAX = 5;

/** `&`, `<`, `>` as Telegram's HTML requires them in text. */
export function escapeTelegram(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const TAG = /<(\/?)(b|i|s|u|code|pre|a|blockquote)\b[^>]*>/g;

/** The text of Telegram HTML as it shows (tags dropped, entities read). */
export function plainOf(html: string): string {
  return html
    .replace(TAG, '')
    .replace(/&(lt|gt|quot|amp);/g, (_, name: string) =>
      name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : '&',
    );
}

/** How many characters Telegram counts for `html` (its length after entities parsing). */
export function visibleLength(html: string): number {
  return plainOf(html).length;
}

/** Whether every tag opened in `html` is closed in it. */
function balanced(html: string): boolean {
  let depth = 0;
  for (const match of html.matchAll(TAG)) depth += match[1] === '/' ? -1 : 1;
  return depth === 0;
}

/**
 * Blocks of `html` (separated by blank lines) whose tags are closed within each: a blank line inside
 * a `<pre>` or `<blockquote>` does not split it.
 */
function blocksOf(html: string): string[] {
  const blocks: string[] = [];
  let open = '';
  for (const part of html.split('\n\n')) {
    open = open === '' ? part : `${open}\n\n${part}`;
    if (balanced(open)) {
      if (open.trim() !== '') blocks.push(open);
      open = '';
    }
  }
  if (open.trim() !== '') blocks.push(escapeTelegram(plainOf(open)));
  return blocks;
}

/** Plain `text` cut into escaped pieces of at most `max` characters each, at a line end where one is near. */
function plainPieces(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.slice(0, max);
    const lineEnd = cut.lastIndexOf('\n');
    if (lineEnd > max * 0.8) cut = cut.slice(0, lineEnd);
    pieces.push(escapeTelegram(cut.trimEnd()));
    rest = rest.slice(cut.length).replace(/^\n+/, '');
  }
  if (rest.trim() !== '') pieces.push(escapeTelegram(rest));
  return pieces;
}

/**
 * `html` as the texts of at most `maxMessages` messages of at most `max` characters each (as
 * Telegram counts them). What does not fit is left out, and the last message ends with `note`.
 */
export function splitTelegram(
  html: string,
  note: string,
  max = TELEGRAM_TEXT_MAX,
  maxMessages = TELEGRAM_MESSAGES_MAX,
): string[] {
  const blocks = blocksOf(html).flatMap((block) =>
    visibleLength(block) <= max ? [block] : plainPieces(plainOf(block), max),
  );
  const messages: string[] = [];
  let current = '';
  for (const block of blocks) {
    const joined = current === '' ? block : `${current}\n\n${block}`;
    if (visibleLength(joined) <= max) {
      current = joined;
      continue;
    }
    messages.push(current);
    current = block;
  }
  if (current !== '') messages.push(current);
  if (messages.length <= maxMessages) return messages;
  // Too long: the last message kept is the one that makes room for the note.
  const kept = messages.slice(0, maxMessages);
  const tail = `\n\n<i>${escapeTelegram(note)}</i>`;
  const room = max - visibleLength(tail);
  let last = kept[maxMessages - 1]!;
  if (visibleLength(last) > room) {
    const lastBlocks = blocksOf(last);
    while (lastBlocks.length > 1 && visibleLength(lastBlocks.join('\n\n')) > room) lastBlocks.pop();
    last = lastBlocks.join('\n\n');
    if (visibleLength(last) > room) last = plainPieces(plainOf(last), room)[0] ?? '';
  }
  kept[maxMessages - 1] = `${last}${tail}`;
  return kept;
}
