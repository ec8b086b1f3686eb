import { describe, expect, it } from 'vitest';
import { isItemsAnswer, isItemsRequest, localIso } from './request';

const item = {
  text: 'Anna will send the budget',
  owner: ['Anna'],
  ownerWords: 'Anna',
  due: '2026-03-13',
  dueWords: 'by Friday',
  bullet: 3,
  row: null,
  checked: null,
  section: 'Action items',
};

describe('the offscreen reading of action items: what each side believes', () => {
  it('takes a request of the extraction’s shape only', () => {
    expect(isItemsRequest({ protocol: '- a', names: ['Anna'], createdAt: null, language: 'en' })).toBe(true);
    expect(
      isItemsRequest({ protocol: 'x'.repeat(1_000_001), names: [], createdAt: null, language: null }),
    ).toBe(false);
    expect(isItemsRequest({ protocol: '', names: [1], createdAt: null, language: null })).toBe(false);
    expect(
      isItemsRequest({ protocol: '', names: Array(1001).fill('a'), createdAt: null, language: null }),
    ).toBe(false);
    expect(isItemsRequest(null)).toBe(false);
    const plain = { protocol: '- a', names: [], createdAt: null, language: null };
    expect(isItemsRequest({ ...plain, ground: { result: {}, speakerMap: { '1': 'Tom' } } })).toBe(true);
    expect(isItemsRequest({ ...plain, ground: { result: null, speakerMap: {} } })).toBe(false);
    expect(isItemsRequest({ ...plain, ground: { result: {}, speakerMap: { '1': 7 } } })).toBe(false);
  });

  it('believes an answer only when every item has the extraction’s shape and bounds', () => {
    expect(
      isItemsAnswer({ ok: true, items: [item, { ...item, bullet: null, row: { table: 0, row: 2 } }] }),
    ).toBe(true);
    expect(isItemsAnswer({ ok: false, message: 'no' })).toBe(true);
    expect(isItemsAnswer({ ok: true, items: [{ ...item, due: '13.03.2026' }] })).toBe(false);
    expect(isItemsAnswer({ ok: true, items: [{ ...item, bullet: -1 }] })).toBe(false);
    expect(isItemsAnswer({ ok: true, items: [{ ...item, text: 'x'.repeat(1001) }] })).toBe(false);
    expect(isItemsAnswer({ ok: true, items: Array(1001).fill(item) })).toBe(false);
    expect(isItemsAnswer({ ok: true })).toBe(false);
    // Each item's suggested sources: as many lists as items, each of at most three utterances.
    const one = { block: 0, utterance: 3 };
    expect(isItemsAnswer({ ok: true, items: [item, item], sources: [[one], null] })).toBe(true);
    expect(isItemsAnswer({ ok: true, items: [item, item], sources: [[one]] })).toBe(false);
    expect(isItemsAnswer({ ok: true, items: [item], sources: [[one, one, one, one]] })).toBe(false);
    expect(isItemsAnswer({ ok: true, items: [item], sources: [[{ block: -1, utterance: 0 }]] })).toBe(false);
    expect(isItemsAnswer({ ok: true, items: [item], sources: [['0.3']] })).toBe(false);
  });

  it('writes a moment in this browser’s zone with its offset, the day the user lived it', () => {
    const ms = Date.UTC(2026, 2, 12, 23, 30);
    const iso = localIso(ms);
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso)).toBe(ms);
  });
});
