/** Plain-fetch helpers for the emulator's own tests. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type EmulatorOptions, type RunningEmulator, SEED, startEmulator } from '../index';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field.
  body: any;
}

export async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = null;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, body };
}

export class Api {
  token: string | null = null;

  constructor(readonly emulator: RunningEmulator) {}

  get url(): string {
    return this.emulator.url;
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.token) (init.headers as Record<string, string>).authorization = `Bearer ${this.token}`;
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    try {
      return answer(await fetch(this.url + path, init));
    } catch (error) {
      // A read may go out on a keep-alive socket that the server's idle timer closes at the same
      // moment (seen on a loaded machine: ECONNRESET). Reads are asked once more; a POST never
      // is, since what the tests count is how often it reached the emulator.
      if (method !== 'GET' && method !== 'HEAD') throw error;
      return answer(await fetch(this.url + path, init));
    }
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }

  async signIn(email: string = SEED.users.demo.email, password: string = SEED.users.demo.password) {
    const saved = this.token;
    this.token = null;
    const result = await this.post('/api/token/', { username: email, password });
    this.token = result.status === 200 ? result.body.access : saved;
    return result;
  }

  /** A control-surface call (never authenticated). */
  async control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    return answer(
      await fetch(`${this.url}/__emulator${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }

  advance(ms: number) {
    return this.control('POST', '/clock/advance', { ms });
  }

  async counters() {
    return (await this.control('GET', '/counters')).body;
  }

  async balance(spaceId: number): Promise<number> {
    const spaces = (await this.control('GET', '/spaces')).body as { id: number; balance: number }[];
    return spaces.find((s) => s.id === spaceId)?.balance ?? Number.NaN;
  }
}

/** Short delays so background work finishes within a test, mostly through clock advance. */
export const FAST: EmulatorOptions = {
  quiet: true,
  processingDelayMs: 20_000,
  meetingDurationMs: 60_000,
  downloadDelayMs: 2_000,
  assembleDelayMs: 500,
};

/** One emulator per test file, reset before each test, signed in as the demo user. */
export function useEmulator(options: EmulatorOptions = {}): { readonly api: Api } {
  let current: Api | null = null;
  beforeAll(async () => {
    current = new Api(await startEmulator({ ...FAST, ...options }));
  });
  afterAll(async () => {
    await current?.emulator.close();
  });
  beforeEach(async () => {
    const api = current as Api;
    await api.control('POST', '/reset');
    api.token = null;
    await api.signIn();
  });
  return {
    get api(): Api {
      if (!current) throw new Error('emulator not started');
      return current;
    },
  };
}

/** Polls until `check` passes or the real-time budget runs out. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 3000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
