/**
 * The flows of the contract (upload, processing, downloads, bot) driven the way the extension
 * drives them: by the background's job engine (lib/jobs/engine.ts), with in-memory job and file
 * stores, on the emulator's virtual clock. Between ticks the clock moves to the next time a job
 * wants a look, so waits for assembly, downloads, meetings and processing take no real time.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient, ProcessingResult } from '../../lib/api';
import { createFileStore, type FileStore } from '../../lib/file-store';
import { JobEngine } from '../../lib/jobs/engine';
import { createJobStore, type JobStore } from '../../lib/jobs/store';
import { isTerminal, type Job } from '../../lib/jobs/types';
import { memoryKeyValue } from '../../lib/kv';
import { parseMeetingLink } from '../../lib/meetings';
import type { TestEmulator } from './support';

export interface JobDriver {
  readonly engine: JobEngine;
  readonly store: JobStore;
  readonly files: FileStore;
  /** Every result the engine handed on when a job became ready, by job id. */
  readonly results: Map<string, ProcessingResult>;
  /** Runs an upload job (stored file, parts, complete, assembly) to its end. */
  upload(
    spaceId: number,
    file: Blob,
    options: { title: string; autoProcess?: boolean; maxTicks?: number },
  ): Promise<Job>;
  /** Runs a processing job (start once, then the result) to its end. */
  process(spaceId: number, audioId: number, maxTicks?: number): Promise<Job>;
  /**
   * Follows a processing run the engine did not start, from the phase a bot job reaches once it
   * has claimed its meeting's recording (the service starts processing those on its own).
   */
  follow(spaceId: number, audioId: number, maxTicks?: number): Promise<Job>;
  /** The virtual time of every tick the driver made. */
  readonly tickTimes: number[];
  /** Runs a by-URL job (submit, download, optionally processing) to its end. */
  link(
    spaceId: number,
    link: { url: string; title: string; contentType: string },
    autoProcess: boolean,
    maxTicks?: number,
  ): Promise<Job>;
  /** Sends the bot; `whileWaiting` runs once the job waits for the meeting's recording. */
  bot(
    spaceId: number,
    meetingUrl: string,
    whileWaiting?: () => Promise<void>,
    maxTicks?: number,
  ): Promise<Job>;
  /** Ticks until the job has ended (or `maxTicks`), moving the clock to the next due time between ticks. */
  run(id: string, maxTicks?: number): Promise<Job>;
}

export function driveJobs(emu: TestEmulator, client: ApiClient): JobDriver {
  fakeBrowser.reset();
  const store = createJobStore(emu.now);
  const files = createFileStore(memoryKeyValue());
  const results = new Map<string, ProcessingResult>();
  const tickTimes: number[] = [];
  let fileCount = 0;
  const engine = new JobEngine({
    client,
    store,
    files,
    now: emu.now,
    identity: async () => ({ serviceUrl: emu.url, account: (await client.getSession())?.email ?? null }),
    hasOriginAccess: async () => true,
    onResult: (job, result) => {
      results.set(job.id, result);
    },
  });

  async function current(id: string): Promise<Job> {
    const job = await store.get(id);
    if (!job) throw new Error(`no job ${id}`);
    return job;
  }

  async function run(id: string, maxTicks = 200): Promise<Job> {
    await engine.idle();
    for (let tick = 0; tick < maxTicks; tick += 1) {
      const job = await current(id);
      if (isTerminal(job.phase)) return job;
      const due = await engine.nextDueAt();
      await emu.advance(Math.max(1_000, (due ?? emu.now()) - emu.now()));
      tickTimes.push(emu.now());
      await engine.tick();
      await engine.idle();
    }
    return current(id);
  }

  return {
    engine,
    store,
    files,
    results,
    tickTimes,
    run,
    async follow(spaceId, audioId, maxTicks) {
      const now = emu.now();
      const account = (await client.getSession())?.email;
      const job: Job = {
        id: `followed-${audioId}-${now}`,
        intent: 'bot',
        phase: 'processing',
        spaceId,
        audioId,
        autoProcess: false,
        createdAt: now,
        updatedAt: now,
        phaseSince: now,
        nextCheckAt: now,
        serviceUrl: emu.url,
        ...(account ? { account } : {}),
        wasClassifiedBefore: false,
        processingSince: now,
        lastResultCheckAt: now,
        firstServerErrorAt: null,
        notStartedSince: null,
      };
      await store.update(job.id, () => job);
      return run(job.id, maxTicks);
    },
    async upload(spaceId, file, options) {
      fileCount += 1;
      const fileKey = `contract-file-${fileCount}`;
      await files.putFile(fileKey, file);
      const job = await engine.createUpload(
        spaceId,
        { fileKey, title: options.title, contentType: file.type, size: file.size },
        options.autoProcess ?? false,
      );
      return run(job.id, options.maxTicks);
    },
    async process(spaceId, audioId, maxTicks) {
      return run((await engine.createProcess(spaceId, audioId)).id, maxTicks);
    },
    async link(spaceId, link, autoProcess, maxTicks) {
      return run((await engine.createLink(spaceId, link, autoProcess)).id, maxTicks);
    },
    async bot(spaceId, meetingUrl, whileWaiting, maxTicks) {
      const meeting = parseMeetingLink(meetingUrl);
      if (!meeting) throw new Error(`not a meeting link: ${meetingUrl}`);
      const job = await engine.createBot(spaceId, meeting);
      if (whileWaiting) {
        for (let tick = 0; tick < 50 && (await current(job.id)).phase === 'requesting'; tick += 1) {
          await emu.advance(12_000);
          await engine.tick();
        }
        await whileWaiting();
      }
      return run(job.id, maxTicks);
    },
  };
}
