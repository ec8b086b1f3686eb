/**
 * Support of the trust-boundary specs: a tab whose content-script world can be driven through the
 * DevTools protocol (what a compromised page renderer can do with our content script's powers),
 * and small local servers that record what reaches them or answer in crafted ways.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from '@playwright/test';
import { type Answer, expect } from './background-fixtures';

/**
 * Opens `url` (served by the test as a plain page) and returns a way to evaluate code in our
 * content script's isolated world there. The content script must be loaded on that URL (its
 * `matches`), whether or not its features run.
 */
export async function openContentScriptWorld(context: BrowserContext, url: string) {
  const { origin } = new URL(url);
  await context.route(`${origin}/**`, (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html><head><title>Page</title></head><body><h1>Page</h1></body></html>',
        })
      : route.fulfill({ status: 404, body: '' }),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const worlds: Array<{ id: number; name: string }> = [];
  cdp.on('Runtime.executionContextCreated', ({ context: created }) => {
    worlds.push({ id: created.id, name: created.name });
  });
  await cdp.send('Runtime.enable');
  await page.goto(url);
  await expect.poll(() => worlds.some((world) => world.name === 'Meeting Capture')).toBe(true);
  const world = worlds.find((candidate) => candidate.name === 'Meeting Capture')!;
  const evaluate = async <T>(expression: string): Promise<T> => {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      contextId: world.id,
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value as T;
  };
  return {
    page,
    inContentScript: evaluate,
    /** Sends a message to the background from the content script's world. */
    send(type: string, payload: unknown): Promise<Answer> {
      return evaluate<Answer>(
        `chrome.runtime.sendMessage(${JSON.stringify({ channel: 'meeting-capture', type, payload })})`,
      );
    },
  };
}

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

export type Handler = (
  request: SeenRequest,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
) => void | Promise<void>;

/** A local HTTP server on a free loopback port that records every request it receives. */
export async function startRecordingServer(handler?: Handler) {
  const seen: SeenRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: SeenRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        authorization: incoming.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      if (handler) {
        void Promise.resolve(handler(request, incoming, outgoing)).catch(() => outgoing.destroy());
        return;
      }
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end('{"count":0,"next":null,"previous":null,"results":[]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Forwards a recorded request to `target` and returns the answer. */
export async function forward(target: string, request: SeenRequest, incoming: IncomingMessage) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
      headers.set(name, value);
  }
  return fetch(`${target}${request.path}`, {
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
    redirect: 'manual',
  });
}
