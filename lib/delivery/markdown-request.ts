/**
 * A protocol's Markdown converted to a chat's markup outside the background worker, which does
 * not carry marked (49 kB minified, parsed at every wake-up): the offscreen document's `markdown`
 * task (lib/offscreen/tasks.ts) runs markdown.ts, and any delivery kind with a `convert` dialect
 * uses it. This file is what both sides share; it imports nothing heavy.
 */

/** The chats whose markup a protocol is converted to (markdown.ts has one dialect each). */
export const MARKDOWN_DIALECTS = ['slack', 'telegram'] as const;
export type MarkdownDialect = (typeof MARKDOWN_DIALECTS)[number];

/** A protocol is at most a few hundred kB; anything larger is not one of ours. */
const MARKDOWN_MAX = 5_000_000;

export interface MarkdownRequest {
  markdown: string;
  dialect: MarkdownDialect;
}

export type MarkdownAnswer = { ok: true; text: string } | { ok: false; message: string };

export function isMarkdownRequest(value: unknown): value is MarkdownRequest {
  const request = value as Partial<MarkdownRequest> | null;
  return (
    typeof request === 'object' &&
    request !== null &&
    typeof request.markdown === 'string' &&
    request.markdown.length <= MARKDOWN_MAX &&
    (MARKDOWN_DIALECTS as readonly unknown[]).includes(request.dialect)
  );
}

export function isMarkdownAnswer(message: unknown): message is MarkdownAnswer {
  const value = message as { ok?: unknown; text?: unknown; message?: unknown } | null;
  if (typeof value !== 'object' || value === null) return false;
  return value.ok === true
    ? typeof value.text === 'string'
    : value.ok === false && typeof value.message === 'string';
}
