/** The search worker's record cache (lib/archive/record-cache.ts): bounded by stored size, LRU. */
import { describe, expect, it } from 'vitest';
import { RecordCache } from '@/lib/archive/record-cache';

describe('the record cache', () => {
  it('keeps records up to its budget of characters, the least recently used out first', () => {
    const cache = new RecordCache<string>(100);
    cache.set('a', 1, 'A', 40);
    cache.set('b', 1, 'B', 40);
    expect(cache.get('a', 1)).toBe('A');
    cache.set('c', 1, 'C', 40);
    // Over 100: 'b' was used least recently.
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('A');
    expect(cache.get('c', 1)).toBe('C');
    expect(cache.total).toBe(80);
  });

  it('answers only for the revision it holds, replaces a record in place, and keeps the newest however large', () => {
    const cache = new RecordCache<string>(100);
    cache.set('a', 1, 'A1', 30);
    expect(cache.get('a', 2)).toBeUndefined();
    cache.set('a', 2, 'A2', 50);
    expect(cache.get('a', 2)).toBe('A2');
    expect(cache.total).toBe(50);
    cache.set('huge', 1, 'H', 1_000);
    expect(cache.size).toBe(1);
    expect(cache.get('huge', 1)).toBe('H');
    cache.set('bad', 1, 'X', Number.NaN);
    expect(cache.total).toBe(0);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
