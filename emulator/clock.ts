/**
 * The virtual clock and the scheduler of background work.
 *
 * `now()` is real time plus an offset that tests move forward. Every piece of background work
 * (processing runs, meetings, downloads, assembly) is a task with a due time on this clock. A task
 * runs when its real timer fires or when the clock is advanced past its due time, whichever comes
 * first; `settle()` runs every due task and is called at the start of every request.
 */

/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class VirtualClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Puts the clock `ms` from real time (negative: behind it). */
  setOffset(ms: number): void {
    this.offsetMs = ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

interface Task {
  id: number;
  due: number;
  run: (due: number) => void;
}

export class Scheduler {
  private readonly tasks = new Map<number, Task>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private settling = false;
  private closed = false;

  constructor(
    private readonly clock: VirtualClock,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs `run(due)` once the virtual clock reaches `due`. Returns the task id. */
  at(due: number, run: (due: number) => void): number {
    const id = this.nextId++;
    this.tasks.set(id, { id, due, run });
    if (!this.settling) this.arm();
    return id;
  }

  cancel(id: number | null | undefined): void {
    if (id == null) return;
    if (this.tasks.delete(id) && !this.settling) this.arm();
  }

  /** Runs every task whose due time has passed, earliest first, including tasks they schedule. */
  settle(): void {
    if (this.settling || this.closed) return;
    this.settling = true;
    try {
      for (;;) {
        const now = this.clock.now();
        let next: Task | undefined;
        for (const task of this.tasks.values()) {
          if (task.due <= now && (!next || task.due < next.due)) next = task;
        }
        if (!next) break;
        this.tasks.delete(next.id);
        try {
          next.run(next.due);
        } catch (error) {
          this.onError(error);
        }
      }
    } finally {
      this.settling = false;
    }
    this.arm();
  }

  /** Drops every task (reset). */
  clear(): void {
    this.tasks.clear();
    this.arm();
  }

  close(): void {
    this.closed = true;
    this.tasks.clear();
    this.disarm();
  }

  /** Keeps one real timer for the earliest task. Called after every change and clock advance. */
  arm(): void {
    this.disarm();
    if (this.closed || this.tasks.size === 0) return;
    let earliest = Number.POSITIVE_INFINITY;
    for (const task of this.tasks.values()) earliest = Math.min(earliest, task.due);
    const wait = Math.min(Math.max(0, earliest - this.clock.now()), MAX_TIMER_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.settle();
    }, wait);
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
