/**
 * The one HTTP path of the client: ky with a per-attempt timeout, retries decided per request, and
 * backoff pauses taken through the injected `sleep` (so tests can assert them without waiting).
 * Every failure leaves here as an `ApiError`.
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import type { z } from 'zod/mini';
import { readCappedBytes } from '@/lib/capped-body';
import {
  ApiError,
  type ApiErrorInfo,
  errorFromResponse,
  isJsonContentType,
  networkMessage,
  type Operation,
  shortText,
} from './errors';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** Pauses before each retry, from the contract's Retry guidance table. An empty list means no retry. */
export const RETRY_PAUSES = {
  /** Any GET (and other idempotent reads): 2, 4, 8 seconds, so at most 4 attempts. */
  read: [2_000, 4_000, 8_000],
  /** Sign-in: retried twice, after 1 s then 2 s. */
  signIn: [1_000, 2_000],
  /** A part PUT: to the same link while it is valid. */
  part: [2_000, 4_000, 8_000],
  /** Calls that create something or charge: never retried blindly. */
  none: [],
} as const satisfies Record<string, readonly number[]>;

export interface HttpDeps {
  fetch: FetchLike;
  sleep: Sleep;
  timeoutMs: number;
}

export interface HttpRequest {
  operation: Operation;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  body?: Blob;
  headers?: Record<string, string>;
  /** Pauses before each retry; retried only on network failure, timeout or 5xx. */
  pauses: readonly number[];
  /** Extra condition checked before each retry (e.g. the upload link is still valid). */
  canRetry?: () => boolean;
  signal?: AbortSignal;
  /** The body is read up to this many bytes (default `DEFAULT_MAX_BYTES`); a longer one is refused. */
  maxBytes?: number;
  /** `omit` puts the request in a socket group no other call uses (see client.ts FRESH_CONNECTION). */
  credentials?: RequestCredentials;
}

/** Ordinary JSON answers are read up to this many bytes; more is refused while reading. */
export const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
/** Processing results (protocol and transcript of a long meeting) may be much larger. */
export const RESULT_MAX_BYTES = 64 * 1024 * 1024;

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];

function tooLarge(operation: Operation, maxBytes: number): ApiError {
  return new ApiError({
    kind: 'invalid-response',
    operation,
    status: 200,
    issues: [
      {
        path: '',
        message: `The answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; it was not read.`,
      },
    ],
  });
}

/** Reads a body, counting bytes as they arrive, and stops (cancelling the stream) past `maxBytes`. */
async function readCapped(response: Response, maxBytes: number, operation: Operation): Promise<ArrayBuffer> {
  const body = await readCappedBytes(response, maxBytes);
  if (!body) throw tooLarge(operation, maxBytes);
  return body.buffer as ArrayBuffer;
}

/**
 * Reads the whole body inside the fetch call, so a connection reset while the body streams is a
 * network failure that ky retries, and the timeout covers the body too. The body is capped while
 * it is read. Redirects are never followed (the contract defines none, and a followed redirect
 * would carry the password or the token to wherever it points): a redirect is refused here.
 */
function bufferingFetch(base: FetchLike, maxBytes: number, operation: Operation): FetchLike {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined);
      throw new ApiError({
        kind: 'invalid-response',
        operation,
        status: response.status,
        issues: [{ path: '', message: 'The service answered with a redirect; redirects are not followed.' }],
      });
    }
    const body = NULL_BODY_STATUSES.has(response.status)
      ? null
      : await readCapped(response, maxBytes, operation);
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function isRetryable(error: unknown): boolean {
  if (error instanceof HTTPError) return error.response.status >= 500;
  if (error instanceof TimeoutError) return true;
  return error instanceof TypeError;
}

/** Sends one request (with its retries) and returns the answer; throws `ApiError` for anything but 2xx. */
export async function send(deps: HttpDeps, request: HttpRequest): Promise<HttpAnswer> {
  const { signal, pauses } = request;
  if (signal?.aborted) throw new ApiError({ kind: 'aborted', operation: request.operation });
  try {
    const response = await ky(request.url, {
      method: request.method,
      fetch: bufferingFetch(deps.fetch, request.maxBytes ?? DEFAULT_MAX_BYTES, request.operation),
      // Never followed: see bufferingFetch.
      redirect: 'manual',
      timeout: deps.timeoutMs,
      throwHttpErrors: true,
      searchParams: request.query,
      json: request.json,
      body: request.body,
      headers: request.headers,
      ...(request.credentials ? { credentials: request.credentials } : {}),
      signal,
      retry: {
        limit: pauses.length,
        methods: ALL_METHODS,
        // ky's own delay is bypassed: the pause is taken in `beforeRetry` through the injected sleep.
        delay: () => 0,
        shouldRetry: ({ error }) => {
          if (signal?.aborted) return false;
          if (!isRetryable(error)) return false;
          return request.canRetry ? request.canRetry() : true;
        },
      },
      hooks: {
        beforeRetry: [
          async ({ retryCount }) => {
            await deps.sleep(pauses[retryCount - 1] ?? pauses.at(-1) ?? 0, signal);
          },
        ],
      },
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    throw new ApiError(await errorFromThrown(error, request, deps.timeoutMs));
  }
}

async function errorFromThrown(
  error: unknown,
  request: HttpRequest,
  timeoutMs: number,
): Promise<ApiErrorInfo> {
  const operation = request.operation;
  if (error instanceof ApiError) return error.info;
  if (request.signal?.aborted) return { kind: 'aborted', operation };
  if (error instanceof HTTPError) {
    const response = error.response;
    let text = '';
    try {
      text = await response.text();
    } catch {
      // The body was already consumed or cancelled; the status and type still tell what happened.
    }
    return errorFromResponse({
      status: response.status,
      contentType: response.headers.get('content-type'),
      text,
      operation,
    });
  }
  if (error instanceof TimeoutError) return { kind: 'timeout', operation, timeoutMs };
  if (error instanceof TypeError) return { kind: 'network', operation, message: networkMessage(error) };
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'AbortError') return { kind: 'aborted', operation };
  return { kind: 'unexpected', operation, message: error instanceof Error ? error.message : String(error) };
}

/** Something other than the service answered (a login page, a proxy's error page). */
function htmlAnswer(answer: HttpAnswer, operation: Operation, contentType: string | null): ApiError {
  return new ApiError({
    kind: 'html',
    operation,
    status: answer.status,
    contentType,
    text: shortText(answer.text),
  });
}

/** Parses a JSON answer with a schema; a non-JSON answer is `html`, a mismatch is `invalid-response`. */
export function readJson<S extends z.ZodMiniType>(
  answer: HttpAnswer,
  schema: S,
  operation: Operation,
): z.infer<S> {
  const contentType = answer.headers.get('content-type');
  if (!isJsonContentType(contentType)) {
    throw htmlAnswer(answer, operation, contentType);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new ApiError({
      kind: 'invalid-response',
      operation,
      status: answer.status,
      issues: [{ path: '', message: 'Body is not JSON' }],
    });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'invalid-response',
      operation,
      status: answer.status,
      issues: parsed.error.issues.slice(0, 20).map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    });
  }
  return parsed.data;
}

/**
 * Accepts an answer whose body the contract says is empty (`complete_upload`, `delete_list`).
 * Any body is tolerated except an HTML page, which means something other than the service answered.
 */
export function expectEmpty(answer: HttpAnswer, operation: Operation): void {
  const contentType = answer.headers.get('content-type');
  if (answer.text.trim() !== '' && contentType !== null && /html/i.test(contentType)) {
    throw htmlAnswer(answer, operation, contentType);
  }
}

/** The default sleep: a timer that an abort signal cancels. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Sleeps through the injected sleep; an abort becomes `ApiError` of kind `aborted`. */
export async function pause(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
  operation?: Operation,
): Promise<void> {
  if (signal?.aborted) throw new ApiError(operation ? { kind: 'aborted', operation } : { kind: 'aborted' });
  try {
    await sleep(ms, signal);
  } catch (error) {
    if (signal?.aborted) throw new ApiError(operation ? { kind: 'aborted', operation } : { kind: 'aborted' });
    throw error;
  }
}
