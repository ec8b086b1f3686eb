/**
 * When the background looks at the jobs.
 *
 * - While jobs are active and the worker is awake, a timer runs the next tick when the earliest
 *   job is due (every 10-15 s while processing runs, per the contract).
 * - Chrome stops an idle worker after ~30 s and the timer dies with it, so while jobs are active an
 *   alarm also exists: it wakes a stopped worker every 30 s (`periodInMinutes: 0.5`, the minimum a
 *   store build allows; unpacked builds are not clamped, but the product uses the same period).
 * - With nothing active (or every job waiting for the user to sign in), there is no timer, no
 *   alarm and no request: nothing wakes the worker.
 */
import { browser } from 'wxt/browser';

export const POLL_ALARM = 'poll';
/** 30 s: the shortest alarm period Chrome allows a packed extension. */
export const POLL_ALARM_MINUTES = 0.5;
/** The timer never fires sooner than this after a tick (a burst of due jobs is served by one tick). */
const MIN_TIMER_MS = 1_000;
/** Nor later than this: a cheap re-check of storage while the worker is awake. */
const MAX_TIMER_MS = 60_000;

export interface SchedulerDeps {
  tick: () => Promise<void>;
  nextDueAt: () => Promise<number | null>;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export class PollScheduler {
  readonly #deps: SchedulerDeps;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<void> | null = null;
  #rescheduling: Promise<void> | null = null;
  #again = false;

  constructor(deps: SchedulerDeps) {
    this.#deps = deps;
  }

  get #now(): number {
    return this.#deps.now?.() ?? Date.now();
  }

  /** Whether a timer is armed in this worker (for tests and measurements). */
  get timerArmed(): boolean {
    return this.#timer !== null;
  }

  /** Runs a tick now (alarm, wake, new job), then plans the next one. Concurrent calls share it. */
  run(): Promise<void> {
    this.#running ??= (async () => {
      try {
        await this.#deps.tick();
      } catch (error) {
        this.#deps.onError?.(error);
      } finally {
        this.#running = null;
      }
      await this.reschedule();
    })();
    return this.#running;
  }

  /** Arms or clears the timer and the alarm from the jobs' next due time. Coalesces bursts of calls. */
  reschedule(): Promise<void> {
    if (this.#rescheduling) {
      this.#again = true;
      return this.#rescheduling;
    }
    this.#rescheduling = (async () => {
      try {
        do {
          this.#again = false;
          await this.#plan();
        } while (this.#again);
      } catch (error) {
        this.#deps.onError?.(error);
      } finally {
        this.#rescheduling = null;
      }
    })();
    return this.#rescheduling;
  }

  /** Stops the timer (tests; the worker's death does the same). */
  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #plan(): Promise<void> {
    const due = await this.#deps.nextDueAt();
    this.stop();
    if (due === null) {
      await browser.alarms.clear(POLL_ALARM);
      return;
    }
    const wait = Math.min(MAX_TIMER_MS, Math.max(MIN_TIMER_MS, due - this.#now));
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.run();
    }, wait);
    // Created once and left alone: re-creating it on every tick would keep pushing it back.
    if (!(await browser.alarms.get(POLL_ALARM))) {
      await browser.alarms.create(POLL_ALARM, {
        delayInMinutes: POLL_ALARM_MINUTES,
        periodInMinutes: POLL_ALARM_MINUTES,
      });
    }
  }
}
