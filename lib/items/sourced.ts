/**
 * A protocol's action items with the moments they were said: the extraction (./extract.ts), and
 * for each listed item the suggested sources lib/grounding finds for the same list item (joined
 * by `bullet`, the k-th list item of the protocol, which is grounding's `item`). A row of a table
 * has none. What the linker's Worker (Chrome) and the background page (Firefox) run for
 * `items`; pure.
 */
import type { ProcessingResult } from '@/lib/api/schemas';
import { groundResult } from '@/lib/grounding';
import { extractItems } from './extract';
import { type ItemSource, type ItemsAnswer, type ItemsRequest, SOURCES_MAX } from './request';

export function readItems(request: ItemsRequest): ItemsAnswer {
  try {
    const items = extractItems(request.protocol, request);
    if (!request.ground || items.every((item) => item.bullet === null)) return { ok: true, items };
    const byItem = new Map<number, ItemSource[]>();
    try {
      const grounded = groundResult(request.ground.result as ProcessingResult, request.ground.speakerMap);
      for (const line of grounded.lines)
        if (line.kind === 'item' && line.item !== null && line.sources)
          byItem.set(
            line.item,
            line.sources.slice(0, SOURCES_MAX).map(({ block, utterance }) => ({ block, utterance })),
          );
    } catch (error) {
      // No sources rather than no items: the items stand without their moments.
      console.error('sources of the action items not found', error);
    }
    return {
      ok: true,
      items,
      sources: items.map((item) => (item.bullet === null ? null : (byItem.get(item.bullet) ?? null))),
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
