/**
 * simplejwt-style authentication: HS256 token pairs, the two token endpoints and the bearer check.
 * Expiry is checked against the emulator's virtual clock.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { jwtVerify, SignJWT } from 'jose';
import type { Emulator } from './emulator';
import { fieldErrors, json, publicRoute, readData } from './http';
import type { User } from './state';
import { Validator } from './validation';

type TokenType = 'access' | 'refresh';

const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="api"' };

const unauthorized = (body: unknown) => json(body, 401, WWW_AUTHENTICATE);

const AUTH_ERRORS = {
  noAccount: { detail: 'No active account found with the given credentials' },
  refreshInvalid: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
  notProvided: { detail: 'Authentication credentials were not provided.' },
  accessInvalid: {
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
    messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
  },
  badHeader: {
    detail: 'Authorization header must contain two space-delimited values',
    code: 'bad_authorization_header',
  },
  userNotFound: { detail: 'User not found', code: 'user_not_found' },
};

export class Auth {
  private readonly key: Uint8Array;
  /** Ids (`jti`) of the access tokens issued since the start or the last reset. */
  private readonly issuedAccess = new Set<string>();
  /** Access tokens made to have expired early (control surface), answered like expired ones. */
  private readonly expiredAccess = new Set<string>();

  constructor(
    private readonly emu: Emulator,
    secret: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(user: User, type: TokenType): Promise<string> {
    const nowSec = Math.floor(this.emu.now() / 1000);
    const ttl = type === 'access' ? this.emu.options.accessTtlSec : this.emu.options.refreshTtlSec;
    const jti = randomUUID().replace(/-/g, '');
    if (type === 'access') this.issuedAccess.add(jti);
    return new SignJWT({
      token_type: type,
      exp: nowSec + ttl,
      iat: nowSec,
      jti,
      user_id: user.id,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(this.key);
  }

  /**
   * Every access token issued so far is answered from now on as an expired one (401
   * `token_not_valid`), while refresh tokens stay valid: what a client sees when its access token
   * ran out earlier than its own clock says. Returns how many tokens that was.
   */
  expireAccessTokens(): number {
    for (const jti of this.issuedAccess) this.expiredAccess.add(jti);
    this.issuedAccess.clear();
    return this.expiredAccess.size;
  }

  reset(): void {
    this.issuedAccess.clear();
    this.expiredAccess.clear();
  }

  /** The user of a valid token of this type, or null. */
  async verify(token: string, type: TokenType): Promise<User | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.emu.now()),
        requiredClaims: ['exp', 'jti'],
      });
      if (payload.token_type !== type || typeof payload.user_id !== 'number') return null;
      return this.emu.db.users.get(payload.user_id) ?? null;
    } catch {
      return null;
    }
  }

  /** The caller of an API request, or the 401 answer. */
  async authenticate(c: Context): Promise<User | Response> {
    const header = c.req.header('authorization');
    const parts = header?.trim().split(/\s+/).filter(Boolean) ?? [];
    if (parts.length === 0 || parts[0] !== 'Bearer') return unauthorized(AUTH_ERRORS.notProvided);
    if (parts.length !== 2) return unauthorized(AUTH_ERRORS.badHeader);
    const token = parts[1] ?? '';
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.emu.now()),
        requiredClaims: ['exp', 'jti'],
      });
      if (payload.token_type !== 'access') return unauthorized(AUTH_ERRORS.accessInvalid);
      if (typeof payload.jti === 'string' && this.expiredAccess.has(payload.jti)) {
        return unauthorized(AUTH_ERRORS.accessInvalid);
      }
      const user = typeof payload.user_id === 'number' ? this.emu.db.users.get(payload.user_id) : undefined;
      return user ?? unauthorized(AUTH_ERRORS.userNotFound);
    } catch {
      return unauthorized(AUTH_ERRORS.accessInvalid);
    }
  }

  register(app: Hono): void {
    publicRoute(app, '/api/token/', 'Token Obtain Pair', {
      POST: async (c) => {
        const body = await readData(c);
        if (!body.ok) return body.response;
        const v = new Validator(body.data);
        const username = v.string('username');
        const password = v.string('password', { trim: false });
        if (!v.valid || username === undefined || password === undefined) return fieldErrors(v.errors);
        const wanted = username.toLowerCase();
        const user = [...this.emu.db.users.values()].find((u) => u.email.toLowerCase() === wanted);
        if (!user || user.password === null || user.password !== password) {
          return unauthorized(AUTH_ERRORS.noAccount);
        }
        const refresh = await this.issue(user, 'refresh');
        const access = await this.issue(user, 'access');
        this.emu.db.counters.signIns++;
        return json({ refresh, access });
      },
    });

    publicRoute(app, '/api/token/refresh/', 'Token Refresh', {
      POST: async (c) => {
        const body = await readData(c);
        if (!body.ok) return body.response;
        const v = new Validator(body.data);
        const refresh = v.string('refresh');
        if (!v.valid || refresh === undefined) return fieldErrors(v.errors);
        const user = await this.verify(refresh, 'refresh');
        if (!user) return unauthorized(AUTH_ERRORS.refreshInvalid);
        const access = await this.issue(user, 'access');
        this.emu.db.counters.tokenRefreshes++;
        return json({ access });
      },
    });
  }
}
