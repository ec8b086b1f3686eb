/**
 * Dropping the search database's files after a wipe (lib/archive/drop.ts): removed at once when
 * no page's search worker holds them; tried again, a bounded number of times, while one does,
 * until its page is gone (the removal succeeds) or it has emptied them itself.
 */
import { describe, expect, it } from 'vitest';
import { DROP_RETRY_MS, type DropTarget, dropSearchFiles, POOL_HEADER_BYTES } from './drop';

const held = () =>
  Object.assign(new Error('held by an access handle'), { name: 'NoModificationAllowedError' });
const absent = () => Object.assign(new Error('no such folder'), { name: 'NotFoundError' });

/** A folder whose removals and largest file sizes go as scripted (the last entry repeats). */
function folder(script: { removals: Array<'ok' | 'held' | 'absent'>; largest: Array<number | 'fails'> }) {
  const calls = { remove: 0, largest: 0, slept: [] as number[] };
  const target: DropTarget = {
    remove: async () => {
      const outcome = script.removals[Math.min(calls.remove, script.removals.length - 1)];
      calls.remove += 1;
      if (outcome === 'held') throw held();
      if (outcome === 'absent') throw absent();
    },
    largestFile: async () => {
      const size = script.largest[Math.min(calls.largest, script.largest.length - 1)];
      calls.largest += 1;
      if (size === 'fails' || size === undefined) throw new Error('not readable');
      return size;
    },
  };
  const sleep = async (ms: number) => {
    calls.slept.push(ms);
  };
  return { target, sleep, calls };
}

describe('dropSearchFiles', () => {
  it('removes the folder at once when nothing holds it', async () => {
    const { target, sleep, calls } = folder({ removals: ['ok'], largest: [102_400] });
    expect(await dropSearchFiles(target, sleep)).toBe('removed');
    expect(calls).toEqual({ remove: 1, largest: 0, slept: [] });
  });

  it('has nothing to do when there is no folder', async () => {
    const { target, sleep, calls } = folder({ removals: ['absent'], largest: [0] });
    expect(await dropSearchFiles(target, sleep)).toBe('absent');
    expect(calls.slept).toEqual([]);
  });

  it('removes it once the worker holding it is gone (its page closed before it emptied them)', async () => {
    const { target, sleep, calls } = folder({ removals: ['held', 'held', 'ok'], largest: [102_400] });
    expect(await dropSearchFiles(target, sleep)).toBe('removed');
    expect(calls.remove).toBe(3);
    expect(calls.slept).toEqual(DROP_RETRY_MS.slice(0, 2));
  });

  it('stops once the worker holding the files has emptied them (no file beyond the pool header)', async () => {
    const { target, sleep, calls } = folder({
      removals: ['held'],
      largest: [102_400, POOL_HEADER_BYTES],
    });
    expect(await dropSearchFiles(target, sleep)).toBe('emptied');
    expect(calls.remove).toBe(2);
    expect(calls.slept).toEqual(DROP_RETRY_MS.slice(0, 1));
  });

  it('a folder left without files counts as emptied', async () => {
    const { target, sleep } = folder({ removals: ['held'], largest: [0] });
    expect(await dropSearchFiles(target, sleep)).toBe('emptied');
  });

  it('tries again when the sizes cannot be read', async () => {
    const { target, sleep, calls } = folder({ removals: ['held', 'ok'], largest: ['fails'] });
    expect(await dropSearchFiles(target, sleep)).toBe('removed');
    expect(calls.remove).toBe(2);
  });

  it('gives up after a bounded number of tries while the files stay held and full', async () => {
    const { target, sleep, calls } = folder({ removals: ['held'], largest: [102_400] });
    expect(await dropSearchFiles(target, sleep)).toBe('held');
    expect(calls.remove).toBe(DROP_RETRY_MS.length + 1);
    expect(calls.slept).toEqual(DROP_RETRY_MS);
    expect(DROP_RETRY_MS.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(20_000);
  });

  it('leaves the files alone once an archive is kept again (a sign-in while it waited): they are the new index', async () => {
    const { target, sleep, calls } = folder({ removals: ['held', 'held', 'ok'], largest: [102_400] });
    let archived = false;
    const waits: number[] = [];
    const outcome = await dropSearchFiles(
      target,
      async (ms) => {
        waits.push(ms);
        // Signed in again while the drop waited: the pages build a new index in the same files.
        archived = true;
        await sleep(ms);
      },
      DROP_RETRY_MS,
      async () => archived,
    );
    expect(outcome).toBe('kept');
    expect(calls.remove).toBe(1);
    expect(waits).toHaveLength(1);
  });
});
