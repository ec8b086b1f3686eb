/**
 * A protocol's action items (lib/items) read for the background. Chrome's service worker does not
 * carry marked or the declension library: the offscreen document's `items` task reads them
 * (lib/background/offscreen.ts, lib/offscreen/tasks.ts), the document held open for a batch of
 * meetings. Firefox's background is an event page built apart: it reads them in place.
 */
import type { ActionItem } from '@/lib/items';
import type { ItemsRequest } from '@/lib/items/request';
import { askOffscreen, theOffscreenDocument } from './offscreen';

/** An answer later than this is not waited for (the meeting is read again later). */
const ANSWER_TIMEOUT_MS = 20_000;

export type ExtractItems = (request: ItemsRequest) => Promise<ActionItem[]>;

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error('the action items were not read in time')), ms),
  );
}

/** Runs `work` with an extractor at hand (the offscreen document open for all of it). */
export async function withItemsExtractor<T>(work: (extract: ExtractItems) => Promise<T>): Promise<T> {
  if (import.meta.env.FIREFOX) {
    const { extractItems } = await import('@/lib/items');
    return work(async ({ protocol, names, createdAt, language }) =>
      extractItems(protocol, { names, createdAt, language }),
    );
  }
  const document = theOffscreenDocument();
  if (!document) throw new Error('no offscreen document to read the action items');
  return document.use(() =>
    work(async (request) => {
      const answer = await Promise.race([askOffscreen('items', request), timeout(ANSWER_TIMEOUT_MS)]);
      if (!answer) throw new Error('the action items reader did not answer');
      if (!answer.ok) throw new Error(`action items not read: ${answer.message}`);
      return answer.items;
    }),
  );
}
