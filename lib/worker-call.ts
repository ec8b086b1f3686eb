/**
 * One request answered by a fresh dedicated Worker, which is terminated when it answers, fails, or
 * runs past its time limit: work that never returns leaves no Worker spinning. The calendar feed's
 * parser (lib/calendar/engine-thread.ts) and the protocol's linker (lib/grounding/thread.ts) run
 * this way, each with its own answers.
 */

/** The part of a Worker this uses (a fake in unit tests). */
export interface ThreadWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

/** Timers, injectable. Wrapped: a browser's setTimeout called as a method of another object throws "Illegal invocation". */
export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (id: unknown) => void;
}

export const REAL_TIMERS: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** How a caller reads its Worker's answers, and words what went wrong. */
export interface WorkerAnswers<A> {
  /** Whether a message from the Worker is an answer. */
  check: (value: unknown) => value is A;
  /** The answer for a failure: the Worker did not start or failed, answered nonsense, or ran late. */
  failed: (why: 'start' | 'error' | 'malformed' | 'late', message?: string) => A;
}

export function callWorker<A>(
  start: () => ThreadWorker,
  request: unknown,
  limitMs: number,
  answers: WorkerAnswers<A>,
  timers: Timers = REAL_TIMERS,
): Promise<A> {
  return new Promise((resolve) => {
    let worker: ThreadWorker;
    try {
      worker = start();
    } catch (error) {
      resolve(answers.failed('start', error instanceof Error ? error.message : String(error)));
      return;
    }
    let settled = false;
    const done = (answer: A) => {
      if (settled) return;
      settled = true;
      timers.clear(timer);
      worker.terminate();
      resolve(answer);
    };
    const timer = timers.set(() => done(answers.failed('late')), limitMs);
    worker.addEventListener('message', (event) =>
      done(answers.check(event.data) ? event.data : answers.failed('malformed')),
    );
    worker.addEventListener('error', (event) => done(answers.failed('error', event.message)));
    worker.postMessage(request);
  });
}
