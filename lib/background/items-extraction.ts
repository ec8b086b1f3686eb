/**
 * A protocol's action items (lib/items), with the moments they were said (lib/grounding), read for
 * the background. Chrome's service worker does not carry marked, the declension library or the
 * linker: the offscreen document's `items` task has them read in the linker's Worker
 * (lib/background/offscreen.ts, lib/offscreen/tasks.ts, lib/grounding/thread.ts), the document
 * held open for a batch of meetings. Firefox's background is an event page built apart: it reads them in place.
 */
import type { ActionItem } from '@/lib/items';
import type { ItemSource, ItemsRequest } from '@/lib/items/request';
import { askOffscreen, theOffscreenDocument } from './offscreen';

/** An answer later than this is not waited for (the meeting is read again later). */
const ANSWER_TIMEOUT_MS = 20_000;

/** A protocol's items, and each one's suggested sources in the transcript (or null). */
export interface ReadItems {
  items: ActionItem[];
  sources: Array<ItemSource[] | null>;
}

export type ExtractItems = (request: ItemsRequest) => Promise<ReadItems>;

const read = (answer: { items: ActionItem[]; sources?: Array<ItemSource[] | null> }): ReadItems => ({
  items: answer.items,
  sources: answer.sources ?? answer.items.map(() => null),
});

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error('the action items were not read in time')), ms),
  );
}

/** The items read in this context (Firefox's background page; the unit tests). */
export async function readInPlace(request: ItemsRequest): Promise<ReadItems> {
  const { readItems } = await import('@/lib/items/sourced');
  const answer = readItems(request);
  if (!answer.ok) throw new Error(`action items not read: ${answer.message}`);
  return read(answer);
}

/** Runs `work` with an extractor at hand (the offscreen document open for all of it). */
export async function withItemsExtractor<T>(work: (extract: ExtractItems) => Promise<T>): Promise<T> {
  if (import.meta.env.FIREFOX) return work(readInPlace);
  const document = theOffscreenDocument();
  if (!document) throw new Error('no offscreen document to read the action items');
  return document.use(() =>
    work(async (request) => {
      const answer = await Promise.race([askOffscreen('items', request), timeout(ANSWER_TIMEOUT_MS)]);
      if (!answer) throw new Error('the action items reader did not answer');
      if (!answer.ok) throw new Error(`action items not read: ${answer.message}`);
      return read(answer);
    }),
  );
}
