/**
 * A meeting in the service's result shape (a Processing result, with the recording's `created_at`
 * beside it) read for its action items: the protocol, the names of its people and its day. Every
 * field is optional and checked: a file of another shape gives no items, never an exception.
 */
import { extractItems } from './extract';
import { meetingNames } from './names';
import type { ActionItem } from './types';

export { meetingNames };

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * The action items of a meeting file: a Processing result (`result.protocol`,
 * `result.speakers_map`, `result.language`) with the recording's `created_at` at its top level,
 * and optionally `page_names` and `attendees` (lists of names).
 */
export function itemsOfMeetingFile(file: unknown): ActionItem[] {
  const top = record(file);
  const result = record(top?.result);
  const protocol = result?.protocol;
  if (!top || !result || typeof protocol !== 'string') return [];
  return extractItems(protocol, {
    names: meetingNames({
      speakersMap: result.speakers_map,
      pageNames: top.page_names,
      attendees: top.attendees,
    }),
    createdAt: typeof top.created_at === 'string' ? top.created_at : null,
    language: typeof result.language === 'string' ? result.language : null,
  });
}
