import { describe, expect, it } from 'vitest';
import { classifyResultResponse, type ResultResponse, SERVER_ERROR_FAILURE_MS } from './poll';
import type { ProcessingResult } from './schemas';

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
