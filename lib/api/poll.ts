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
 * run; any 200 or 404 breaks it. `classifyResultResponse` is the pure step: the job engine
 * (lib/jobs/steps/processing.ts), which cannot keep a loop alive, applies it once per tick and
 * persists `firstServerErrorAt` between alarm ticks.
 */
import type { ApiErrorInfo } from './errors';
import type { ProcessingResult } from './schemas';

/** A 5xx from the result endpoint lasting longer than this means processing failed. */
export const SERVER_ERROR_FAILURE_MS = 3 * 60_000;

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
