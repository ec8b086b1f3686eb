/**
 * A protocol's Markdown in a chat's markup (lib/delivery/markdown.ts, one dialect per chat) for
 * the deliveries. Chrome's service worker does not carry marked: the offscreen document's
 * `markdown` task converts it (lib/background/offscreen.ts, lib/offscreen/tasks.ts). Firefox's
 * background is an event page built apart: it converts in place.
 */
import type { MarkdownDialect } from '@/lib/delivery/markdown-request';
import { askOffscreen, theOffscreenDocument } from './offscreen';

/** An answer later than this is not waited for (the delivery tries again later). */
const ANSWER_TIMEOUT_MS = 20_000;

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error('the Markdown converter did not answer in time')), ms),
  );
}

export async function convertMarkdownOffThread(markdown: string, dialect: MarkdownDialect): Promise<string> {
  if (import.meta.env.FIREFOX) {
    const { convertMarkdown } = await import('@/lib/delivery/markdown');
    return convertMarkdown(markdown, dialect);
  }
  const document = theOffscreenDocument();
  if (!document) throw new Error('no offscreen document to convert the Markdown');
  const answer = await document.use(() =>
    Promise.race([askOffscreen('markdown', { markdown, dialect }), timeout(ANSWER_TIMEOUT_MS)]),
  );
  if (!answer) throw new Error('the Markdown converter did not answer');
  if (!answer.ok) throw new Error(`Markdown not converted: ${answer.message}`);
  return answer.text;
}
