/**
 * Reading the processing result (contract, Processing result):
 *
 * | Response                                   | Step status                                   |
 * | ------------------------------------------ | --------------------------------------------- |
 * | 404                                        | `not-started`                                 |
 * | 200, `classified: false`                   | `running`                                     |
 * | 200, `classified: true`, `success: true`   | `done` (with the result)                      |
 * | 200, `classified: true`, `success: false`  | `failed`, reason `processing-failed`          |
 * | 5xx (HTML) for more than 3 minutes         | `failed`, reason `server-error`               |
 * | 5xx for 3 minutes or less                  | `running` (tolerated; the run is remembered)  |
 * | connection failure, timeout                | `running` (neither starts nor breaks a run)   |
 * | anything else (401 after renewal, 403, ...)| `error` with the error info                   |
 *
 * The run of server errors is measured with the injected clock from the first 5xx of an unbroken
 * run; any 200 or 404 breaks it. `classifyResultResponse` is the pure step, so the background,
 * which cannot keep a loop alive, persists `firstServerErrorAt` between alarm ticks.
 */
import type { ApiClient, CallOptions } from './client';
import { ApiError, type ApiErrorInfo, toApiErrorInfo } from './errors';
import { pause } from './http';
import type { ProcessingResult } from './schemas';

/** A 5xx from the result endpoint lasting longer than this means processing failed. */
export const SERVER_ERROR_FAILURE_MS = 3 * 60_000;
/** Contract: poll every 10 to 15 seconds. */
export const DEFAULT_POLL_INTERVAL_MS = 12_000;

export type ResultResponse = { ok: true; data: ProcessingResult } | { ok: false; error: ApiErrorInfo };

export type ResultStep =
  | { status: 'not-started'; firstServerErrorAt: null }
  | { status: 'running'; firstServerErrorAt: number | null; result?: ProcessingResult }
  | { status: 'done'; firstServerErrorAt: null; result: ProcessingResult }
  | {
      status: 'failed';
      reason: 'processing-failed' | 'server-error';
      firstServerErrorAt: number | null;
      result?: ProcessingResult;
    }
  | { status: 'error'; firstServerErrorAt: number | null; error: ApiErrorInfo };

/** One poll step: what a result-endpoint answer means, given the start of the current 5xx run. */
export function classifyResultResponse(
  response: ResultResponse,
  state: { firstServerErrorAt: number | null },
  now: number,
): ResultStep {
  if (response.ok) {
    const data = response.data;
    if (!data.classified) return { status: 'running', firstServerErrorAt: null, result: data };
    if (data.success === true) return { status: 'done', firstServerErrorAt: null, result: data };
    return { status: 'failed', reason: 'processing-failed', firstServerErrorAt: null, result: data };
  }
  const error = response.error;
  switch (error.kind) {
    case 'not-found':
      return { status: 'not-started', firstServerErrorAt: null };
    case 'server': {
      const first = state.firstServerErrorAt ?? now;
      if (now - first > SERVER_ERROR_FAILURE_MS) {
        return { status: 'failed', reason: 'server-error', firstServerErrorAt: first };
      }
      return { status: 'running', firstServerErrorAt: first };
    }
    case 'network':
    case 'timeout':
      return { status: 'running', firstServerErrorAt: state.firstServerErrorAt };
    default:
      return { status: 'error', firstServerErrorAt: state.firstServerErrorAt, error };
  }
}

export interface PollOptions extends CallOptions {
  /** Base interval, jittered by ±1/6 (12 s gives 10-14 s). */
  intervalMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  onStatus?: (step: ResultStep) => void;
  /**
   * On 404: `return` (default) gives `{status: 'not-started'}` at once; `wait` keeps polling, for
   * recordings whose processing starts on its own (meeting bot), up to `notStartedTimeoutMs`.
   */
  whenNotStarted?: 'return' | 'wait';
  notStartedTimeoutMs?: number;
  /** Resume a run of server errors persisted by an earlier poller. */
  firstServerErrorAt?: number | null;
  /** Give up (`{status: 'timed-out'}`) after this long; default: never. */
  maxWaitMs?: number;
}

export type PollOutcome =
  | { status: 'done'; result: ProcessingResult }
  | { status: 'failed'; reason: 'processing-failed' | 'server-error'; result?: ProcessingResult }
  | { status: 'not-started' }
  | { status: 'timed-out'; last: ResultStep };

/**
 * Polls the result until it is finished. Returns `done`, `failed` or `not-started`; throws
 * `ApiError` for errors that polling cannot outlast (auth, forbidden, a non-API answer, abort).
 */
export async function pollResult(
  client: ApiClient,
  spaceId: number,
  audioId: number,
  options: PollOptions = {},
): Promise<PollOutcome> {
  const now = options.now ?? client.deps.now;
  const sleep = options.sleep ?? client.deps.sleep;
  const random = options.random ?? client.deps.random;
  const interval = options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const startedAt = now();
  let firstServerErrorAt = options.firstServerErrorAt ?? null;
  let notStartedSince: number | null = null;
  for (;;) {
    let response: ResultResponse;
    try {
      response = {
        ok: true,
        data: await client.getResult(spaceId, audioId, { retry: false, signal: options.signal }),
      };
    } catch (error) {
      response = { ok: false, error: toApiErrorInfo(error) };
    }
    const step = classifyResultResponse(response, { firstServerErrorAt }, now());
    firstServerErrorAt = step.firstServerErrorAt;
    options.onStatus?.(step);
    switch (step.status) {
      case 'done':
        return { status: 'done', result: step.result };
      case 'failed':
        return step.result
          ? { status: 'failed', reason: step.reason, result: step.result }
          : { status: 'failed', reason: step.reason };
      case 'error':
        throw new ApiError(step.error);
      case 'not-started':
        if (options.whenNotStarted !== 'wait') return { status: 'not-started' };
        notStartedSince ??= now();
        if (now() - notStartedSince > (options.notStartedTimeoutMs ?? 10 * 60_000))
          return { status: 'not-started' };
        break;
      case 'running':
        notStartedSince = null;
        break;
    }
    if (options.maxWaitMs !== undefined && now() - startedAt > options.maxWaitMs) {
      return { status: 'timed-out', last: step };
    }
    await pause(sleep, Math.round(interval * (5 / 6 + random() / 3)), options.signal, 'getResult');
  }
}
