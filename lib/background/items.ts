/**
 * The open items in the background: each meeting the archive keeps has its action items read once
 * per revision (a speaker named since is a new revision: its owners may change) and kept per
 * account (lib/items/kept.ts), with the states the user gives them and the names the user says
 * are theirs. It follows the archive: a meeting kept is read, one removed takes its items along,
 * a wiped archive (sign-out, another account) wipes them.
 *
 * A meeting's people are the speaker names (the service's, with the names given in the viewer),
 * the names its meeting page showed and the calendar event's attendees (lib/background/speakers.ts);
 * its day is the recording's `created_at` in this browser's zone; its series is found by the
 * calendar event's UID or its title (lib/items/series.ts). Each listed item keeps the moments it
 * was said as lib/grounding suggests them (joined by its `bullet`).
 *
 * The reading runs one at a time, newest meetings first, each meeting failing alone; the open
 * items view asks for it when it opens (`sync`), so meetings kept before this existed, or while
 * the worker stopped mid-way, are read then. Every change is told on `ITEMS_CHANNEL` with how
 * many meetings are still to read.
 */
import { type Archive, type ArchiveChange, effectiveSpeakerMap } from '@/lib/archive';
import type { ItemStateName, ItemsStore, MineNames } from '@/lib/items/kept';
import { meetingNames } from '@/lib/items/names';
import { type ItemsRequest, localIso, REQUEST_NAMES_MAX, REQUEST_PROTOCOL_MAX } from '@/lib/items/request';
import type { withItemsExtractor } from './items-extraction';

/** What the meeting page and the calendar told of a recording (lib/background/speakers.ts). */
export interface PageOfMeeting {
  names: string[];
  /** Names shown on the user's own tile. */
  self: string[];
  attendees: string[];
  event: string | null;
}

export interface ItemsStatus {
  /** Meetings still to read. */
  pending: number;
}

export interface OpenItemsDeps {
  store: ItemsStore;
  archive: Archive;
  owner: () => Promise<string | null>;
  /** What the meeting pages and calendars told, by `<space>:<audio>` (read once a run). */
  pages: () => Promise<Map<string, PageOfMeeting>>;
  extractor: typeof withItemsExtractor;
  now: () => number;
  /** Tells the open pages (ITEMS_CHANNEL). */
  announce: (status: ItemsStatus) => void;
}

export interface OpenItems {
  /**
   * Starts reading the meetings whose items are not read yet (one run at a time); resolves once
   * it knows how many there are, while the reading goes on.
   */
  sync(): Promise<ItemsStatus>;
  /** Resolves when no reading is under way. */
  idle(): Promise<void>;
  status(): ItemsStatus;
  archiveChanged(change: ArchiveChange): Promise<void>;
  setState(keys: readonly string[], state: ItemStateName): Promise<number>;
  setMine(names: readonly string[]): Promise<MineNames>;
  /** The request that reads one kept meeting's items (for a delivery), or null when it is not kept. */
  requestFor(spaceId: number, audioId: number): Promise<ItemsRequest | null>;
}

/**
 * The protocol with the service's labels of voices named since (`SPEAKER_01` given the name "Tom
 * Becker" in the viewer or from the meeting page) written as their names: "SPEAKER_01 to book the
 * room" is then Tom Becker's item. Labels still unnamed stay.
 */
export function namedLabels(protocol: string, names: Record<string, string>): string {
  return protocol.replace(/\bSPEAKER_0*(\d{1,4})\b/g, (label, id: string) => {
    const name = names[String(Number(id))];
    return name && !/^SPEAKER_\d+$/i.test(name.trim()) ? name : label;
  });
}

export function createOpenItems(deps: OpenItemsDeps): OpenItems {
  const { store, archive } = deps;
  let pending = 0;
  let running: Promise<void> | null = null;
  let again = false;

  const announce = () => deps.announce({ pending });

  async function pages(): Promise<Map<string, PageOfMeeting>> {
    return deps.pages().catch((error) => {
      console.error('meeting page names not read', error);
      return new Map();
    });
  }

  async function request(
    spaceId: number,
    audioId: number,
    page: PageOfMeeting | null,
  ): Promise<ItemsRequest | null> {
    const record = await archive.get(spaceId, audioId);
    const result = record?.result.result;
    if (!record || !result) return null;
    const renamed = await archive.speakerMap(spaceId, audioId);
    const speakersMap = effectiveSpeakerMap(record.result, renamed);
    const names = meetingNames({ speakersMap, pageNames: page?.names, attendees: page?.attendees })
      .slice(0, REQUEST_NAMES_MAX)
      .map((name) => name.slice(0, 200));
    return {
      protocol: namedLabels(result.protocol ?? '', speakersMap).slice(0, REQUEST_PROTOCOL_MAX),
      names,
      createdAt: record.createdAt !== null ? localIso(record.createdAt) : null,
      language: typeof result.language === 'string' ? result.language.slice(0, 20) : null,
      // The transcript the listed items are looked for in (lib/grounding), with the names given here.
      ground: { result: record.result, speakerMap: renamed },
    };
  }

  async function catchUp(planned: (status: ItemsStatus) => void): Promise<void> {
    const owner = await deps.owner();
    if (!owner) return;
    const catalog = await archive.catalog();
    const entries = catalog && catalog.owner === owner ? catalog.entries : {};
    const revs: Record<string, number> = {};
    for (const [key, entry] of Object.entries(entries)) revs[key] = entry.rev;
    const meta = await store.meta();
    if (meta && meta.owner !== owner) await store.wipe();
    const plan = await store.plan(owner, revs);
    if (plan.remove.length > 0) await store.remove(plan.remove);
    const read = plan.read.sort((a, b) => (entries[b]?.createdAt ?? 0) - (entries[a]?.createdAt ?? 0));
    pending = read.length;
    planned({ pending });
    announce();
    if (read.length === 0) return;
    const told = await pages();
    await deps.extractor(async (extract) => {
      for (const key of read) {
        const entry = entries[key];
        if (!entry) continue;
        // Signed out, or another account, meanwhile: the rest is not read for this one.
        if ((await deps.owner()) !== owner) break;
        const { spaceId, audioId, rev } = entry;
        const page = told.get(key) ?? null;
        const meeting = {
          spaceId,
          audioId,
          title: entry.title,
          createdAt: entry.createdAt,
          event: page?.event ?? null,
          rev,
          self: page?.self ?? [],
        };
        try {
          const asked = await request(spaceId, audioId, page);
          if (asked && (await archive.has(owner, spaceId, audioId)))
            await store.keep(owner, { ...meeting, ...(await extract(asked)) });
        } catch (error) {
          console.error('action items not read', error);
          const message = error instanceof Error ? error.message : String(error);
          if (await archive.has(owner, spaceId, audioId))
            await store.keep(owner, { ...meeting, items: [], error: message });
        }
        pending = Math.max(0, pending - 1);
        announce();
      }
    });
    pending = 0;
    announce();
  }

  const sync = (): Promise<ItemsStatus> => {
    if (running) {
      again = true;
      return Promise.resolve({ pending });
    }
    let planned: (status: ItemsStatus) => void = () => undefined;
    const known = new Promise<ItemsStatus>((resolve) => {
      planned = resolve;
    });
    running = (async () => {
      do {
        again = false;
        await catchUp(planned).catch((error) => console.error('open items not read', error));
      } while (again);
    })().finally(() => {
      running = null;
      planned({ pending });
    });
    return known;
  };

  return {
    sync,
    idle: () => running ?? Promise.resolve(),
    status: () => ({ pending }),

    async archiveChanged(change) {
      if (change.kind === 'clear') await store.wipe();
      else if (change.kind === 'clear-space') await store.removeSpace(change.spaceId);
      else if (change.kind === 'remove') await store.remove(change.keys);
      else void sync();
    },

    async setState(keys, state) {
      const owner = await deps.owner();
      return owner ? store.setState(owner, keys, state, deps.now()) : 0;
    },

    async setMine(names) {
      const owner = await deps.owner();
      if (!owner) return { names: [], at: deps.now() };
      return store.setMine(owner, names, deps.now());
    },

    async requestFor(spaceId, audioId) {
      const owner = await deps.owner();
      if (!owner || !(await archive.has(owner, spaceId, audioId))) return null;
      return request(spaceId, audioId, (await pages()).get(`${spaceId}:${audioId}`) ?? null);
    },
  };
}
