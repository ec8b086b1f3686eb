/**
 * A scripted fake of `fetch` for unit tests of the client: routes by method and path, records every
 * request, and answers with JSON, HTML, empty bodies or connection failures. No server involved.
 */
import { type ApiClient, type ApiClientOptions, createApiClient } from '../client';
import { type ApiErrorInfo, toApiErrorInfo } from '../errors';
import { memorySessionStore, type Session, type SessionStore } from '../session';

export interface RecordedRequest {
  method: string;
  url: URL;
  path: string;
  headers: Headers;
  body: unknown;
  bytes: number;
}

export type Reply = Response | 'network-error' | 'hang';
export type Responder = (request: RecordedRequest, index: number) => Reply | Promise<Reply>;

interface Route {
  method: string;
  path: string | RegExp;
  responders: Responder[];
  calls: number;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function html(
  status: number,
  text = '<html><head><title>Server Error (500)</title></head><body>Oops</body></html>',
): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

export function empty(status = 200): Response {
  return new Response(null, { status });
}

/** A JWT with the given claims (unsigned: the client only reads `exp`/`iat`). */
export function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.c2lnbmF0dXJl`;
}

export class FakeService {
  readonly requests: RecordedRequest[] = [];
  readonly #routes: Route[] = [];
  /** Requests currently in flight (for concurrency assertions). */
  inFlight = 0;
  maxInFlight = 0;

  /** Adds a route; responders are used in order, the last one repeats. */
  on(method: string, path: string | RegExp, ...responders: Array<Responder | Reply>): this {
    this.#routes.push({
      method: method.toUpperCase(),
      path,
      responders: responders.map((responder) =>
        typeof responder === 'function'
          ? responder
          : () => (responder instanceof Response ? responder.clone() : responder),
      ),
      calls: 0,
    });
    return this;
  }

  /** Requests to a path (and method). */
  to(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (request) => request.method === method.toUpperCase() && matches(path, request.path),
    );
  }

  readonly fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const raw = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    let body: unknown = null;
    if (raw && raw.byteLength > 0) {
      const text = new TextDecoder().decode(raw);
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const recorded: RecordedRequest = {
      method: request.method,
      url,
      path: url.pathname,
      headers: request.headers,
      body,
      bytes: raw?.byteLength ?? 0,
    };
    this.requests.push(recorded);
    const route = this.#routes.find(
      (candidate) => candidate.method === request.method && matches(candidate.path, url.pathname),
    );
    if (!route) return html(404, '<html><title>Not Found</title></html>');
    const responder = route.responders[Math.min(route.calls, route.responders.length - 1)]!;
    const index = route.calls;
    route.calls += 1;
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const reply = await responder(recorded, index);
      if (reply === 'network-error') {
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }),
        });
      }
      if (reply === 'hang') {
        return await new Promise<Response>((_, reject) => {
          const signal = request.signal;
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      return reply;
    } finally {
      this.inFlight -= 1;
    }
  };
}

function matches(path: string | RegExp, actual: string): boolean {
  return typeof path === 'string' ? path === actual : path.test(actual);
}

export const BASE_URL = 'http://api.test';
export const STORAGE_URL = 'http://storage.test';
export const NOW = Date.parse('2026-03-01T10:00:00Z');

/** A session whose access token is valid for 29 more days and refresh for 12 hours. */
export function freshSession(now = NOW, email = 'demo@example.com'): Session {
  const iat = Math.floor(now / 1000) - 12 * 3600;
  const access = jwt({ token_type: 'access', exp: iat + 30 * 86_400, iat, jti: 'a1' });
  const refresh = jwt({ token_type: 'refresh', exp: iat + 86_400, iat, jti: 'r1' });
  return {
    access,
    refresh,
    accessExpiresAt: (iat + 30 * 86_400) * 1000,
    refreshExpiresAt: (iat + 86_400) * 1000,
    email,
  };
}

export interface TestClient {
  client: ApiClient;
  service: FakeService;
  store: SessionStore;
  sleeps: number[];
  clock: { now: number };
}

/** A client on a fake service with a recorded, instant sleep and a settable clock. */
export function testClient(
  options: Partial<Omit<ApiClientOptions, 'session'>> & {
    session?: Session | null;
    service?: FakeService;
  } = {},
): TestClient {
  const { session, service: given, ...rest } = options;
  const service = given ?? new FakeService();
  const store = session === undefined ? memorySessionStore(freshSession()) : memorySessionStore(session);
  const sleeps: number[] = [];
  const clock = { now: NOW };
  const client = createApiClient({
    baseUrl: BASE_URL,
    session: store,
    fetch: service.fetch,
    now: () => clock.now,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      clock.now += ms;
    },
    random: () => 0.5,
    ...rest,
  });
  return { client, service, store, sleeps, clock };
}

/** The space a test's account reads: Personal, on a Pro offer of ten hours, none of it used. */
export const personalSpace = {
  id: 1,
  name: 'Personal',
  description: '',
  subscribe: {
    offer: { name: 'Pro', audio_limit: 36_000 },
    usage_count: 0,
    available_usage_count: 36_000,
    is_active: true,
    end_date: '2026-12-31',
  },
};

/** A recording as the service lists it. */
export function recording(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 101,
    title: 'Weekly sync.mp3',
    created_at: '2026-03-01T10:00:00.123456+00:00',
    duration: 600,
    size: 12_345,
    content_type: 'audio/mpeg',
    space_id: 1,
    is_active: true,
    is_favorite: false,
    is_uploaded: true,
    was_classified: false,
    result_is_ready: false,
    url: 'http://storage.test/source/101?sig=x',
    ...overrides,
  };
}

export function page<T>(
  results: T[],
  count = results.length,
  next: string | null = null,
): Record<string, unknown> {
  return { count, next, previous: null, results };
}

/** The error a call ends with, as the client reports it; a call that succeeds fails the test. */
export async function failure(promise: Promise<unknown>): Promise<ApiErrorInfo> {
  try {
    await promise;
  } catch (error) {
    return toApiErrorInfo(error);
  }
  throw new Error('expected the call to fail');
}
