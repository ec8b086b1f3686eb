/**
 * Yandex Tracker's issue API on this computer (node:http on 127.0.0.1, started by a test), after
 * its published documentation (yandex.ru/support/tracker: "Creating an issue", "Finding issues",
 * "Possible response codes"), written for the tests:
 *
 * - `POST /v3/issues/` with `Authorization: OAuth <token>` and `X-Org-ID` (or `X-Cloud-Org-ID`):
 *   a JSON body with `queue` and `summary` required; 201 and the issue (`key` `<QUEUE>-<n>`, `id`,
 *   `self`, `summary`, `queue`, `unique`, `deadline`); 409 when an issue with the same `unique`
 *   exists (no duplicate is created); 400 for a body without `queue` or `summary`; 401 for another
 *   token or no organization; 404 for a queue the organization does not have.
 * - `POST /v3/issues/_search` with `{"filter": {"unique": "…"}}`: 200 and the array of issues.
 *
 * A script makes the next creates misbehave: `lose` creates the issue and drops the connection
 * before answering (a lost answer), `html` answers 200 with an HTML page without creating,
 * `busy` answers 503.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TrackerIssue {
  key: string;
  id: string;
  self: string;
  summary: string;
  description?: string;
  queue: { key: string };
  unique?: string;
  deadline?: string;
}

export type TrackerTrick = 'lose' | 'html' | 'busy';

export interface TrackerCall {
  path: string;
  authorization: string;
  org: string;
  body: Record<string, unknown>;
}

export async function startTrackerReceiver(options: { token: string; org: string; queues: string[] }) {
  const calls: TrackerCall[] = [];
  const issues: TrackerIssue[] = [];
  const tricks: TrackerTrick[] = [];
  const counters = new Map<string, number>();
  let base = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(body));
      };
      const error = (status: number, message: string) =>
        answer(status, { errors: {}, errorMessages: [message] });
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return error(400, 'Invalid JSON');
      }
      const path = (request.url ?? '').split('?')[0] ?? '';
      const authorization = String(request.headers.authorization ?? '');
      const org = String(request.headers['x-org-id'] ?? request.headers['x-cloud-org-id'] ?? '');
      calls.push({ path, authorization, org, body });
      if (request.method !== 'POST') return error(405, 'Method not allowed');
      if (authorization !== `OAuth ${options.token}` || org !== options.org)
        return error(401, 'Unauthorized');
      if (path === '/v3/issues/_search') {
        const filter = (body.filter ?? {}) as Record<string, unknown>;
        return answer(
          200,
          issues.filter((issue) => filter.unique === undefined || issue.unique === filter.unique),
        );
      }
      if (path !== '/v3/issues/') return error(404, 'Not found');
      const trick = tricks.shift();
      if (trick === 'html') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<!doctype html><title>Sign in</title><p>Please sign in</p>');
      }
      if (trick === 'busy') return error(503, 'Service unavailable');
      const queue = typeof body.queue === 'string' ? body.queue : '';
      if (!queue || typeof body.summary !== 'string' || body.summary === '')
        return error(400, 'Fields queue and summary are required');
      if (!options.queues.includes(queue)) return error(404, `Queue ${queue} does not exist`);
      const unique = typeof body.unique === 'string' ? body.unique : undefined;
      if (unique !== undefined && issues.some((issue) => issue.unique === unique))
        return error(409, 'Issue with the same unique value already exists');
      const n = (counters.get(queue) ?? 0) + 1;
      counters.set(queue, n);
      const issue: TrackerIssue = {
        key: `${queue}-${n}`,
        id: `${queue.toLowerCase()}${n}`.padEnd(24, '0'),
        self: `${base}/v3/issues/${queue}-${n}`,
        summary: body.summary,
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        queue: { key: queue },
        ...(unique !== undefined ? { unique } : {}),
        ...(typeof body.deadline === 'string' ? { deadline: body.deadline } : {}),
      };
      issues.push(issue);
      // Created, and the answer lost on the way back.
      if (trick === 'lose') return request.socket.destroy();
      return answer(201, issue);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    calls,
    issues,
    /** The next creates misbehave, in this order. */
    trick: (...next: TrackerTrick[]) => tricks.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
