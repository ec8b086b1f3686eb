/**
 * The search worker's reports (lib/archive/worker.ts): a version bumped on every change of what
 * searches answer from, "complete" only when the whole archive is indexed and no build runs, and
 * each answer stamped with the index as it was when the search began. The page's rule
 * (lib/search/standing-question.ts) relies on these.
 */
import { describe, expect, it } from 'vitest';
import { Archive, type ArchiveChange, archiveOwner, SEARCH_INDEX_KEY } from '@/lib/archive/store';
import { startSearchWorker, type WorkerScope } from '@/lib/archive/worker';
import type { FromSearchWorker, ToSearchWorker } from '@/lib/archive/worker-protocol';
import { type KeyValueStore, memoryKeyValue } from '@/lib/kv';
import { readyResult } from './fixtures';

const OWNER = archiveOwner('http://127.0.0.1:8787', 'demo@example.com');

async function archiveOf(count: number, kv: KeyValueStore = memoryKeyValue()) {
  const archive = new Archive(kv);
  for (let i = 1; i <= count; i += 1) await put(archive, i);
  return { kv, archive };
}

function put(archive: Archive, i: number) {
  return archive.keep(OWNER, {
    spaceId: 1,
    audioId: i,
    createdAt: Date.UTC(2026, 0, i),
    result: readyResult(i, `Meeting ${i}.mp3`, [
      { header: 'Plans', lines: [{ speaker: 0, text: `We talked about the zephyrine budget ${i}.` }] },
    ]),
  });
}

function worker(kv: KeyValueStore, beforeShard?: () => Promise<void>) {
  const messages: FromSearchWorker[] = [];
  let onSearch: ((event: MessageEvent<ToSearchWorker>) => void) | null = null;
  let onChange: ((event: MessageEvent<ArchiveChange>) => void) | null = null;
  const scope: WorkerScope = {
    postMessage: (message) => messages.push(message),
    addEventListener: (_type, listener) => {
      onSearch = listener;
    },
  };
  const channel = {
    addEventListener: (_type: string, listener: (event: MessageEvent<ArchiveChange>) => void) => {
      onChange = listener;
    },
  } as unknown as Pick<BroadcastChannel, 'addEventListener'>;
  const started = startSearchWorker(scope, kv, channel, beforeShard ? { beforeShard } : {});
  let id = 0;
  const search = async (query: string) => {
    id += 1;
    const mine = id;
    onSearch?.({ data: { type: 'search', id: mine, query, filters: {} } } as MessageEvent<ToSearchWorker>);
    for (;;) {
      const answer = messages.find((message) => message.type === 'results' && message.id === mine);
      if (answer && answer.type === 'results') return answer;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
  const changed = (change: ArchiveChange) => onChange?.({ data: change } as MessageEvent<ArchiveChange>);
  const progress = () => messages.filter((message) => message.type === 'progress');
  return { ...started, messages, search, changed, progress };
}

describe('the search worker reports its index', () => {
  it('bumps the version on every record and says complete only at the end of a build', async () => {
    const { kv } = await archiveOf(3);
    const w = worker(kv);
    await w.build();
    const reports = w.progress();
    const versions = reports.map((report) => (report.type === 'progress' ? report.version : -1));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(versions.at(-1)).toBeGreaterThan(versions.at(-2) as number);
    // One record indexed, one version more.
    expect(new Set(versions).size).toBeGreaterThanOrEqual(1 + 3 + 1);
    expect(reports.slice(0, -1).every((report) => report.type === 'progress' && !report.complete)).toBe(true);
    expect(reports.at(-1)).toMatchObject({ type: 'progress', complete: true, indexed: 3, total: 3 });
  });

  it('answers from a saved index still loading as incomplete, then whole with a newer version', async () => {
    const { kv } = await archiveOf(3);
    await worker(kv).build();
    expect(await kv.get(SEARCH_INDEX_KEY)).toBeTypeOf('string');

    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const w = worker(kv, () => gate);
    const building = w.build();
    // The catalog is read, the saved index not loaded yet.
    while (w.progress().length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const early = await w.search('zephyrine');
    expect(early.outcome.meetings).toHaveLength(0);
    expect(early).toMatchObject({ complete: false, indexed: 0, total: 3 });
    release();
    await building;
    const last = w.progress().at(-1);
    expect(last).toMatchObject({ complete: true, indexed: 3, total: 3 });
    expect(last?.type === 'progress' && last.version).toBeGreaterThan(early.version);
    const whole = await w.search('zephyrine');
    expect(whole.outcome.meetings).toHaveLength(3);
    expect(whole).toMatchObject({ complete: true, version: last?.type === 'progress' ? last.version : -1 });
  });

  it('a meeting added, and the archive wiped, are changes of the index', async () => {
    const { kv, archive } = await archiveOf(2);
    const w = worker(kv);
    await w.build();
    const before = await w.search('zephyrine');
    expect(before).toMatchObject({ complete: true, total: 2 });
    await put(archive, 3);
    w.changed({ kind: 'put', key: '1:3' });
    await w.build();
    const added = await w.search('zephyrine');
    expect(added.version).toBeGreaterThan(before.version);
    expect(added).toMatchObject({ complete: true, indexed: 3, total: 3 });
    expect(added.outcome.meetings).toHaveLength(3);

    await archive.clear();
    w.changed({ kind: 'clear' });
    await w.build();
    const wiped = await w.search('zephyrine');
    expect(wiped.version).toBeGreaterThan(added.version);
    expect(wiped).toMatchObject({ complete: true, indexed: 0, total: 0 });
  });
});
