/**
 * The action items a delivery carries (the tracker's tasks, the webhook's `items`): read by the same
 * reader as the open items (lib/background/items-extraction.ts: outside Chrome's worker), from the
 * kept meeting with its names (the speaker names given here, the meeting page's, the calendar's) and
 * its day, or, for a recording this browser does not keep, from the delivered result alone (its
 * speakers' names; no day, so no due date is read relative to a guessed one).
 *
 * Each item's key is `<space>:<audio>:<same>` (lib/items/series.ts `sameKey`: its text without
 * the due date's words, and its owners): the same item in the same meeting is the same task
 * whichever delivery, attempt or reading sends it.
 */
import { effectiveSpeakerMap } from '@/lib/archive';
import type { DeliveryContent } from '@/lib/delivery/bodies';
import { DELIVERY_ITEMS_MAX, type DeliveryItem } from '@/lib/delivery/items';
import { meetingNames } from '@/lib/items/names';
import { type ItemsRequest, REQUEST_NAMES_MAX, REQUEST_PROTOCOL_MAX } from '@/lib/items/request';
import { sameKey } from '@/lib/items/series';
import { namedLabels } from './items';
import type { ReadItems, withItemsExtractor } from './items-extraction';

export interface DeliveryItemsDeps {
  /** The request that reads a kept meeting's items, or null when it is not kept. */
  requestFor: (spaceId: number, audioId: number) => Promise<ItemsRequest | null>;
  extractor: typeof withItemsExtractor;
}

/** The request from the delivered result alone. */
export function requestOfContent(content: DeliveryContent): ItemsRequest {
  const given = content.speakerNames ?? {};
  const speakersMap = effectiveSpeakerMap(content.result, given);
  const result = content.result.result;
  return {
    protocol: namedLabels(result?.protocol ?? '', speakersMap).slice(0, REQUEST_PROTOCOL_MAX),
    names: meetingNames({ speakersMap })
      .slice(0, REQUEST_NAMES_MAX)
      .map((name) => name.slice(0, 200)),
    createdAt: null,
    language: typeof result?.language === 'string' ? result.language.slice(0, 20) : null,
    ground: { result: content.result, speakerMap: given },
  };
}

/** The items read, in the deliveries' shape. */
export function deliveryItemsOf(spaceId: number, audioId: number, read: ReadItems): DeliveryItem[] {
  return read.items.slice(0, DELIVERY_ITEMS_MAX).map((item, index) => ({
    key: `${spaceId}:${audioId}:${sameKey(item)}`,
    text: item.text,
    owner: item.owner,
    due: item.due,
    dueWords: item.dueWords,
    bullet: item.bullet,
    row: item.row,
    source: read.sources[index]?.[0] ?? null,
  }));
}

/** Reads a delivered protocol's items (throws when they cannot be read: the kind decides). */
export function deliveryItemsReader(deps: DeliveryItemsDeps) {
  return async (content: DeliveryContent): Promise<DeliveryItem[]> => {
    const { spaceId, audioId } = content.recording;
    const request = (await deps.requestFor(spaceId, audioId).catch(() => null)) ?? requestOfContent(content);
    const read = await deps.extractor((extract) => extract(request));
    return deliveryItemsOf(spaceId, audioId, read);
  };
}
