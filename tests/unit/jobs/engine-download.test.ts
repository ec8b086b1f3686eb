import { describe, expect, it } from 'vitest';
import { LINK_DOWNLOAD_LIMIT_MS, VIDEO_DOWNLOAD_LIMIT_MS } from '../../../lib/jobs/limits';
import { parseVideoPage } from '../../../lib/links';
import { SEED, useFileServer, useHarness } from './harness';

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
    await h().advance(LINK_DOWNLOAD_LIMIT_MS - 60_000);
    await h().engine.tick();
    expect((await h().job(job.id)).phase).toBe('downloading');
    await h().advance(2 * 60_000);
    await h().engine.tick();
    const failed = await h().job(job.id);
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

  it('a worker that died during the submit reports the unknown outcome instead of submitting twice', async () => {
    const died = h().fault('POST', /\/by_url\/$/, 'die-after').fired;
    void h().engine.createLink(PERSONAL, link('twice.wav'), true);
    await died;
    h().restart();
    await h().engine.tick();
    const [job] = await h().store.list();
    expect(job!.phase).toBe('failed');
    expect(job!.failure).toMatchObject({
      kind: 'api',
      error: { kind: 'outcome-unknown', operation: 'uploadByUrl', check: 'recent-recordings' },
    });
    expect((await h().counters()).recordingsCreated.by_url).toBe(1);
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
