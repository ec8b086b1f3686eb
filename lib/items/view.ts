/**
 * The open items view as data: every item of every kept meeting, the same item of one series
 * merged (lib/items/series.ts), its state, filtered by space, date, person and state, grouped by
 * owner with the user's own first. Pure: the page renders what this returns.
 *
 * An item's state is the latest the user gave any of its occurrences. An item marked done and
 * then repeated in a meeting recorded after that is open again (a weekly task, or one that was not
 * done after all), and says so; a dismissed one stays dismissed.
 */
import type { ItemState, ItemStateName, KeptItems, KeptMeeting } from './kept';
import type { ItemSource } from './request';
import { foldText, seriesOf } from './series';

export type ShowStates = 'open' | 'done' | 'dismissed' | 'all';

export interface ItemFilters {
  /** Only this space's meetings. */
  spaceId?: number | null;
  /** Only items of a meeting on or after this time (ms). */
  from?: number | null;
  /** Only items of a meeting on or before this time (ms). */
  to?: number | null;
  /** Only items this person is the suggested owner of (a name as the items give it). */
  person?: string | null;
  /** Which states are shown; default: open. */
  show?: ShowStates;
}

/** A meeting an item was said in. */
export interface Occurrence {
  key: string;
  spaceId: number;
  audioId: number;
  title: string;
  createdAt: number | null;
  bullet: number | null;
  row: { table: number; row: number } | null;
  /** Where it was said in this meeting, as suggested (best first), or null. */
  sources: ItemSource[] | null;
}

export interface ViewItem {
  /** The newest occurrence's key: the item's id on screen. */
  id: string;
  text: string;
  owner: string[] | null;
  /** The owners folded for comparison (lib/items/series.ts `foldText`), in the order of `owner`. */
  owners: string[];
  ownerWords: string | null;
  due: string | null;
  dueWords: string | null;
  section: string | null;
  state: ItemStateName;
  /** When the state shown was set; null for an item never touched. */
  stateAt: number | null;
  /** It was marked done, then said again in a meeting recorded after that. */
  repeatedAfterDone: boolean;
  /** Newest first. */
  meetings: Occurrence[];
  /** Every occurrence's key: a change of state is kept for each. */
  keys: string[];
}

export interface ViewGroup {
  /** `mine`, `none`, or `owner:<folded names>`. */
  id: string;
  kind: 'mine' | 'owner' | 'none';
  owners: string[];
  items: ViewItem[];
  /** Of the shown items, those open. */
  open: number;
}

export interface ItemsView {
  mine: ViewGroup;
  /** Other people's items by owner (by name), then the items naming no one. */
  others: ViewGroup[];
  /** Every owner named, for the person filter (whatever the other filters). */
  people: string[];
  /** Spaces that have items. */
  spaces: number[];
  /** Items after merging, before the filters. */
  total: number;
  /** Items shown. */
  shown: number;
}

function stateOf(
  keys: readonly string[],
  meetings: readonly Occurrence[],
  states: Record<string, ItemState>,
): { state: ItemStateName; at: number | null; repeated: boolean } {
  let latest: ItemState | null = null;
  for (const key of keys) {
    const state = states[key];
    if (state && (!latest || state.at > latest.at)) latest = state;
  }
  if (!latest) return { state: 'open', at: null, repeated: false };
  if (latest.state === 'done') {
    const after = meetings.some(
      (meeting) => meeting.createdAt !== null && meeting.createdAt > (latest as ItemState).at,
    );
    if (after) return { state: 'open', at: latest.at, repeated: true };
  }
  return { state: latest.state, at: latest.at, repeated: false };
}

/** Open before the rest, then the earliest due date (none last), then the newest meeting. */
function byUrgency(a: ViewItem, b: ViewItem): number {
  const open = Number(b.state === 'open') - Number(a.state === 'open');
  if (open !== 0) return open;
  if (a.due !== b.due) {
    if (a.due === null) return 1;
    if (b.due === null) return -1;
    return a.due < b.due ? -1 : 1;
  }
  return (b.meetings[0]?.createdAt ?? 0) - (a.meetings[0]?.createdAt ?? 0);
}

/** Merges the kept meetings' items: one per item of a series (see lib/items/series.ts). */
export function mergeItems(kept: KeptItems): ViewItem[] {
  const meetings: readonly KeptMeeting[] = kept.meetings;
  const series = seriesOf(meetings.map((meeting) => ({ ...meeting, event: meeting.event })));
  const merged = new Map<string, { items: Array<{ meeting: KeptMeeting; index: number }> }>();
  meetings.forEach((meeting, m) => {
    meeting.items.forEach((item, index) => {
      const key = `${series[m]}\n${item.same}`;
      let entry = merged.get(key);
      if (!entry) {
        entry = { items: [] };
        merged.set(key, entry);
      }
      entry.items.push({ meeting, index });
    });
  });
  const out: ViewItem[] = [];
  for (const { items } of merged.values()) {
    items.sort((a, b) => (b.meeting.createdAt ?? 0) - (a.meeting.createdAt ?? 0));
    const occurrences: Occurrence[] = [];
    const seen = new Set<string>();
    for (const { meeting, index } of items) {
      const item = meeting.items[index];
      if (!item || seen.has(item.key)) continue;
      seen.add(item.key);
      occurrences.push({
        key: item.key,
        spaceId: meeting.spaceId,
        audioId: meeting.audioId,
        title: meeting.title,
        createdAt: meeting.createdAt,
        bullet: item.bullet,
        row: item.row,
        sources: item.sources,
      });
    }
    const newest = items[0] as { meeting: KeptMeeting; index: number };
    const item = newest.meeting.items[newest.index];
    if (!item) continue;
    const keys = occurrences.map((occurrence) => occurrence.key);
    const state = stateOf(keys, occurrences, kept.states);
    out.push({
      id: item.key,
      text: item.text,
      owner: item.owner,
      owners: (item.owner ?? []).map(foldText),
      ownerWords: item.ownerWords,
      due: item.due,
      dueWords: item.dueWords,
      section: item.section,
      state: state.state,
      stateAt: state.at,
      repeatedAfterDone: state.repeated,
      meetings: occurrences,
      keys,
    });
  }
  return out;
}

function shownBy(item: ViewItem, filters: ItemFilters, person: string | null): boolean {
  const show = filters.show ?? 'open';
  if (show !== 'all' && item.state !== show) return false;
  if (person !== null && !item.owners.includes(person)) return false;
  const { spaceId, from, to } = filters;
  if (spaceId != null || from != null || to != null)
    return item.meetings.some(
      (meeting) =>
        (spaceId == null || meeting.spaceId === spaceId) &&
        (from == null || (meeting.createdAt !== null && meeting.createdAt >= from)) &&
        (to == null || (meeting.createdAt !== null && meeting.createdAt <= to)),
    );
  return true;
}

/** Every owner named, each once (as first written), by name. */
export function peopleOf(items: readonly ViewItem[]): string[] {
  const people = new Map<string, string>();
  for (const item of items)
    item.owners.forEach((folded, index) => {
      if (!people.has(folded)) people.set(folded, (item.owner as string[])[index] as string);
    });
  return [...people.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** The view of the kept items (merged, then grouped). */
export function buildView(kept: KeptItems, mine: readonly string[], filters: ItemFilters = {}): ItemsView {
  return groupItems(mergeItems(kept), mine, filters);
}

/** Merged items filtered, the user's own first, then by owner, then those naming no one. */
export function groupItems(
  items: readonly ViewItem[],
  mine: readonly string[],
  filters: ItemFilters = {},
): ItemsView {
  const spaces = new Set<number>();
  for (const item of items) for (const meeting of item.meetings) spaces.add(meeting.spaceId);
  const ownNames = new Set(mine.map(foldText));
  const person = filters.person ? foldText(filters.person) : null;
  const own: ViewGroup = { id: 'mine', kind: 'mine', owners: [...mine], items: [], open: 0 };
  const byOwner = new Map<string, ViewGroup>();
  const none: ViewGroup = { id: 'none', kind: 'none', owners: [], items: [], open: 0 };
  let shown = 0;
  for (const item of items) {
    if (!shownBy(item, filters, person)) continue;
    shown += 1;
    let group: ViewGroup;
    if (item.owners.some((name) => ownNames.has(name))) group = own;
    else if (!item.owner) group = none;
    else {
      const id = `owner:${[...item.owners].sort().join('|')}`;
      let found = byOwner.get(id);
      if (!found) {
        found = { id, kind: 'owner', owners: [...item.owner], items: [], open: 0 };
        byOwner.set(id, found);
      }
      group = found;
    }
    group.items.push(item);
    if (item.state === 'open') group.open += 1;
  }
  const others = [...byOwner.values()].sort((a, b) =>
    (a.owners[0] ?? '').localeCompare(b.owners[0] ?? '', undefined, { sensitivity: 'base' }),
  );
  if (none.items.length > 0) others.push(none);
  for (const group of [own, ...others]) group.items.sort(byUrgency);
  return {
    mine: own,
    others,
    people: peopleOf(items),
    spaces: [...spaces].sort((a, b) => a - b),
    total: items.length,
    shown,
  };
}
