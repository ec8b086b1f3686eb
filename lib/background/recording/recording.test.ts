/**
 * "Record here" as a service of the wiring root, made with fakes for everything it uses: the
 * browser (tabs, the tab capture, the badge), the recording page's answers, the one upload path.
 * The capture itself is Chrome's: e2e in tests/e2e/record-here*.spec.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '@/lib/jobs/types';
import { memoryKeyValue } from '@/lib/kv';
import { LOADING_WAIT_MS } from '@/lib/recording/meeting-end';
import type { RecorderAnswer, RecorderCommand } from '@/lib/recording/protocol';
import { newRecording, transition } from '@/lib/recording/state';
import { createRecordingStore, type RecordingStore } from '@/lib/recording/store';
import { MessageError } from '../handler-types';
import type { OffscreenDocument } from '../offscreen';
import {
  BROKE_TOLD_MS,
  brokeHow,
  createRecording,
  PAGE_REPORT_MS,
  type RecordingBrowser,
  type RecordingDeps,
} from '.';

const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const TAB = 7;
/** The accounts recordings are made under (lib/archive's owner: the service and the email). */
const DEMO = 'https://service.example demo@example.org';
const OTHER = 'https://service.example other@example.org';

/** A recording over fakes; `answer` is the recording page's answer to each command. */
function world(
  options: {
    store?: RecordingStore;
    offscreen?: OffscreenDocument | null;
    answer?: (command: RecorderCommand) => Promise<RecorderAnswer | null>;
    autoProcess?: boolean;
    owner?: () => Promise<string | null>;
    /** The options' stop after silence, in minutes (0: never). */
    silenceStop?: number;
  } = {},
) {
  const store = options.store ?? createRecordingStore(memoryKeyValue());
  const owner = options.owner ?? (async () => DEMO);
  const commands: RecorderCommand[] = [];
  const notices: string[] = [];
  /** The buttons each notice offered, by its title. */
  const buttons: Array<[string, string[]]> = [];
  const badges: string[] = [];
  const told: number[] = [];
  const uploads: Array<{ spaceId: number; title: string; size: number; autoProcess: boolean }> = [];
  const jobs: Job[] = [];
  const deleted: string[] = [];
  /** The files kept for upload (lib/file-store.ts), by key. */
  const files = new Set<string>();
  let holding: string | null = null;
  /** The tabs' addresses where not the default webinar's (undefined: another site, unreadable). */
  const urls = new Map<number, string | undefined>();
  /** The tabs loading now. */
  const loading = new Set<number>();
  const answer =
    options.answer ??
    (async (command: RecorderCommand): Promise<RecorderAnswer> => {
      if (command.op === 'start') holding = command.id;
      if (command.op === 'discard') holding = null;
      return { ok: true, holding };
    });
  const browser: RecordingBrowser = {
    tab: async (tabId) =>
      tabId === TAB || tabId === 8
        ? {
            url: urls.has(tabId) ? urls.get(tabId) : 'https://example.org/webinar',
            title: 'Webinar',
            status: loading.has(tabId) ? 'loading' : 'complete',
          }
        : null,
    activeTab: async () => TAB,
    tellTab: (tabId) => void told.push(tabId),
    captureStreamId: async (tabId) => `stream-${tabId}`,
    showBadge: async (text) => void badges.push(text),
    shortcut: async () => 'Alt+Shift+R',
    recorder: {
      open: async () => holding !== null,
      ask: async (command) => {
        commands.push(command);
        return answer(command);
      },
    },
  };
  const offscreen: OffscreenDocument | null =
    options.offscreen === undefined ? { use: (work) => work() } : options.offscreen;
  const deps: RecordingDeps = {
    now: () => T0,
    lang: async () => 'en',
    store,
    offscreen,
    browser,
    notify: async (_id, title, _message, offered) => {
      notices.push(title);
      if (offered) buttons.push([title, offered]);
    },
    // Signed in while someone is (the owner of what is recorded now).
    session: {
      store: { get: async () => ((await owner()) ? ({ email: 'demo@example.org' } as never) : null) },
    },
    owner,
    spaces: {
      resolve: async (explicit) => ({ id: explicit ?? 1, name: explicit === 2 ? 'Team' : 'Personal' }),
      list: async () => [
        { id: 1, name: 'Personal', isMain: true, availableSeconds: 600, isActive: true },
        { id: 2, name: 'Team', isMain: false, availableSeconds: 3_600, isActive: true },
      ],
    },
    jobs: {
      store: {
        list: async () => jobs,
        get: async (id) => jobs.find((job) => job.id === id),
      },
      files: {
        deleteFile: async (key) => {
          deleted.push(key);
          files.delete(key);
        },
        fileKeys: async () => [...files],
      },
      engine: {
        createUpload: async (spaceId, file, autoProcess) => {
          uploads.push({ spaceId, title: file.title, size: file.size, autoProcess });
          const job = { id: `job-${uploads.length}`, fileKey: file.fileKey, phase: 'uploading' } as Job;
          jobs.push(job);
          return job;
        },
      },
      scheduler: { reschedule: async () => undefined },
      updateBadge: async () => void badges.push(''),
    },
    autoProcess: async () => options.autoProcess ?? false,
    silenceStop: async () => options.silenceStop ?? 15,
    firstRecording: async () => false,
  };
  return {
    recording: createRecording(deps),
    store,
    commands,
    notices,
    buttons,
    badges,
    told,
    uploads,
    jobs,
    deleted,
    files,
    urls,
    loading,
    /** The recording page dies (a renderer crash, the extension reloaded). */
    crash: () => {
      holding = null;
    },
  };
}

async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    if (error instanceof MessageError && error.info.kind === 'recording') return error.info.reason;
    throw error;
  }
  return undefined;
}

/** A recording of tab `tabId` under way, its microphone off, its one piece kept (`recordedMs` long). */
async function recordingOnePiece(
  w: ReturnType<typeof world>,
  tabId: number,
  recordedMs: number,
): Promise<string> {
  const { state } = await w.recording.start(tabId, { microphone: false });
  const id = state!.id;
  await w.recording.event(id, { type: 'started', microphone: 'off' });
  await w.store.putPiece(id, 0, new Blob(['a']));
  await w.recording.event(id, { type: 'piece', index: 0, bytes: 1, recordedMs });
  return id;
}

describe('"Record here" as a service', () => {
  it('starts the tab asked for into the space asked for: state kept, the page handed the tab’s stream, badge and page control told', async () => {
    const { recording, commands, told, badges } = world();
    const view = await recording.start(TAB, { microphone: true, spaceId: 2 });
    expect(view.state).toMatchObject({ phase: 'starting', tabId: TAB, spaceId: 2, availableSeconds: 3_600 });
    expect(commands).toEqual([
      {
        channel: 'meeting-capture-recording',
        op: 'start',
        id: view.state!.id,
        streamId: `stream-${TAB}`,
        microphone: true,
      },
    ]);
    expect(told).toEqual([TAB]);
    expect(badges).toEqual(['0:00']);
    expect(await refusal(recording.start(8, { microphone: true }))).toBe('already-recording');
  });

  it('follows its page to the one upload path, once: a warning at 80 % of the time left, the file uploaded as .webm, the pieces gone once the job is past its upload', async () => {
    const { recording, store, notices, uploads, jobs } = world();
    const { state } = await recording.start(TAB, { microphone: false });
    const id = state!.id;
    await recording.event(id, { type: 'started', microphone: 'off' });
    await store.putPiece(id, 0, new Blob(['a']));
    await recording.event(id, { type: 'piece', index: 0, bytes: 1, recordedMs: 490_000 });
    expect(notices).toEqual(['Recording nears the time left']);
    expect(await recording.stop('user')).toMatchObject({ phase: 'stopping', stopReason: 'user' });
    await recording.event(id, { type: 'assembled', fileKey: 'file-1', durationMs: 491_000, size: 4_000 });
    await recording.event(id, { type: 'assembled', fileKey: 'file-1', durationMs: 491_000, size: 4_000 });
    expect(uploads).toEqual([{ spaceId: 1, title: `${state!.title}.webm`, size: 4_000, autoProcess: false }]);
    expect(await recording.state()).toMatchObject({ phase: 'uploading', jobId: 'job-1' });
    await recording.settleUpload();
    expect((await store.count(id)).pieces).toBe(1);
    jobs[0]!.phase = 'processing';
    expect((await recording.view()).state).toMatchObject({ phase: 'done' });
    expect((await store.count(id)).pieces).toBe(0);
  });

  it('the time the computer stood still, taken out of the file, is said in a notification; a file without it says nothing more', async () => {
    for (const closedMs of [1_200_000, 0, undefined]) {
      const { recording, notices } = world();
      const { state } = await recording.start(TAB, { microphone: false, spaceId: 2 });
      const id = state!.id;
      await recording.event(id, { type: 'started', microphone: 'off' });
      await recording.stop('user');
      await recording.event(id, {
        type: 'assembled',
        fileKey: 'file-1',
        durationMs: 60_000,
        size: 4_000,
        ...(closedMs !== undefined && { closedMs }),
        ...(closedMs && { cuts: [[30_000, closedMs]] as Array<[number, number]> }),
      });
      expect(notices, String(closedMs)).toEqual(closedMs ? ['Sleep left out'] : []);
      expect(await recording.state()).toMatchObject({ phase: 'uploading', durationMs: 60_000 });
      // Where it was taken out is kept with the recording, for the meeting page's timeline.
      expect((await recording.state())?.cuts).toEqual(closedMs ? [[30_000, closedMs]] : undefined);
    }
  });

  /** A recording stopped and assembled into `file-1`, its upload job `job-1` under way. */
  async function uploading(w: ReturnType<typeof world>): Promise<string> {
    const id = await recordingOnePiece(w, TAB, 60_000);
    await w.recording.stop('user');
    await w.recording.event(id, { type: 'assembled', fileKey: 'file-1', durationMs: 60_000, size: 4_000 });
    return id;
  }

  it.each(['failed', 'cancelled', 'dismissed'] as const)(
    'an upload %s can be retried: "Upload what was recorded" re-assembles the pieces and starts a new job',
    async (end) => {
      const w = world();
      const id = await uploading(w);
      expect(await w.recording.state()).toMatchObject({ phase: 'uploading', jobId: 'job-1' });
      if (end === 'dismissed') w.jobs.splice(0, 1);
      else w.jobs[0]!.phase = end;
      // Never "Uploading…" forever: the recording is kept and offered again.
      const view = await w.recording.view();
      expect(view.state).toMatchObject({ phase: 'failed', failure: { kind: 'upload-refused' } });
      expect(view.state?.jobId).toBeUndefined();
      expect(view.offer).not.toBeNull();
      await w.recording.recover('upload');
      expect(w.commands).toContainEqual(expect.objectContaining({ op: 'assemble', id }));
      await w.recording.event(id, { type: 'assembled', fileKey: 'file-2', durationMs: 60_000, size: 4_000 });
      expect(w.uploads).toHaveLength(2);
      expect(await w.recording.state()).toMatchObject({
        phase: 'uploading',
        jobId: 'job-2',
        fileKey: 'file-2',
      });
      w.jobs.at(-1)!.phase = 'uploaded';
      expect((await w.recording.view()).state).toMatchObject({ phase: 'done' });
      expect((await w.store.count(id)).pieces).toBe(0);
    },
  );

  it('a recording whose upload job is gone does not block the next start as still uploading', async () => {
    const w = world();
    await uploading(w);
    w.jobs.splice(0, 1);
    expect(await refusal(w.recording.start(8, { microphone: true }))).not.toBe('still-uploading');
  });

  it('the file of a refused upload start is deleted when the pieces are re-assembled, the re-assembled one when discarded', async () => {
    const w = world();
    const id = await uploading(w);
    w.jobs[0]!.phase = 'failed';
    await w.recording.view();
    await w.recording.recover('upload');
    // Kept for its balance this time: the re-assembled file waits, with no job, until discarded.
    await w.store.setState({
      ...(await w.store.getState())!,
      phase: 'failed',
      fileKey: 'file-2',
      failure: { kind: 'upload-refused', message: 'offline' },
    });
    await w.recording.recover('upload');
    expect(w.deleted).toContain('file-2');
    await w.recording.event(id, { type: 'assembled', fileKey: 'file-3', durationMs: 60_000, size: 4_000 });
    await w.store.setState({
      ...(await w.store.getState())!,
      phase: 'failed',
      jobId: undefined,
      failure: { kind: 'upload-refused', message: 'offline' },
    });
    await w.recording.recover('discard');
    expect(w.deleted).toContain('file-3');
    expect(await w.store.getState()).toBeNull();
  });

  /** A recording of `recordedMs` kept over its space's balance (its file `file-over`, its pieces). */
  async function keptOverBalance(w: ReturnType<typeof world>, tabId = TAB): Promise<string> {
    const id = await recordingOnePiece(w, tabId, 700_000);
    await w.recording.stop('user');
    await w.recording.event(id, {
      type: 'assembled',
      fileKey: `file-${id}`,
      durationMs: 700_000,
      size: 9_000,
    });
    return id;
  }

  it.each(['the popup', 'the page control', 'the shortcut'] as const)(
    'a kept recording is set aside, not replaced, by a start from %s: both listed, each uploaded or discarded on its own',
    async (from) => {
      const w = world({ autoProcess: true });
      const first = await keptOverBalance(w);
      expect((await w.recording.state())?.failure?.kind).toBe('over-balance');
      if (from === 'the popup') await w.recording.start(8, { microphone: true });
      else if (from === 'the page control')
        await w.recording.fromPage(8, 'https://meet.google.com/abc-defg-hij', undefined);
      else await w.recording.fromTab({ id: 8 });
      const view = await w.recording.view();
      expect(view.state).toMatchObject({ phase: 'starting', tabId: 8 });
      expect(view.kept).toEqual([
        {
          id: first,
          title: expect.any(String),
          startedAt: T0,
          recordedMs: 5_000,
          spaceId: 1,
          reason: 'over-balance',
        },
      ]);
      expect((await w.store.count(first)).pieces).toBe(1);
      // Not while the new one records: one recording at a time goes through the recording page.
      expect(await refusal(w.recording.recover('upload', 2, first))).toBe('already-recording');
      await w.recording.stop('user');
      const second = view.state!.id;
      await w.store.putPiece(second, 0, new Blob(['b']));
      await w.recording.event(second, {
        type: 'assembled',
        fileKey: 'file-second',
        durationMs: 700_000,
        size: 9_000,
      });
      // The second is kept over the balance too: both are listed.
      expect((await w.recording.view()).kept.map((item) => item.id)).toEqual([first]);
      expect((await w.recording.state())?.id).toBe(second);
      await w.recording.recover('upload', 2, first);
      expect(w.uploads).toEqual([expect.objectContaining({ spaceId: 2, size: 9_000 })]);
      const after = await w.recording.view();
      expect(after.state).toMatchObject({ id: first, phase: 'uploading', spaceId: 2 });
      expect(after.kept.map((item) => item.id)).toEqual([second]);
      await w.recording.recover('discard', undefined, second);
      expect((await w.recording.view()).kept).toEqual([]);
      expect(w.deleted).toContain('file-second');
      expect((await w.store.count(second)).pieces).toBe(0);
    },
  );

  it('a recording whose page is gone is set aside as interrupted by the next start, and uploaded later by re-assembling its pieces', async () => {
    const w = world();
    const id = await recordingOnePiece(w, TAB, 5_000);
    // Its page is gone (a crash): another worker's look finds nothing holding it.
    const orphan = world({ store: w.store });
    await orphan.recording.start(8, { microphone: true });
    expect((await orphan.recording.view()).kept).toEqual([
      expect.objectContaining({ id, reason: 'interrupted', recordedMs: 5_000 }),
    ]);
    await orphan.recording.stop('user');
    await orphan.recording.event((await orphan.recording.state())!.id, {
      type: 'assembled',
      fileKey: 'file-new',
      durationMs: 5_000,
      size: 100,
    });
    orphan.jobs[0]!.phase = 'uploaded';
    await orphan.recording.recover('upload', undefined, id);
    expect(orphan.commands).toContainEqual(expect.objectContaining({ op: 'assemble', id }));
    await orphan.recording.event(id, {
      type: 'assembled',
      fileKey: 'file-old',
      durationMs: 5_000,
      size: 100,
    });
    expect(orphan.uploads.map((upload) => upload.size)).toEqual([100, 100]);
    expect(await orphan.recording.state()).toMatchObject({ id, phase: 'uploading', fileKey: 'file-old' });
  });

  it('starts are serialized: a double shortcut press starts one recording, the second is refused as already starting', async () => {
    const w = world();
    await Promise.all([w.recording.fromTab({ id: TAB }), w.recording.fromTab({ id: TAB })]);
    expect(w.commands.filter((command) => command.op === 'start')).toHaveLength(1);
    expect(w.notices.sort()).toEqual(['Recording not started', 'Recording this tab']);
    expect(await w.recording.state()).toMatchObject({ phase: 'starting', tabId: TAB });
  });

  it('starts are serialized: the page control and the popup at once start one recording, the other is refused as already starting', async () => {
    const w = world();
    const page = w.recording.fromPage(TAB, 'https://meet.google.com/abc-defg-hij', undefined);
    const popup = refusal(w.recording.start(8, { microphone: true }));
    await page;
    expect(await popup).toBe('already-starting');
    expect(w.commands.filter((command) => command.op === 'start')).toHaveLength(1);
    expect(await w.recording.state()).toMatchObject({ phase: 'starting', tabId: TAB });
    // Once the first has started, another start is refused as the recording it is.
    expect(await refusal(w.recording.start(8, { microphone: true }))).toBe('already-recording');
  });

  it('a stop between assembly and the upload job (the worker stopped there) ends in an upload at the next wake, not "uploading" forever', async () => {
    const store = createRecordingStore(memoryKeyValue());
    const first = world({ store });
    const { state } = await first.recording.start(TAB, { microphone: false });
    const id = state!.id;
    await first.recording.event(id, { type: 'started', microphone: 'off' });
    await store.putPiece(id, 0, new Blob(['a']));
    await first.recording.stop('user');
    // The worker stops once the file is assembled and kept, before it makes the upload job.
    const stopping = (await store.getState())!;
    await store.setState(
      transition(stopping, { type: 'assembled', fileKey: 'file-1', durationMs: 60_000, size: 4_000 }, T0)!,
    );
    expect(await store.getState()).toMatchObject({ phase: 'uploading', fileKey: 'file-1' });
    const next = world({ store });
    await next.recording.resume();
    expect(next.uploads).toEqual([expect.objectContaining({ size: 4_000, spaceId: 1 })]);
    expect(await store.getState()).toMatchObject({ phase: 'uploading', jobId: 'job-1', fileKey: 'file-1' });
    // Woken again: the job is made once.
    await next.recording.resume();
    expect(next.uploads).toHaveLength(1);
  });

  it('two instances share nothing: a start under way is only its own instance’s (another worker’s look clears it)', async () => {
    const store = createRecordingStore(memoryKeyValue());
    let answerStart!: (answer: RecorderAnswer) => void;
    const first = world({
      store,
      answer: (command) =>
        command.op === 'start'
          ? new Promise((resolve) => {
              answerStart = resolve;
            })
          : Promise.resolve({ ok: true, holding: null }),
    });
    const starting = first.recording.start(TAB, { microphone: true });
    await expect.poll(async () => (await store.getState())?.phase).toBe('starting');
    // The instance starting it refuses a second start while its page has not answered yet...
    expect(await refusal(first.recording.start(8, { microphone: true }))).toBe('already-starting');
    // ...while another instance over the same store (a worker started after this one died) finds
    // a start nobody makes, and clears it.
    const second = world({ store });
    expect((await second.recording.view()).state).toBeNull();
    answerStart({ ok: false, holding: null, message: 'gone' });
    expect(await refusal(starting)).toBe('capture-refused');
    // Separate stores: nothing of the one is seen by the other.
    const third = world();
    await third.recording.start(TAB, { microphone: true });
    expect((await world().recording.view()).state).toBeNull();
  });

  it('a meeting page’s control stops only its own tab’s recording', async () => {
    const { recording, commands } = world();
    await recording.start(TAB, { microphone: true });
    expect(await recording.stopFromPage(8)).toEqual({ recording: false, elapsedMs: 0, elsewhere: true });
    expect(commands.map((command) => command.op)).toEqual(['start']);
    expect(await recording.stopFromPage(TAB)).toEqual({ recording: false, elapsedMs: 0, elsewhere: false });
    expect(commands.map((command) => command.op)).toEqual(['start', 'stop']);
  });

  it('the session’s end discards the capture in its page and wipes everything', async () => {
    const { recording, store, commands } = world();
    const { state } = await recording.start(TAB, { microphone: true });
    await store.putPiece(state!.id, 0, new Blob(['a']));
    await recording.forget();
    expect(commands.map((command) => command.op)).toEqual(['start', 'discard']);
    expect(await store.getState()).toBeNull();
    expect((await store.count(state!.id)).pieces).toBe(0);
  });

  it('a session the service ends mid-recording does not stop it: the capture goes on, a notification says so, and the recording waits for the same account', async () => {
    let signedIn: string | null = DEMO;
    const w = world({ owner: async () => signedIn });
    const id = await recordingOnePiece(w, TAB, 5_000);
    signedIn = null;
    await w.recording.forget('ended');
    expect(w.commands.map((command) => command.op)).toEqual(['start']);
    expect(await w.recording.state()).toMatchObject({ id, phase: 'recording' });
    expect(w.notices).toEqual(['Signed out: still recording']);
    const view = await w.recording.view();
    expect(view.offer).toBeNull();
    expect(view.waitsFor).toBe('demo@example.org');
    // The pieces go on; the page's Stop (or the meeting's end) stops it while nobody is signed in:
    // its file is made and waits, uploaded to nobody.
    await w.store.putPiece(id, 1, new Blob(['b']));
    await w.recording.event(id, { type: 'piece', index: 1, bytes: 1, recordedMs: 10_000 });
    await w.recording.stopFromPage(TAB);
    await w.recording.event(id, { type: 'released', pieces: 2 });
    await w.recording.event(id, {
      type: 'assembled',
      fileKey: `recording-${id}`,
      durationMs: 10_000,
      size: 20,
    });
    expect(w.uploads).toEqual([]);
    expect(await w.recording.state()).toMatchObject({ phase: 'uploading', fileKey: `recording-${id}` });
    expect((await w.recording.state())?.jobId).toBeUndefined();
    expect(w.notices.at(-1)).toBe('Recording waits for you to sign in');
    // Another account would be asked first; the same account signing in uploads it, once.
    expect(await w.recording.keptFor(OTHER)).toBe(1);
    signedIn = OTHER;
    await w.recording.resume();
    expect(w.uploads).toEqual([]);
    signedIn = DEMO;
    await w.recording.resume();
    await w.recording.resume();
    expect(w.uploads).toEqual([expect.objectContaining({ size: 20 })]);
    expect(await w.recording.state()).toMatchObject({ phase: 'uploading', jobId: 'job-1' });
  });

  it('recordings are kept for the account they were made under: another account signing in would delete them all, the same one none', async () => {
    const w = world();
    expect(await w.recording.keptFor(OTHER)).toBe(0);
    const first = (await w.recording.start(TAB, { microphone: true })).state!.id;
    await w.recording.event(first, { type: 'started', microphone: 'off' });
    // Running: at stake for another account, not for its own.
    expect(await w.recording.keptFor(OTHER)).toBe(1);
    expect(await w.recording.keptFor(DEMO)).toBe(0);
    await w.store.putPiece(first, 0, new Blob(['a']));
    w.crash();
    // Offered, then set aside by the next start: two recordings at stake.
    await w.recording.start(8, { microphone: true });
    expect(await w.recording.keptFor(OTHER)).toBe(2);
    expect(await w.store.getOwner()).toBe(DEMO);
    // Sign-out's wipe takes the owner with the recordings.
    await w.recording.forget('signed-out');
    expect(await w.store.getOwner()).toBeNull();
    expect(await w.recording.keptFor(OTHER)).toBe(0);
  });

  it('a recording of one account still uploading is offered to no other: its sign-in is asked first, and once signed in that account is neither shown, offered nor uploads it', async () => {
    let signedIn: string | null = DEMO;
    const w = world({ owner: async () => signedIn });
    const id = await uploading(w);
    // The service ends the session mid-upload: the upload waits for a sign-in.
    signedIn = null;
    await w.recording.forget('ended');
    expect(await w.recording.keptFor(OTHER)).toBe(1);
    expect(await w.recording.keptFor(DEMO)).toBe(0);
    // Signed in as another account all the same (the engine fails the upload job as another
    // account's): nothing of the recording reaches it.
    signedIn = OTHER;
    w.jobs[0]!.phase = 'failed';
    const view = await w.recording.view();
    expect(view.state).toBeNull();
    expect(view.offer).toBeNull();
    expect(view.kept).toEqual([]);
    expect(await refusal(w.recording.recover('upload'))).toBe('another-account');
    expect(await refusal(w.recording.recover('upload', 2, id))).toBe('another-account');
    expect(await refusal(w.recording.recover('discard', undefined, id))).toBe('another-account');
    await w.recording.resume();
    expect(w.uploads).toHaveLength(1);
    expect(w.commands.filter((command) => command.op === 'assemble')).toEqual([]);
    // Its own account: offered again, and uploaded into its own space.
    signedIn = DEMO;
    expect((await w.recording.view()).offer).not.toBeNull();
    await w.recording.recover('upload');
    expect(w.commands.filter((command) => command.op === 'assemble')).toHaveLength(1);
  });

  it('recordings of an unknown owner (kept by an older version) are offered to the next sign-in, as before', async () => {
    const w = world();
    const id = await recordingOnePiece(w, TAB, 5_000);
    // As an older version kept it: no owner on the recording, none beside it.
    const { owner: _, ...older } = (await w.store.getState())!;
    const store = createRecordingStore(memoryKeyValue());
    await store.setState(older);
    await store.putPiece(id, 0, new Blob(['a']));
    const next = world({ store, owner: async () => OTHER });
    expect(await store.getOwner()).toBeNull();
    expect(await next.recording.keptFor(OTHER)).toBe(0);
    expect((await next.recording.view()).offer).not.toBeNull();
  });

  it('the microphone lost mid-recording (a headset switched off) is told: the state, the page control and a notification; the tab goes on being recorded', async () => {
    const { recording, notices, told } = world();
    const { state } = await recording.start(TAB, { microphone: true });
    await recording.event(state!.id, { type: 'started', microphone: 'recorded' });
    await recording.event(state!.id, { type: 'microphone-ended' });
    expect(await recording.state()).toMatchObject({ phase: 'recording', microphone: 'lost' });
    expect(notices).toEqual(['Your microphone is no longer recorded']);
    expect(told).toEqual([TAB, TAB]);
    expect(await recording.onPage(TAB)).toMatchObject({ recording: true, broke: 'microphone' });
    expect((await recording.onPage(8)).broke).toBeUndefined();
  });

  it('the tab’s sound ending mid-recording stops it, keeps and uploads what was recorded, and says so', async () => {
    const { recording, notices } = world();
    const { state } = await recording.start(TAB, { microphone: true });
    await recording.event(state!.id, { type: 'started', microphone: 'off' });
    await recording.event(state!.id, { type: 'capture-ended' });
    expect(await recording.state()).toMatchObject({ phase: 'stopping', stopReason: 'capture-ended' });
    expect(notices).toEqual(['Recording stopped']);
    expect(await recording.onPage(TAB)).toMatchObject({ recording: false, broke: 'tab' });
  });

  it('the recording page gone mid-recording is noticed at the next check: failed ("page gone"), its pieces kept and offered, the page control and a notification told', async () => {
    const w = world();
    const { state } = await w.recording.start(TAB, { microphone: true });
    const id = state!.id;
    await w.recording.event(id, { type: 'started', microphone: 'off' });
    await w.store.putPiece(id, 0, new Blob(['a']));
    await w.recording.check();
    expect((await w.recording.state())?.phase).toBe('recording');
    w.crash();
    // One look without an answer is not a death; the second, 2.5 s later, is.
    await w.recording.check();
    expect((await w.recording.state())?.phase).toBe('recording');
    await w.recording.check();
    expect(await w.recording.state()).toMatchObject({ phase: 'failed', failure: { kind: 'page-gone' } });
    expect(w.notices).toEqual(['Recording stopped']);
    expect(w.told).toEqual([TAB, TAB]);
    expect((await w.recording.view()).offer).not.toBeNull();
    expect(await w.recording.onPage(TAB)).toMatchObject({ recording: false, broke: 'page' });
  });

  it('a meeting page’s control is told how its recording broke for 10 minutes, then no more; a stop by the user is no break', () => {
    const base = newRecording({ id: 'r', tabId: TAB, title: 't', spaceId: 1, availableSeconds: null }, T0);
    const gone = { ...base, phase: 'failed' as const, failure: { kind: 'page-gone' as const } };
    expect(brokeHow(gone, T0 + BROKE_TOLD_MS)).toBe('page');
    expect(brokeHow(gone, T0 + BROKE_TOLD_MS + 1)).toBeNull();
    expect(brokeHow({ ...base, phase: 'uploading', stopReason: 'capture-ended' }, T0)).toBe('tab');
    expect(brokeHow({ ...base, phase: 'uploading', stopReason: 'user' }, T0)).toBeNull();
    expect(brokeHow({ ...base, phase: 'recording', microphone: 'recorded' }, T0)).toBeNull();
    // The microphone lost is said while it records, whenever it was lost.
    expect(brokeHow({ ...base, phase: 'recording', microphone: 'lost' }, T0 + 3 * BROKE_TOLD_MS)).toBe(
      'microphone',
    );
  });

  /** The notices that asked "Still recording?" (a long recording also warns of the balance). */
  const asked = (w: { notices: string[] }) => w.notices.filter((notice) => notice === 'Still recording?');

  /** A recording under way into the space with an hour left, and a way to feed it pieces. */
  async function silentWorld(options: Parameters<typeof world>[0] = {}) {
    const w = world(options);
    const { state } = await w.recording.start(TAB, { microphone: true, spaceId: 2 });
    const id = state!.id;
    await w.recording.event(id, { type: 'started', microphone: 'recorded' });
    let index = 0;
    const piece = (audible: boolean, recordedMs = (index + 1) * 5_000) =>
      w.recording.event(id, { type: 'piece', index: index++, bytes: 10, recordedMs, audible });
    const pieces = async (count: number, audible: boolean) => {
      for (let i = 0; i < count; i++) await piece(audible);
    };
    return { ...w, id, piece, pieces };
  }

  it('long silence: "Still recording?" once after 5 minutes with Keep recording, a stop after 15, and the silence at the end cut before the upload (and said)', async () => {
    const w = await silentWorld();
    await w.pieces(24, true); // 2 minutes of talk
    await w.pieces(59, false); // 4 min 55 s of silence
    expect(w.notices).toEqual([]);
    await w.piece(false); // 5 minutes
    expect(w.notices).toEqual(['Still recording?']);
    expect(w.buttons).toEqual([['Still recording?', ['Keep recording']]]);
    expect(await w.recording.onPage(TAB)).toMatchObject({
      recording: true,
      silence: { heard: 5, stops: 15 },
    });
    await w.pieces(12, false);
    expect(w.notices).toEqual(['Still recording?']);
    await w.piece(true); // a sound: the silence starts again from nothing
    expect((await w.recording.onPage(TAB)).silence).toBeUndefined();
    await w.pieces(179, false);
    expect((await w.recording.state())?.phase).toBe('recording');
    expect(w.notices).toEqual(['Still recording?', 'Still recording?']);
    await w.piece(false); // 15 minutes
    expect(await w.recording.state()).toMatchObject({ phase: 'stopping', stopReason: 'silence' });
    // The stop itself fixes no cut: the page is told to stop and write its last piece.
    expect(w.commands.at(-1)).toEqual({ channel: 'meeting-capture-recording', op: 'stop', id: w.id });
    // Every piece written (the last one flushed by the stop, silent too), the page says so: the file
    // is made of the pieces up to the last sound (piece 96) and one more, 98 of 278.
    await w.recording.event(w.id, { type: 'released', pieces: 278, lastAudible: 96 });
    expect(w.commands.at(-1)).toEqual({
      channel: 'meeting-capture-recording',
      op: 'assemble',
      id: w.id,
      keep: 98,
    });
    expect(w.notices).toEqual(['Still recording?', 'Still recording?', 'Silence cut']);
  });

  it('Keep recording holds the recording through this silence; the next silence is asked about again', async () => {
    const w = await silentWorld();
    await w.pieces(2, true);
    await w.pieces(60, false);
    expect(w.notices).toEqual(['Still recording?']);
    // From the popup (or the notification's button): held, told to the page.
    const told = w.told.length;
    await w.recording.keep();
    expect(w.told.slice(told)).toEqual([TAB]);
    expect(await w.recording.onPage(TAB)).toMatchObject({ recording: true });
    expect((await w.recording.onPage(TAB)).silence).toBeUndefined();
    await w.pieces(24 * 12, false); // 24 more minutes of silence
    expect(await w.recording.state()).toMatchObject({ phase: 'recording', silenceKept: true });
    // A sound ends the hold: the next silence is asked about, and kept from the page this time.
    await w.piece(true);
    await w.pieces(60, false);
    expect(w.notices).toEqual(['Still recording?', 'Still recording?']);
    expect(await w.recording.keepFromPage(8)).toMatchObject({ recording: false });
    expect(await w.recording.state()).toMatchObject({ silenceKept: false });
    expect(await w.recording.keepFromPage(TAB)).toMatchObject({ recording: true });
    await w.pieces(24 * 12, false);
    expect(await w.recording.state()).toMatchObject({ phase: 'recording' });
    // Stopped by the person: every piece is uploaded, the silence too.
    await w.recording.stop('user');
    const stop = w.commands.find((command) => command.op === 'stop') as { keep?: number };
    expect(stop.keep).toBeUndefined();
    // 699 pieces written, the last sound in piece 350.
    await w.recording.event(w.id, { type: 'released', pieces: 699, lastAudible: 350 });
    const made = w.commands.find((command) => command.op === 'assemble') as { keep?: number };
    expect(made).toBeDefined();
    expect(made.keep).toBeUndefined();
    expect(w.notices).not.toContain('Silence cut');
  });

  it('never stops for silence while the meeting’s page says the call is on; counts again once it is not', async () => {
    const MEET = 'https://meet.google.com/abc-defg-hij';
    const w = world();
    w.urls.set(TAB, MEET);
    const { state } = await w.recording.start(TAB, { microphone: false });
    const id = state!.id;
    await w.recording.event(id, { type: 'started', microphone: 'off' });
    let index = 0;
    const piece = () =>
      w.recording.event(id, {
        type: 'piece',
        index: index++,
        bytes: 10,
        recordedMs: index * 5_000,
        audible: false,
      });
    // Another tab's page, or this tab's page of another meeting, says nothing of this call.
    await w.recording.callState(8, MEET, true);
    await w.recording.callState(TAB, 'https://meet.google.com/xyz-wxyz-xyz', true);
    expect((await w.recording.state())?.callOn).toBeUndefined();
    await w.recording.callState(TAB, `${MEET}?authuser=1`, true);
    for (let i = 0; i < 12 * 60; i++) await piece(); // an hour of a silent screen share
    expect(await w.recording.state()).toMatchObject({ phase: 'recording', callOn: true, silentPieces: 0 });
    expect(asked(w)).toEqual([]);
    // The page says the call is not on (the lobby, a screen it does not know): counted from there.
    await w.recording.callState(TAB, MEET, false);
    for (let i = 0; i < 60; i++) await piece();
    expect(asked(w)).toEqual(['Still recording?']);
    for (let i = 0; i < 120; i++) await piece();
    expect(await w.recording.state()).toMatchObject({ phase: 'stopping', stopReason: 'silence' });
  });

  it('a clock that jumped through a sleep is not silence; the stop follows the options, off never stops', async () => {
    const slept = await silentWorld();
    await slept.pieces(2, true);
    await slept.piece(false);
    // The computer slept 40 minutes: the page's next piece is stamped 40 minutes later.
    await slept.piece(false, 40 * 60_000);
    expect(await slept.recording.state()).toMatchObject({ phase: 'recording', silentPieces: 2 });
    expect(asked(slept)).toEqual([]);

    const hour = await silentWorld({ silenceStop: 60 });
    await hour.pieces(1, true);
    await hour.pieces(50 * 12 - 1, false);
    expect(asked(hour)).toEqual([]);
    await hour.piece(false);
    expect(asked(hour)).toEqual(['Still recording?']);
    expect((await hour.recording.onPage(TAB)).silence).toEqual({ heard: 50, stops: 60 });
    await hour.pieces(10 * 12, false);
    expect(await hour.recording.state()).toMatchObject({ phase: 'stopping', stopReason: 'silence' });

    const never = await silentWorld({ silenceStop: 0 });
    await never.pieces(1, true);
    await never.pieces(3 * 60 * 12, false);
    expect(await never.recording.state()).toMatchObject({ phase: 'recording' });
    expect(asked(never)).toEqual([]);
  });

  it('the silent end is trimmed only when the recording stopped for silence; a page that says nothing of the silence keeps every piece', async () => {
    for (const [audible, reason] of [
      [true, 'user'],
      [false, 'user'],
      [false, 'meeting-ended'],
      [undefined, 'user'],
    ] as const) {
      const w = world();
      const { state } = await w.recording.start(TAB, { microphone: true, spaceId: 2 });
      const id = state!.id;
      await w.recording.event(id, { type: 'started', microphone: 'recorded' });
      for (let index = 0; index < 30; index++)
        await w.recording.event(id, {
          type: 'piece',
          index,
          bytes: 10,
          recordedMs: (index + 1) * 5_000,
          ...(audible !== undefined && { audible: index === 0 ? true : audible }),
        });
      await w.recording.stop(reason);
      const stop = w.commands.find((command) => command.op === 'stop') as { keep?: number };
      expect(stop.keep, `${audible} ${reason}`).toBeUndefined();
      // Every piece written, the page says what it heard last: no cut for a stop not for silence.
      await w.recording.event(id, {
        type: 'released',
        pieces: 30,
        ...(audible !== undefined && { lastAudible: audible ? 29 : 0 }),
      });
      const made = w.commands.find((command) => command.op === 'assemble') as { keep?: number };
      expect(made, `${audible} ${reason}`).toBeDefined();
      expect(made.keep, `${audible} ${reason}`).toBeUndefined();
      expect(await w.recording.state(), `${audible} ${reason}`).toMatchObject({ keep: null });
      expect(w.notices, `${audible} ${reason}`).toEqual([]);
    }
  });

  /**
   * A recording (into `spaceId`) whose pieces the page said were heard or not, one each of
   * `heard` (undefined: the page said nothing of it).
   */
  async function heardPieces(
    w: ReturnType<typeof world>,
    heard: Array<boolean | undefined>,
    spaceId?: number,
  ): Promise<string> {
    const { state } = await w.recording.start(TAB, { microphone: true, ...(spaceId && { spaceId }) });
    const id = state!.id;
    await w.recording.event(id, { type: 'started', microphone: 'recorded' });
    for (const [index, audible] of heard.entries())
      await w.recording.event(id, {
        type: 'piece',
        index,
        bytes: 10,
        recordedMs: (index + 1) * 5_000,
        ...(audible !== undefined && { audible }),
      });
    return id;
  }

  /**
   * A recording of 10 pieces, a sound in the first two, stopped for its silence: the stop's last
   * piece is `last`.
   */
  async function stoppedAfterSilence(
    w: ReturnType<typeof world>,
    last: { audible: boolean },
  ): Promise<string> {
    const id = await heardPieces(
      w,
      Array.from({ length: 10 }, (_, index) => index < 2),
      2,
    );
    await w.recording.stop('silence');
    // The recorder flushes its last piece once stopped: it reaches the background after the stop.
    await w.recording.event(id, { type: 'piece', index: 10, bytes: 10, recordedMs: 53_000, ...last });
    await w.recording.event(id, { type: 'released', pieces: 11, lastAudible: last.audible ? 10 : 1 });
    return id;
  }

  it('the silence cut is decided once every piece is in: a sound in the piece the stop flushed is kept, not cut', async () => {
    const w = world();
    const id = await stoppedAfterSilence(w, { audible: true });
    // The stop itself fixes no cut: the page is told to stop, then to make the file of every piece.
    expect(w.commands.map((command) => command.op)).toEqual(['start', 'stop', 'assemble']);
    expect(w.commands.at(-1)).toEqual({ channel: 'meeting-capture-recording', op: 'assemble', id, keep: 11 });
    expect(w.notices).toEqual([]);
    expect(await w.recording.state()).toMatchObject({ phase: 'stopping', keep: 11 });
  });

  it('the silence cut is kept with the recording: a retried upload re-assembles the same cut file, never the silence', async () => {
    const w = world();
    const id = await stoppedAfterSilence(w, { audible: false });
    expect(w.commands.at(-1)).toEqual({ channel: 'meeting-capture-recording', op: 'assemble', id, keep: 3 });
    expect(w.notices).toEqual(['Silence cut']);
    // Told twice (the message repeated): decided once, made once.
    await w.recording.event(id, { type: 'released', pieces: 11, lastAudible: 10 });
    expect(w.commands.filter((command) => command.op === 'assemble')).toHaveLength(1);
    await w.recording.event(id, { type: 'assembled', fileKey: 'file-1', durationMs: 15_000, size: 30 });
    expect(w.uploads).toHaveLength(1);
    // The upload fails; "Upload what was recorded" makes the file again, cut as decided.
    w.jobs[0]!.phase = 'failed';
    await w.recording.view();
    await w.recording.recover('upload');
    expect(w.commands.filter((command) => command.op === 'assemble').at(-1)).toEqual({
      channel: 'meeting-capture-recording',
      op: 'assemble',
      id,
      keep: 3,
    });
    await w.recording.event(id, { type: 'assembled', fileKey: 'file-2', durationMs: 15_000, size: 30 });
    expect(w.uploads.map((upload) => upload.size)).toEqual([30, 30]);
    expect(w.notices).toEqual(['Silence cut']);
  });

  it('a stop for silence with no silence at the end cuts nothing; a recording page that says nothing of the silence keeps every piece', async () => {
    for (const audible of [true, undefined]) {
      const w = world();
      const id = await heardPieces(w, [audible, audible, audible]);
      await w.recording.stop('silence');
      await w.recording.event(id, {
        type: 'released',
        pieces: 3,
        ...(audible !== undefined && { lastAudible: 2 }),
      });
      const made = w.commands.find((command) => command.op === 'assemble') as { keep?: number };
      expect(made.keep, String(audible)).toBe(audible ? 3 : undefined);
      expect(w.notices).toEqual([]);
    }
  });

  it('sign-out while the file is made leaves no file behind: the page drops it, a file it reports after is deleted, and the next start sweeps files no recording owns', async () => {
    const w = world();
    const id = await recordingOnePiece(w, TAB, 5_000);
    await w.recording.stop('user');
    await w.recording.event(id, { type: 'released', pieces: 1 });
    await w.recording.forget('signed-out');
    expect(w.commands.map((command) => command.op)).toEqual(['start', 'stop', 'assemble', 'discard']);
    // The page had written the file already when it was told: its word deletes it, nothing is uploaded.
    w.files.add(`recording-${id}`);
    await w.recording.event(id, {
      type: 'assembled',
      fileKey: `recording-${id}`,
      durationMs: 5_000,
      size: 10,
    });
    expect(w.deleted).toEqual([`recording-${id}`]);
    expect(w.uploads).toEqual([]);

    // A worker stopped before that word: the next start sweeps every recording's file that no
    // recording and no upload job owns, and leaves the others (and files that are not recordings').
    const next = world({ autoProcess: true });
    const kept = await keptOverBalance(next);
    await next.recording.start(8, { microphone: false });
    const running = (await next.recording.state())!.id;
    next.jobs.push({ id: 'job-x', fileKey: 'recording-uploading', phase: 'uploading' } as Job);
    for (const key of [
      'recording-left-by-a-sign-out',
      `file-${kept}`,
      `recording-${kept}`,
      `recording-${running}`,
      'recording-uploading',
      'picked-in-the-popup',
    ])
      next.files.add(key);
    await next.recording.resume();
    expect(next.deleted).toEqual(['recording-left-by-a-sign-out']);
  });

  it('without an offscreen document (Firefox) it is not supported and starts nothing', async () => {
    const { recording, commands } = world({ offscreen: null });
    expect((await recording.view()).supported).toBe(false);
    expect(await refusal(recording.start(TAB, { microphone: true }))).toBe('unsupported');
    expect(commands).toEqual([]);
  });
});

describe('the recording ends with the meeting', () => {
  const MEET = 'https://meet.google.com/abc-defg-hij';

  async function recordingMeet(url = MEET) {
    const w = world();
    w.urls.set(TAB, url);
    const view = await w.recording.start(TAB, { microphone: false });
    await w.recording.event(view.state!.id, { type: 'started', microphone: 'off' });
    return w;
  }

  it('keeps the meeting the tab showed at the start', async () => {
    const w = await recordingMeet(`${MEET}?authuser=1`);
    expect((await w.recording.state())?.meeting).toEqual({ service: 'google_meet', id: 'abc-defg-hij' });
  });

  it('stops and uploads when the tab shows another meeting or leaves it, and says why', async () => {
    for (const next of ['https://meet.google.com/xyz-wxyz-xyz', 'https://meet.google.com/landing']) {
      const w = await recordingMeet();
      w.urls.set(TAB, next);
      await w.recording.tabChanged(TAB, false);
      expect(await w.recording.state(), next).toMatchObject({
        phase: 'stopping',
        stopReason: 'meeting-ended',
      });
      expect(w.commands.at(-1), next).toMatchObject({ op: 'stop' });
      expect(w.notices, next).toEqual(['Recording stopped: the meeting ended']);
    }
  });

  it('address changes within the meeting keep the recording', async () => {
    const w = await recordingMeet();
    w.urls.set(TAB, `${MEET}?authuser=1&pli=1`);
    await w.recording.tabChanged(TAB, false);
    expect(await w.recording.state()).toMatchObject({ phase: 'recording' });
    const zoom = await recordingMeet('https://app.zoom.us/wc/85012345678/join?pwd=x');
    zoom.urls.set(TAB, 'https://app.zoom.us/wc/85012345678/start?fromPWA=1');
    await zoom.recording.tabChanged(TAB, false);
    expect(await zoom.recording.state()).toMatchObject({ phase: 'recording' });
    zoom.urls.set(TAB, 'https://app.zoom.us/wc/leave?meetingId=85012345678');
    await zoom.recording.tabChanged(TAB, false);
    expect(await zoom.recording.state()).toMatchObject({ stopReason: 'meeting-ended' });
  });

  it('routes within a meeting keep it; an address its service does not know keeps it and asks the page', async () => {
    const thread = '19:meeting_MjM0OTEwZmEtMGU1Yi00MjA4LTgwNmUtZDUzYWY3YWE2MmZj@thread.v2';
    const teams = await recordingMeet(
      `https://teams.microsoft.com/l/meetup-join/${encodeURIComponent(thread)}/0`,
    );
    for (const next of [
      `https://teams.microsoft.com/_#/pre-join-calling/${thread}`,
      'https://teams.microsoft.com/_#/modern-calling/',
    ]) {
      teams.urls.set(TAB, next);
      await teams.recording.tabChanged(TAB, false);
      expect(await teams.recording.state(), next).toMatchObject({ phase: 'recording' });
    }
    // Unknown to Teams' file: kept, and the tab's page asked what it shows.
    const told = teams.told.length;
    teams.urls.set(TAB, 'https://teams.microsoft.com/v2/');
    await teams.recording.tabChanged(TAB, false);
    expect(await teams.recording.state()).toMatchObject({ phase: 'recording' });
    expect(teams.told.slice(told)).toEqual([TAB]);
    expect(teams.notices).toEqual([]);

    // Zoom's personal link goes to its meeting's number, which the recording follows from then on.
    const zoom = await recordingMeet('https://zoom.us/my/alice.smith');
    zoom.urls.set(TAB, 'https://zoom.us/wc/85012345678/join');
    await zoom.recording.tabChanged(TAB, false);
    expect(await zoom.recording.state()).toMatchObject({
      phase: 'recording',
      meeting: { service: 'zoom', id: '85012345678' },
    });
    zoom.urls.set(TAB, 'https://app.zoom.us/wc/85099999999/join');
    await zoom.recording.tabChanged(TAB, false);
    expect(await zoom.recording.state()).toMatchObject({ stopReason: 'meeting-ended' });
  });

  it('an unreadable address: kept while the tab’s meeting page says it shows the meeting, else the tab left the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      // Another site: the meeting page says nothing.
      const w = await recordingMeet();
      w.urls.set(TAB, undefined);
      const away = w.recording.tabChanged(TAB, false);
      await vi.advanceTimersByTimeAsync(PAGE_REPORT_MS);
      await away;
      expect(await w.recording.state()).toMatchObject({ stopReason: 'left-page' });

      // An address change within the meeting: its page says so (its control asks page.recording).
      const kept = await recordingMeet();
      kept.urls.set(TAB, undefined);
      const within = kept.recording.tabChanged(TAB, false);
      await kept.recording.pageShows(TAB, `${MEET}?authuser=1`);
      await vi.advanceTimersByTimeAsync(PAGE_REPORT_MS);
      await within;
      expect(await kept.recording.state()).toMatchObject({ phase: 'recording' });
      // A word said before the change does not count for it.
      const late = kept.recording.tabChanged(TAB, false);
      await vi.advanceTimersByTimeAsync(PAGE_REPORT_MS);
      await late;
      expect(await kept.recording.state()).toMatchObject({ stopReason: 'left-page' });

      // The page says it shows another meeting: ended at once.
      const other = await recordingMeet();
      await other.recording.pageShows(TAB, 'https://meet.google.com/xyz-wxyz-xyz');
      expect(await other.recording.state()).toMatchObject({ stopReason: 'meeting-ended' });
      expect(other.notices).toEqual(['Recording stopped: the meeting ended']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('another origin on the way in: the new page is waited for as long as the tab loads, then 4 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      // Zoom's "Join from your browser": us06web.zoom.us/j/<n> → app.zoom.us/wc/<n>/join, whose
      // address the background cannot read, on a slow network (12 s to load).
      const slow = await recordingMeet('https://us06web.zoom.us/j/85012345678?pwd=x');
      slow.urls.set(TAB, undefined);
      slow.loading.add(TAB);
      const moved = slow.recording.tabChanged(TAB, false);
      await vi.advanceTimersByTimeAsync(12_000);
      expect(await slow.recording.state()).toMatchObject({ phase: 'recording' });
      slow.loading.delete(TAB);
      await vi.advanceTimersByTimeAsync(500);
      await slow.recording.pageShows(TAB, 'https://app.zoom.us/wc/85012345678/join?fromPWA=1');
      await vi.advanceTimersByTimeAsync(PAGE_REPORT_MS);
      await moved;
      expect(await slow.recording.state()).toMatchObject({ phase: 'recording' });

      // Loaded with no word from a meeting page: the tab left it, 4 s after the load.
      const away = await recordingMeet('https://us06web.zoom.us/j/85012345678?pwd=x');
      away.urls.set(TAB, undefined);
      away.loading.add(TAB);
      const left = away.recording.tabChanged(TAB, false);
      await vi.advanceTimersByTimeAsync(30_000);
      away.loading.delete(TAB);
      await vi.advanceTimersByTimeAsync(PAGE_REPORT_MS - 500);
      expect(await away.recording.state()).toMatchObject({ phase: 'recording' });
      await vi.advanceTimersByTimeAsync(1_000);
      await left;
      expect(await away.recording.state()).toMatchObject({ stopReason: 'left-page' });

      // A tab that never stops loading is waited for 2 minutes at most.
      const stuck = await recordingMeet('https://us06web.zoom.us/j/85012345678?pwd=x');
      stuck.urls.set(TAB, undefined);
      stuck.loading.add(TAB);
      const never = stuck.recording.tabChanged(TAB, false);
      await vi.advanceTimersByTimeAsync(LOADING_WAIT_MS + PAGE_REPORT_MS);
      await never;
      expect(await stuck.recording.state()).toMatchObject({ stopReason: 'left-page' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('the meeting page saying its call ended stops it; the same words from elsewhere do not', async () => {
    const w = await recordingMeet();
    // Another tab, or this tab's page of another meeting: nothing happens.
    await w.recording.meetingEnded(8, MEET);
    await w.recording.meetingEnded(TAB, 'https://meet.google.com/xyz-wxyz-xyz');
    expect(await w.recording.state()).toMatchObject({ phase: 'recording' });
    await w.recording.meetingEnded(TAB, `${MEET}?hs=1`);
    expect(await w.recording.state()).toMatchObject({ phase: 'stopping', stopReason: 'meeting-ended' });
    expect(w.notices).toEqual(['Recording stopped: the meeting ended']);
    // Told twice (the page looks again): one stop.
    await w.recording.meetingEnded(TAB, MEET);
    expect(w.commands.filter((command) => command.op === 'stop')).toHaveLength(1);
  });

  it('a recording of a tab that showed no meeting never ends by a meeting', async () => {
    const w = world();
    const view = await w.recording.start(TAB, { microphone: false });
    await w.recording.event(view.state!.id, { type: 'started', microphone: 'off' });
    expect((await w.recording.state())?.meeting).toBeUndefined();
    w.urls.set(TAB, 'https://example.org/other');
    await w.recording.tabChanged(TAB, false);
    await w.recording.meetingEnded(TAB, 'https://example.org/other');
    expect(await w.recording.state()).toMatchObject({ phase: 'recording' });
  });
});
