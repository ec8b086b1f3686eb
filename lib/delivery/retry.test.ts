import { describe, expect, it } from 'vitest';
import { backoffMs, GIVE_UP_AFTER_MS, nextAttemptAt, parseRetryAfter, verdictOf } from './retry';

const MIN = 60_000;

describe('backoff', () => {
  it('doubles from one minute and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempt) => backoffMs(attempt) / MIN)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });

  it('the whole schedule ends 24 hours after the protocol was ready', () => {
    const readyAt = 1_000_000;
    let now = readyAt;
    const waits: number[] = [];
    for (let attempt = 1; ; attempt += 1) {
      const next = nextAttemptAt(attempt, readyAt, now);
      if (next === null) break;
      waits.push((next - now) / MIN);
      now = next;
    }
    expect(waits.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(now - readyAt).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(now - readyAt + 60 * MIN).toBeGreaterThan(GIVE_UP_AFTER_MS);
    // 1+2+...+32 = 63 minutes, then hourly until the 24 hours are over.
    expect(waits.length).toBe(6 + 22);
  });

  it('a longer Retry-After is honoured, capped like the backoff', () => {
    expect(nextAttemptAt(1, 0, 0, { retryAfterMs: 5 * MIN })).toBe(5 * MIN);
    expect(nextAttemptAt(1, 0, 0, { retryAfterMs: 10_000 })).toBe(MIN);
    expect(nextAttemptAt(1, 0, 0, { retryAfterMs: 10 * 60 * MIN })).toBe(60 * MIN);
  });

  it('reads Retry-After in seconds and as a date', () => {
    expect(parseRetryAfter('120', 0)).toBe(120_000);
    expect(parseRetryAfter(new Date(90_000).toUTCString(), 30_000)).toBe(60_000);
    expect(parseRetryAfter('soon', 0)).toBeNull();
    expect(parseRetryAfter(null, 0)).toBeNull();
  });
});

describe('permanent and transient failures', () => {
  it('2xx delivers', () => {
    expect(verdictOf({ status: 200 })).toBe('delivered');
    expect(verdictOf({ status: 204 })).toBe('delivered');
  });

  it('408, 429 and 5xx are tried again; other 4xx are not', () => {
    for (const status of [408, 429, 500, 502, 503, 504]) expect(verdictOf({ status })).toBe('transient');
    for (const status of [400, 401, 403, 404, 410, 413, 422]) expect(verdictOf({ status })).toBe('permanent');
  });

  it('no answer, a timeout or missing access are tried again; a redirect is not', () => {
    expect(verdictOf({ problem: 'network' })).toBe('transient');
    expect(verdictOf({ problem: 'timeout' })).toBe('transient');
    expect(verdictOf({ problem: 'permission' })).toBe('transient');
    expect(verdictOf({ problem: 'redirect' })).toBe('permanent');
  });
});
