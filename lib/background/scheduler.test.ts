import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { POLL_ALARM, POLL_ALARM_MINUTES, PollScheduler } from './scheduler';

describe('poll scheduler: a timer while awake, a 30 s alarm while jobs are active, nothing when idle', () => {
  let due: number | null;
  let ticks: number;
  let scheduler: PollScheduler;

  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
    due = null;
    ticks = 0;
    scheduler = new PollScheduler({
      tick: async () => {
        ticks += 1;
      },
      nextDueAt: async () => due,
      now: () => Date.now(),
    });
  });

  afterEach(() => {
    scheduler.stop();
    vi.useRealTimers();
  });

  it('with nothing active: no timer, no alarm', async () => {
    await fakeBrowser.alarms.create(POLL_ALARM, { periodInMinutes: POLL_ALARM_MINUTES });
    await scheduler.run();
    expect(ticks).toBe(1);
    expect(scheduler.timerArmed).toBe(false);
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(ticks).toBe(1);
  });

  it('with an active job: a timer at its due time and a 30 s periodic alarm', async () => {
    due = Date.now() + 12_000;
    await scheduler.run();
    expect(scheduler.timerArmed).toBe(true);
    const alarms = await fakeBrowser.alarms.getAll();
    expect(alarms).toEqual([expect.objectContaining({ name: POLL_ALARM, periodInMinutes: 0.5 })]);
    await vi.advanceTimersByTimeAsync(11_000);
    expect(ticks).toBe(1);
    due = Date.now() + 12_000;
    await vi.advanceTimersByTimeAsync(1_500);
    expect(ticks).toBe(2);
    // The alarm is left alone while it exists (re-creating it would keep pushing it back).
    expect((await fakeBrowser.alarms.getAll())[0]!.scheduledTime).toBe(alarms[0]!.scheduledTime);
  });

  it('stops the timer and clears the alarm once the last job ends', async () => {
    due = Date.now() + 12_000;
    await scheduler.run();
    due = null;
    await vi.advanceTimersByTimeAsync(12_000);
    expect(ticks).toBe(2);
    expect(scheduler.timerArmed).toBe(false);
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
  });

  it('a due time in the past or far ahead is clamped to 1 s .. 60 s', async () => {
    due = Date.now() - 5_000;
    await scheduler.run();
    await vi.advanceTimersByTimeAsync(999);
    expect(ticks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ticks).toBe(2);
    due = Date.now() + 3_600_000;
    await scheduler.reschedule();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ticks).toBe(3);
  });

  it('concurrent runs share one tick', async () => {
    await Promise.all([scheduler.run(), scheduler.run(), scheduler.run()]);
    expect(ticks).toBe(1);
  });
});
