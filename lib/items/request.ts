/**
 * A protocol's action items read outside the background worker, which does not carry marked or
 * the declension library: the offscreen document's `items` task (lib/offscreen/tasks.ts) has the
 * linker's Worker (lib/grounding/thread.ts) run `readItems` (./sourced.ts). This file is what
 * both sides share: the request, the answer and their checks (an answer is believed only when
 * every item has the extraction's shape and bounds). It imports nothing heavy.
 */
import { type ActionItem, ITEMS_MAX } from './types';

/** The extraction reads a protocol's first million characters; the request carries no more. */
export const REQUEST_PROTOCOL_MAX = 1_000_000;
/** Names of a meeting sent (the speakers', the page's, the attendees'); the extraction keeps 500. */
export const REQUEST_NAMES_MAX = 1_000;

export interface ItemsRequest {
  protocol: string;
  names: string[];
  /** The meeting's moment, ISO 8601 with its offset, or null. */
  createdAt: string | null;
  language: string | null;
  /**
   * The processing result and the speaker names given locally, to find where each listed item
   * was said (lib/grounding): its suggested sources in the transcript.
   */
  ground?: { result: unknown; speakerMap: Record<string, string> };
}

/** A suggested source of an item: an utterance of the transcript (`at=<block>.<utterance>`). */
export interface ItemSource {
  block: number;
  utterance: number;
}

/** Suggested sources of one item kept (best first). */
export const SOURCES_MAX = 3;

export type ItemsAnswer =
  | {
      ok: true;
      items: ActionItem[];
      /** Parallel to `items`: each one's suggested sources, or null (none found, or a table row). */
      sources?: Array<ItemSource[] | null>;
    }
  | { ok: false; message: string };

const nullableString = (value: unknown, max: number) =>
  value === null || (typeof value === 'string' && value.length <= max);
const nullableIndex = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0);

export function isItemsRequest(value: unknown): value is ItemsRequest {
  const request = value as Partial<ItemsRequest> | null;
  return (
    typeof request === 'object' &&
    request !== null &&
    typeof request.protocol === 'string' &&
    request.protocol.length <= REQUEST_PROTOCOL_MAX &&
    Array.isArray(request.names) &&
    request.names.length <= REQUEST_NAMES_MAX &&
    request.names.every((name) => typeof name === 'string' && name.length <= 200) &&
    nullableString(request.createdAt, 64) &&
    nullableString(request.language, 20) &&
    (request.ground === undefined ||
      (typeof request.ground === 'object' &&
        request.ground !== null &&
        typeof request.ground.result === 'object' &&
        request.ground.result !== null &&
        typeof request.ground.speakerMap === 'object' &&
        request.ground.speakerMap !== null &&
        Object.values(request.ground.speakerMap).every((name) => typeof name === 'string')))
  );
}

/** Suggested sources as kept: at most `SOURCES_MAX` utterances of non-negative indices; null when none. */
export function readSources(value: unknown): ItemSource[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const out: ItemSource[] = [];
  for (const source of value.slice(0, SOURCES_MAX)) {
    const { block, utterance } = (source ?? {}) as { block?: unknown; utterance?: unknown };
    if (nullableIndex(block) && nullableIndex(utterance) && block !== null && utterance !== null)
      out.push({ block: block as number, utterance: utterance as number });
  }
  return out.length > 0 ? out : null;
}

function isActionItem(value: unknown): value is ActionItem {
  const item = value as Partial<ActionItem> | null;
  if (typeof item !== 'object' || item === null) return false;
  const row = item.row as { table?: unknown; row?: unknown } | null | undefined;
  return (
    typeof item.text === 'string' &&
    item.text.length <= 1_000 &&
    (item.owner === null ||
      (Array.isArray(item.owner) &&
        item.owner.length <= 50 &&
        item.owner.every((name) => typeof name === 'string' && name.length <= 200))) &&
    nullableString(item.ownerWords, 1_000) &&
    (item.due === null || (typeof item.due === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(item.due))) &&
    nullableString(item.dueWords, 200) &&
    nullableIndex(item.bullet) &&
    (row === null || (typeof row === 'object' && nullableIndex(row.table) && nullableIndex(row.row))) &&
    (item.checked === null || typeof item.checked === 'boolean') &&
    nullableString(item.section, 1_000)
  );
}

export function isItemsAnswer(message: unknown): message is ItemsAnswer {
  const value = message as { ok?: unknown; items?: unknown; message?: unknown } | null;
  if (typeof value !== 'object' || value === null) return false;
  if (value.ok !== true) return value.ok === false && typeof value.message === 'string';
  const sources = (value as { sources?: unknown }).sources;
  return (
    Array.isArray(value.items) &&
    value.items.length <= ITEMS_MAX &&
    value.items.every(isActionItem) &&
    (sources === undefined ||
      (Array.isArray(sources) &&
        sources.length === value.items.length &&
        sources.every(
          (one) =>
            one === null ||
            (Array.isArray(one) && one.length <= SOURCES_MAX && readSources(one)?.length === one.length),
        )))
  );
}

/** A moment (ms) as ISO 8601 in this browser's zone, with its offset: the meeting's day as the user lives it. */
export function localIso(ms: number): string {
  const date = new Date(ms);
  const offset = -date.getTimezoneOffset();
  const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}
