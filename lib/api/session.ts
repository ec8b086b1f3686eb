/**
 * The session: the token pair, when each expires, and its renewal.
 *
 * Policy (contract, Authentication 3-5): the access token lives 30 days, the refresh token 1 day.
 * Before each authenticated request the access token is renewed when less than a day of its
 * lifetime remains (for tokens issued with a shorter lifetime, as in tests, 1/30 of it); on a 401
 * the token is renewed and the request retried once. Renewal is a refresh while the refresh token
 * is valid (it returns only a new access token; the refresh token is kept). When the refresh token
 * is refused by the refresh endpoint (401), the session is over: it is cleared and
 * `auth/session-expired` ("sign in again") is thrown. The local clock alone never ends it: while
 * it says the refresh token has expired but the access token has not, the access token is used,
 * and the service's 401 then asks the refresh once. The password is never stored.
 *
 * Clocks: the tokens' `exp` is on the service's clock, which may be hours or days off the computer's.
 * A session's expiries are kept on the computer's clock: each token's lifetime left when it arrived
 * (its `exp` minus its `iat`, else minus the answer's `Date`) counted from when it arrived. A 401
 * is the service's word that the access token is no longer good: the refresh is then always tried,
 * whatever the local clock says of the refresh token, and only the service refusing it ends the
 * session.
 */
import { decodeJwt } from 'jose';
import { ApiError, isApiError } from './errors';
import type { RefreshAnswer, SignInAnswer } from './schemas';

export interface Session {
  access: string;
  refresh: string;
  /** Unix time in milliseconds, on this computer's clock (see `localExpiryOf`). */
  accessExpiresAt: number;
  /** Unix time in milliseconds, on this computer's clock (see `localExpiryOf`). */
  refreshExpiresAt: number;
  email: string;
  /**
   * The origin of the service that issued the tokens; they are never sent anywhere else. Absent
   * in sessions stored before it was recorded: bound to the origin of their first use.
   */
  origin?: string;
}

/** Where the session lives. The extension backs it with storage owned by the background. */
export interface SessionStore {
  get(): Promise<Session | null>;
  set(session: Session | null): Promise<void>;
}

export const DAY_MS = 86_400_000;
/** Contract lifetimes, used when a token's `exp` cannot be read. */
export const ACCESS_LIFETIME_MS = 30 * DAY_MS;
export const REFRESH_LIFETIME_MS = DAY_MS;

/** A session store in memory, for tests and for callers that persist the session themselves. */
export function memorySessionStore(initial: Session | null = null): SessionStore {
  let session = initial;
  return {
    get: async () => session,
    set: async (next) => {
      session = next;
    },
  };
}

interface Claims {
  exp?: number;
  iat?: number;
}

function claimsOf(token: string): Claims {
  try {
    const { exp, iat } = decodeJwt(token);
    return {
      exp: typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined,
      iat: typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * A token's expiry in ms on this computer's clock. Its `exp` is on the service's clock; what counts
 * is how much of its lifetime was left when it arrived: `exp` minus the service's time of the
 * answer (the token's `iat`, else the answer's `Date` header), counted from `receivedAt` (local).
 * Without either, `exp` is taken as it is; without `exp`, the contract lifetime from `receivedAt`.
 */
export function localExpiryOf(
  token: string,
  fallbackLifetimeMs: number,
  receivedAt: number,
  serviceDate?: number,
): number {
  const { exp, iat } = claimsOf(token);
  if (exp === undefined) return receivedAt + fallbackLifetimeMs;
  const issuedAt = iat ?? serviceDate;
  return issuedAt === undefined ? exp : receivedAt + (exp - issuedAt);
}

/** How early to renew: a day, or 1/30 of the token's lifetime when it was issued for less than 30 days. */
export function renewalMarginMs(session: Session): number {
  const { exp, iat } = claimsOf(session.access);
  if (iat === undefined || exp === undefined) return DAY_MS;
  // Both on the service's clock: the lifetime does not depend on how far off the local clock is.
  return Math.min(DAY_MS, Math.max(0, exp - iat) / 30);
}

export function needsRenewal(session: Session, now: number): boolean {
  return session.accessExpiresAt - now < renewalMarginMs(session);
}

/** An answer of a token endpoint and the service's clock when it answered (its `Date` header, ms). */
export interface TokenAnswer<T> {
  body: T;
  serviceDate?: number;
}

export function sessionFromSignIn(
  email: string,
  answer: SignInAnswer,
  receivedAt: number,
  origin?: string,
  serviceDate?: number,
): Session {
  return {
    ...(origin === undefined ? {} : { origin }),
    access: answer.access,
    refresh: answer.refresh,
    accessExpiresAt: localExpiryOf(answer.access, ACCESS_LIFETIME_MS, receivedAt, serviceDate),
    refreshExpiresAt: localExpiryOf(answer.refresh, REFRESH_LIFETIME_MS, receivedAt, serviceDate),
    email,
  };
}

export interface SessionDeps {
  store: SessionStore;
  now: () => number;
  /** The origin requests go to now (the service URL's); a session is bound to it at sign-in. */
  origin?: () => Promise<string>;
  /** Calls the sign-in endpoint. */
  /** `retry` false: one attempt (the caller paces its own retries and reports each failure). */
  requestPair: (
    email: string,
    password: string,
    signal?: AbortSignal,
    retry?: boolean,
  ) => Promise<TokenAnswer<SignInAnswer>>;
  /** Calls the refresh endpoint. */
  requestAccess: (refresh: string) => Promise<TokenAnswer<RefreshAnswer>>;
}

export class SessionManager {
  #inFlight: Promise<Session> | null = null;
  readonly #deps: SessionDeps;

  constructor(deps: SessionDeps) {
    this.#deps = deps;
  }

  async signIn(email: string, password: string, signal?: AbortSignal, retry = true): Promise<Session> {
    const origin = await this.#deps.origin?.();
    const answer = await this.#deps.requestPair(email, password, signal, retry);
    const session = sessionFromSignIn(email, answer.body, this.#deps.now(), origin, answer.serviceDate);
    await this.#deps.store.set(session);
    return session;
  }

  async signOut(): Promise<void> {
    await this.#deps.store.set(null);
  }

  current(): Promise<Session | null> {
    return this.#deps.store.get();
  }

  /**
   * Refuses to use the session for a request to another origin than the one that issued it: the
   * session is ended (a new sign-in binds a new one) and `auth/token-invalid` is thrown, so no token
   * is ever attached to a request for a service that did not issue it. A session stored before
   * origins were recorded is bound to the origin of its first use.
   */
  async requireOrigin(origin: string): Promise<void> {
    const session = await this.#deps.store.get();
    if (!session) return;
    if (session.origin === undefined) {
      await this.#deps.store.set({ ...session, origin });
      return;
    }
    if (session.origin === origin) return;
    await this.#deps.store.set(null);
    throw new ApiError({
      kind: 'auth',
      reason: 'token-invalid',
      detail: 'The session belongs to another service address; sign in again.',
    });
  }

  /** A usable access token, renewed first when it is close to expiry. */
  async accessToken(): Promise<string> {
    const session = await this.#deps.store.get();
    if (!session) throw new ApiError({ kind: 'auth', reason: 'not-signed-in' });
    if (!needsRenewal(session, this.#deps.now())) return session.access;
    return (await this.renew(session.access, 'due')).access;
  }

  /**
   * Renews the access token. Concurrent callers share one in-flight renewal. `rejectedAccess` is
   * the token the caller found stale or the service rejected: when the stored token already
   * differs (someone renewed meanwhile) and is fresh, it is returned without another refresh.
   * `why`: `'due'` when the local clock says renewal is due (then, while the local clock says the
   * refresh token has expired but the access token has not, the access token is used as it is: a
   * fast clock never ends a session by itself); `'rejected'` (the default) when the service refused
   * the access token: the refresh is always asked, the service decides.
   */
  renew(rejectedAccess?: string, why: 'due' | 'rejected' = 'rejected'): Promise<Session> {
    if (!this.#inFlight) {
      this.#inFlight = this.#renew(rejectedAccess, why).finally(() => {
        this.#inFlight = null;
      });
    }
    return this.#inFlight;
  }

  async #renew(rejectedAccess: string | undefined, why: 'due' | 'rejected'): Promise<Session> {
    const { store, now } = this.#deps;
    const session = await store.get();
    if (!session) throw new ApiError({ kind: 'auth', reason: 'not-signed-in' });
    if (rejectedAccess !== undefined && session.access !== rejectedAccess && !needsRenewal(session, now())) {
      return session;
    }
    if (why === 'due' && now() >= session.refreshExpiresAt && now() < session.accessExpiresAt) {
      // Only the local clock says the refresh token has run out, and it may be fast: the access
      // token is used as it is. The service decides: its 401 asks the refresh once (`rejected`),
      // and only the refresh being refused ends the session.
      return session;
    }
    let answer: TokenAnswer<RefreshAnswer>;
    try {
      answer = await this.#deps.requestAccess(session.refresh);
    } catch (error) {
      if (isApiError(error, 'auth')) {
        await store.set(null);
        throw new ApiError({ ...error.info, reason: 'session-expired', operation: 'refreshToken' });
      }
      // A network failure or a 5xx does not end the session: the next request tries again.
      throw error;
    }
    const renewed: Session = {
      ...session,
      access: answer.body.access,
      accessExpiresAt: localExpiryOf(answer.body.access, ACCESS_LIFETIME_MS, now(), answer.serviceDate),
    };
    // Do not resurrect a session that was signed out (or replaced by a new sign-in) meanwhile.
    const latest = await store.get();
    if (!latest || latest.refresh !== session.refresh) {
      if (!latest) throw new ApiError({ kind: 'auth', reason: 'not-signed-in' });
      return latest;
    }
    await store.set(renewed);
    return renewed;
  }

  /** Ends a session the service keeps rejecting even after renewal. */
  async reject(detail?: string): Promise<never> {
    await this.#deps.store.set(null);
    throw new ApiError(
      detail === undefined
        ? { kind: 'auth', reason: 'token-invalid' }
        : { kind: 'auth', reason: 'token-invalid', detail },
    );
  }
}
