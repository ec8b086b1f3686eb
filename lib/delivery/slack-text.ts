/**
 * Slack's text rules that need no Markdown parser: escaping and the cut at Slack's limit. The
 * background worker builds Slack bodies with these; the Markdown of the protocol is converted by
 * markdown.ts (marked), outside the worker (lib/background/markdown-conversion.ts).
 */

/** Slack truncates a message's `text` beyond this many characters. */
export const SLACK_TEXT_MAX = 40_000;

/** `&`, `<`, `>` as Slack requires them in any text. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * `text` cut to at most `max` characters, at a line end where one is near, with `note` on a line
 * of its own after the cut; an open code block is closed first.
 */
export function cutText(text: string, max: number, note: string): string {
  if (text.length <= max) return text;
  const room = max - note.length - 6;
  let cut = text.slice(0, room);
  const lineEnd = cut.lastIndexOf('\n');
  if (lineEnd > room * 0.8) cut = cut.slice(0, lineEnd);
  // A cut inside an escape (`&am`) would show broken text.
  cut = cut.replace(/&[a-z]{0,3}$/, '');
  if ((cut.match(/```/g)?.length ?? 0) % 2 === 1) cut += '\n```';
  return `${cut.trimEnd()}\n\n${note}`;
}
