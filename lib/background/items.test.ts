/**
 * The open items in the background, over an archive in memory and the extraction run in place:
 * a kept meeting is read once per revision with its people (speakers, renamed ones, the page's,
 * the attendees), a state survives a new reading, the archive's removals and wipes are followed,
 * another account's items never show, and one meeting's failure stays its own.
 */
import { describe, expect, it, vi } from 'vitest';
import { Archive, type ArchiveChange, archiveOwner } from '@/lib/archive/store';
import { OWNER, readyResult } from '@/lib/archive/testing/fixtures';
import { ItemsStore } from '@/lib/items/kept';
import type { ItemsRequest } from '@/lib/items/request';
import { memoryKeyValue } from '@/lib/kv';
import { createOpenItems, type PageOfMeeting } from './items';
import { readInPlace } from './items-extraction';

const PROTOCOL = [
  '# Weekly sync',
  '',
  '## Action items',
  '',
  '- Anna will send the budget by Friday',
  '- SPEAKER_01 to book the room',
  '- Ольга подготовит смету до 15 марта',
  '',
  '## Decisions',
  '',
  '- We keep the release date',
].join('\n');

function result(audioId: number, protocol = PROTOCOL) {
  const ready = readyResult(
    audioId,
    'Weekly sync',
    [
      {
        header: 'Plans',
        lines: [
          { speaker: 1, text: 'We keep the release date as it is.' },
          { speaker: 0, text: 'I will send the budget by Friday, before the board meets.' },
          { speaker: 1, text: 'Fine, thanks.' },
          { speaker: 1, text: 'Someone has to book the large room for the offsite.' },
        ],
      },
    ],
    {
      names: { '0': 'Anna Petrova', '1': 'SPEAKER_01' },
    },
  );
  return { ...ready, result: { ...ready.result!, protocol } };
}

function setUp(
  options: { pages?: Map<string, PageOfMeeting>; fail?: (request: ItemsRequest) => boolean } = {},
) {
  let owner: string | null = OWNER;
  let items: ReturnType<typeof createOpenItems> | undefined;
  const archive = new Archive(memoryKeyValue(), {
    changed: (change: ArchiveChange) => void items?.archiveChanged(change),
  });
  const store = new ItemsStore(memoryKeyValue());
  const announce = vi.fn();
  const requests: ItemsRequest[] = [];
  items = createOpenItems({
    now: () => 1_000,
    store,
    archive,
    owner: async () => owner,
    pages: async () => options.pages ?? new Map(),
    extractor: async (work) =>
      work(async (request) => {
        requests.push(request);
        if (options.fail?.(request)) throw new Error('the action items were not read in time');
        return readInPlace(request);
      }),
    announce,
  });
  const keep = (audioId: number, protocol?: string) =>
    archive.keep(OWNER, {
      spaceId: 1,
      audioId,
      title: 'Weekly sync',
      createdAt: Date.UTC(2026, 2, 10, 9),
      result: result(audioId, protocol),
    });
  return {
    archive,
    store,
    items,
    announce,
    requests,
    keep,
    setOwner: (next: string | null) => (owner = next),
  };
}

describe('the open items in the background', () => {
  it('reads a kept meeting’s items once, with its people and its day, and tells the pages', async () => {
    const pages = new Map([
      [
        '1:5',
        { names: ['Ольга Смирнова'], self: ['Anna Petrova'], attendees: ['Tom Becker'], event: 'uid-7' },
      ],
    ]);
    const { store, items, announce, requests, keep } = setUp({ pages });
    await keep(5);
    await items.idle();
    const kept = await store.read(OWNER);
    expect(kept.meetings).toHaveLength(1);
    const [meeting] = kept.meetings;
    expect(meeting).toMatchObject({ audioId: 5, event: 'uid-7', self: ['Anna Petrova'], error: null });
    expect(meeting!.items.map((item) => [item.text, item.owner, item.due])).toEqual([
      ['Anna will send the budget by Friday', ['Anna Petrova'], '2026-03-13'],
      ['SPEAKER_01 to book the room', null, null],
      ['Ольга подготовит смету до 15 марта', ['Ольга Смирнова'], '2026-03-15'],
    ]);
    expect(requests[0]!.names).toEqual(['Anna Petrova', 'SPEAKER_01', 'Ольга Смирнова', 'Tom Becker']);
    // The moment the first was said, as the transcript suggests it.
    expect(meeting!.items[0]!.sources?.[0]).toEqual({ block: 0, utterance: 1 });
    expect(announce).toHaveBeenLastCalledWith({ pending: 0 });
    // Nothing new: nothing read again.
    expect(await items.sync()).toEqual({ pending: 0 });
    await items.idle();
    expect(requests).toHaveLength(1);
  });

  it('reads a meeting again when a speaker is named, and the item keeps the state it was given', async () => {
    const { archive, store, items, keep } = setUp();
    await keep(5);
    await items.idle();
    const room = (await store.read(OWNER)).meetings[0]!.items[1]!;
    expect(await items.setState([room.key], 'done')).toBe(1);
    await archive.renameVoice(OWNER, 1, 5, '1', 'Tom Becker');
    await items.idle();
    const after = (await store.read(OWNER)).meetings[0]!.items[1]!;
    expect([after.text, after.owner]).toEqual(['Tom Becker to book the room', ['Tom Becker']]);
    expect((await store.read(OWNER)).states[after.key]).toEqual({ state: 'done', at: 1_000 });
  });

  it('follows the archive: a removed meeting, a cleared space and a wipe take the items along', async () => {
    const { archive, store, items, keep } = setUp();
    await keep(5);
    await keep(6);
    await items.idle();
    expect((await store.read(OWNER)).meetings).toHaveLength(2);
    await archive.remove(OWNER, 1, [5]);
    await vi.waitFor(async () =>
      expect((await store.read(OWNER)).meetings.map((m) => m.audioId)).toEqual([6]),
    );
    await archive.clear();
    await vi.waitFor(async () => expect(await store.meta()).toBeNull());
  });

  it('never shows one account’s items to another, and reads nothing signed out', async () => {
    const { archive, store, items, keep, setOwner, requests } = setUp();
    await keep(5);
    await items.idle();
    const other = archiveOwner('http://127.0.0.1:8787', 'other@example.com');
    setOwner(other);
    expect(await items.setState(['1:5:whatever'], 'done')).toBe(0);
    // The archive is still the first account's until it keeps one of the other's: nothing is read for it.
    await items.sync();
    await items.idle();
    expect((await store.read(other)).meetings).toEqual([]);
    expect(await store.meta()).toBeNull();
    await archive.keep(other, { spaceId: 2, audioId: 9, title: 'Other', createdAt: null, result: result(9) });
    await items.idle();
    expect((await store.read(other)).meetings.map((m) => m.audioId)).toEqual([9]);
    expect((await store.read(OWNER)).meetings).toEqual([]);
    setOwner(null);
    expect(await items.sync()).toEqual({ pending: 0 });
    expect(requests).toHaveLength(2);
  });

  it('keeps a meeting whose items could not be read apart, with the reason, and reads the others', async () => {
    const { store, items, keep } = setUp({ fail: (request) => request.protocol.includes('poison') });
    await keep(5, `${PROTOCOL}\n- poison`);
    await keep(6);
    await items.idle();
    const kept = await store.read(OWNER);
    const byId = new Map(kept.meetings.map((m) => [m.audioId, m]));
    expect(byId.get(5)).toMatchObject({ items: [], error: 'the action items were not read in time' });
    expect(byId.get(6)!.items).toHaveLength(3);
  });

  it('keeps an item that names no one and states a date that does not exist, with no owner and no due date', async () => {
    const { store, items, keep } = setUp();
    await keep(
      5,
      '## Задачи\n\n- Разослать протокол до 30 февраля\n- Someone should update the wiki by 31 February',
    );
    await items.idle();
    expect(
      (await store.read(OWNER)).meetings[0]!.items.map((item) => [
        item.text,
        item.owner,
        item.due,
        item.dueWords,
      ]),
    ).toEqual([
      ['Разослать протокол до 30 февраля', null, null, null],
      ['Someone should update the wiki by 31 February', null, null, null],
    ]);
  });

  it('reads a protocol of 10,000 items as its first 1,000', async () => {
    const { store, items, keep } = setUp();
    const huge = [
      '## Action items',
      ...Array.from({ length: 10_000 }, (_, i) => `- Anna will check part ${i}`),
    ].join('\n');
    await keep(5, huge);
    await items.idle();
    expect((await store.read(OWNER)).meetings[0]!.items).toHaveLength(1_000);
  });
});
