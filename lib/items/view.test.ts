import { describe, expect, it } from 'vitest';
import type { KeptItem, KeptItems, KeptMeeting } from './kept';
import { sameKey } from './series';
import { buildView, mergeItems } from './view';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 2);

function kept(
  spaceId: number,
  audioId: number,
  title: string,
  day: number,
  items: Array<{ text: string; owner?: string[]; due?: string; dueWords?: string; bullet?: number }>,
  event: string | null = null,
): KeptMeeting {
  return {
    spaceId,
    audioId,
    title,
    createdAt: T0 + day * DAY,
    event,
    rev: 1,
    self: [],
    error: null,
    items: items.map((one, index): KeptItem => {
      const base = { text: one.text, dueWords: one.dueWords ?? null, owner: one.owner ?? null };
      const same = sameKey(base);
      return {
        key: `${spaceId}:${audioId}:${same}`,
        same,
        ...base,
        ownerWords: null,
        due: one.due ?? null,
        bullet: one.bullet ?? index,
        row: null,
        section: null,
        sources: null,
      };
    }),
  };
}

const weekly1 = kept(1, 11, 'Weekly sync 2.03', 0, [
  {
    text: 'Anna will send the budget by Friday',
    owner: ['Anna Petrova'],
    due: '2026-03-06',
    dueWords: 'by Friday',
  },
  { text: 'Tom to book the room', owner: ['Tom'] },
  { text: 'Update the wiki' },
]);
const weekly2 = kept(1, 12, 'Weekly sync 9.03', 7, [
  {
    text: 'Anna will send the budget by Friday',
    owner: ['Anna Petrova'],
    due: '2026-03-13',
    dueWords: 'by Friday',
  },
  { text: 'Tom will send the budget by Friday', owner: ['Tom'], due: '2026-03-13', dueWords: 'by Friday' },
]);
const other = kept(2, 21, 'Board', 3, [
  { text: 'Anna will send the budget by Friday', owner: ['Anna Petrova'] },
]);

const data = (states: KeptItems['states'] = {}): KeptItems => ({
  meetings: [weekly1, weekly2, other],
  states,
  mine: null,
});

describe('the open items view', () => {
  it('shows an item repeated in the next meeting of its series once, with both meetings; never across owners or spaces', () => {
    const items = mergeItems(data());
    const budget = items.filter((item) => item.text.startsWith('Anna will send'));
    expect(budget.map((item) => item.meetings.map((m) => m.audioId))).toEqual([[12, 11], [21]]);
    // The newest reading gives the text and the due date.
    expect(budget[0]!.due).toBe('2026-03-13');
    expect(
      items.find((item) => item.text.startsWith('Tom will send'))!.meetings.map((m) => m.audioId),
    ).toEqual([12]);
    expect(items).toHaveLength(5);
  });

  it('groups by owner with the user’s own first, then others by name, then items naming no one', () => {
    const view = buildView(data(), ['anna petrova']);
    expect(view.mine.items.map((item) => item.meetings[0]!.audioId)).toEqual([12, 21]);
    expect(view.others.map((group) => [group.kind, group.owners.join()])).toEqual([
      ['owner', 'Tom'],
      ['none', ''],
    ]);
    expect(view.others[0]!.items.map((item) => item.text)).toEqual([
      'Tom will send the budget by Friday',
      'Tom to book the room',
    ]);
    expect(view.people).toEqual(['Anna Petrova', 'Tom']);
    expect(view.spaces).toEqual([1, 2]);
    expect(buildView(data(), []).mine.items).toEqual([]);
  });

  it('filters by space, meeting date, person and state', () => {
    expect(buildView(data(), [], { spaceId: 2 }).shown).toBe(1);
    expect(buildView(data(), [], { person: 'tom' }).shown).toBe(2);
    expect(buildView(data(), [], { from: T0 + 5 * DAY }).shown).toBe(2);
    expect(buildView(data(), [], { to: T0 + DAY }).shown).toBe(3);
    expect(buildView(data(), [], { from: T0 + 10 * DAY }).shown).toBe(0);
  });

  it('takes the latest state of any occurrence; done and said again in a later meeting is open again; dismissed stays', () => {
    const [annaOld, tomRoom, wiki] = weekly1.items;
    const annaNew = weekly2.items[0]!;
    let view = buildView(
      data({
        [annaOld!.key]: { state: 'done', at: T0 + DAY },
        [tomRoom!.key]: { state: 'done', at: T0 + 9 * DAY },
      }),
      [],
      {
        show: 'all',
      },
    );
    const budget = view.others.flatMap((g) => g.items).find((item) => item.keys.includes(annaOld!.key))!;
    expect(budget.state).toBe('open');
    expect(budget.repeatedAfterDone).toBe(true);
    expect(view.others.flatMap((g) => g.items).find((item) => item.id === tomRoom!.key)!.state).toBe('done');

    view = buildView(
      data({
        [annaOld!.key]: { state: 'dismissed', at: T0 + DAY },
        [annaNew.key]: { state: 'done', at: T0 + 8 * DAY },
        [wiki!.key]: { state: 'dismissed', at: 1 },
      }),
      [],
      { show: 'open' },
    );
    expect(view.shown).toBe(3);
    expect(
      buildView(data({ [annaNew.key]: { state: 'done', at: T0 + 8 * DAY } }), [], { show: 'done' }).shown,
    ).toBe(1);
    expect(
      buildView(data({ [wiki!.key]: { state: 'dismissed', at: 1 } }), [], { show: 'dismissed' }).shown,
    ).toBe(1);
  });

  it('puts open items before the rest, then the earliest due date, then the newest meeting', () => {
    const meeting = kept(3, 31, 'Planning', 1, [
      { text: 'No date', owner: ['Uma'] },
      { text: 'Later', owner: ['Uma'], due: '2026-04-01' },
      { text: 'Sooner', owner: ['Uma'], due: '2026-03-10' },
      { text: 'Finished', owner: ['Uma'], due: '2026-03-01' },
    ]);
    const done = meeting.items[3]!.key;
    const view = buildView(
      { meetings: [meeting], states: { [done]: { state: 'done', at: T0 + 2 * DAY } }, mine: null },
      ['Uma'],
      {
        show: 'all',
      },
    );
    expect(view.mine.items.map((item) => item.text)).toEqual(['Sooner', 'Later', 'No date', 'Finished']);
    expect(view.mine.open).toBe(3);
  });
});
