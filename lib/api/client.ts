/**
 * The typed client of the Meeting Recording Processing Service: one method per endpoint, each
 * returning schema-checked data or throwing `ApiError`, all through one `request()`. The helpers that
 * make the calls which create or charge safe (safe.ts) take a client; the client imports none of them.
 * Framework-free: no `browser.*`, no Node-only APIs.
 */

import type { z } from 'zod/mini';
import type { BotService } from '../meetings';
import { ApiError, isApiError, isTransportFailure, type Operation, type UnsafeOperation } from './errors';
import {
  expectEmpty,
  type FetchLike,
  type HttpAnswer,
  RESULT_MAX_BYTES,
  RETRY_PAUSES,
  readJson,
  realSleep,
  type Sleep,
  send,
} from './http';
import { DEFAULT_PAGE_SIZE, type PageQuery, paginate } from './pagination';
import {
  type AudioIdAnswer,
  AudioIdAnswerSchema,
  type BotRequest,
  BotRequestSchema,
  type ClassifyAnswer,
  ClassifyAnswerSchema,
  type CreatedRecording,
  CreatedRecordingSchema,
  type Page,
  type ProcessingResult,
  ProcessingResultSchema,
  type Recording,
  RecordingPageSchema,
  RecordingSchema,
  type RefreshAnswer,
  RefreshAnswerSchema,
  SignInAnswerSchema,
  type Space,
  type SpaceListItem,
  SpacePageSchema,
  SpaceSchema,
  type UploadedPart,
} from './schemas';
import { type Session, SessionManager, type SessionStore } from './session';
import { UPLOAD_LINK_LIFETIME_MS, UPLOAD_LINK_SAFETY_MS } from './upload';

/** The path segment of the video-hosting upload (the contract names it with a neutral word). */
export const VIDEO_SITE_PATH = 'by_videosite';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ApiClientOptions {
  /** Without a trailing slash, e.g. `http://127.0.0.1:8787`; a function is read before each request. */
  baseUrl: string | (() => string | Promise<string>);
  session: SessionStore;
  fetch?: typeof fetch | FetchLike;
  /** Clock in ms. */
  now?: () => number;
  /** Used for every backoff pause and poll interval, so tests need not wait. */
  sleep?: Sleep;
  /** Per request attempt, default 30 s. */
  timeoutMs?: number;
  random?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ReadOptions extends CallOptions {
  /** False: one attempt only (a poll loop is its own retry). Default true: 2, 4, 8 s backoff. */
  retry?: boolean;
}

export interface ListRecordingsQuery {
  /** Case-insensitive regular expression matched against the title; see `escapeRegex`. */
  search?: string;
  /** E.g. `-created_at` for newest first. */
  ordering?: string;
  limit: number;
  offset?: number;
}

export interface CreateRecordingBody {
  title: string;
  size: number;
  content_type: string;
}

export interface ByUrlBody {
  url: string;
  title: string;
  content_type: string;
}

export interface SendBotBody {
  link: string;
  meeting_service: BotService;
}

export interface UploadPartOptions extends CallOptions {
  /** When the link was issued (ms, client clock): it is retried only while valid. */
  issuedAt: number;
  partNumber?: number;
}

/** Shared internals handed to the helpers. */
export interface ClientDeps {
  now: () => number;
  sleep: Sleep;
  random: () => number;
  /** Per-attempt request timeout in ms. */
  timeoutMs: number;
}

export interface ApiClient {
  readonly deps: ClientDeps;

  // Session
  /** With `retry: false` one attempt only: the sign-in form paces the retries and says what failed meanwhile. */
  signIn(email: string, password: string, options?: ReadOptions): Promise<Session>;
  signOut(): Promise<void>;
  getSession(): Promise<Session | null>;
  /** Renews the access token now (shared with concurrent renewals). */
  renewSession(): Promise<Session>;

  // Endpoints, one method each
  refreshToken(refresh: string, options?: CallOptions): Promise<RefreshAnswer>;
  listSpaces(query: PageQuery, options?: ReadOptions): Promise<Page<SpaceListItem>>;
  getSpace(spaceId: number, options?: ReadOptions): Promise<Space>;
  /** Never retried; a failure with unknown outcome throws `outcome-unknown` (see `createRecordingChecked`). */
  createRecording(
    spaceId: number,
    body: CreateRecordingBody,
    options?: CallOptions,
  ): Promise<CreatedRecording>;
  /** PUT of one file part to its storage link (no Authorization); returns the quoted ETag. */
  uploadPart(url: string, part: Blob, options: UploadPartOptions): Promise<string>;
  completeUpload(
    spaceId: number,
    audioId: number,
    parts: UploadedPart[],
    options?: CallOptions,
  ): Promise<void>;
  getRecordingInfo(spaceId: number, audioId: number, options?: ReadOptions): Promise<Recording>;
  /** Never retried: the recording is hidden while it downloads, so it cannot be looked up. */
  uploadByUrl(spaceId: number, body: ByUrlBody, options?: CallOptions): Promise<AudioIdAnswer>;
  uploadFromVideoSite(spaceId: number, body: { url: string }, options?: CallOptions): Promise<AudioIdAnswer>;
  listRecordings(
    spaceId: number,
    query: ListRecordingsQuery,
    options?: ReadOptions,
  ): Promise<Page<Recording>>;
  listTrash(spaceId: number, query: PageQuery, options?: ReadOptions): Promise<Page<Recording>>;
  deleteRecordings(spaceId: number, audioIds: number[], options?: CallOptions): Promise<void>;
  sendBot(spaceId: number, body: SendBotBody, options?: CallOptions): Promise<BotRequest>;
  /** Start processing (classify): charges the duration. Never retried; see `startProcessingSafely`. */
  startProcessing(audioId: number, options?: CallOptions): Promise<ClassifyAnswer>;
  getResult(spaceId: number, audioId: number, options?: ReadOptions): Promise<ProcessingResult>;

  // Lists
  iterateSpaces(options?: {
    limit?: number;
    signal?: AbortSignal;
  }): AsyncGenerator<SpaceListItem, void, undefined>;
  iterateRecordings(
    spaceId: number,
    options?: { search?: string; ordering?: string; limit?: number; signal?: AbortSignal },
  ): AsyncGenerator<Recording, void, undefined>;
  iterateTrash(
    spaceId: number,
    options?: { limit?: number; signal?: AbortSignal },
  ): AsyncGenerator<Recording, void, undefined>;
}

type CallResult<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;

interface ApiCall<S extends z.ZodMiniType | null> {
  operation: Operation;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  auth: boolean;
  pauses: readonly number[];
  schema: S;
  signal?: AbortSignal;
  /** Cap of the answer's body (default: `DEFAULT_MAX_BYTES` of lib/api/http.ts). */
  maxBytes?: number;
  /** Sees the answer that is read (the token endpoints take the service's clock from it). */
  onAnswer?: (answer: HttpAnswer) => void;
}

/** The service's clock when it answered: its `Date` header in ms, if it sent a readable one. */
function serviceDateOf(answer: HttpAnswer | undefined): number | undefined {
  const value = answer?.headers.get('date');
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

const UNSAFE: ReadonlySet<Operation> = new Set<UnsafeOperation>([
  'createRecording',
  'uploadByUrl',
  'uploadFromVideoSite',
  'sendBot',
  'startProcessing',
  'completeUpload',
]);

/**
 * Calls that charge or create go out with `credentials: 'omit'`, which no other call uses: Chromium
 * keeps such requests in a socket group of their own, so they usually get a fresh connection, and
 * Chromium resends a request whose connection dropped before any answer only when that connection
 * was reused (docs/charges-and-faults.md). `completeUpload` is left out: it is harmless to
 * repeat, and would otherwise warm that group right before the classify of an upload. The service
 * authenticates by the bearer token, so no cookie is lost.
 */
const FRESH_CONNECTION: ReadonlySet<Operation> = new Set<UnsafeOperation>([
  'createRecording',
  'uploadByUrl',
  'uploadFromVideoSite',
  'sendBot',
  'startProcessing',
]);

const CHECK_OF: Record<UnsafeOperation, ApiErrorCheck> = {
  createRecording: 'recent-recordings',
  uploadByUrl: 'recent-recordings',
  uploadFromVideoSite: 'recent-recordings',
  sendBot: 'meeting',
  startProcessing: 'processing-result',
  completeUpload: 'upload-status',
};
type ApiErrorCheck = 'recent-recordings' | 'meeting' | 'processing-result' | 'upload-status';

function readPauses(options?: ReadOptions): readonly number[] {
  return options?.retry === false ? RETRY_PAUSES.none : RETRY_PAUSES.read;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseFetch: FetchLike =
    (options.fetch as FetchLike | undefined) ?? ((input, init) => globalThis.fetch(input, init));
  const deps: ClientDeps = {
    now: options.now ?? (() => Date.now()),
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const http = { fetch: baseFetch, sleep: deps.sleep, timeoutMs: deps.timeoutMs };

  async function baseUrl(): Promise<string> {
    const value = typeof options.baseUrl === 'function' ? await options.baseUrl() : options.baseUrl;
    return value.replace(/\/+$/, '');
  }

  async function serviceOrigin(): Promise<string> {
    try {
      return new URL(await baseUrl()).origin;
    } catch {
      return 'null';
    }
  }

  async function attempt(call: ApiCall<z.ZodMiniType | null>, access: string | null): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (access !== null) headers.authorization = `Bearer ${access}`;
    try {
      return await send(http, {
        operation: call.operation,
        method: call.method,
        url: `${await baseUrl()}${call.path}`,
        query: call.query,
        json: call.json,
        headers,
        pauses: call.pauses,
        signal: call.signal,
        ...(call.maxBytes === undefined ? {} : { maxBytes: call.maxBytes }),
        ...(FRESH_CONNECTION.has(call.operation) ? { credentials: 'omit' as const } : {}),
      });
    } catch (error) {
      // Calls that create something or charge: a failure that may have happened after the effect
      // is reported as such, never retried here.
      if (isApiError(error) && UNSAFE.has(call.operation) && isTransportFailure(error.info)) {
        const operation = call.operation as UnsafeOperation;
        throw new ApiError({
          kind: 'outcome-unknown',
          operation,
          check: CHECK_OF[operation],
          cause: error.info,
        });
      }
      throw error;
    }
  }

  async function request<S extends z.ZodMiniType | null>(call: ApiCall<S>): Promise<CallResult<S>> {
    let answer: HttpAnswer;
    // A call that carries a session secret (the access token, or the refresh token in the body)
    // goes only to the origin the session was issued by.
    if (call.auth || call.operation === 'refreshToken') await sessions.requireOrigin(await serviceOrigin());
    if (!call.auth) {
      answer = await attempt(call, null);
    } else {
      const access = await sessions.accessToken();
      try {
        answer = await attempt(call, access);
      } catch (error) {
        if (!isApiError(error, 'auth')) throw error;
        // Renew once and retry the original request once (contract, Authentication 5).
        const renewed = await sessions.renew(access);
        try {
          answer = await attempt(call, renewed.access);
        } catch (second) {
          if (isApiError(second, 'auth')) await sessions.reject(second.info.detail);
          throw second;
        }
      }
    }
    call.onAnswer?.(answer);
    if (call.schema === null) {
      expectEmpty(answer, call.operation);
      return undefined as CallResult<S>;
    }
    return readJson(answer, call.schema, call.operation) as CallResult<S>;
  }

  const sessions: SessionManager = new SessionManager({
    store: options.session,
    now: deps.now,
    origin: serviceOrigin,
    requestPair: async (email, password, signal, retry = true) => {
      let answer: HttpAnswer | undefined;
      const body = await request({
        operation: 'signIn',
        method: 'POST',
        path: '/api/token/',
        json: { username: email, password },
        auth: false,
        pauses: retry ? RETRY_PAUSES.signIn : RETRY_PAUSES.none,
        schema: SignInAnswerSchema,
        signal,
        onAnswer: (read) => {
          answer = read;
        },
      });
      return { body, serviceDate: serviceDateOf(answer) };
    },
    requestAccess: async (refresh) => {
      let answer: HttpAnswer | undefined;
      const body = await refreshCall(refresh, undefined, (read) => {
        answer = read;
      });
      return { body, serviceDate: serviceDateOf(answer) };
    },
  });

  const refreshCall = (refresh: string, signal?: AbortSignal, onAnswer?: (answer: HttpAnswer) => void) =>
    request({
      operation: 'refreshToken',
      method: 'POST',
      path: '/api/token/refresh/',
      json: { refresh },
      auth: false,
      // Not in the retry table; a refresh has no effect but a new access token, so it is
      // retried like sign-in.
      pauses: RETRY_PAUSES.signIn,
      schema: RefreshAnswerSchema,
      signal,
      ...(onAnswer === undefined ? {} : { onAnswer }),
    });

  const space = (spaceId: number) => `/api/spaces/${encodeURIComponent(String(spaceId))}`;
  const audio = (spaceId: number, audioId: number) =>
    `${space(spaceId)}/audio/${encodeURIComponent(String(audioId))}`;

  const client: ApiClient = {
    deps,

    signIn: (email, password, callOptions) =>
      sessions.signIn(email, password, callOptions?.signal, callOptions?.retry ?? true),
    signOut: () => sessions.signOut(),
    getSession: () => sessions.current(),
    renewSession: () => sessions.renew(),

    refreshToken: (refresh, callOptions) => refreshCall(refresh, callOptions?.signal),

    listSpaces: (query, callOptions) =>
      request({
        operation: 'listSpaces',
        method: 'GET',
        path: '/api/spaces/',
        query: { limit: query.limit, offset: query.offset },
        auth: true,
        pauses: readPauses(callOptions),
        schema: SpacePageSchema,
        signal: callOptions?.signal,
      }),

    getSpace: (spaceId, callOptions) =>
      request({
        operation: 'getSpace',
        method: 'GET',
        path: `${space(spaceId)}/`,
        auth: true,
        pauses: readPauses(callOptions),
        schema: SpaceSchema,
        signal: callOptions?.signal,
      }),

    createRecording: (spaceId, body, callOptions) =>
      request({
        operation: 'createRecording',
        method: 'POST',
        path: `${space(spaceId)}/audio/`,
        json: { title: body.title, size: body.size, content_type: body.content_type },
        auth: true,
        pauses: RETRY_PAUSES.none,
        schema: CreatedRecordingSchema,
        signal: callOptions?.signal,
      }),

    uploadPart: async (url, part, partOptions) => {
      const answer = await send(http, {
        operation: 'uploadPart',
        method: 'PUT',
        url,
        body: part,
        pauses: RETRY_PAUSES.part,
        canRetry: () => deps.now() < partOptions.issuedAt + UPLOAD_LINK_LIFETIME_MS - UPLOAD_LINK_SAFETY_MS,
        signal: partOptions.signal,
      });
      const etag = answer.headers.get('etag');
      if (!etag) {
        throw new ApiError({
          kind: 'missing-etag',
          operation: 'uploadPart',
          partNumber: partOptions.partNumber ?? 1,
        });
      }
      return etag;
    },

    completeUpload: (spaceId, audioId, parts, callOptions) =>
      request({
        operation: 'completeUpload',
        method: 'POST',
        path: `${audio(spaceId, audioId)}/complete_upload/`,
        json: { parts: parts.map((part) => ({ PartNumber: part.PartNumber, ETag: part.ETag })) },
        auth: true,
        pauses: RETRY_PAUSES.none,
        schema: null,
        signal: callOptions?.signal,
      }),

    getRecordingInfo: (spaceId, audioId, callOptions) =>
      request({
        operation: 'getRecordingInfo',
        method: 'GET',
        path: `${audio(spaceId, audioId)}/info/`,
        auth: true,
        pauses: readPauses(callOptions),
        schema: RecordingSchema,
        signal: callOptions?.signal,
      }),

    uploadByUrl: (spaceId, body, callOptions) =>
      request({
        operation: 'uploadByUrl',
        method: 'POST',
        path: `${space(spaceId)}/audio/by_url/`,
        json: { url: body.url, title: body.title, content_type: body.content_type },
        auth: true,
        pauses: RETRY_PAUSES.none,
        schema: AudioIdAnswerSchema,
        signal: callOptions?.signal,
      }),

    uploadFromVideoSite: (spaceId, body, callOptions) =>
      request({
        operation: 'uploadFromVideoSite',
        method: 'POST',
        path: `${space(spaceId)}/audio/${VIDEO_SITE_PATH}/`,
        json: { url: body.url },
        auth: true,
        pauses: RETRY_PAUSES.none,
        schema: AudioIdAnswerSchema,
        signal: callOptions?.signal,
      }),

    listRecordings: (spaceId, query, callOptions) =>
      request({
        operation: 'listRecordings',
        method: 'GET',
        path: `${space(spaceId)}/audio/`,
        query: {
          search: query.search,
          ordering: query.ordering,
          limit: query.limit,
          offset: query.offset ?? 0,
        },
        auth: true,
        pauses: readPauses(callOptions),
        schema: RecordingPageSchema,
        signal: callOptions?.signal,
      }),

    listTrash: (spaceId, query, callOptions) =>
      request({
        operation: 'listTrash',
        method: 'GET',
        path: `${space(spaceId)}/audio/trash/`,
        query: { limit: query.limit, offset: query.offset },
        auth: true,
        pauses: readPauses(callOptions),
        schema: RecordingPageSchema,
        signal: callOptions?.signal,
      }),

    deleteRecordings: (spaceId, audioIds, callOptions) =>
      request({
        operation: 'deleteRecordings',
        method: 'POST',
        path: `${space(spaceId)}/audio/delete_list/`,
        json: { audio_ids: audioIds },
        auth: true,
        // Not in the retry table. Moving to the trash twice has the same effect as once, so it is
        // retried like a GET.
        pauses: RETRY_PAUSES.read,
        schema: null,
        signal: callOptions?.signal,
      }),

    sendBot: (spaceId, body, callOptions) =>
      request({
        operation: 'sendBot',
        method: 'POST',
        path: `/api/space/${encodeURIComponent(String(spaceId))}/meeting/`,
        json: { link: body.link, meeting_service: body.meeting_service },
        auth: true,
        pauses: RETRY_PAUSES.none,
        schema: BotRequestSchema,
        signal: callOptions?.signal,
      }),

    startProcessing: (audioId, callOptions) =>
      request({
        operation: 'startProcessing',
        method: 'POST',
        path: '/api/audio/classify/',
        json: { audio_id: audioId },
        auth: true,
        pauses: RETRY_PAUSES.none,
        schema: ClassifyAnswerSchema,
        signal: callOptions?.signal,
      }),

    getResult: (spaceId, audioId, callOptions) =>
      request({
        operation: 'getResult',
        method: 'GET',
        path: `${audio(spaceId, audioId)}/result/`,
        auth: true,
        pauses: readPauses(callOptions),
        schema: ProcessingResultSchema,
        signal: callOptions?.signal,
        maxBytes: RESULT_MAX_BYTES,
      }),

    iterateSpaces: (listOptions = {}) =>
      paginate((query) => client.listSpaces(query, { signal: listOptions.signal }), {
        limit: listOptions.limit ?? DEFAULT_PAGE_SIZE,
        signal: listOptions.signal,
      }),

    iterateRecordings: (spaceId, listOptions = {}) =>
      paginate(
        (query) =>
          client.listRecordings(
            spaceId,
            { ...query, search: listOptions.search, ordering: listOptions.ordering },
            { signal: listOptions.signal },
          ),
        { limit: listOptions.limit ?? DEFAULT_PAGE_SIZE, signal: listOptions.signal },
      ),

    iterateTrash: (spaceId, listOptions = {}) =>
      paginate((query) => client.listTrash(spaceId, query, { signal: listOptions.signal }), {
        limit: listOptions.limit ?? DEFAULT_PAGE_SIZE,
        signal: listOptions.signal,
      }),
  };
  return client;
}
