/**
 * The search worker's reports (lib/archive/worker.ts): a version bumped on every change of what
 * searches answer from, "complete" only when the whole archive is indexed and no build runs, and
 * each answer stamped with the index as it was when the search began. The page's rule
 * (lib/search/standing-question.ts) relies on these. Its database is kept: a worker started again
 * over the same database indexes nothing again; the index saved in IndexedDB before is dropped.
 */

import type { Database } from '@sqlite.org/sqlite-wasm';
import { describe, expect, it } from 'vitest';
import type { ArchiveChange } from '@/lib/archive/store';
import {
  legacyIndexKeys,
  type SearchDatabase,
  startSearchWorker,
  type WorkerScope,
} from '@/lib/archive/worker';
import type { FromSearchWorker, ToSearchPeers, ToSearchWorker } from '@/lib/archive/worker-protocol';
import type { KeyValueStore } from '@/lib/kv';
import { memoryDatabase } from '../../scripts/sqlite-node';
import { archiveOf, fakePeers, keepMeeting, OWNER } from './testing/fixtures';

/** A database kept between workers (as on the origin-private file system); `wipes` counts its drops. */
async function keptDatabase() {
  const kept = { db: await memoryDatabase(), wipes: 0 };
  const open = async (): Promise<SearchDatabase> => ({
    db: kept.db,
    storage: 'memory',
    wipe: async (): Promise<Database> => {
      kept.db.close();
      kept.wipes += 1;
      kept.db = await memoryDatabase();
      return kept.db;
    },
  });
  return { kept, open };
}

async function worker(
  kv: KeyValueStore,
  beforeRecord?: () => Promise<void>,
  open?: () => Promise<SearchDatabase>,
) {
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
  const started = startSearchWorker(scope, kv, channel, {
    open: open ?? (await keptDatabase()).open,
    ...(beforeRecord ? { beforeRecord } : {}),
  });
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
    const w = await worker(kv);
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

  it('answers from an index still growing as incomplete, then whole with a newer version', async () => {
    const { kv } = await archiveOf(3);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const w = await worker(kv, () => gate);
    const building = w.build();
    // The catalog is read, no record indexed yet.
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
    const { kept, open } = await keptDatabase();
    const w = await worker(kv, undefined, open);
    await w.build();
    const before = await w.search('zephyrine');
    expect(before).toMatchObject({ complete: true, total: 2 });
    await keepMeeting(archive, 3);
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
    // The database's files went with the archive.
    expect(kept.wipes).toBe(1);
  });

  it('a meeting removed from the archive (moved to the trash) leaves search at once, with a newer version', async () => {
    const { kv, archive } = await archiveOf(3);
    const w = await worker(kv);
    await w.build();
    const before = await w.search('zephyrine');
    expect(before.outcome.meetings).toHaveLength(3);
    await archive.remove(OWNER, 1, [2]);
    w.changed({ kind: 'remove', keys: ['1:2'] });
    await w.build();
    const after = await w.search('zephyrine');
    expect(after.version).toBeGreaterThan(before.version);
    expect(after).toMatchObject({ complete: true, indexed: 2, total: 2 });
    expect(after.outcome.meetings.map((meeting) => meeting.audioId).sort()).toEqual([1, 3]);
  });
});

describe('the meetings found before their passages', () => {
  it("are sent first when their records must be read, in the answer's order, and not again once kept", async () => {
    const { kv } = await archiveOf(3);
    const w = await worker(kv);
    await w.build();
    const first = await w.search('zephyrine');
    const early = w.messages.filter((message) => message.type === 'found');
    expect(early).toHaveLength(1);
    const listed = early[0]?.type === 'found' ? early[0] : null;
    expect(listed?.id).toBe(first.id);
    // Sent before the answer, with the answer's meetings in its order, titles and dates, no hits.
    expect(w.messages.indexOf(listed as FromSearchWorker)).toBeLessThan(w.messages.indexOf(first));
    expect(listed?.outcome.meetings.map((m) => m.key)).toEqual(first.outcome.meetings.map((m) => m.key));
    expect(listed?.outcome.meetings[0]).toMatchObject({
      title: first.outcome.meetings[0]?.title,
      createdAt: first.outcome.meetings[0]?.createdAt,
      hits: [],
    });
    expect(first.outcome.meetings[0]?.hits.length).toBeGreaterThan(0);
    // The records are kept now: the next answer comes alone.
    await w.search('zephyrine budget');
    expect(w.messages.filter((message) => message.type === 'found')).toHaveLength(1);
  });
});

describe('the kept index', () => {
  it('a worker started again (a browser restart) answers from it without indexing anything again', async () => {
    const { kv } = await archiveOf(3);
    const { open } = await keptDatabase();
    const first = await worker(kv, undefined, open);
    await first.build();
    expect(first.counters).toMatchObject({ rebuilds: 1, indexed: 3 });
    const again = await worker(kv, undefined, open);
    await again.build();
    expect(again.counters).toMatchObject({ storage: 'memory', rebuilds: 0, indexed: 0 });
    const answer = await again.search('zephyrine');
    expect(answer.outcome.meetings).toHaveLength(3);
    expect(answer).toMatchObject({ complete: true, indexed: 3, total: 3 });
    expect(answer.counters).toMatchObject({ rebuilds: 0, indexed: 0 });
  });

  it('a worker started over no archive (signed out while no page searched) drops the kept index', async () => {
    const { kv, archive } = await archiveOf(2);
    const { kept, open } = await keptDatabase();
    await (await worker(kv, undefined, open)).build();
    await archive.clear();
    const later = await worker(kv, undefined, open);
    await later.build();
    expect(kept.wipes).toBe(1);
    expect(kept.db.selectValue("SELECT count(*) FROM sqlite_master WHERE name = 'records'")).toBe(0);
    expect((await later.search('zephyrine')).outcome.meetings).toHaveLength(0);
  });

  it("answers another page's worker on the peers' channel and sends it every report, its own page's too", async () => {
    const { kv } = await archiveOf(2);
    const { sent, channel: peers, peer } = fakePeers<ToSearchPeers>();
    const page: FromSearchWorker[] = [];
    const started = startSearchWorker(
      { postMessage: (message) => page.push(message), addEventListener: () => {} },
      kv,
      null,
      { open: (await keptDatabase()).open, peers, firstVersion: 40 },
    );
    await started.build();
    peer({ type: 'hello', from: 'other' });
    expect(sent.at(-1)).toMatchObject({
      type: 'reply',
      to: 'other',
      message: { type: 'progress', total: 2 },
    });
    peer({ type: 'ask', from: 'other', message: { type: 'search', id: 7, query: 'zephyrine', filters: {} } });
    while (!sent.some((m) => m.type === 'reply' && m.message.type === 'results'))
      await new Promise((resolve) => setTimeout(resolve, 1));
    const answer = sent.find((m) => m.type === 'reply' && m.message.type === 'results');
    expect(answer).toMatchObject({ to: 'other', message: { id: 7, complete: true, indexed: 2 } });
    if (answer?.type === 'reply' && answer.message.type === 'results')
      expect(answer.message.outcome.meetings).toHaveLength(2);
    // Its own page never sees the other page's answer; every report goes to both, numbered from 41.
    expect(page.some((m) => m.type === 'results')).toBe(false);
    const reports = sent.filter((m) => m.type === 'reply' && m.to === '*');
    expect(reports.length).toBe(page.filter((m) => m.type === 'progress').length);
    expect(page[0]).toMatchObject({ type: 'progress', version: 41 });
  });

  it('a search asked before the kept index is open waits for it: one whole answer, not an empty one first', async () => {
    const { kv } = await archiveOf(2);
    const { open } = await keptDatabase();
    await (await worker(kv, undefined, open)).build();
    let release = () => {};
    const slow = () =>
      new Promise<SearchDatabase>((resolve) => {
        release = () => void open().then(resolve);
      });
    const cold = await worker(kv, undefined, slow);
    const building = cold.build();
    const answer = cold.search('zephyrine');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cold.messages.some((message) => message.type === 'results')).toBe(false);
    release();
    expect(await answer).toMatchObject({ complete: true, indexed: 2, total: 2 });
    expect((await answer).outcome.meetings).toHaveLength(2);
    await building;
  });

  it('a build that fails answers a waiting search rather than leaving it', async () => {
    const { kv } = await archiveOf(1);
    const broken = async (): Promise<SearchDatabase> => {
      throw new Error('no database');
    };
    const w = await worker(kv, undefined, broken);
    const answer = w.search('zephyrine');
    await w.build();
    expect((await answer).outcome.meetings).toHaveLength(0);
    expect(w.messages.some((message) => message.type === 'error' && message.id === null)).toBe(true);
  });

  it("drops the index saved in IndexedDB before the move to SQLite and builds anew, with no one's action", async () => {
    const { kv } = await archiveOf(2);
    // What the MiniSearch worker left: a manifest and its shards.
    await kv.set('search-index', '{"version":2}');
    await kv.set('search-index:0', '{}');
    await kv.set('search-index:1', '{}');
    expect(
      legacyIndexKeys(['catalog', 'rec:1:1', 'search-index', 'search-index:12', 'search-indexes']),
    ).toEqual(['search-index', 'search-index:12']);
    const w = await worker(kv);
    await w.build();
    expect(w.counters).toMatchObject({ migrated: 3, indexed: 2 });
    expect((await kv.keys()).filter((key) => key.startsWith('search-index'))).toEqual([]);
    expect((await kv.keys()).sort()).toEqual(['catalog', 'rec:1:1', 'rec:1:2']);
    expect((await w.search('zephyrine')).outcome.meetings).toHaveLength(2);
  });
});
