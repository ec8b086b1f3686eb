/** Recognising the recording a repeated create made. */
import { describe, expect, it } from 'vitest';
import { findDuplicates } from './duplicates';

const ours = {
  id: 1008,
  title: 'Board meeting.wav',
  size: 1_000,
  content_type: 'audio/wav',
  created_at: '2026-11-22T20:00:05.000000+03:00',
};
const twin = { ...ours, id: 1007, created_at: '2026-11-22T20:00:04.900000+03:00', is_active: true };

describe('findDuplicates', () => {
  it('finds the same title, size and type made seconds before ours', () => {
    expect(
      findDuplicates({ ours, candidates: [{ ...ours, is_active: true }, twin], claimed: new Set() }),
    ).toEqual([1007]);
  });

  it('ignores other sizes, types, titles, older recordings, later ones, trashed ones and claimed ones', () => {
    const candidates = [
      { ...twin, id: 1, size: 999 },
      { ...twin, id: 2, content_type: 'audio/mpeg' },
      { ...twin, id: 3, title: 'Board meeting (2).wav' },
      { ...twin, id: 4, created_at: '2026-11-22T19:58:00.000000+03:00' },
      { ...twin, id: 5, created_at: '2026-11-22T20:00:09.000000+03:00' },
      { ...twin, id: 6, is_active: false },
      { ...twin, id: 7 },
    ];
    expect(findDuplicates({ ours, candidates, claimed: new Set([7]) })).toEqual([]);
  });

  it('can leave the size out (a download whose size is not known yet)', () => {
    expect(
      findDuplicates({ ours, candidates: [{ ...twin, size: 0 }], claimed: new Set(), compareSize: false }),
    ).toEqual([1007]);
  });
});
