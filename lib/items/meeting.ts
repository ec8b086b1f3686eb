/**
 * A meeting in the service's result shape (a Processing result, with the recording's `created_at`
 * beside it) read for its action items: the protocol, the names of its people and its day. Every
 * field is optional and checked: a file of another shape gives no items, never an exception.
 */
import { extractItems } from './extract';
import type { ActionItem } from './types';

/**
 * The names of a meeting's people, in the order they are preferred: the speaker names of the
 * result (`speakers_map`, by speaker id), then the names read from the meeting page, then the
 * calendar event's attendees. Only strings are kept; the extraction drops `SPEAKER_<nn>`.
 */
export function meetingNames(sources: {
  speakersMap?: unknown;
  pageNames?: unknown;
  attendees?: unknown;
}): string[] {
  const out: string[] = [];
  const { speakersMap, pageNames, attendees } = sources;
  if (speakersMap !== null && typeof speakersMap === 'object' && !Array.isArray(speakersMap)) {
    const entries = Object.entries(speakersMap as Record<string, unknown>).sort(
      ([a], [b]) => Number(a) - Number(b) || a.localeCompare(b),
    );
    for (const [, name] of entries) if (typeof name === 'string') out.push(name);
  }
  for (const list of [pageNames, attendees])
    if (Array.isArray(list)) for (const name of list) if (typeof name === 'string') out.push(name);
  return out;
}

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
