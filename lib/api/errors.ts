/**
 * Errors of the service client.
 *
 * Every failure is described by a plain, JSON-serializable `ApiErrorInfo` (a discriminated union on
 * `kind`), so it survives `structuredClone` and extension messaging, where class instances and
 * `instanceof` do not. `ApiError` is only the throwable carrier of that object.
 */

/** Names of the service operations, used to say which call failed. */
export type Operation =
  | 'signIn'
  | 'refreshToken'
  | 'listSpaces'
  | 'getSpace'
  | 'createRecording'
  | 'uploadPart'
  | 'completeUpload'
  | 'getRecordingInfo'
  | 'uploadByUrl'
  | 'uploadFromVideoSite'
  | 'listRecordings'
  | 'listTrash'
  | 'deleteRecordings'
  | 'sendBot'
  | 'startProcessing'
  | 'getResult'
  | 'uploadFile';

/** The operations whose repetition creates something or charges, and so are never retried blindly. */
export type UnsafeOperation =
  | 'createRecording'
  | 'uploadByUrl'
  | 'uploadFromVideoSite'
  | 'sendBot'
  | 'startProcessing'
  | 'completeUpload';

/** What a person should check when the outcome of a call is unknown. */
export type OutcomeCheck =
  /** Recent recordings of the space: the recording may appear there later (by URL, video site). */
  | 'recent-recordings'
  /** A recording was created but its upload links were lost: delete it (`audioId`) and upload again. */
  | 'delete-orphan'
  /** The result endpoint of the recording: a repeated start would charge again. */
  | 'processing-result'
  /** The meeting: the bot may already be there. */
  | 'meeting'
  /** The upload status of the recording. */
  | 'upload-status';

/** Failure that made the outcome of a call unknown (a transport failure or a 5xx answer). */
export type TransportErrorInfo = Extract<ApiErrorInfo, { kind: 'network' | 'timeout' | 'server' | 'html' }>;

export type AuthReason = 'invalid-credentials' | 'not-signed-in' | 'session-expired' | 'token-invalid';

interface Common {
  /** The call that failed, when known. */
  operation?: Operation;
  /**
   * Recordings a failed `uploadFile` had created without their file (answer lost) and moved to the
   * trash before it failed.
   */
  trashedOrphans?: number[];
}

export type ApiErrorInfo =
  | (Common & { kind: 'network'; message: string })
  | (Common & { kind: 'timeout'; timeoutMs?: number; phase?: 'request' | 'assembling' })
  | (Common & { kind: 'aborted' })
  /** A non-JSON answer (an HTML page) with a status that is not 5xx, e.g. an unknown path or a proxy page. */
  | (Common & { kind: 'html'; status: number; contentType: string | null; text: string })
  /** JSON (or its absence) that does not match the contract. */
  | (Common & { kind: 'invalid-response'; status: number; issues: Array<{ path: string; message: string }> })
  | (Common & { kind: 'validation'; fields: Record<string, string[]>; detail?: string })
  | (Common & {
      kind: 'insufficient-balance';
      /** Seconds left, from the body's `duration`; null when the service did not send it. */
      availableSeconds: number | null;
      neededSeconds?: number;
      spaceName?: string;
      detail?: string;
    })
  | (Common & { kind: 'unpaid'; detail?: string })
  | (Common & { kind: 'bot-low-balance'; detail?: string })
  /**
   * `replayPossible`: no other bot sent from this browser is active in the space, so the answer may
   * be to the browser's own repeat of this request (the bot may have been sent).
   */
  | (Common & { kind: 'bot-busy'; detail?: string; replayPossible?: boolean })
  | (Common & { kind: 'forbidden'; detail?: string })
  | (Common & { kind: 'not-found'; detail?: string })
  | (Common & { kind: 'auth'; reason: AuthReason; detail?: string })
  | (Common & { kind: 'server'; status: number; text: string })
  | (Common & {
      kind: 'outcome-unknown';
      operation: UnsafeOperation;
      check: OutcomeCheck;
      /** The recording the call created, when a check found it. */
      audioId?: number;
      title?: string;
      cause?: TransportErrorInfo;
    })
  | (Common & { kind: 'missing-etag'; partNumber: number })
  | (Common & { kind: 'http'; status: number; code?: number | string; detail?: string; text?: string })
  /** Anything else thrown (a bug, an unexpected exception). */
  | (Common & { kind: 'unexpected'; message: string });

export type ApiErrorKind = ApiErrorInfo['kind'];

const KINDS: ReadonlySet<string> = new Set<ApiErrorKind>([
  'network',
  'timeout',
  'aborted',
  'html',
  'invalid-response',
  'validation',
  'insufficient-balance',
  'unpaid',
  'bot-low-balance',
  'bot-busy',
  'forbidden',
  'not-found',
  'auth',
  'server',
  'outcome-unknown',
  'missing-etag',
  'http',
  'unexpected',
]);

export class ApiError extends Error {
  readonly info: ApiErrorInfo;

  constructor(info: ApiErrorInfo) {
    super(describeForLog(info));
    this.name = 'ApiError';
    this.info = info;
  }
}

/** True when a thrown value is an `ApiError`, optionally of the given kind. */
export function isApiError<K extends ApiErrorKind>(
  error: unknown,
  kind?: K,
): error is ApiError & { info: Extract<ApiErrorInfo, { kind: K }> } {
  return error instanceof ApiError && (kind === undefined || error.info.kind === kind);
}

function isErrorInfo(value: unknown): value is ApiErrorInfo {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { kind?: unknown }).kind === 'string' &&
    KINDS.has((value as { kind: string }).kind)
  );
}

/**
 * Normalises anything thrown into an `ApiErrorInfo`: an `ApiError`, an info object that crossed a
 * messaging boundary, an abort or timeout `DOMException`, a fetch `TypeError`, or anything else.
 */
export function toApiErrorInfo(error: unknown): ApiErrorInfo {
  if (error instanceof ApiError) return error.info;
  if (isErrorInfo(error)) return error;
  if (typeof error === 'object' && error !== null && isErrorInfo((error as { info?: unknown }).info)) {
    return (error as { info: ApiErrorInfo }).info;
  }
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'AbortError') return { kind: 'aborted' };
  if (name === 'TimeoutError') return { kind: 'timeout' };
  if (error instanceof TypeError) return { kind: 'network', message: networkMessage(error) };
  if (error instanceof Error) return { kind: 'unexpected', message: error.message || error.name };
  return { kind: 'unexpected', message: String(error) };
}

/** The message of a fetch `TypeError`, with the low-level cause (ECONNRESET, ...) when there is one. */
export function networkMessage(error: TypeError): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause && typeof cause === 'object') {
    const code = (cause as { code?: unknown }).code;
    const message = (cause as { message?: unknown }).message;
    const detail = [code, message].filter((part) => typeof part === 'string' && part !== '').join(': ');
    if (detail) return `${error.message} (${detail})`;
  }
  return error.message;
}

/** True for failures after which the service may or may not have acted on the request. */
export function isTransportFailure(info: ApiErrorInfo): info is TransportErrorInfo {
  if (info.kind === 'network' || info.kind === 'timeout' || info.kind === 'server') return true;
  // An HTML page with a success status comes from something between us and the service (a proxy or
  // a captive portal); whether the request reached the service is unknown.
  return info.kind === 'html' && info.status >= 200 && info.status < 300;
}

function describeForLog(info: ApiErrorInfo): string {
  const where = info.operation ? `${info.operation}: ` : '';
  switch (info.kind) {
    case 'network':
    case 'unexpected':
      return `${where}${info.kind}: ${info.message}`;
    case 'html':
    case 'server':
    case 'http':
    case 'invalid-response':
      return `${where}${info.kind} (status ${info.status})`;
    case 'auth':
      return `${where}auth: ${info.reason}`;
    case 'outcome-unknown':
      return `${where}outcome-unknown: check ${info.check}${info.audioId === undefined ? '' : ` (recording ${info.audioId})`}`;
    default:
      return `${where}${info.kind}`;
  }
}

/** Anything the service (or something in front of it) answered with a non-2xx status. */
export interface FailedResponse {
  status: number;
  contentType: string | null;
  text: string;
  operation?: Operation;
}

/** Recognises JSON by its media type (`application/json`, `application/problem+json`, ...). */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && /(^|[/+])json\b/i.test(contentType.split(';')[0]?.trim() ?? '');
}

/**
 * Maps a failed response to an error, deciding by status and `Content-Type` before any parsing:
 * 5xx is `server` whatever the body; any other non-JSON answer is `html`.
 */
export function errorFromResponse({ status, contentType, text, operation }: FailedResponse): ApiErrorInfo {
  const where = operation ? { operation } : {};
  if (status >= 500) return { ...where, kind: 'server', status, text: shortText(text) };
  if (operation === 'uploadPart') return storageError(status, text);
  if (!isJsonContentType(contentType))
    return { ...where, kind: 'html', status, contentType, text: shortText(text) };
  let body: unknown = null;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      return {
        ...where,
        kind: 'invalid-response',
        status,
        issues: [{ path: '', message: 'Body is not JSON' }],
      };
    }
  }
  const fields = isRecord(body) ? body : {};
  const detail = typeof fields.detail === 'string' ? fields.detail : undefined;
  const withDetail = detail === undefined ? where : { ...where, detail };
  const code = normaliseCode(fields.code);

  if (status === 401) {
    const reason: AuthReason =
      operation === 'signIn'
        ? 'invalid-credentials'
        : operation === 'refreshToken'
          ? 'session-expired'
          : code === 'token_not_valid'
            ? 'token-invalid'
            : 'not-signed-in';
    return { ...withDetail, kind: 'auth', reason };
  }
  if (code === 1) {
    const duration = fields.duration;
    const availableSeconds =
      typeof duration === 'number' && Number.isFinite(duration)
        ? duration
        : typeof duration === 'string' && /^\d+$/.test(duration)
          ? Number(duration)
          : null;
    return { ...withDetail, kind: 'insufficient-balance', availableSeconds };
  }
  if (code === 7) return { ...withDetail, kind: 'unpaid' };
  if (code === 4) return { ...withDetail, kind: 'bot-low-balance' };
  if (code === 5) return { ...withDetail, kind: 'bot-busy' };
  if (typeof code === 'number') return { ...withDetail, kind: 'http', status, code };
  if (status === 403) return { ...withDetail, kind: 'forbidden' };
  if (status === 404) return { ...withDetail, kind: 'not-found' };
  if (status === 400) {
    const fieldErrors = fieldErrorsOf(fields);
    if (Object.keys(fieldErrors).length > 0 || detail !== undefined) {
      return { ...withDetail, kind: 'validation', fields: fieldErrors };
    }
  }
  return code === undefined
    ? { ...withDetail, kind: 'http', status }
    : { ...withDetail, kind: 'http', status, code };
}

/** A storage (S3-like) refusal of a part PUT: XML with `<Code>` and `<Message>`, e.g. an expired link. */
function storageError(status: number, text: string): ApiErrorInfo {
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  return {
    operation: 'uploadPart',
    kind: 'http',
    status,
    text: shortText(text),
    ...(code ? { code } : {}),
    ...(message ? { detail: message } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `code` as a number when it is numeric (also `"7"`), the string otherwise, undefined when absent. */
function normaliseCode(code: unknown): number | string | undefined {
  if (typeof code === 'number' && Number.isFinite(code)) return code;
  if (typeof code === 'string') return /^\d+$/.test(code) ? Number(code) : code;
  return undefined;
}

/** Flattens a field-keyed error body (`{title: ["..."], parts: [{ETag: ["..."]}]}`) into dotted paths. */
export function fieldErrorsOf(body: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    const list = out[path] ?? [];
    list.push(message);
    out[path] = list;
  };
  const walk = (path: string, value: unknown) => {
    if (typeof value === 'string') add(path, value);
    else if (typeof value === 'number' || typeof value === 'boolean') add(path, String(value));
    else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        walk(typeof item === 'object' && item !== null ? `${path}.${index}` : path, item);
      });
    } else if (isRecord(value)) {
      for (const [key, inner] of Object.entries(value)) walk(path ? `${path}.${key}` : key, inner);
    }
  };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail' || key === 'code') continue;
    walk(key, value);
  }
  return out;
}

/** A short readable excerpt of a (usually HTML) body: its `<title>` or its text without tags. */
export function shortText(text: string, max = 200): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
  const plain = (title ?? text)
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
