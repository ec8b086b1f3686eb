/**
 * When a delivery is tried again, and whether it is tried at all. Pure functions.
 *
 * - Transient (tried again): no answer, no answer in time, HTTP 408, 429 and 5xx, and no access
 *   to the site (the person may grant it again).
 * - Permanent (given up at once): any other 4xx (the address is wrong or revoked; sending the same
 *   body again cannot help), any other status outside 2xx, and a redirect (never followed: it
 *   could lead the protocol to another host; the person should use the final address).
 * - Backoff doubles from `base` (1, 2, 4, 8 ... minutes) up to `cap`, and nothing is tried later
 *   than `GIVE_UP_AFTER_MS` after the protocol became ready.
 */
import type { DeliveryProblem } from './types';

export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_CAP_MS = 60 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** An attempt that has no answer after this long is abandoned (and tried again later). */
export const ATTEMPT_TIMEOUT_MS = 30_000;

/** Wait after the `attempt`-th failed attempt (1-based). */
export function backoffMs(attempt: number, base = BACKOFF_BASE_MS, cap = BACKOFF_CAP_MS): number {
  const exponent = Math.max(0, Math.min(30, attempt - 1));
  return Math.min(cap, base * 2 ** exponent);
}

/**
 * When to try again after the `attempt`-th failed attempt, or null when the next try would be more
 * than `GIVE_UP_AFTER_MS` after `readyAt`. A `Retry-After` the destination asked for is honoured
 * when it is longer than the backoff (capped as well).
 */
export function nextAttemptAt(
  attempt: number,
  readyAt: number,
  now: number,
  options: { base?: number; cap?: number; retryAfterMs?: number | null } = {},
): number | null {
  const cap = options.cap ?? BACKOFF_CAP_MS;
  const wait = Math.max(
    backoffMs(attempt, options.base, cap),
    Math.min(cap, Math.max(0, options.retryAfterMs ?? 0)),
  );
  const at = now + wait;
  return at > readyAt + GIVE_UP_AFTER_MS ? null : at;
}

/** The answer of one attempt: an HTTP status, a redirect, or a problem without an answer. */
export type AttemptAnswer =
  /** `refusal`: what a kind read in the answer's body (a bot's token refused, ...). */
  | {
      status: number;
      retryAfterMs?: number | null;
      refusal?: Refusal;
      /** A kind that creates (a tracker): the key of what this request created. */
      created?: string;
      /** A kind that creates: the destination answered that this request's object exists (made before): taken. */
      adopted?: boolean;
      /** A kind that creates: what the search for an adopted object found (its key), or null. */
      found?: string | null;
      /** What a delivery's requests created and adopted in this attempt (keys; `?` for one not found). */
      tasks?: { created: string[]; adopted: string[] };
    }
  | { problem: Exclude<DeliveryProblem, 'http' | 'expired' | Refusal> };

/** Refusals a kind reads in an answer's body; each is permanent. */
export type Refusal = Extract<
  DeliveryProblem,
  | 'bad-token'
  | 'chat-not-found'
  | 'bot-blocked'
  | 'chat-migrated'
  | 'no-rights'
  | 'queue-not-found'
  | 'token-refused'
>;

export type Verdict = 'delivered' | 'transient' | 'permanent';

export function verdictOf(answer: AttemptAnswer): Verdict {
  if ('problem' in answer) return answer.problem === 'redirect' ? 'permanent' : 'transient';
  const { status } = answer;
  if (answer.refusal) return 'permanent';
  if (status >= 200 && status < 300) return 'delivered';
  if (answer.adopted) return 'delivered';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'permanent';
}

/** `Retry-After` in seconds or as an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
