/**
 * A Worker kept between requests (`keptWorker`): started once and reused, one request at a time in
 * the order asked, each bounded by its own limit from when it was asked; a Worker that fails, runs
 * late or answers nonsense is stopped and the next request gets a fresh one; an idle one is stopped.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keptWorker, type ThreadWorker, type WorkerAnswers } from './worker-call';

type Answer = { ok: true; echo: number } | { ok: false; why: string };

const answers: WorkerAnswers<Answer> = {
  check: (value): value is Answer =>
    typeof value === 'object' && value !== null && typeof (value as { echo?: unknown }).echo === 'number',
  failed: (why, message) => ({ ok: false, why: message ? `${why}: ${message}` : why }),
};

/** A fake Worker: answers `{ ok, echo }` after `delayMs` (fake timers), or as `behave` says. */
function fakeWorkers(
  behave: (request: number, index: number) => 'answer' | 'silent' | 'nonsense' | 'error' = () => 'answer',
) {
  const started: Array<{ terminated: boolean; requests: number[] }> = [];
  const start = (): ThreadWorker => {
    const state = { terminated: false, requests: [] as number[] };
    const index = started.length;
    started.push(state);
    const listeners: {
      message?: (event: { data: unknown }) => void;
      error?: (event: { message?: string }) => void;
    } = {};
    return {
      postMessage: (request) => {
        state.requests.push(request as number);
        const how = behave(request as number, index);
        setTimeout(() => {
          if (state.terminated) return;
          if (how === 'answer') listeners.message?.({ data: { ok: true, echo: request } });
          else if (how === 'nonsense') listeners.message?.({ data: 'hello' });
          else if (how === 'error') listeners.error?.({ message: 'boom' });
        }, 10);
      },
      terminate: () => {
        state.terminated = true;
      },
      addEventListener: ((type: 'message' | 'error', listener: never) => {
        listeners[type] = listener;
      }) as ThreadWorker['addEventListener'],
    };
  };
  return { start, started };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a kept Worker', () => {
  it('is started once for requests in a row, answers each in the order asked, and is stopped when idle', async () => {
    const { start, started } = fakeWorkers();
    const kept = keptWorker(start, { idleMs: 60_000 });
    const all = Promise.all([1, 2, 3].map((n) => kept.call(n, 1_000, answers)));
    await vi.advanceTimersByTimeAsync(100);
    expect(await all).toEqual([1, 2, 3].map((echo) => ({ ok: true, echo })));
    expect(started).toHaveLength(1);
    expect(started[0]!.requests).toEqual([1, 2, 3]);
    // A request a little later finds it still there.
    await vi.advanceTimersByTimeAsync(59_000);
    const later = kept.call(4, 1_000, answers);
    await vi.advanceTimersByTimeAsync(20);
    expect(await later).toEqual({ ok: true, echo: 4 });
    expect(started).toHaveLength(1);
    expect(started[0]!.terminated).toBe(false);
    // A minute with no request: stopped; the next request starts another.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started[0]!.terminated).toBe(true);
    const after = kept.call(5, 1_000, answers);
    await vi.advanceTimersByTimeAsync(20);
    expect(await after).toEqual({ ok: true, echo: 5 });
    expect(started).toHaveLength(2);
  });

  it('a request that runs past its limit ends late, stops the Worker, and the next one gets a fresh Worker', async () => {
    const { start, started } = fakeWorkers((request) => (request === 1 ? 'silent' : 'answer'));
    const kept = keptWorker(start, { idleMs: 60_000 });
    const stuck = kept.call(1, 1_000, answers);
    const next = kept.call(2, 5_000, answers);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await stuck).toEqual({ ok: false, why: 'late' });
    expect(started[0]!.terminated).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    expect(await next).toEqual({ ok: true, echo: 2 });
    expect(started).toHaveLength(2);
    expect(started[1]!.requests).toEqual([2]);
  });

  it('a request whose limit passes while it waits ends late without reaching the Worker', async () => {
    const { start, started } = fakeWorkers((request) => (request === 1 ? 'silent' : 'answer'));
    const kept = keptWorker(start, { idleMs: 60_000 });
    const stuck = kept.call(1, 5_000, answers);
    const waiting = kept.call(2, 1_000, answers);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await waiting).toEqual({ ok: false, why: 'late' });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await stuck).toEqual({ ok: false, why: 'late' });
    await vi.advanceTimersByTimeAsync(100);
    expect(started.flatMap((worker) => worker.requests)).toEqual([1]);
  });

  it('an error or a malformed answer stops the Worker with a reason; the next request starts another', async () => {
    const { start, started } = fakeWorkers((request) =>
      request === 1 ? 'error' : request === 2 ? 'nonsense' : 'answer',
    );
    const kept = keptWorker(start, { idleMs: 60_000 });
    const results = Promise.all([1, 2, 3].map((n) => kept.call(n, 1_000, answers)));
    await vi.advanceTimersByTimeAsync(100);
    expect(await results).toEqual([
      { ok: false, why: 'error: boom' },
      { ok: false, why: 'malformed' },
      { ok: true, echo: 3 },
    ]);
    expect(started.map((worker) => worker.terminated)).toEqual([true, true, false]);
  });

  it('a Worker that cannot start fails that request alone', async () => {
    let attempts = 0;
    const { start } = fakeWorkers();
    const kept = keptWorker(
      () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Worker is not defined');
        return start();
      },
      { idleMs: 60_000 },
    );
    const first = kept.call(1, 1_000, answers);
    const second = kept.call(2, 1_000, answers);
    await vi.advanceTimersByTimeAsync(100);
    expect(await first).toEqual({ ok: false, why: 'start: Worker is not defined' });
    expect(await second).toEqual({ ok: true, echo: 2 });
  });

  it('refuses requests beyond the ones allowed to wait, at once; stop() ends the Worker now', async () => {
    const { start, started } = fakeWorkers();
    const kept = keptWorker(start, { idleMs: 60_000, maxWaiting: 2 });
    const asked = [1, 2, 3].map((n) => kept.call(n, 1_000, answers));
    expect(await asked[2]).toEqual({ ok: false, why: 'busy' });
    await vi.advanceTimersByTimeAsync(100);
    expect(await Promise.all(asked.slice(0, 2))).toEqual([
      { ok: true, echo: 1 },
      { ok: true, echo: 2 },
    ]);
    kept.stop();
    expect(started[0]!.terminated).toBe(true);
  });
});
