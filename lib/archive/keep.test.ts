/**
 * `Archive.keep`: the one way a result enters the archive, and the one place that tells the
 * search workers about it.
 */
import { describe, expect, it } from 'vitest';
import { Archive, type ArchiveChange, archiveOwner } from '@/lib/archive';
import { memoryKeyValue } from '@/lib/kv';
import { readyResult } from './testing/fixtures';

const OWNER = archiveOwner('https://service.example', 'demo@example.com');
const OTHER = archiveOwner('https://service.example', 'someone@example.com');
const result = readyResult(7, 'Standup.mp3', [
  { header: 'Status', lines: [{ speaker: 0, text: 'Good morning.' }] },
]);

function archiveWithChanges() {
  const changes: ArchiveChange[] = [];
  const archive = new Archive(memoryKeyValue(), { now: () => 1, changed: (change) => changes.push(change) });
  return { archive, changes };
}

describe('keeping a result in the archive', () => {
  it('keeps a ready result and announces it once', async () => {
    const { archive, changes } = archiveWithChanges();
    expect(await archive.keep(OWNER, { spaceId: 3, audioId: 7, result, readAs: OWNER })).toBe(true);
    expect(await archive.has(OWNER, 3, 7)).toBe(true);
    expect(changes).toEqual([{ kind: 'put', key: '3:7' }]);
  });

  it('keeps nothing and announces nothing when signed out', async () => {
    const { archive, changes } = archiveWithChanges();
    expect(await archive.keep(null, { spaceId: 3, audioId: 7, result })).toBe(false);
    expect(await archive.catalog()).toBeNull();
    expect(changes).toEqual([]);
  });

  it('keeps nothing read as another account than the archive owner', async () => {
    const { archive, changes } = archiveWithChanges();
    expect(await archive.keep(OWNER, { spaceId: 3, audioId: 7, result, readAs: OTHER })).toBe(false);
    expect(await archive.has(OWNER, 3, 7)).toBe(false);
    expect(changes).toEqual([]);
  });

  it('keeps nothing of a result that is not ready', async () => {
    const { archive, changes } = archiveWithChanges();
    const failed = { ...result, success: false };
    expect(await archive.keep(OWNER, { spaceId: 3, audioId: 7, result: failed })).toBe(false);
    expect(changes).toEqual([]);
  });
});

describe('sources kept beside a record', () => {
  it('are kept for the record’s revision and its owner, stale once it or its names change, and leave with it', async () => {
    const kv = memoryKeyValue();
    const archive = new Archive(kv, { now: () => 1 });
    await archive.keep(OWNER, { spaceId: 3, audioId: 7, result });
    const rev = (await archive.revision(3, 7)) as number;
    expect(await archive.keepSources(OTHER, 3, 7, rev, 'linked')).toBe(false);
    expect(await archive.keepSources(OWNER, 3, 7, rev - 1, 'linked')).toBe(false);
    expect(await archive.keepSources(OWNER, 3, 8, rev, 'linked')).toBe(false);
    expect(await archive.keepSources(OWNER, 3, 7, rev, 'linked')).toBe(true);
    expect(await archive.sources(OWNER, 3, 7)).toBe('linked');
    expect(await archive.sources(OTHER, 3, 7)).toBeNull();

    await archive.renameVoice(OWNER, 3, 7, '0', 'Anna');
    expect(await archive.sources(OWNER, 3, 7)).toBeNull();
    await archive.keepSources(OWNER, 3, 7, (await archive.revision(3, 7)) as number, 'with Anna');
    expect(await archive.sources(OWNER, 3, 7)).toBe('with Anna');
    await archive.keep(OWNER, { spaceId: 3, audioId: 7, result });
    expect(await archive.sources(OWNER, 3, 7)).toBeNull();

    await archive.keepSources(OWNER, 3, 7, (await archive.revision(3, 7)) as number, 'again');
    await archive.remove(OWNER, 3, [7]);
    expect(await archive.revision(3, 7)).toBeNull();
    expect(await kv.keys()).toEqual(['catalog']);
    await archive.keep(OWNER, { spaceId: 3, audioId: 7, result });
    await archive.keepSources(OWNER, 3, 7, (await archive.revision(3, 7)) as number, 'once more');
    await archive.clearSpace(3);
    expect(await kv.keys()).toEqual(['catalog']);
  });
});
