/**
 * Deleted meetings leave the archive (lib/archive/store.ts): removed recordings go with their
 * speaker names and are announced at once (the search index drops them); after the service listed
 * a page of a space, the kept recordings it no longer lists go, and only those the page can speak
 * for (its span of dates; the whole list for one with no date).
 */
import { describe, expect, it } from 'vitest';
import {
  Archive,
  type ArchiveChange,
  archiveOwner,
  type CatalogEntry,
  goneFromListing,
} from '@/lib/archive/store';
import { memoryKeyValue } from '@/lib/kv';
import { OWNER, readyResult } from './testing/fixtures';

const day = (n: number) => Date.UTC(2026, 0, n);

async function archiveOf(ids: number[]) {
  const kv = memoryKeyValue();
  const changes: ArchiveChange[] = [];
  const archive = new Archive(kv, { changed: (change) => changes.push(change) });
  for (const id of ids)
    await archive.keep(OWNER, {
      spaceId: 1,
      audioId: id,
      createdAt: day(id),
      result: readyResult(id, `Meeting ${id}.mp3`, [
        { header: 'Plans', lines: [{ speaker: 0, text: 'Hello.' }] },
      ]),
    });
  changes.length = 0;
  return { kv, archive, changes };
}

const entry = (audioId: number, createdAt: number | null): CatalogEntry => ({
  spaceId: 1,
  audioId,
  title: '',
  createdAt,
  savedAt: 0,
  rev: 1,
  bytes: 1,
  language: null,
  utterances: 1,
  speakers: [],
});
const listed = (id: number, date = day(id)) => ({ id, created_at: new Date(date).toISOString() });

describe('removing recordings from the archive', () => {
  it('takes the record, its speaker names and its catalog entry, and announces it once', async () => {
    const { kv, archive, changes } = await archiveOf([1, 2, 3]);
    await archive.renameVoice(OWNER, 1, 2, '0', 'Anna');
    changes.length = 0;
    expect(await archive.remove(OWNER, 1, [2, 99])).toBe(1);
    expect(Object.keys((await archive.catalog())!.entries).sort()).toEqual(['1:1', '1:3']);
    expect(await kv.get('rec:1:2')).toBeUndefined();
    expect(await kv.get('names:1:2')).toBeUndefined();
    expect(await archive.getFor(OWNER, 1, 2)).toBeNull();
    expect(changes).toEqual([{ kind: 'remove', keys: ['1:2'] }]);
  });

  it("removes nothing of another owner's archive, and announces nothing when nothing went", async () => {
    const { archive, changes } = await archiveOf([1]);
    expect(await archive.remove(archiveOwner('http://127.0.0.1:8787', 'other@example.com'), 1, [1])).toBe(0);
    expect(await archive.remove(OWNER, 2, [1])).toBe(0);
    expect(await archive.remove(OWNER, 1, [])).toBe(0);
    expect(changes).toEqual([]);
    expect(await archive.has(OWNER, 1, 1)).toBe(true);
  });

  it('after a listing, forgets the kept recordings the service no longer lists', async () => {
    const { archive, changes } = await archiveOf([1, 2, 3]);
    expect(
      await archive.forgetUnlisted(OWNER, 1, { offset: 0, count: 2, results: [listed(3), listed(1)] }),
    ).toBe(1);
    expect(changes).toEqual([{ kind: 'remove', keys: ['1:2'] }]);
  });
});

describe('what a listing shows is gone', () => {
  const kept = [entry(1, day(1)), entry(2, day(2)), entry(3, day(3)), entry(4, day(4)), entry(5, day(5))];

  it('the whole list: every kept recording not in it', () => {
    expect(goneFromListing(kept, { offset: 0, count: 2, results: [listed(5), listed(2)] })).toEqual([
      1, 3, 4,
    ]);
    expect(goneFromListing(kept, { offset: 0, count: 0, results: [] })).toEqual([1, 2, 3, 4, 5]);
  });

  it('a first page: the newer ones not in it, down to its oldest (exclusive)', () => {
    // Newest first, 5 in all: the first page holds 5 and 3; 4 is gone; 1 and 2 may be further on.
    expect(goneFromListing(kept, { offset: 0, count: 4, results: [listed(5), listed(3)] })).toEqual([4]);
    // A meeting newer than any listed one is gone too.
    expect(
      goneFromListing([entry(9, day(9))], { offset: 0, count: 4, results: [listed(5), listed(3)] }),
    ).toEqual([9]);
  });

  it('a middle page: only between its newest and oldest; a last page: everything older too', () => {
    expect(goneFromListing(kept, { offset: 2, count: 10, results: [listed(5), listed(2)] })).toEqual([3, 4]);
    expect(goneFromListing(kept, { offset: 2, count: 4, results: [listed(4), listed(3)] })).toEqual([1, 2]);
  });

  it("one dated as a page's bound is kept (it may be on the next page); one with no date goes only with the whole list", () => {
    const sameDay = [entry(7, day(3)), entry(8, null)];
    expect(goneFromListing(sameDay, { offset: 0, count: 9, results: [listed(5), listed(3)] })).toEqual([]);
    expect(goneFromListing(sameDay, { offset: 0, count: 2, results: [listed(5), listed(3)] })).toEqual([
      7, 8,
    ]);
  });

  it('a page that is not the whole list and has no readable dates removes nothing', () => {
    expect(goneFromListing(kept, { offset: 20, count: 10, results: [] })).toEqual([]);
    expect(
      goneFromListing(kept, { offset: 0, count: 9, results: [{ id: 5, created_at: 'not a date' }] }),
    ).toEqual([]);
  });
});
