import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Archive } from '@/lib/archive/store';
import type { Job } from '@/lib/jobs/types';
import { memoryKeyValue } from '@/lib/kv';
import { newRecording, type RecordingState } from '@/lib/recording/state';
import { TimelineStore } from '@/lib/speakers/store';
import { buildTimeline, type PageSample } from '@/lib/speakers/timeline';
import { pageBreakagesItem } from '@/lib/storage';
import { createSpeakerPages } from './speakers';

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

function setup(options: { apply?: boolean } = {}) {
  const option = { apply: options.apply ?? false };
  let state: RecordingState | null = {
    ...newRecording({ id: 'rec1', tabId: 3, title: 'Meet', spaceId: null, availableSeconds: null }, START),
    phase: 'recording',
  };
  const jobs: Job[] = [];
  const archive = new Archive(memoryKeyValue(), { now: () => START });
  const store = new TimelineStore(memoryKeyValue(), () => START);
  const pages = createSpeakerPages({
    now: () => START,
    store,
    recording: { state: async () => state },
    jobs: { list: async () => jobs },
    archive: { store: archive, owner: async () => 'owner' },
    applyWithoutAsking: async () => option.apply,
  });
  return {
    pages,
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

describe('a ready result', () => {
  it('with the option off keeps its labels for the user to confirm, even if the option is turned on later', async () => {
    const h = setup();
    await recordedAndReady(h);
    expect(await h.archive.speakerNames(2, 50)).toEqual({});
    expect(await h.pages.timelineOf(2, 50)).toMatchObject({ startedAt: START });
    h.option.apply = true;
    await h.pages.follow();
    expect(await h.archive.speakerNames(2, 50)).toEqual({});
  });

  it('follows the recording to its job and result; with the option on, gives confident names once, never over the user’s', async () => {
    const h = setup({ apply: true });
    const { pages, archive } = h;
    await recordedAndReady(h, async () => {
      await archive.renameSpeaker('owner', 2, 50, '1', 'Thomas');
    });
    expect(await archive.speakerNames(2, 50)).toEqual({ '0': 'Anna Petrova', '1': 'Thomas' });
    expect(await pages.timelineOf(2, 50)).toMatchObject({ startedAt: START });
    // Once: a name the user removes afterwards is not given again.
    await archive.renameSpeaker('owner', 2, 50, '0', '');
    await pages.follow();
    expect(await archive.speakerNames(2, 50)).toEqual({ '1': 'Thomas' });
    // Deleted from the archive: its timeline goes too.
    await pages.archiveChanged({ kind: 'remove', keys: ['2:50'] });
    expect(await pages.timelineOf(2, 50)).toBeNull();
  });
});
