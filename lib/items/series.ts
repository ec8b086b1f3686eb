/**
 * When two action items are "the same": the rule the open items merge by (docs/open-items.md).
 *
 * - A **series** is the meetings of one space that share the calendar event (its UID, when the bot
 *   or the recording was started for a meeting a synced calendar holds) or the same title once its
 *   dates, times, numbers, file extension and punctuation are left out ("Weekly sync 12.03" and
 *   "Weekly sync 19.03.mp3" are one series; "Sprint 41 review" and "Sprint 42 review" too).
 * - Two items of one series are the same item when their **text**, without the words of their due
 *   date, folded (case, ё, punctuation, spaces, Markdown left over) is equal and their **owners**
 *   (the suggested names, as a set, or none) are equal. Items naming different owners are never
 *   one item, whatever their text.
 *
 * Pure: no browser API.
 */
import type { ActionItem } from './types';

/** Folded text for comparison: lower case, ё as е, letters and digits only, single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** An item's text as compared: without the words of its due date, folded. */
export function itemText(item: Pick<ActionItem, 'text' | 'dueWords'>): string {
  let text = item.text;
  if (item.dueWords) {
    const at = text.toLowerCase().indexOf(item.dueWords.toLowerCase());
    if (at !== -1) text = `${text.slice(0, at)} ${text.slice(at + item.dueWords.length)}`;
  }
  return foldText(text);
}

/** The owners as compared: folded names, sorted; '' for none. */
export function ownersKey(owner: readonly string[] | null): string {
  if (!owner || owner.length === 0) return '';
  return [...new Set(owner.map(foldText))].sort().join('|');
}

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|' +
  'январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]';
const DATE_WORDS = new RegExp(`(^|[^\\p{L}])(?:${MONTHS})(?=$|[^\\p{L}])`, 'giu');
const EXTENSION = /\.(?:mp3|mp4|m4a|wav|webm|ogg|oga|opus|flac|aac|mkv|mov|avi|wma|amr|3gp)$/i;

/**
 * The title as a series knows it: no file extension, dates, times, numbers, month names or
 * punctuation; folded. Empty when nothing is left (a title of only a date).
 */
export function titleKey(title: string): string {
  const plain = title.trim().replace(EXTENSION, '').toLowerCase().replace(/ё/g, 'е');
  return foldText(plain.replace(DATE_WORDS, '$1 ').replace(/\p{N}+/gu, ' '));
}

/** 64 bits of FNV-1a over the text, as 16 hex digits: a short key for a long text. */
export function hashKey(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x01000193 ^ 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The key of an item's sameness within a series: its compared text and owners. */
export function sameKey(item: Pick<ActionItem, 'text' | 'dueWords' | 'owner'>): string {
  return hashKey(`${itemText(item)}\n${ownersKey(item.owner)}`);
}

/** A meeting as the series rule sees it. */
export interface SeriesMeeting {
  spaceId: number;
  title: string;
  /** The calendar event's UID, when known. */
  event: string | null;
}

/**
 * The series of each meeting (an index into the list): meetings of one space joined when they
 * share the calendar event or the title key, joined transitively. A meeting whose title key is
 * empty and whose event is unknown is a series of its own.
 */
export function seriesOf(meetings: readonly SeriesMeeting[]): number[] {
  const parent = meetings.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] as number;
    let at = index;
    while (parent[at] !== root) {
      const next = parent[at] as number;
      parent[at] = root;
      at = next;
    }
    return root;
  };
  const firstOf = new Map<string, number>();
  const join = (key: string, index: number) => {
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, index);
    else {
      const a = find(first);
      const b = find(index);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  };
  meetings.forEach((meeting, index) => {
    if (meeting.event) join(`${meeting.spaceId}\nevent\n${meeting.event}`, index);
    const title = titleKey(meeting.title);
    if (title) join(`${meeting.spaceId}\ntitle\n${title}`, index);
  });
  return meetings.map((_, index) => find(index));
}
