import { describe, expect, it } from 'vitest';
import { memoryKeyValue } from '@/lib/kv';
import {
  ItemsReader,
  ItemsStore,
  type MeetingToKeep,
  meetingKey,
  readMeeting,
  STATES_KEY,
  STATES_MAX,
} from './kept';
import type { ActionItem } from './types';

const A = 'https://service.example anna@example.com';
const B = 'https://service.example bob@example.com';

function item(text: string, extra: Partial<ActionItem> = {}): ActionItem {
  return {
    text,
    owner: null,
    ownerWords: null,
    due: null,
    dueWords: null,
    bullet: 0,
    row: null,
    checked: null,
    section: 'Action items',
    ...extra,
  };
}

function meeting(audioId: number, items: ActionItem[], extra: Partial<MeetingToKeep> = {}): MeetingToKeep {
  return {
    spaceId: 1,
    audioId,
    title: `Sync ${audioId}`,
    createdAt: Date.UTC(2026, 2, audioId),
    event: null,
    rev: 1,
    items,
    ...extra,
  };
}

describe('the open items kept per account', () => {
  it('reads back only the owner’s items; another account’s are wiped before anything is kept for it', async () => {
    const kv = memoryKeyValue();
    const store = new ItemsStore(kv);
    await store.keep(A, {
      ...meeting(1, [item('Send the budget', { owner: ['Anna'] })]),
      sources: [[{ block: 2, utterance: 7 }]],
    });
    const reader = new ItemsReader(kv);
    expect((await reader.read(A)).meetings[0]!.items[0]!.sources).toEqual([{ block: 2, utterance: 7 }]);
    expect((await reader.read(A)).meetings.map((m) => m.items.map((i) => i.text))).toEqual([
      ['Send the budget'],
    ]);
    expect((await reader.read(B)).meetings).toEqual([]);
    expect((await reader.read(null)).meetings).toEqual([]);
    const [kept] = (await reader.read(A)).meetings;
    await store.setState(A, [kept!.items[0]!.key], 'done', 5);
    await store.setMine(A, ['Anna'], 6);

    await store.keep(B, meeting(2, [item('Book the room')]));
    const forB = await reader.read(B);
    expect(forB.meetings.map((m) => m.audioId)).toEqual([2]);
    expect(forB.states).toEqual({});
    expect(forB.mine).toBeNull();
    expect((await reader.read(A)).meetings).toEqual([]);
  });

  it('keeps a state through a new reading, also when the item’s owner changed (a speaker named since)', async () => {
    const store = new ItemsStore(memoryKeyValue());
    await store.keep(
      A,
      meeting(1, [
        item('SPEAKER_01 will send the budget', { bullet: 4 }),
        item('Book the room', { bullet: 5 }),
      ]),
    );
    let kept = await store.read(A);
    const [budget, room] = kept.meetings[0]!.items;
    expect(await store.setState(A, [budget!.key], 'done', 10)).toBe(1);
    expect(await store.setState(A, [room!.key], 'dismissed', 11)).toBe(1);

    await store.keep(
      A,
      meeting(
        1,
        [
          item('SPEAKER_01 will send the budget', { bullet: 4, owner: ['Anna'] }),
          item('Book the room', { bullet: 5 }),
        ],
        {
          rev: 2,
        },
      ),
    );
    kept = await store.read(A);
    const [budgetNow, roomNow] = kept.meetings[0]!.items;
    expect(budgetNow!.key).not.toBe(budget!.key);
    expect(kept.states[budgetNow!.key]).toEqual({ state: 'done', at: 10 });
    expect(kept.states[roomNow!.key]).toEqual({ state: 'dismissed', at: 11 });
    // The old key's state is gone with the old item.
    expect(kept.states[budget!.key]).toBeUndefined();
  });

  it('keeps the earlier items and their states when a new reading fails', async () => {
    const store = new ItemsStore(memoryKeyValue());
    await store.keep(A, meeting(1, [item('Send the budget')]));
    const key = (await store.read(A)).meetings[0]!.items[0]!.key;
    await store.setState(A, [key], 'done', 3);
    await store.keep(A, meeting(1, [], { rev: 2, error: 'the action items were not read in time' }));
    const kept = await store.read(A);
    expect(kept.meetings[0]!.items.map((i) => i.key)).toEqual([key]);
    expect(kept.meetings[0]!.error).toBe('the action items were not read in time');
    expect(kept.states[key]?.state).toBe('done');
    expect(await store.plan(A, { '1:1': 2 })).toEqual({ read: [], remove: [] });
  });

  it('sets states only for items of this account’s meetings, and forgets the oldest past the cap', async () => {
    const kv = memoryKeyValue();
    const store = new ItemsStore(kv);
    await store.keep(A, meeting(1, [item('Send the budget')]));
    const key = (await store.read(A)).meetings[0]!.items[0]!.key;
    expect(await store.setState(A, ['1:1:0000000000000000', '9:9:abc', 'nonsense'], 'done', 1)).toBe(0);
    expect(await store.setState(B, [key], 'done', 1)).toBe(0);
    const many: Record<string, { state: string; at: number }> = {};
    for (let i = 0; i < STATES_MAX; i += 1) many[`1:1:old${i}`] = { state: 'done', at: i };
    await kv.set(STATES_KEY, many);
    expect(await store.setState(A, [key], 'dismissed', STATES_MAX + 5)).toBe(1);
    const states = (await store.read(A)).states;
    expect(Object.keys(states)).toHaveLength(STATES_MAX);
    expect(states[key]).toEqual({ state: 'dismissed', at: STATES_MAX + 5 });
    expect(states['1:1:old0']).toBeUndefined();
  });

  it('follows the archive: a removed meeting or space takes its items and states along', async () => {
    const store = new ItemsStore(memoryKeyValue());
    await store.keep(A, meeting(1, [item('One')]));
    await store.keep(A, meeting(2, [item('Two')]));
    await store.keep(A, { ...meeting(3, [item('Three')]), spaceId: 7 });
    const kept = await store.read(A);
    await store.setState(A, [kept.meetings[0]!.items[0]!.key], 'done', 1);
    expect(await store.plan(A, { '1:1': 1, '1:2': 2, '7:3': 1, '1:4': 1 })).toEqual({
      read: ['1:2', '1:4'],
      remove: [],
    });
    expect(await store.remove(['1:1', '1:99'])).toBe(1);
    expect(await store.removeSpace(7)).toBe(1);
    const left = await store.read(A);
    expect(left.meetings.map((m) => m.audioId)).toEqual([2]);
    expect(left.states).toEqual({});
    expect(await store.plan(A, {})).toEqual({ read: [], remove: ['1:2'] });
    await store.wipe();
    expect((await store.read(A)).meetings).toEqual([]);
  });

  it('keeps at most 1,000 items of a meeting, and reads back whatever the database holds within bounds', async () => {
    const kv = memoryKeyValue();
    const store = new ItemsStore(kv);
    const items = Array.from({ length: 1500 }, (_, i) => item(`Item ${i}`, { bullet: i }));
    await store.keep(A, meeting(1, items));
    expect((await store.read(A)).meetings[0]!.items).toHaveLength(1000);

    expect(readMeeting(null)).toBeNull();
    expect(readMeeting({ spaceId: 1, audioId: 'x', items: [] })).toBeNull();
    const odd = readMeeting({
      spaceId: 1,
      audioId: 2,
      title: 5,
      createdAt: 'soon',
      items: [
        {
          key: 'k',
          same: 's',
          text: 'x'.repeat(5000),
          due: 'Friday',
          owner: [1, 'Anna'],
          row: { table: -1 },
          sources: [
            { block: 1, utterance: 2 },
            { block: -1 },
            'x',
            { block: 3, utterance: 4 },
            { block: 5, utterance: 6 },
          ],
        },
        'junk',
      ],
    });
    expect(odd).toMatchObject({
      title: '',
      createdAt: null,
      items: [{ due: null, owner: ['Anna'], row: null, bullet: null }],
    });
    expect(odd!.items[0]!.text).toHaveLength(1000);
    // At most three suggested sources are read, the malformed ones left out.
    expect(odd!.items[0]!.sources).toEqual([{ block: 1, utterance: 2 }]);
    await kv.set(meetingKey(1, 1), 'garbage');
    expect((await store.read(A)).meetings).toEqual([]);
  });
});
