/**
 * The open items kept in this browser, per account: the action items of every meeting the
 * archive keeps (extracted once per revision of the meeting), the state the user gave each item
 * (open, done, dismissed, with when), and the names the user said are theirs. One IndexedDB
 * database of its own (`meeting-capture-items`, lib/databases.ts), keys:
 *
 * - `meta`: its owner (service and account, as the archive's) and the archive revision each
 *   meeting's items were read from;
 * - `meeting:<space>:<audio>`: a meeting's items (at most `ITEMS_MAX`), its title, date and
 *   calendar event;
 * - `states`: item key → state (at most `STATES_MAX`, the oldest changes forgotten first);
 * - `mine`: the names the user said are theirs.
 *
 * It follows the archive: another account's items are wiped before anything is kept for this one,
 * a meeting that leaves the archive takes its items and their states along, and sign-out wipes
 * it all. Only the background writes (one writer, serialized); the pages read. Whatever the
 * database holds is read back through bounds and checks, never trusted.
 */
import { getManyOf, type KeyValueStore } from '@/lib/kv';
import { serialQueue } from '@/lib/serial';
import { type ItemSource, readSources } from './request';
import { itemText, sameKey } from './series';
import { type ActionItem, ITEMS_MAX } from './types';

/** Item states kept per account; past this the oldest changes are forgotten. */
export const STATES_MAX = 20_000;
/** Names the user may say are theirs. */
export const MINE_MAX = 20;
const NAME_MAX = 200;
const TEXT_MAX = 1_000;

/** The channel on which the background tells open pages that the open items changed (`{ pending }`). */
export const ITEMS_CHANNEL = 'meeting-capture-items';

export const META_KEY = 'meta';
export const STATES_KEY = 'states';
export const MINE_KEY = 'mine';
export const meetingKey = (spaceId: number, audioId: number) => `meeting:${spaceId}:${audioId}`;

/** An action item as kept: the extraction's fields, with the key its state is kept under. */
export interface KeptItem {
  /** `<space>:<audio>:<same>`: the item in this meeting; its state is kept under it. */
  key: string;
  /** What makes it the same item as one of another meeting of its series (lib/items/series.ts). */
  same: string;
  text: string;
  owner: string[] | null;
  ownerWords: string | null;
  due: string | null;
  dueWords: string | null;
  bullet: number | null;
  row: { table: number; row: number } | null;
  section: string | null;
  /** Where it was said, as lib/grounding suggests (best first, at most 3), or null: none found. */
  sources: ItemSource[] | null;
}

export interface KeptMeeting {
  spaceId: number;
  audioId: number;
  title: string;
  /** When the recording was made (ms), when known. */
  createdAt: number | null;
  /** The calendar event's UID, when the meeting was recorded for one a synced calendar held. */
  event: string | null;
  /** The archive's revision of the meeting these items were read from. */
  rev: number;
  items: KeptItem[];
  /** Names the meeting page showed on the user's own tile. */
  self: string[];
  /** Why its items could not be read (it is read again at its next revision), or null. */
  error: string | null;
}

export type ItemStateName = 'open' | 'done' | 'dismissed';

export interface ItemState {
  state: ItemStateName;
  /** When the user set it (ms). */
  at: number;
}

export interface MineNames {
  names: string[];
  at: number;
}

export interface ItemsMeta {
  owner: string;
  /** Meeting (`<space>:<audio>`) → the archive revision its items were read from. */
  meetings: Record<string, number>;
}

/** Everything the open items view reads. */
export interface KeptItems {
  meetings: KeptMeeting[];
  states: Record<string, ItemState>;
  mine: MineNames | null;
}

export const NOTHING_KEPT: KeptItems = { meetings: [], states: {}, mine: null };

/** A meeting and its items as the extraction gave them, to keep. */
export interface MeetingToKeep {
  spaceId: number;
  audioId: number;
  title: string;
  createdAt: number | null;
  event: string | null;
  rev: number;
  items: readonly ActionItem[];
  /** Parallel to `items`: each one's suggested sources, or null. */
  sources?: ReadonlyArray<ItemSource[] | null>;
  self?: readonly string[];
  /** The reading failed: kept with no items and this reason. */
  error?: string;
}

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const str = (value: unknown, max: number): string | null =>
  typeof value === 'string' ? value.slice(0, max) : null;
const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
const names = (value: unknown, max: number): string[] | null => {
  if (!Array.isArray(value)) return null;
  const out: string[] = [];
  for (const name of value.slice(0, max))
    if (typeof name === 'string' && name) out.push(name.slice(0, NAME_MAX));
  return out;
};

function readItem(value: unknown): KeptItem | null {
  const item = record(value);
  const key = str(item?.key, 300);
  const same = str(item?.same, 64);
  const text = str(item?.text, TEXT_MAX);
  if (!item || !key || !same || text === null) return null;
  const row = record(item.row);
  const table = int(row?.table);
  const rowIndex = int(row?.row);
  const owner = names(item.owner, 50);
  return {
    key,
    same,
    text,
    owner: owner && owner.length > 0 ? owner : null,
    ownerWords: str(item.ownerWords, NAME_MAX * 4),
    due: typeof item.due === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(item.due) ? item.due : null,
    dueWords: str(item.dueWords, 200),
    bullet: int(item.bullet),
    row: table !== null && rowIndex !== null ? { table, row: rowIndex } : null,
    section: str(item.section, 300),
    sources: readSources(item.sources),
  };
}

/** A kept meeting read back: its shape checked, its items bounded; null when it is not one. */
export function readMeeting(value: unknown): KeptMeeting | null {
  const meeting = record(value);
  const spaceId = int(meeting?.spaceId);
  const audioId = int(meeting?.audioId);
  if (!meeting || !spaceId || !audioId || !Array.isArray(meeting.items)) return null;
  const items: KeptItem[] = [];
  for (const raw of meeting.items.slice(0, ITEMS_MAX)) {
    const item = readItem(raw);
    if (item) items.push(item);
  }
  const createdAt = meeting.createdAt;
  return {
    spaceId,
    audioId,
    title: str(meeting.title, 500) ?? '',
    createdAt: typeof createdAt === 'number' && Number.isFinite(createdAt) ? createdAt : null,
    event: str(meeting.event, 500),
    rev: int(meeting.rev) ?? 0,
    items,
    self: names(meeting.self, 20) ?? [],
    error: str(meeting.error, 500),
  };
}

function readStates(value: unknown): Record<string, ItemState> {
  const states: Record<string, ItemState> = {};
  const kept = record(value);
  if (!kept) return states;
  let count = 0;
  for (const [key, raw] of Object.entries(kept)) {
    if (count >= STATES_MAX) break;
    const state = record(raw);
    const name = state?.state;
    const at = state?.at;
    if ((name === 'open' || name === 'done' || name === 'dismissed') && typeof at === 'number') {
      states[key] = { state: name, at };
      count += 1;
    }
  }
  return states;
}

function readMine(value: unknown): MineNames | null {
  const mine = record(value);
  const list = names(mine?.names, MINE_MAX);
  return mine && list && typeof mine.at === 'number' ? { names: list, at: mine.at } : null;
}

/** Reading the open items: what the pages do (no writes). */
export class ItemsReader {
  constructor(protected readonly kv: KeyValueStore) {}

  async meta(): Promise<ItemsMeta | null> {
    const meta = record(await this.kv.get(META_KEY));
    const owner = str(meta?.owner, 1000);
    const meetings = record(meta?.meetings);
    if (!owner || !meetings) return null;
    const revs: Record<string, number> = {};
    for (const [key, rev] of Object.entries(meetings)) if (typeof rev === 'number') revs[key] = rev;
    return { owner, meetings: revs };
  }

  /** This owner's items, states and names; nothing when the database holds another owner's. */
  async read(owner: string | null): Promise<KeptItems> {
    const meta = await this.meta();
    if (!owner || !meta || meta.owner !== owner) return NOTHING_KEPT;
    const keys = Object.keys(meta.meetings).map((key) => `meeting:${key}`);
    const values = await getManyOf<unknown>(this.kv, [...keys, STATES_KEY, MINE_KEY]);
    const meetings: KeptMeeting[] = [];
    for (const value of values.slice(0, keys.length)) {
      const meeting = readMeeting(value);
      if (meeting) meetings.push(meeting);
    }
    return {
      meetings,
      states: readStates(values[keys.length]),
      mine: readMine(values[keys.length + 1]),
    };
  }
}

/** An item of the extraction as kept in its meeting. */
function keptItem(
  spaceId: number,
  audioId: number,
  item: ActionItem,
  sources: ItemSource[] | null,
): KeptItem {
  const same = sameKey(item);
  return {
    key: `${spaceId}:${audioId}:${same}`,
    same,
    text: item.text.slice(0, TEXT_MAX),
    owner: item.owner,
    ownerWords: item.ownerWords,
    due: item.due,
    dueWords: item.dueWords,
    bullet: item.bullet,
    row: item.row,
    section: item.section,
    sources: readSources(sources),
  };
}

/**
 * Where an item stands in its protocol, to find it again after a new reading: a kept result's
 * protocol never changes, only the names read with it, so its line is the same item.
 */
const placeOf = (item: KeptItem) =>
  item.bullet !== null
    ? `line ${item.bullet}`
    : item.row
      ? `row ${item.row.table}.${item.row.row}`
      : `text ${itemText(item)}`;

/** The background's open items: the one writer. */
export class ItemsStore extends ItemsReader {
  readonly #serial = serialQueue();

  constructor(
    kv: KeyValueStore,
    private readonly options: { changed?: () => void } = {},
  ) {
    super(kv);
  }

  async #metaFor(owner: string): Promise<ItemsMeta> {
    const meta = await this.meta();
    if (meta && meta.owner === owner) return meta;
    // Another account's items (or none, or a store that cannot be read): nothing of it may remain.
    await this.#wipe();
    return { owner, meetings: {} };
  }

  async #wipe(): Promise<void> {
    for (const key of await this.kv.keys()) await this.kv.del(key);
  }

  async #states(): Promise<Record<string, ItemState>> {
    return readStates(await this.kv.get(STATES_KEY));
  }

  /**
   * Keeps a meeting's items (read again: its earlier items are replaced). A state given to an item
   * stays with it: under the same key, or, when a new reading changed its owners (a speaker named
   * since), with the item at the same place of the protocol with the same text.
   */
  keep(owner: string, meeting: MeetingToKeep): Promise<void> {
    return this.#serial(async () => {
      const meta = await this.#metaFor(owner);
      const key = `${meeting.spaceId}:${meeting.audioId}`;
      const before =
        key in meta.meetings
          ? readMeeting(await this.kv.get(meetingKey(meeting.spaceId, meeting.audioId)))
          : null;
      // A reading that failed keeps the items read before, and their states.
      const items =
        meeting.error && before
          ? before.items
          : meeting.items
              .slice(0, ITEMS_MAX)
              .map((item, index) =>
                keptItem(meeting.spaceId, meeting.audioId, item, meeting.sources?.[index] ?? null),
              );
      const states = await this.#states();
      let statesChanged = false;
      if (before && !meeting.error) {
        const byPlace = new Map(before.items.map((item) => [placeOf(item), item.key]));
        const keys = new Set(items.map((item) => item.key));
        for (const item of items) {
          const old = byPlace.get(placeOf(item));
          if (old && old !== item.key && states[old] && !states[item.key]) {
            states[item.key] = states[old] as ItemState;
            statesChanged = true;
          }
        }
        for (const old of before.items)
          if (!keys.has(old.key) && states[old.key]) {
            delete states[old.key];
            statesChanged = true;
          }
      }
      const kept: KeptMeeting = {
        spaceId: meeting.spaceId,
        audioId: meeting.audioId,
        title: meeting.title.slice(0, 500),
        createdAt: meeting.createdAt,
        event: meeting.event ? meeting.event.slice(0, 500) : null,
        rev: meeting.rev,
        items,
        self: (meeting.self ?? []).slice(0, 20).map((name) => name.slice(0, NAME_MAX)),
        error: meeting.error ? meeting.error.slice(0, 500) : null,
      };
      meta.meetings[key] = meeting.rev;
      const writes: [string, unknown][] = [
        [meetingKey(meeting.spaceId, meeting.audioId), kept],
        [META_KEY, meta],
      ];
      if (statesChanged) writes.push([STATES_KEY, states]);
      await this.kv.setMany(writes);
      this.options.changed?.();
    });
  }

  /** Removes meetings (`<space>:<audio>` keys) with their items' states. Returns how many were kept. */
  remove(keys: readonly string[]): Promise<number> {
    return this.#serial(async () => {
      const meta = await this.meta();
      const gone = meta ? keys.filter((key) => key in meta.meetings) : [];
      if (!meta || gone.length === 0) return 0;
      for (const key of gone) delete meta.meetings[key];
      await this.kv.set(META_KEY, meta);
      const states = await this.#states();
      let statesChanged = false;
      for (const stateKey of Object.keys(states))
        if (gone.some((key) => stateKey.startsWith(`${key}:`))) {
          delete states[stateKey];
          statesChanged = true;
        }
      if (statesChanged) await this.kv.set(STATES_KEY, states);
      for (const key of gone) await this.kv.del(`meeting:${key}`);
      this.options.changed?.();
      return gone.length;
    });
  }

  /** Removes every meeting of one space. */
  async removeSpace(spaceId: number): Promise<number> {
    const meta = await this.meta();
    return this.remove(Object.keys(meta?.meetings ?? {}).filter((key) => key.startsWith(`${spaceId}:`)));
  }

  /**
   * Sets the state of items of this owner's meetings (the keys of one item's occurrences); keys
   * of no kept item are left out. Returns how many were set.
   */
  setState(owner: string, keys: readonly string[], state: ItemStateName, at: number): Promise<number> {
    return this.#serial(async () => {
      const meta = await this.meta();
      if (!meta || meta.owner !== owner) return 0;
      const meetings = new Map<string, Set<string>>();
      const known = async (key: string) => {
        const meeting = key.split(':').slice(0, 2).join(':');
        if (!(meeting in meta.meetings)) return false;
        let itemKeys = meetings.get(meeting);
        if (!itemKeys) {
          const kept = readMeeting(await this.kv.get(`meeting:${meeting}`));
          itemKeys = new Set(kept?.items.map((item) => item.key) ?? []);
          meetings.set(meeting, itemKeys);
        }
        return itemKeys.has(key);
      };
      const states = await this.#states();
      let set = 0;
      for (const key of keys) {
        if (!(await known(key))) continue;
        states[key] = { state, at };
        set += 1;
      }
      if (set === 0) return 0;
      const entries = Object.entries(states);
      if (entries.length > STATES_MAX) {
        entries.sort((a, b) => b[1].at - a[1].at);
        await this.kv.set(STATES_KEY, Object.fromEntries(entries.slice(0, STATES_MAX)));
      } else await this.kv.set(STATES_KEY, states);
      this.options.changed?.();
      return set;
    });
  }

  /** The names the user says are theirs (none: "Mine" goes back to the suggestion). */
  setMine(owner: string, list: readonly string[], at: number): Promise<MineNames> {
    return this.#serial(async () => {
      await this.#metaFor(owner).then((meta) => this.kv.set(META_KEY, meta));
      const clean = [...new Set(list.map((name) => name.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX)))]
        .filter(Boolean)
        .slice(0, MINE_MAX);
      const mine = { names: clean, at };
      await this.kv.set(MINE_KEY, mine);
      this.options.changed?.();
      return mine;
    });
  }

  /** Removes everything (sign-out, another account). */
  wipe(): Promise<void> {
    return this.#serial(async () => {
      await this.#wipe();
      this.options.changed?.();
    });
  }

  /**
   * What to do to follow the archive's catalog (meeting key → revision) for this owner: the
   * meetings to read (new, or changed since their items were read) and those to remove. Another
   * owner's items count as none.
   */
  async plan(owner: string, catalog: Record<string, number>): Promise<{ read: string[]; remove: string[] }> {
    const meta = await this.meta();
    const kept = meta && meta.owner === owner ? meta.meetings : {};
    return {
      read: Object.keys(catalog).filter((key) => kept[key] !== catalog[key]),
      remove: Object.keys(kept).filter((key) => !(key in catalog)),
    };
  }
}
