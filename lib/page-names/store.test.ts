import { describe, expect, it } from 'vitest';
import { memoryKeyValue } from '@/lib/kv';
import { MAX_CUTS, readCuts } from './cuts';
import { type Followed, KEEP_DAYS, MAX_ATTENDEES, MAX_ENTRIES, readAttendees, TimelineStore } from './store';
import { buildTimeline } from './timeline';

const DAY = 24 * 60 * 60_000;
const timeline = buildTimeline([
  { t: 1000, present: [{ id: 'a', name: 'Anna' }], speaking: ['a'] },
  { t: 2000, present: [{ id: 'a', name: 'Anna' }], speaking: [] },
]);
const entry = (id: string) => ({ recordingId: id, startedAt: 500, service: 'google_meet' });

function setup() {
  let now = 1_790_000_000_000;
  const kv = memoryKeyValue();
  const store = new TimelineStore(kv, () => now);
  return { kv, store, later: (ms: number) => (now += ms) };
}

const OWNER = 'https://service.example|anna@example.com';

/** `recordings`: the recordings still kept, each with its upload job now ('' for none). */
const followed = (
  recordings: Record<string, string>,
  jobs: Record<string, { spaceId: number; audioId?: number; over: boolean }>,
  owner: string | null = OWNER,
): Followed => ({
  recording: (id) => (id in recordings ? { ...(recordings[id] && { jobId: recordings[id] }) } : undefined),
  job: (id) => jobs[id],
  owner,
});

describe('the page timelines kept beside their recordings', () => {
  it('follows a recording to its upload job and to the service’s recording', async () => {
    const { store } = setup();
    await store.save(entry('r1'), timeline);
    expect(await store.forRecording(OWNER, 2, 77)).toBeNull();
    await store.follow(followed({ r1: 'j1' }, { j1: { spaceId: 2, over: false } }));
    expect(await store.forRecording(OWNER, 2, 77)).toBeNull();
    const known = await store.follow(followed({}, { j1: { spaceId: 2, audioId: 77, over: false } }));
    expect(known.map((e) => e.recordingId)).toEqual(['r1']);
    // The job may be pruned later: the entry keeps its recording.
    await store.follow(followed({}, {}));
    const found = await store.forRecording(OWNER, 2, 77);
    expect(found).toMatchObject({ recordingId: 'r1', startedAt: 500, jobId: 'j1', spaceId: 2, audioId: 77 });
    expect(found!.timeline).toEqual(timeline);
  });

  it('goes with a job that ended without a recording, or was removed before it had one', async () => {
    const { store, kv } = setup();
    await store.save(entry('r1'), timeline);
    await store.save(entry('r2'), timeline);
    await store.follow(
      followed({ r1: 'j1', r2: 'j2' }, { j1: { spaceId: 2, over: false }, j2: { spaceId: 2, over: false } }),
    );
    await store.follow(followed({}, { j1: { spaceId: 2, over: true } }));
    expect(await kv.keys()).toEqual([]);
  });

  it('goes when its recording is discarded before any job took it', async () => {
    const { store, kv } = setup();
    await store.save(entry('r1'), timeline);
    await store.follow(followed({ r1: '' }, {}));
    expect(await kv.keys()).toHaveLength(1);
    await store.follow(followed({}, {}));
    expect(await kv.keys()).toEqual([]);
  });

  it('lives as long as its kept recording: through days without an upload, a session that ended and a failed first job, to the job that finally uploads it', async () => {
    const { store, kv, later } = setup();
    await store.save(entry('r1'), timeline);
    await store.keepAttendees(entry('r1'), ['Anna Petrova']);
    // The first upload job fails: the recording is kept (offered again), held by no job.
    await store.follow(followed({ r1: 'j1' }, { j1: { spaceId: 2, over: false } }));
    await store.follow(followed({ r1: '' }, { j1: { spaceId: 2, over: true } }));
    // Days without an upload, the session ended (nobody signed in).
    later(5 * DAY);
    await store.follow(followed({ r1: '' }, {}, null));
    expect(await kv.keys()).toEqual(['timeline:r1']);
    // Uploaded by a second job, to another space; the recording is then let go.
    await store.follow(
      followed({ r1: 'j2' }, { j1: { spaceId: 2, over: true }, j2: { spaceId: 3, over: false } }),
    );
    await store.follow(followed({}, { j2: { spaceId: 3, audioId: 8, over: false } }));
    expect(await store.forRecording(OWNER, 3, 8)).toMatchObject({
      recordingId: 'r1',
      jobId: 'j2',
      attendees: ['Anna Petrova'],
      timeline,
    });
  });

  it('takes the sleeps cut out of its recording’s file, read back within bounds', async () => {
    const { store } = setup();
    await store.save(entry('r1'), timeline);
    await store.follow({
      recording: () => ({ jobId: 'j1', cuts: [[30_000, 60_000]] }),
      job: () => ({ spaceId: 2, audioId: 7, over: false }),
      owner: OWNER,
    });
    expect(await store.forRecording(OWNER, 2, 7)).toMatchObject({ cuts: [[30_000, 60_000]] });
    expect(
      readCuts([
        [1, 2],
        [0, 5],
      ]),
    ).toEqual([]);
    expect(
      readCuts([
        [1, 2],
        [3, -1],
      ]),
    ).toEqual([]);
    expect(readCuts('x')).toEqual([]);
    expect(readCuts(Array.from({ length: 5_000 }, (_, i) => [i * 10, 1]))).toHaveLength(MAX_CUTS);
  });

  it('is read only for the account it was kept for', async () => {
    const { store } = setup();
    await store.save({ ...entry('r1'), owner: OWNER }, timeline);
    // Kept while nobody was signed in: the account that uploads it.
    await store.save(entry('r2'), timeline);
    await store.follow(
      followed(
        { r1: 'j1', r2: 'j2' },
        { j1: { spaceId: 2, audioId: 7, over: false }, j2: { spaceId: 2, audioId: 9, over: false } },
        'other',
      ),
    );
    expect(await store.forRecording('other', 2, 7)).toBeNull();
    expect(await store.forRecording(OWNER, 2, 7)).toMatchObject({ recordingId: 'r1' });
    expect(await store.forRecording(OWNER, 2, 9)).toBeNull();
    expect(await store.forRecording('other', 2, 9)).toMatchObject({ recordingId: 'r2' });
  });

  it('goes with its recording deleted from the archive, with its space cleared, and at sign-out', async () => {
    const { store, kv } = setup();
    for (const [id, audioId] of [
      ['r1', 1],
      ['r2', 2],
      ['r3', 3],
    ] as const) {
      await store.save(entry(id), timeline);
      await store.follow(
        followed({ [id]: `j${id}` }, { [`j${id}`]: { spaceId: id === 'r3' ? 9 : 2, audioId, over: true } }),
      );
    }
    await store.forget(2, 1);
    expect((await kv.keys()).sort()).toEqual(['timeline:r2', 'timeline:r3']);
    await store.forget(2);
    expect(await kv.keys()).toEqual(['timeline:r3']);
    await store.wipe();
    expect(await kv.keys()).toEqual([]);
  });

  it(`keeps at most ${MAX_ENTRIES} entries, none older than ${KEEP_DAYS} days`, async () => {
    const { store, kv, later } = setup();
    for (let i = 0; i < MAX_ENTRIES + 5; i += 1) {
      await store.save(entry(`r${i}`), timeline);
      later(1);
    }
    const keys = await kv.keys();
    expect(keys).toHaveLength(MAX_ENTRIES);
    expect(keys).not.toContain('timeline:r0');
    later(KEEP_DAYS * DAY + 1);
    await store.save(entry('fresh'), timeline);
    expect(await kv.keys()).toEqual(['timeline:fresh']);
  });

  it('drops what is not a timeline', async () => {
    const { store, kv } = setup();
    await kv.set('timeline:bad', { recordingId: 'bad', startedAt: 1, savedAt: 1, timeline: { v: 2 } });
    await kv.set('timeline:junk', 'x');
    await store.follow(followed({}, {}));
    expect(await kv.keys()).toEqual([]);
  });
});

describe('the calendar event’s attendees kept beside a recording or a bot job', () => {
  const bot = { recordingId: 'bot:b1', startedAt: 0, service: 'google_meet', bot: true, jobId: 'b1' };

  it('are kept before any page timeline (an empty one), follow the job to its recording, and a timeline saved later keeps them', async () => {
    const { store } = setup();
    await store.keepAttendees(bot, ['Anna Petrova', 'Tom Becker']);
    await store.follow(followed({}, { b1: { spaceId: 2, audioId: 9, over: false } }));
    const alone = await store.forRecording(OWNER, 2, 9);
    expect(alone).toMatchObject({ bot: true, jobId: 'b1', attendees: ['Anna Petrova', 'Tom Becker'] });
    expect(alone!.timeline.participants).toEqual([]);
    await store.save(bot, timeline);
    const both = await store.forRecording(OWNER, 2, 9);
    expect(both!.attendees).toEqual(['Anna Petrova', 'Tom Becker']);
    expect(both!.timeline).toEqual(timeline);
  });

  it('given after the page timeline, keep it; an empty list keeps nothing', async () => {
    const { store, kv } = setup();
    await store.keepAttendees(entry('r0'), []);
    expect(await kv.keys()).toEqual([]);
    await store.save(entry('r1'), timeline);
    await store.keepAttendees(entry('r1'), ['Anna']);
    await store.follow(followed({ r1: 'j1' }, { j1: { spaceId: 2, audioId: 5, over: false } }));
    expect(await store.forRecording(OWNER, 2, 5)).toMatchObject({
      timeline,
      attendees: ['Anna'],
      startedAt: 500,
    });
  });

  it('go with the job that ends without a recording, the recording deleted or discarded, and sign-out', async () => {
    const { store, kv } = setup();
    await store.keepAttendees(bot, ['Anna']);
    await store.keepAttendees({ ...bot, recordingId: 'bot:b2', jobId: 'b2' }, ['Anna']);
    await store.keepAttendees(entry('r1'), ['Anna']);
    await store.follow(
      followed({ r1: '' }, { b1: { spaceId: 2, over: true }, b2: { spaceId: 3, audioId: 4, over: true } }),
    );
    expect((await kv.keys()).sort()).toEqual(['timeline:bot:b2', 'timeline:r1']);
    await store.forget(3, 4);
    expect(await kv.keys()).toEqual(['timeline:r1']);
    await store.follow(followed({}, {}));
    expect(await kv.keys()).toEqual([]);
    await store.keepAttendees(entry('r2'), ['Anna']);
    await store.wipe();
    expect(await kv.keys()).toEqual([]);
  });

  it('count toward the entries kept: the oldest go first', async () => {
    const { store, kv, later } = setup();
    for (let i = 0; i < MAX_ENTRIES + 2; i += 1) {
      await store.keepAttendees(entry(`r${i}`), ['Anna']);
      later(1);
    }
    expect(await kv.keys()).toHaveLength(MAX_ENTRIES);
    expect(await kv.keys()).not.toContain('timeline:r0');
  });

  it('are read back within bounds, whatever the database holds', async () => {
    expect(readAttendees('Anna')).toEqual([]);
    expect(readAttendees([' Anna\u202e ', 'anna', 3, null, '', 'x'.repeat(1000)])).toEqual([
      'Anna',
      'x'.repeat(100),
    ]);
    expect(readAttendees(Array.from({ length: 10_000 }, (_, i) => `P${i}`))).toHaveLength(MAX_ATTENDEES);
    const { store, kv } = setup();
    await kv.set('timeline:r9', {
      ...entry('r9'),
      owner: OWNER,
      savedAt: 1,
      spaceId: 1,
      audioId: 1,
      timeline,
      attendees: 'junk',
    });
    const read = await store.forRecording(OWNER, 1, 1);
    expect(read).not.toBeNull();
    expect(read!.attendees).toEqual([]);
  });
});
