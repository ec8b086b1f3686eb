/**
 * Fault run: every flow, several times, against an emulator that answers 20 % of requests (API and
 * storage) with an HTML 500, an HTML 502, a connection reset (before or after the effect) or a slow
 * answer. Every flow must complete, without a double charge or a duplicate recording.
 *
 * Uploads, processing and bots are driven by the background's job engine itself (lib/jobs, through
 * ./engine.ts). The downloads are submitted here with the raw calls, whose unknown outcome the test
 * resolves by looking for the recording (the engine reports such a submission as unknown instead);
 * other safe steps (reads, sign-in, moving to the trash) are repeated after a pause when they fail
 * on the network.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  type ApiErrorInfo,
  findRecordings,
  isApiError,
  isTransportFailure,
  type Recording,
  take,
  toApiErrorInfo,
} from '../../lib/api';
import type { Job } from '../../lib/jobs/types';
import { driveJobs, type JobDriver } from './engine';
import { useFileServer } from './files';
import { MB, SEED, type TestEmulator, useEmulator, wavBlob } from './support';

const FAULT_RATE = 0.2;
const FAULT_SEED = 20_260_301;
const ITERATIONS = 5;
const PERSONAL = SEED.spaces.personal;
const TEAM = SEED.spaces.team;
const DOWNLOAD_DELAY_MS = 4_000;
const JOB_PAUSE_MS = 5_000;

const emulator = useEmulator({
  faults: FAULT_RATE,
  faultSeed: FAULT_SEED,
  slowMs: 50,
  downloadDelayMs: DOWNLOAD_DELAY_MS,
  processingDelayMs: 30_000,
  assembleDelayMs: 1_000,
});
let talk = new Uint8Array(0);
const files = useFileServer({
  get '/talk.wav'() {
    return { body: talk, type: 'audio/wav' };
  },
});

/** A recording title made by a flow, and how many recordings the flow meant to create with it. */
interface Intent {
  title: string;
  space: number;
  source: 'upload' | 'by_url' | 'by_videosite' | 'bot';
  audioId?: number;
}

interface Tally {
  started: number;
  completed: number;
  intents: Intent[];
  processed: Set<number>;
}

const tally: Tally = { started: 0, completed: 0, intents: [], processed: new Set() };

function transient(info: ApiErrorInfo): boolean {
  return isTransportFailure(info);
}

/** A safe step, repeated after a pause while it fails on the network or with a 5xx (as a job would on its next alarm). */
async function persist<T>(emu: TestEmulator, step: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= attempts || !transient(toApiErrorInfo(error))) throw error;
      await emu.sleepWith(1)(JOB_PAUSE_MS);
    }
  }
}

/** Uploads a file with the job engine's upload job (and processes it when asked) to its end. */
async function uploadJob(jobs: JobDriver, space: number, file: Blob, title: string): Promise<Job> {
  const job = await jobs.upload(space, file, { title, autoProcess: true, maxTicks: 400 });
  if (job.audioId !== undefined) tally.processed.add(job.audioId);
  if (job.phase !== 'ready') throw new Error(`upload job ${title} ended ${JSON.stringify(job)}`);
  return job;
}

/** Starts processing once with the job engine's processing job (never charging twice), to the result. */
async function processJob(jobs: JobDriver, space: number, audioId: number): Promise<void> {
  tally.processed.add(audioId);
  const job = await jobs.process(space, audioId, 400);
  if (job.phase !== 'ready') throw new Error(`processing of ${audioId} ended ${JSON.stringify(job)}`);
}

/** Waits, as a download job would, until the service has the recording's file. */
async function untilUploaded(
  emu: TestEmulator,
  client: ApiClient,
  space: number,
  id: number,
): Promise<Recording> {
  for (let attempt = 1; attempt <= 30; attempt += 1) {
    const recording = await persist(emu, () => client.getRecordingInfo(space, id));
    if (recording.is_uploaded) return recording;
    await emu.sleepWith(1)(JOB_PAUSE_MS);
  }
  throw new Error(`recording ${id} never arrived`);
}

/** Submits a download; an unknown outcome is resolved by looking for the recording once it had time to download. */
async function downloadJob(
  emu: TestEmulator,
  submit: () => Promise<{ audio_id: number }>,
  lookup: (since: number) => Promise<Recording[]>,
): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const startedAt = emu.now();
    try {
      return (await submit()).audio_id;
    } catch (error) {
      if (attempt >= 4 || !isApiError(error, 'outcome-unknown')) throw error;
      await emu.sleepWith(1)(DOWNLOAD_DELAY_MS * 3);
      const found = await persist(emu, () => lookup(startedAt));
      if (found.length > 0) return found[0]!.id;
    }
  }
}

async function run(label: string, flow: () => Promise<void>): Promise<void> {
  tally.started += 1;
  try {
    await flow();
    tally.completed += 1;
  } catch (error) {
    throw new Error(`flow ${label} failed: ${JSON.stringify(toApiErrorInfo(error))}`);
  }
}

describe(`fault run: ${FAULT_RATE * 100} % faults, seed ${FAULT_SEED}, every flow ${ITERATIONS} times`, () => {
  let summary = '';
  afterAll(() => {
    if (summary) console.log(summary);
  });

  it('completes every flow with no double charge and no duplicate recording', {
    timeout: 120_000,
  }, async () => {
    const emu = emulator();
    const server = files();
    // The loopback file server answers the by-URL downloads (no faults there: it is not the service).
    talk = new Uint8Array(await wavBlob(8000 * 40 + 44).arrayBuffer());
    await emu.control('POST', `/spaces/${PERSONAL}/balance`, { available_seconds: 1_000_000 });
    await emu.control('POST', `/spaces/${TEAM}/balance`, { available_seconds: 1_000_000 });

    const client = emu.client({ timeoutMs: 5_000 });
    await persist(emu, () => client.signIn(SEED.users.demo.email, SEED.users.demo.password));
    const jobs = driveJobs(emu, client);

    try {
      await runAllFlows(emu, client, jobs, `${server.url}/talk.wav`);
    } finally {
      if (tally.completed !== tally.started || tally.started === 0) {
        const partial = await emu.counters();
        summary = `fault run stopped: requests=${partial.requests} faults injected=${JSON.stringify(partial.faults)} flows completed=${tally.completed}/${tally.started}`;
      }
    }

    const counters = await emu.counters();
    const chargesPerRecording = new Map<number, number>();
    for (const charge of counters.charges) {
      chargesPerRecording.set(charge.audio_id, (chargesPerRecording.get(charge.audio_id) ?? 0) + 1);
    }
    const doubleCharges = [...chargesPerRecording.values()].filter((count) => count > 1).length;
    const classifyOverOne = Object.values(counters.classifyCalls).filter((count) => count !== 1).length;

    // Duplicates: every intent left exactly one recording with its title (active, or in the trash
    // for the one the delete flow removed), and every extra creation is a reported, trashed orphan.
    let duplicates = 0;
    for (const intent of tally.intents) {
      const active = await persist(emu, () => findRecordings(client, intent.space, { title: intent.title }));
      const expected = intent.source === 'by_url' ? 0 : 1;
      if (active.length !== expected) duplicates += Math.abs(active.length - expected);
    }
    const bySource = (source: Intent['source']) =>
      tally.intents.filter((intent) => intent.source === source).length;
    const created = counters.recordingsCreated;
    // Orphans the upload jobs found (a create whose answer was lost) are in the trash under the title of their flow.
    const uploadTitles = new Set(
      tally.intents.filter((intent) => intent.source === 'upload').map((intent) => intent.title),
    );
    const trash = await persist(emu, () => take(client.iterateTrash(PERSONAL, { limit: 50 }), 1000));
    const orphansInTrash = trash.filter((recording) => uploadTitles.has(recording.title)).length;
    const unaccounted =
      created.upload -
      bySource('upload') -
      orphansInTrash +
      (created.by_url - bySource('by_url')) +
      (created.by_videosite - bySource('by_videosite')) +
      (created.bot - bySource('bot'));

    summary =
      `fault run: requests=${counters.requests} faults injected=${counters.faults.total} ` +
      `(html500=${counters.faults.html500} html502=${counters.faults.html502} reset=${counters.faults.reset} slow=${counters.faults.slow}) ` +
      `flows completed=${tally.completed}/${tally.started} double charges=${doubleCharges} ` +
      `duplicates=${duplicates + Math.max(0, unaccounted)} (recordings created=${created.total}, ` +
      `orphans found and trashed=${orphansInTrash}) classify calls=${Object.values(counters.classifyCalls).reduce((a, b) => a + b, 0)} ` +
      `for ${tally.processed.size} recordings`;

    expect(tally.completed).toBe(tally.started);
    expect(tally.started).toBe(9 * ITERATIONS);
    expect(counters.faults.total).toBeGreaterThan(0);
    expect(doubleCharges).toBe(0);
    expect(classifyOverOne).toBe(0);
    for (const id of tally.processed) {
      if (tally.intents.some((intent) => intent.source === 'bot' && intent.audioId === id)) continue;
      expect(counters.classifyCalls[String(id)]).toBe(1);
    }
    expect(duplicates).toBe(0);
    expect(unaccounted).toBe(0);
    expect(created.by_url).toBe(ITERATIONS);
    expect(created.by_videosite).toBe(ITERATIONS);
    expect(created.bot).toBe(ITERATIONS);
  });
});

/** Every flow, ITERATIONS times, one after the other (so the virtual clock moves only with the flow in progress). */
async function runAllFlows(
  emu: TestEmulator,
  client: ApiClient,
  jobs: JobDriver,
  served: string,
): Promise<void> {
  for (let n = 1; n <= ITERATIONS; n += 1) {
    await run(`sign-in #${n}`, async () => {
      const fresh = emu.client({ timeoutMs: 5_000 });
      const session = await persist(emu, () => fresh.signIn(SEED.users.demo.email, SEED.users.demo.password));
      expect(session.email).toBe(SEED.users.demo.email);
    });

    await run(`list spaces #${n}`, async () => {
      const spaces = await persist(emu, () => take(client.iterateSpaces({ limit: 2 }), 100));
      expect(spaces.map((item) => item.space.id).sort()).toEqual([1, 2, 3, 4]);
    });

    await run(`list recordings #${n}`, async () => {
      const items = await persist(emu, () =>
        take(client.iterateRecordings(PERSONAL, { limit: 4, ordering: '-created_at' }), 1000),
      );
      expect(items.length).toBeGreaterThanOrEqual(SEED.personalListCount);
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    });

    await run(`multipart upload → process #${n}`, async () => {
      const title = `Fault multipart ${n}.wav`;
      tally.intents.push({ title, space: PERSONAL, source: 'upload' });
      const job = await uploadJob(jobs, PERSONAL, wavBlob(10 * MB + 8_000 * 3), title);
      expect((await persist(emu, () => client.getRecordingInfo(PERSONAL, job.audioId!))).is_uploaded).toBe(
        true,
      );
    });

    await run(`classify → result #${n}`, async () => {
      const title = `Fault classify ${n}.wav`;
      tally.intents.push({ title, space: PERSONAL, source: 'upload' });
      await uploadJob(jobs, PERSONAL, wavBlob(8000 * 20 + 44), title);
    });

    let linkId = 0;
    await run(`by URL → process #${n}`, async () => {
      const title = `Fault link ${n}.wav`;
      const intent: Intent = { title, space: PERSONAL, source: 'by_url' };
      tally.intents.push(intent);
      linkId = await downloadJob(
        emu,
        () => client.uploadByUrl(PERSONAL, { url: `${served}?n=${n}`, title, content_type: 'audio/wav' }),
        (since) => findRecordings(client, PERSONAL, { title, since }),
      );
      intent.audioId = linkId;
      const recording = await untilUploaded(emu, client, PERSONAL, linkId);
      expect(recording.duration).toBe(40);
      await processJob(jobs, PERSONAL, linkId);
    });

    await run(`video site #${n}`, async () => {
      const videoId = `fault-v${n}`;
      const title = `Video ${videoId}.m4a`;
      const intent: Intent = { title, space: PERSONAL, source: 'by_videosite' };
      tally.intents.push(intent);
      const id = await downloadJob(
        emu,
        () => client.uploadFromVideoSite(PERSONAL, { url: `https://www.youtube.com/watch?v=${videoId}` }),
        (since) => findRecordings(client, PERSONAL, { title, since }),
      );
      intent.audioId = id;
      const recording = await untilUploaded(emu, client, PERSONAL, id);
      expect(recording.title).toBe(title);
    });

    await run(`bot → meeting end → result #${n}`, async () => {
      // biome-ignore lint/suspicious/noExplicitAny: the emulator's control answer.
      let ended: any;
      const job = await jobs.bot(
        TEAM,
        `https://meet.google.com/abc-defg-hi${String.fromCharCode(96 + n)}`,
        async () => {
          ended = await emu.control('POST', '/meetings/end', { space_id: TEAM });
        },
        400,
      );
      expect(ended.recordings).toHaveLength(1);
      const id = ended.recordings[0] as number;
      const recording = await persist(emu, () => client.getRecordingInfo(TEAM, id));
      tally.intents.push({ title: recording.title, space: TEAM, source: 'bot', audioId: id });
      expect(job).toMatchObject({ phase: 'ready', audioId: id });
    });

    await run(`delete #${n}`, async () => {
      await persist(emu, () => client.deleteRecordings(PERSONAL, [linkId]));
      const trash = await persist(emu, () => take(client.iterateTrash(PERSONAL, { limit: 5 }), 1000));
      expect(trash.map((recording) => recording.id)).toContain(linkId);
    });
  }
}
