/**
 * A delivery's requests on the wire: one POST of a request to the destination, and a body's
 * requests sent in order from the first one not yet taken. Never with cookies or our token, never
 * following a redirect; an answer's body is read only for a kind that reads its answers, and only
 * so far.
 */
import { readCappedBytes } from '@/lib/capped-body';
import { type DeliveryRequest, deliveryKind } from './kinds';
import { ATTEMPT_TIMEOUT_MS, type AttemptAnswer, parseRetryAfter, verdictOf } from './retry';
import type { MadeBody } from './stored-body';
import type { Destination } from './types';

/** An answer's body is read up to this much (a kind's answer is a short JSON). */
const ANSWER_READ_MAX = 64 * 1024;

/** What an attempt takes of the deliveries' dependencies. */
interface AttemptDeps {
  fetch: typeof fetch;
  hasOriginAccess: (url: string) => Promise<boolean>;
  now: () => number;
}

/** Keys of what one attempt created or adopted, kept for its log line. */
const TASK_KEYS_MAX = 50;

/**
 * Sends a body's requests from the first not yet taken; stops at the first not delivered. After
 * each one taken, `progress` keeps the count (a retry sends the rest). The answer is the last one's,
 * with what the requests of a kind that creates made (`created`) and found made before
 * (`adopted`: the destination said it exists; the kind's `find` names it).
 */
export async function sendRequests(
  deps: AttemptDeps,
  destination: Destination,
  body: MadeBody,
  key: string,
  progress?: (sent: number) => Promise<void>,
): Promise<AttemptAnswer> {
  let answer: AttemptAnswer = { status: 204 };
  const kind = deliveryKind(destination.kind);
  const tasks = { created: [] as string[], adopted: [] as string[] };
  const withTasks = (last: AttemptAnswer): AttemptAnswer =>
    'status' in last && (tasks.created.length > 0 || tasks.adopted.length > 0) ? { ...last, tasks } : last;
  for (let index = body.sent; index < body.requests.length; index += 1) {
    const request = body.requests[index]!;
    answer = await attempt(deps, destination, request, key);
    if (verdictOf(answer) !== 'delivered') return withTasks(answer);
    if ('status' in answer && answer.created && tasks.created.length < TASK_KEYS_MAX)
      tasks.created.push(answer.created);
    if ('status' in answer && answer.adopted) {
      // Made by an attempt whose answer was lost (or a repeat the browser sent): found, not made again.
      const search = kind.find?.(request);
      const found = search ? await attempt(deps, destination, search, key) : null;
      if (tasks.adopted.length < TASK_KEYS_MAX)
        tasks.adopted.push((found && 'status' in found ? found.found : null) ?? '?');
    }
    if (index + 1 < body.requests.length) await progress?.(index + 1);
  }
  return withTasks(answer);
}

/**
 * One POST of a request to the destination. Never with cookies or our token (`credentials:
 * 'omit'`; the only Authorization is a destination's own, entered for it: a tracker's token),
 * never following a redirect (`redirect: 'manual'`: it is reported instead). A kind that reads its answers (`answer`) gets the body's JSON, at most 64 kB.
 */
async function attempt(
  deps: AttemptDeps,
  destination: Destination,
  request: DeliveryRequest,
  key: string,
): Promise<AttemptAnswer> {
  const url = `${destination.url}${request.path ?? ''}`;
  if (!(await deps.hasOriginAccess(url))) return { problem: 'permission' };
  const kind = deliveryKind(destination.kind);
  try {
    const response = await deps.fetch(url, {
      method: 'POST',
      // The destination's own credential (a tracker's token), never the service's.
      headers: {
        ...destination.headers,
        ...(typeof request.body === 'string' ? { 'content-type': 'application/json' } : {}),
        'idempotency-key': key,
      },
      body: typeof request.body === 'string' ? request.body : formOf(request.body),
      credentials: 'omit',
      redirect: 'manual',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      void response.body?.cancel().catch(() => undefined);
      return { problem: 'redirect' };
    }
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), deps.now());
    if (!kind.answer) {
      void response.body?.cancel().catch(() => undefined);
      return { status: response.status, retryAfterMs };
    }
    return kind.answer(response.status, await readJson(response), retryAfterMs);
  } catch (error) {
    return { problem: (error as Error)?.name === 'TimeoutError' ? 'timeout' : 'network' };
  }
}

/** A multipart form from its fields (a file is made of its text). */
function formOf(fields: Extract<DeliveryRequest['body'], unknown[]>): FormData {
  const form = new FormData();
  for (const field of fields) {
    if ('file' in field)
      form.append(field.name, new Blob([field.file.text], { type: field.file.type }), field.file.name);
    else form.append(field.name, field.value);
  }
  return form;
}

/** An answer's body as JSON, read up to `ANSWER_READ_MAX`; undefined when it is not JSON or too long. */
async function readJson(response: Response): Promise<unknown> {
  try {
    const bytes = await readCappedBytes(response, ANSWER_READ_MAX);
    return bytes ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
  } catch {
    return undefined;
  }
}
