import { describe, expect, it } from 'vitest';
import {
  classifyResultResponse,
  type ResultResponse,
  type ResultStep,
  SERVER_ERROR_FAILURE_MS,
} from './poll';
import type { ProcessingResult } from './schemas';
import { FakeService, html, json, testClient } from './testing/fake-service';

const PATH = '/api/spaces/1/audio/5/result/';
const base = { audio_id: 5, title: 'a.mp3', duration: 60, is_shared: false, is_uploaded: true };
const running: ProcessingResult = { ...base, classified: false, success: false, result: null };
const done: ProcessingResult = {
  ...base,
  classified: true,
  success: true,
  result: { language: 'en', protocol: '# P', dialog: [], speakers_map: {}, speakers_timeline: {} },
};
const failed: ProcessingResult = { ...base, classified: true, success: false, result: null };
const ok = (data: ProcessingResult): ResultResponse => ({ ok: true, data });
const serverError: ResultResponse = {
  ok: false,
  error: { kind: 'server', status: 500, text: 'Server Error' },
};

describe('classifyResultResponse: the result table as a pure step', () => {
  it('404 → not-started', () => {
    expect(
      classifyResultResponse({ ok: false, error: { kind: 'not-found' } }, { firstServerErrorAt: 5 }, 10),
    ).toEqual({
      status: 'not-started',
      firstServerErrorAt: null,
    });
  });

  it('200 classified:false → running, and breaks a 5xx run', () => {
    expect(classifyResultResponse(ok(running), { firstServerErrorAt: 5 }, 10)).toMatchObject({
      status: 'running',
      firstServerErrorAt: null,
    });
  });

  it('200 classified:true success:true → done', () => {
    expect(classifyResultResponse(ok(done), { firstServerErrorAt: null }, 10)).toMatchObject({
      status: 'done',
      result: done,
    });
  });

  it('200 classified:true success:false → failed (processing-failed)', () => {
    expect(classifyResultResponse(ok(failed), { firstServerErrorAt: null }, 10)).toMatchObject({
      status: 'failed',
      reason: 'processing-failed',
    });
  });

  it('500 starts a run, is tolerated for 3 minutes, and fails after more than 3 minutes', () => {
    const first = classifyResultResponse(serverError, { firstServerErrorAt: null }, 1_000);
    expect(first).toEqual({ status: 'running', firstServerErrorAt: 1_000 });
    expect(classifyResultResponse(serverError, first, 1_000 + SERVER_ERROR_FAILURE_MS)).toEqual({
      status: 'running',
      firstServerErrorAt: 1_000,
    });
    expect(classifyResultResponse(serverError, first, 1_001 + SERVER_ERROR_FAILURE_MS)).toEqual({
      status: 'failed',
      reason: 'server-error',
      firstServerErrorAt: 1_000,
    });
  });

  it('network failures neither start nor break a run; other errors are errors', () => {
    expect(
      classifyResultResponse(
        { ok: false, error: { kind: 'network', message: 'x' } },
        { firstServerErrorAt: 7 },
        9,
      ),
    ).toEqual({
      status: 'running',
      firstServerErrorAt: 7,
    });
    expect(
      classifyResultResponse({ ok: false, error: { kind: 'timeout' } }, { firstServerErrorAt: null }, 9),
    ).toEqual({
      status: 'running',
      firstServerErrorAt: null,
    });
    expect(
      classifyResultResponse({ ok: false, error: { kind: 'forbidden' } }, { firstServerErrorAt: null }, 9),
    ).toMatchObject({
      status: 'error',
      error: { kind: 'forbidden' },
    });
  });
});

describe('pollResult', () => {
  it('polls every 10-15 s (jittered) until done, one attempt per tick', async () => {
    const service = new FakeService().on(
      'GET',
      PATH,
      json(200, running),
      json(200, running),
      json(200, done),
    );
    const steps: ResultStep['status'][] = [];
    const { client, sleeps } = testClient({ service, random: () => 0 });
    const outcome = await client.pollResult(1, 5, { onStatus: (step) => steps.push(step.status) });
    expect(outcome).toEqual({ status: 'done', result: done });
    expect(steps).toEqual(['running', 'running', 'done']);
    expect(sleeps).toEqual([10_000, 10_000]);
    const high = testClient({
      service: new FakeService().on('GET', PATH, json(200, running), json(200, done)),
      random: () => 1,
    });
    await high.client.pollResult(1, 5);
    expect(high.sleeps).toEqual([14_000]);
  });

  it('returns failed when processing ends with success:false', async () => {
    const { client } = testClient({
      service: new FakeService().on('GET', PATH, json(200, running), json(200, failed)),
    });
    expect(await client.pollResult(1, 5)).toEqual({
      status: 'failed',
      reason: 'processing-failed',
      result: failed,
    });
  });

  it('returns not-started on 404 by default, and keeps polling when asked to wait', async () => {
    const { client } = testClient({
      service: new FakeService().on('GET', PATH, json(404, { detail: 'Not found.' })),
    });
    expect(await client.pollResult(1, 5)).toEqual({ status: 'not-started' });
    const waiting = testClient({
      service: new FakeService().on(
        'GET',
        PATH,
        json(404, { detail: 'Not found.' }),
        json(200, running),
        json(200, done),
      ),
    });
    expect(await waiting.client.pollResult(1, 5, { whenNotStarted: 'wait' })).toMatchObject({
      status: 'done',
    });
  });

  it('fails on HTML 500 lasting more than 3 minutes, measured with the injected clock', async () => {
    const service = new FakeService().on('GET', PATH, json(200, running), html(500));
    const { client, clock } = testClient({ service });
    const start = clock.now;
    const outcome = await client.pollResult(1, 5);
    expect(outcome).toEqual({ status: 'failed', reason: 'server-error' });
    const elapsedSinceFirst500 = clock.now - start - 12_000;
    expect(elapsedSinceFirst500).toBeGreaterThan(SERVER_ERROR_FAILURE_MS);
    expect(elapsedSinceFirst500).toBeLessThanOrEqual(SERVER_ERROR_FAILURE_MS + 12_000);
  });

  it('tolerates shorter 500 runs', async () => {
    const replies = [json(200, running), ...Array.from({ length: 14 }, () => html(500)), json(200, running)];
    const again = [...replies.slice(1, 15), json(200, done)];
    const service = new FakeService().on('GET', PATH, ...replies, ...again);
    const { client } = testClient({ service });
    expect(await client.pollResult(1, 5)).toMatchObject({ status: 'done' });
  });

  it('resumes a run persisted by an earlier poller', async () => {
    const { client, clock } = testClient({ service: new FakeService().on('GET', PATH, html(500)) });
    const outcome = await client.pollResult(1, 5, {
      firstServerErrorAt: clock.now - SERVER_ERROR_FAILURE_MS - 1,
    });
    expect(outcome).toEqual({ status: 'failed', reason: 'server-error' });
  });

  it('throws errors that polling cannot outlast', async () => {
    const { client } = testClient({
      service: new FakeService().on('GET', PATH, json(403, { detail: 'no' })),
    });
    await expect(client.pollResult(1, 5)).rejects.toMatchObject({ info: { kind: 'forbidden' } });
  });

  it('gives up after maxWaitMs and stops on abort', async () => {
    const { client } = testClient({ service: new FakeService().on('GET', PATH, json(200, running)) });
    expect(await client.pollResult(1, 5, { maxWaitMs: 30_000 })).toMatchObject({ status: 'timed-out' });
    const controller = new AbortController();
    controller.abort();
    await expect(client.pollResult(1, 5, { signal: controller.signal })).rejects.toMatchObject({
      info: { kind: 'aborted' },
    });
  });
});
