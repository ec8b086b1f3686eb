import { describe, expect, it } from 'vitest';
import { parseVideoPage } from '../links';
import { describeJob } from './describe';
import { LINK_DOWNLOAD_LIMIT_MS, VIDEO_DOWNLOAD_LIMIT_MS } from './limits';
import { SEED, useFileServer, useHarness } from './testing/harness';

const PERSONAL = SEED.spaces.personal;

describe('link and video jobs: the service downloads, the job follows `is_uploaded`', () => {
  const h = useHarness();
  const files = useFileServer();

  const link = (name: string) => ({ url: `${files()}/${name}`, title: name, contentType: 'audio/wav' });

  it('a direct link is downloaded, then processed once (transcribe intent)', async () => {
    const job = await h().engine.createLink(PERSONAL, link('talk.wav'), true);
    expect(job.phase).toBe('downloading');
    const done = await h().tickUntil(job.id, (j) => j.phase === 'ready');
    expect(done.phase).toBe('ready');
    expect((await h().counters()).classifyCalls).toEqual({ [done.audioId!]: 1 });
  });

  it('without the transcribe intent it ends as uploaded, ready to process', async () => {
    const job = await h().engine.createLink(PERSONAL, link('plain.wav'), false);
    const done = await h().tickUntil(job.id, (j) => j.phase !== 'downloading');
    expect(done.phase).toBe('uploaded');
    expect((await h().counters()).classifyCalls).toEqual({});
  });

  it('a download that never arrives is reported as probably failed after the limit, not before', async () => {
    const job = await h().engine.createLink(
      PERSONAL,
      { url: 'http://127.0.0.1:9/missing.wav', title: 'missing.wav', contentType: 'audio/wav' },
      true,
    );
    const { before, after: failed } = await h().acrossLimit(job.id, LINK_DOWNLOAD_LIMIT_MS);
    expect(before.phase).toBe('downloading');
    expect(failed.phase).toBe('failed');
    expect(failed.failure).toMatchObject({ kind: 'download-probably-failed' });
  });

  it('a video page is downloaded with its title, then processed', async () => {
    const page = parseVideoPage('https://www.youtube.com/watch?v=dQw4w9WgXcQ')!;
    const job = await h().engine.createVideo(PERSONAL, page, true);
    expect(job.phase).toBe('downloading');
    const done = await h().tickUntil(job.id, (j) => j.phase === 'ready');
    expect(done.phase).toBe('ready');
    expect(done.title).toMatch(/\.m4a$/);
  });

  it('an unavailable video is probably failed only after the video limit', async () => {
    const page = parseVideoPage('https://www.youtube.com/watch?v=unavailable')!;
    const job = await h().engine.createVideo(PERSONAL, page, true);
    await h().advance(LINK_DOWNLOAD_LIMIT_MS + 60_000);
    await h().engine.tick();
    expect((await h().job(job.id)).phase).toBe('downloading');
    await h().advance(VIDEO_DOWNLOAD_LIMIT_MS);
    await h().engine.tick();
    expect((await h().job(job.id)).failure).toMatchObject({ kind: 'download-probably-failed' });
  });

  it('a worker that died during the submit does not submit twice: it adopts the recording the submit made', async () => {
    const job = await h().dieAndRestart('POST', /\/by_url\/$/, 'die-after', () =>
      h().engine.createLink(PERSONAL, link('twice.wav'), true),
    );
    const done = await h().tickUntil(job.id, (j) => j.phase === 'ready' || j.phase === 'failed');
    expect(done.phase).toBe('ready');
    const counters = await h().counters();
    expect(counters.recordingsCreated.by_url).toBe(1);
    expect(counters.classifyCalls).toEqual({ [done.audioId!]: 1 });
  });

  describe('the submit’s answer is lost after the service acted', () => {
    const VIDEO = 'https://www.youtube.com/watch?v=lostAnswer1';
    // The emulator names a video it cannot open "Video <id>"; the page showed the same title.
    const shown = 'Video lostAnswer1 - YouTube';

    it.each([
      ['the tab showed the title the service gives the download', shown],
      [
        'the tab showed another title; the video’s id still ties them',
        'Meeting notes that write themselves - YouTube',
      ],
    ])(
      'video page: the recording this click made is adopted and processed once, nothing submitted twice (%s)',
      async (_, title) => {
        h().fault('POST', /\/by_videosite\/$/, 'network-after');
        const job = await h().engine.createVideo(PERSONAL, { ...parseVideoPage(VIDEO)!, title }, true);
        expect(job.phase).toBe('downloading');
        const done = await h().tickUntil(job.id, (j) => j.phase === 'ready' || j.phase === 'failed');
        expect(done.phase).toBe('ready');
        expect(done.title).toBe('Video lostAnswer1.m4a');
        const counters = await h().counters();
        expect(counters.recordingsCreated.by_videosite).toBe(1);
        expect(counters.classifyCalls).toEqual({ [done.audioId!]: 1 });
      },
    );

    it('by URL: the recording with the title sent is adopted; one made before the click is not', async () => {
      const before = await h().engine.createLink(PERSONAL, link('same.wav'), false);
      const earlier = await h().tickUntil(before.id, (j) => j.phase === 'uploaded');
      h().fault('POST', /\/by_url\/$/, 'network-after');
      const job = await h().engine.createLink(PERSONAL, link('same.wav'), true);
      const done = await h().tickUntil(job.id, (j) => j.phase === 'ready' || j.phase === 'failed');
      expect(done.phase).toBe('ready');
      expect(done.audioId).not.toBe(earlier.audioId);
      const counters = await h().counters();
      expect(counters.recordingsCreated.by_url).toBe(2);
      expect(counters.classifyCalls).toEqual({ [done.audioId!]: 1 });
    });

    it('nothing of this click arrives (another title, made before the click): the job says so after the download time', async () => {
      const before = await h().engine.createVideo(PERSONAL, parseVideoPage(VIDEO)!, false);
      await h().tickUntil(before.id, (j) => j.phase === 'uploaded');
      const other = await h().engine.createLink(PERSONAL, link('other.wav'), false);
      h().fault('POST', /\/by_videosite\/$/, 'network-after');
      const job = await h().engine.createVideo(
        PERSONAL,
        { ...parseVideoPage('https://www.youtube.com/watch?v=unavailable')!, title: shown },
        true,
      );
      await h().tickUntil(other.id, (j) => j.phase === 'uploaded');
      const { before: waiting, after: failed } = await h().acrossLimit(job.id, VIDEO_DOWNLOAD_LIMIT_MS);
      expect(waiting.phase).toBe('downloading');
      expect(failed.phase).toBe('failed');
      expect(failed.audioId).toBeUndefined();
      expect(failed.failure).toMatchObject({ kind: 'lost-answer-no-recording', intent: 'video' });
      expect(describeJob(failed, 'en')).toMatch(/answer .* was lost/);
      expect(describeJob(failed, 'ru')).toMatch(/потерялся/);
      expect((await h().counters()).recordingsCreated.by_videosite).toBe(2);
      expect((await h().counters()).classifyCalls).toEqual({});
    });
  });

  it('a cancelled download stops being followed', async () => {
    const job = await h().engine.createLink(PERSONAL, link('cancel.wav'), true);
    expect(await h().engine.cancel(job.id)).toMatchObject({ ok: true, job: { phase: 'cancelled' } });
    await h().advance(60_000);
    await h().engine.tick();
    expect((await h().job(job.id)).phase).toBe('cancelled');
  });

  it('a job of another account is left behind with the reason', async () => {
    const job = await h().engine.createLink(PERSONAL, link('mine.wav'), true);
    await h().signIn(SEED.users.other.email, SEED.users.other.password);
    await h().engine.tick();
    expect((await h().job(job.id)).failure).toEqual({ kind: 'account-changed' });
  });

  it('signed out: jobs wait (no polling) and continue after a new sign-in', async () => {
    const job = await h().engine.createLink(PERSONAL, link('later.wav'), true);
    await h().session.clear();
    await h().engine.tick();
    expect((await h().job(job.id)).blocked).toBe('sign-in');
    expect(await h().engine.nextDueAt()).toBeNull();
    await h().signIn();
    await h().advance(12_000);
    await h().engine.tick();
    expect((await h().job(job.id)).blocked).toBeUndefined();
    const done = await h().tickUntil(job.id, (j) => j.phase === 'ready');
    expect(done.phase).toBe('ready');
  });
});
