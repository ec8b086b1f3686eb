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
  /**
   * The answer for a failure: the Worker did not start or failed, answered nonsense, or ran late;
   * or (a kept Worker only) too many requests were already waiting for it.
   */
  failed: (why: 'start' | 'error' | 'malformed' | 'late' | 'busy', message?: string) => A;
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

/** A Worker kept between requests (`keptWorker`): one request at a time, in the order asked. */
export interface KeptWorker {
  call<A>(request: unknown, limitMs: number, answers: WorkerAnswers<A>): Promise<A>;
  /** Stops the Worker now, if one runs; the next request starts another. */
  stop(): void;
}

export interface KeptWorkerOptions {
  /** The Worker is stopped after this long with no request (its memory given back). */
  idleMs: number;
  /** Requests waiting beyond this many are refused at once ('busy'). */
  maxWaiting?: number;
  timers?: Timers;
}

/**
 * Like `callWorker`, but the Worker is started on the first request and kept for the next ones:
 * a request then pays neither the Worker's start nor its script's compiling, and finds its code
 * warm. Requests run one at a time, in the order asked. Each request's limit counts from when it
 * was asked: one that waits past it behind another ends 'late' without reaching the Worker; one
 * that runs past it stops the Worker (as do an error and a malformed answer: its state is not
 * trusted), and the next request starts a fresh one. With no request for `idleMs`, the Worker is
 * stopped.
 */
export function keptWorker(start: () => ThreadWorker, options: KeptWorkerOptions): KeptWorker {
  const timers = options.timers ?? REAL_TIMERS;
  const maxWaiting = options.maxWaiting ?? 32;
  let worker: ThreadWorker | null = null;
  /** The running request's handler of the Worker's events; null between requests. */
  let current:
    | ((event: { type: 'message'; data: unknown } | { type: 'error'; message?: string }) => void)
    | null = null;
  /** What the running request's limit does besides answering 'late' (set while it runs). */
  let onLate: (() => void) | null = null;
  let idle: unknown = null;
  let waiting = 0;
  let tail: Promise<void> = Promise.resolve();

  const stop = () => {
    if (idle !== null) timers.clear(idle);
    idle = null;
    const running = worker;
    worker = null;
    running?.terminate();
  };

  const started = (): ThreadWorker => {
    if (worker) return worker;
    const fresh = start();
    // Events of a stopped Worker (or between requests) reach no one.
    fresh.addEventListener('message', (event) => {
      if (worker === fresh) current?.({ type: 'message', data: event.data });
    });
    fresh.addEventListener('error', (event) => {
      if (worker === fresh) current?.({ type: 'error', message: event.message });
    });
    worker = fresh;
    return fresh;
  };

  const run = <A>(
    request: unknown,
    answers: WorkerAnswers<A>,
    resolve: (answer: A) => void,
    isSettled: () => boolean,
  ): Promise<void> =>
    new Promise<void>((next) => {
      if (isSettled()) {
        next();
        return;
      }
      if (idle !== null) timers.clear(idle);
      idle = null;
      let running: ThreadWorker;
      try {
        running = started();
      } catch (error) {
        resolve(answers.failed('start', error instanceof Error ? error.message : String(error)));
        next();
        return;
      }
      current = (event) => {
        current = null;
        if (event.type === 'message' && answers.check(event.data)) {
          resolve(event.data);
          idle = timers.set(stop, options.idleMs);
        } else {
          stop();
          resolve(
            event.type === 'message' ? answers.failed('malformed') : answers.failed('error', event.message),
          );
        }
        next();
      };
      // The request's own limit ends it while it runs: the Worker stopped, the queue moves on.
      onLate = () => {
        if (worker === running) stop();
        current = null;
        next();
      };
      running.postMessage(request);
    });

  return {
    call<A>(request: unknown, limitMs: number, answers: WorkerAnswers<A>): Promise<A> {
      if (waiting >= maxWaiting) return Promise.resolve(answers.failed('busy'));
      waiting += 1;
      return new Promise<A>((resolveCall) => {
        let settled = false;
        let runningNow = false;
        const resolve = (answer: A) => {
          if (settled) return;
          settled = true;
          timers.clear(timer);
          resolveCall(answer);
        };
        const timer = timers.set(() => {
          if (settled) return;
          const wasRunning = runningNow;
          resolve(answers.failed('late'));
          if (wasRunning) onLate?.();
        }, limitMs);
        tail = tail.then(() => {
          waiting -= 1;
          runningNow = true;
          return run(request, answers, resolve, () => settled).finally(() => {
            runningNow = false;
          });
        });
      });
    },
    stop,
  };
}
