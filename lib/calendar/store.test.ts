import { describe, expect, it } from 'vitest';
import { memoryKeyValue } from '@/lib/kv';
import {
  AUTO_JOIN_KEY,
  CALENDARS_KEY,
  calendarsHaveWork,
  DISPATCH_KEY,
  hasCalendars,
  NOTICES_KEY,
} from './store';

const record = (key: string, state: string) => ({
  key,
  state,
  at: 0,
  link: 'https://meet.google.com/abc-defg-hij',
  startsAt: 0,
  title: 'Standup',
});
const entry = (state: string) => ({
  link: 'https://meet.google.com/abc-defg-hij',
  key: 'k',
  state,
  startedAt: 0,
  deadline: 10_000,
  until: 1_000_000,
  tabIds: [1],
  at: 0,
});

async function storeWith(values: Record<string, unknown>) {
  const kv = memoryKeyValue();
  for (const [key, value] of Object.entries(values)) await kv.set(key, value);
  return kv;
}

describe('whether a worker start has anything for the calendars and the tab rule', () => {
  it('nothing stored, or only what no start acts on: nothing to do', async () => {
    expect(await calendarsHaveWork(memoryKeyValue())).toBe(false);
    expect(await hasCalendars(memoryKeyValue())).toBe(false);
    const settled = await storeWith({
      [CALENDARS_KEY]: [],
      [DISPATCH_KEY]: {
        a: record('a', 'sent'),
        b: record('b', 'missed'),
        c: record('c', 'skipped'),
        d: record('d', 'failed'),
      },
      [AUTO_JOIN_KEY]: [entry('sent'), entry('cancelled'), entry('closed'), entry('failed')],
      [NOTICES_KEY]: { 'balance:1:2030-01-07': 0 },
    });
    expect(await calendarsHaveWork(settled)).toBe(false);
    expect(await hasCalendars(settled)).toBe(false);
  });

  it('a calendar: its meetings are served and its alarms re-armed at every start', async () => {
    const kv = await storeWith({ [CALENDARS_KEY]: [{ id: 'c1', occurrences: [] }] });
    expect(await hasCalendars(kv)).toBe(true);
    expect(await calendarsHaveWork(kv)).toBe(true);
  });

  it('a calendar send a stop interrupted is settled with its calendar; without one nothing could settle it', async () => {
    const dispatch = { [DISPATCH_KEY]: { a: record('a', 'sent'), b: record('b', 'sending') } };
    const withCalendar = await storeWith({ ...dispatch, [CALENDARS_KEY]: [{ id: 'c1', occurrences: [] }] });
    expect(await calendarsHaveWork(withCalendar)).toBe(true);
    const removed = await storeWith({ ...dispatch, [CALENDARS_KEY]: [] });
    expect(await calendarsHaveWork(removed)).toBe(false);
  });

  it('a countdown still running, or a send of one a stop interrupted', async () => {
    for (const state of ['counting', 'sending']) {
      const kv = await storeWith({ [AUTO_JOIN_KEY]: [entry('sent'), entry(state)] });
      expect(await calendarsHaveWork(kv), state).toBe(true);
      expect(await hasCalendars(kv)).toBe(false);
    }
  });

  it('a store it cannot read is not taken for an empty one', async () => {
    const broken = {
      get: async () => {
        throw new Error('IndexedDB closed');
      },
    };
    await expect(calendarsHaveWork(broken)).rejects.toThrow('IndexedDB closed');
  });
});
