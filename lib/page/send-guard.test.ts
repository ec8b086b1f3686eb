import { describe, expect, it } from 'vitest';
import { createSendGuard } from '@/lib/page/send-guard';

function harness(cooldownMs = 700) {
  let now = 0;
  const timers: Array<{ at: number; callback: () => void }> = [];
  const changes: boolean[] = [];
  const guard = createSendGuard({
    cooldownMs,
    now: () => now,
    schedule: (callback, ms) => timers.push({ at: now + ms, callback }),
    onBusyChange: (busy) => changes.push(busy),
  });
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((timer) => timer.at <= now);
    timers.splice(0, timers.length, ...timers.filter((timer) => timer.at > now));
    for (const timer of due) timer.callback();
  };
  return { guard, advance, changes, timers };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('send guard', () => {
  it('runs one task at a time: a second press while the first is in flight is ignored', async () => {
    const { guard } = harness();
    const first = deferred<string>();
    let calls = 0;
    const run1 = guard.run(() => {
      calls++;
      return first.promise;
    });
    expect(guard.busy).toBe(true);
    const run2 = await guard.run(async () => {
      calls++;
      return 'second';
    });
    expect(run2).toEqual({ ran: false });
    first.resolve('first');
    expect(await run1).toEqual({ ran: true, value: 'first' });
    expect(calls).toBe(1);
  });

  it('stays busy for the cooldown after a fast answer, so a double click sends once', async () => {
    const { guard, advance, changes } = harness(700);
    await guard.run(async () => 'fast');
    expect(guard.busy).toBe(true);
    advance(200);
    expect(await guard.run(async () => 'second click')).toEqual({ ran: false });
    advance(500);
    expect(guard.busy).toBe(false);
    expect(await guard.run(async () => 'later')).toEqual({ ran: true, value: 'later' });
    expect(changes).toEqual([true, false, true]);
  });

  it('is free at once after a slow answer', async () => {
    const { guard, advance } = harness(700);
    const slow = deferred<number>();
    const running = guard.run(() => slow.promise);
    advance(1500);
    slow.resolve(1);
    await running;
    expect(guard.busy).toBe(false);
  });

  it('releases after a failure, which reaches the caller', async () => {
    const { guard, advance } = harness(0);
    await expect(guard.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    advance(0);
    expect(guard.busy).toBe(false);
  });
});
