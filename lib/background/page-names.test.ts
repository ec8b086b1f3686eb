import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Archive } from '@/lib/archive/store';
import type { MeetingOccurrence } from '@/lib/calendar/types';
import type { Job } from '@/lib/jobs/types';
import { memoryKeyValue } from '@/lib/kv';
import { TimelineStore } from '@/lib/page-names/store';
import { buildTimeline, type PageSample } from '@/lib/page-names/timeline';
import { newRecording, type RecordingState } from '@/lib/recording/state';
import { pageBreakagesItem } from '@/lib/storage';
import { createPageNames, PAGE_NAMES_EXPIRY_ALARM } from './page-names';

const DAY = 24 * 60 * 60_000;

const MEET = 'https://meet.google.com/abc-defg-hij';
const START = 1_790_000_000_000;

function pageTimeline() {
  const samples: PageSample[] = [];
  for (let t = 0; t <= 40; t += 0.25)
    samples.push({
      t: START + 1000 + Math.round(t * 1000),
      present: [
        { id: 'p1', name: 'Anna Petrova' },
        { id: 'p2', name: 'Tom Becker' },
      ],
      speaking: t >= 2 && t < 18 ? ['p1'] : t >= 20 && t < 38 ? ['p2'] : [],
    });
  return buildTimeline(samples);
}

/** A synced feed's occurrence of the Meet meeting: 10:00-11:00 after START's hour. */
function occurrence(people: string[], link = MEET): MeetingOccurrence {
  return {
    uid: 'weekly',
    title: 'Weekly',
    startsAt: START + 20 * 60_000,
    endsAt: START + 80 * 60_000,
    link: { service: 'google_meet', id: link.split('/').pop()!, url: link },
    organizer: null,
    attendees: [],
    people,
  };
}

function setup(options: { apply?: boolean; occurrences?: MeetingOccurrence[] } = {}) {
  const option = { apply: options.apply ?? false };
  const clock = { now: START };
  let state: RecordingState | null = {
    ...newRecording({ id: 'rec1', tabId: 3, title: 'Meet', spaceId: null, availableSeconds: null }, START),
    phase: 'recording',
  };
  const jobs: Job[] = [];
  const archive = new Archive(memoryKeyValue(), { now: () => START });
  const kv = memoryKeyValue();
  const store = new TimelineStore(kv, () => clock.now);
  const pages = createPageNames({
    now: () => clock.now,
    store,
    recording: { state: async () => state, kept: async () => [] },
    jobs: { list: async () => jobs },
    archive: { store: archive, owner: async () => 'owner' },
    applyWithoutAsking: async () => option.apply,
    occurrences: async () => options.occurrences ?? [],
  });
  return {
    pages,
    kv,
    clock,
    jobs,
    archive,
    option,
    setState: (next: RecordingState | null) => {
      state = next;
    },
  };
}

beforeEach(() => fakeBrowser.reset());

describe('names from the meeting page, in the background', () => {
  it('keeps the timeline of the tab recorded now, and nothing of another tab', async () => {
    const { pages } = setup();
    expect(await pages.fromPage(4, MEET, { timeline: pageTimeline() })).toEqual({ recording: false });
    expect(await pages.fromPage(3, MEET, { timeline: pageTimeline() })).toEqual({ recording: true });
    expect(await pages.timelineOf(2, 50)).toBeNull();
  });

  it('says in the diagnostics which service’s page showed nothing, and the recording goes on', async () => {
    const { pages } = setup();
    expect(await pages.fromPage(3, MEET, { missing: 'participant tiles' })).toEqual({ recording: true });
    expect(await pageBreakagesItem.getValue()).toEqual([
      expect.objectContaining({
        app: 'google_meet',
        host: 'meet.google.com',
        part: 'participant tiles',
        count: 1,
      }),
    ]);
  });
});

async function recordedAndReady(h: ReturnType<typeof setup>, before?: () => Promise<void>) {
  const { pages, jobs, archive, setState } = h;
  await pages.fromPage(3, MEET, { timeline: pageTimeline() });
  setState({
    ...newRecording({ id: 'rec1', tabId: 3, title: 'Meet', spaceId: null, availableSeconds: null }, START),
    phase: 'uploading',
    jobId: 'j1',
  });
  const job = {
    id: 'j1',
    intent: 'upload',
    phase: 'uploading',
    spaceId: 2,
    createdAt: 1,
    updatedAt: 1,
  } as Job;
  jobs.push(job);
  await pages.follow();
  const result = {
    classified: true,
    success: true,
    duration: 45,
    result: {
      protocol: '',
      dialog: [
        { header: '', starts: [3, 21], ends: [19, 39], speakers: ['{0}', '{1}'], texts: ['Hi', 'Yes'] },
      ],
      speakers_map: { '{0}': 'SPEAKER_00', '{1}': 'SPEAKER_01' },
      speakers_timeline: { '{0}': [[3, 19]], '{1}': [[21, 39]] },
    },
  };
  await archive.keep('owner', { spaceId: 2, audioId: 50, title: 'Meet', createdAt: START, result } as never);
  await before?.();
  Object.assign(job, { phase: 'ready', audioId: 50 });
  await pages.follow();
}

describe('a meeting our bot records', () => {
  it('samples the user’s tab of that meeting: kept beside the bot’s job, followed to its recording', async () => {
    const { pages, jobs, setState } = setup();
    setState(null);
    expect(await pages.fromPage(3, MEET, { timeline: pageTimeline() })).toEqual({ recording: false });
    const job = {
      id: 'b1',
      intent: 'bot',
      phase: 'waiting-meeting',
      spaceId: 2,
      sourceUrl: 'https://meet.google.com/abc-defg-hij',
      createdAt: 1,
      updatedAt: 1,
    } as Job;
    jobs.push(job);
    // Another meeting's tab is not sampled.
    expect(await pages.fromPage(5, 'https://meet.google.com/xyz-wxyz-xyz', {})).toEqual({ recording: false });
    expect(await pages.fromPage(3, MEET, { timeline: pageTimeline() })).toEqual({ recording: true });
    Object.assign(job, { phase: 'ready', audioId: 60 });
    await pages.follow();
    expect(await pages.timelineOf(2, 60)).toMatchObject({ bot: true });
  });
});

describe('names kept past 90 days', () => {
  it('are removed on a daily alarm, with no new recording saved; the alarm is set while any is kept', async () => {
    const h = setup();
    await recordedAndReady(h);
    await h.pages.expire();
    expect(await fakeBrowser.alarms.get(PAGE_NAMES_EXPIRY_ALARM)).toMatchObject({ periodInMinutes: 24 * 60 });
    h.clock.now += 89 * DAY;
    await h.pages.expire();
    expect(await h.pages.timelineOf(2, 50)).not.toBeNull();
    h.clock.now += 2 * DAY;
    await h.pages.expire();
    expect(await h.kv.keys()).toEqual([]);
    expect(await fakeBrowser.alarms.get(PAGE_NAMES_EXPIRY_ALARM)).toBeUndefined();
  });
});

describe('two tabs of one meeting', () => {
  it('keep one merged timeline, not whichever wrote last', async () => {
    const { pages, jobs, setState } = setup();
    setState(null);
    const job = {
      id: 'b1',
      intent: 'bot',
      phase: 'waiting-meeting',
      spaceId: 2,
      sourceUrl: MEET,
      createdAt: 1,
      updatedAt: 1,
    } as Job;
    jobs.push(job);
    // The first tab sees Anna speak; a second tab, opened later, sees Ivan; the first reports again.
    const first = pageTimeline();
    const samples: PageSample[] = [];
    for (let t = 30; t <= 60; t += 0.25)
      samples.push({
        t: START + Math.round(t * 1000),
        present: [{ id: 'p3', name: 'Ivan Petrov' }],
        speaking: t >= 45 && t < 55 ? ['p3'] : [],
      });
    await pages.fromPage(3, MEET, { timeline: first });
    await pages.fromPage(5, MEET, { timeline: buildTimeline(samples) });
    await pages.fromPage(3, MEET, { timeline: first });
    Object.assign(job, { phase: 'ready', audioId: 60 });
    await pages.follow();
    const kept = await pages.timelineOf(2, 60);
    expect(kept!.timeline.participants.map((p) => p.name)).toEqual([
      'Anna Petrova',
      'Tom Becker',
      'Ivan Petrov',
    ]);
    expect(kept!.timeline.origin).toBe(START + 1000);
    expect(kept!.timeline.speaking).toEqual([[[2, 18]], [[20, 38]], [[44, 54]]]);
  });
});

describe('a ready result', () => {
  it('with the option off keeps its labels for the user to confirm, even if the option is turned on later', async () => {
    const h = setup();
    await recordedAndReady(h);
    expect(await h.archive.speakerMap(2, 50)).toEqual({});
    expect(await h.pages.timelineOf(2, 50)).toMatchObject({ startedAt: START });
    h.option.apply = true;
    await h.pages.follow();
    expect(await h.archive.speakerMap(2, 50)).toEqual({});
  });

  it('follows the recording to its job and result; with the option on, gives confident names once, never over the user’s', async () => {
    const h = setup({ apply: true });
    const { pages, archive } = h;
    await recordedAndReady(h, async () => {
      await archive.renameVoice('owner', 2, 50, '1', 'Thomas');
    });
    expect(await archive.speakerMap(2, 50)).toEqual({ '0': 'Anna Petrova', '1': 'Thomas' });
    expect(await pages.timelineOf(2, 50)).toMatchObject({ startedAt: START });
    // Once: a name the user removes afterwards is not given again.
    await archive.renameVoice('owner', 2, 50, '0', '');
    await pages.follow();
    expect(await archive.speakerMap(2, 50)).toEqual({ '1': 'Thomas' });
    // Deleted from the archive: its timeline goes too.
    await pages.archiveChanged({ kind: 'remove', keys: ['2:50'] });
    expect(await pages.timelineOf(2, 50)).toBeNull();
  });
});

describe('the calendar event’s attendees', () => {
  const bot = (id: string, sourceUrl = MEET): Job =>
    ({
      id,
      intent: 'bot',
      phase: 'sent',
      spaceId: 2,
      sourceUrl,
      createdAt: START,
      updatedAt: START,
    }) as unknown as Job;

  it('a bot sent for a meeting a synced feed holds keeps them beside its job, to its recording; a page timeline later keeps them', async () => {
    const h = setup({ occurrences: [occurrence(['Anna Petrova', 'Tom Becker'])] });
    h.setState(null);
    const job = bot('b1');
    h.jobs.push(job);
    await h.pages.botSent(job);
    // The user's tab of the meeting sends its timeline afterwards: the attendees stay.
    expect(await h.pages.fromPage(3, MEET, { timeline: pageTimeline() })).toEqual({ recording: true });
    Object.assign(job, { phase: 'ready', audioId: 60 });
    await h.pages.follow();
    const kept = await h.pages.timelineOf(2, 60);
    expect(kept).toMatchObject({ bot: true, attendees: ['Anna Petrova', 'Tom Becker'] });
    expect(kept!.timeline.participants.map((p) => p.name)).toEqual(['Anna Petrova', 'Tom Becker']);
  });

  it('with no page timeline, the entry holds the attendees alone; it goes when the job ends without a recording', async () => {
    const h = setup({ occurrences: [occurrence(['Anna Petrova'])] });
    const job = bot('b2');
    h.jobs.push(job);
    await h.pages.botSent(job);
    Object.assign(job, { phase: 'ready', audioId: 61 });
    await h.pages.follow();
    const kept = await h.pages.timelineOf(2, 61);
    expect(kept).toMatchObject({ bot: true, attendees: ['Anna Petrova'] });
    expect(kept!.timeline.participants).toEqual([]);

    const failed = bot('b3');
    h.jobs.push(failed);
    await h.pages.botSent(failed);
    expect(await h.kv.keys()).toContain('timeline:bot:b3');
    Object.assign(failed, { phase: 'failed' });
    await h.pages.follow();
    expect(await h.kv.keys()).not.toContain('timeline:bot:b3');
    // Sign-out: everything goes.
    await h.pages.wipe();
    expect(await h.pages.timelineOf(2, 61)).toBeNull();
  });

  it('the feed’s occurrence gone before the result (its window passed, the event deleted): the names kept at the send are still offered', async () => {
    const occurrences = [occurrence(['Anna Petrova'])];
    const h = setup({ occurrences });
    const job = bot('g1');
    h.jobs.push(job);
    await h.pages.botSent(job);
    occurrences.length = 0;
    Object.assign(job, { phase: 'ready', audioId: 64 });
    await h.pages.follow();
    expect(await h.pages.timelineOf(2, 64)).toMatchObject({ attendees: ['Anna Petrova'] });
  });

  it('nothing is kept for another meeting or a meeting the feed holds at another time', async () => {
    const OTHER = 'https://meet.google.com/xyz-wxyz-xyz';
    const later = {
      ...occurrence(['Anna Petrova']),
      startsAt: START + 3 * 3_600_000,
      endsAt: START + 4 * 3_600_000,
    };
    const h = setup({ occurrences: [occurrence(['Anna'], OTHER), later] });
    for (const job of [bot('c1', MEET), bot('c2', 'https://meet.google.com/qqq-wxyz-xyz')]) {
      h.jobs.push(job);
      await h.pages.botSent(job);
    }
    expect(await h.kv.keys()).toEqual([]);
  });

  it('the event’s UID is kept beside the job, with its names or without any (the open items find its series by it)', async () => {
    const h = setup({ occurrences: [occurrence([])] });
    const job = bot('u1');
    h.jobs.push(job);
    await h.pages.botSent(job);
    Object.assign(job, { phase: 'ready', audioId: 65 });
    await h.pages.follow();
    expect(await h.pages.timelineOf(2, 65)).toMatchObject({ attendees: [], event: 'weekly' });
    expect([...(await h.pages.kept()).entries()]).toEqual([
      ['2:65', expect.objectContaining({ attendees: [], event: 'weekly' })],
    ]);
  });

  it('a Record here recording on a meeting tab a synced feed holds keeps them beside the recording, to its result', async () => {
    const h = setup({ occurrences: [occurrence(['Anna Petrova', 'Tom Becker'])] });
    await h.pages.recordingStarted({ id: 'rec1', startedAt: START }, `${MEET}?authuser=0`);
    // A page that is no meeting, or none at all: nothing.
    await h.pages.recordingStarted({ id: 'rec2', startedAt: START }, 'https://example.com/');
    await h.pages.recordingStarted({ id: 'rec3', startedAt: START }, undefined);
    await recordedAndReady(h);
    expect(await h.pages.timelineOf(2, 50)).toMatchObject({
      startedAt: START,
      attendees: ['Anna Petrova', 'Tom Becker'],
    });
  });
});
