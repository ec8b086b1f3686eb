/**
 * Measures whether Chromium repeats a POST whose connection drops without an answer, and which
 * request shapes prevent it. No extension: a plain page on a small HTTP/1.1 server fetches
 * `GET /warm` (so a keep-alive connection is idle in the pool) and then `POST /charge`; the server
 * counts the POST (the "effect") and destroys the socket without writing a byte, the first time
 * only. A second POST arriving means the browser replayed the first one.
 *
 *   npx tsx scripts/measure-replay.ts              # in a page; prints a table, writes replay-result.json
 *   npx tsx scripts/measure-replay.ts --extension  # in the built extension's service worker
 *
 * Each variant runs `RUNS` times in a fresh page; the figures are POSTs received per click.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { launchChromium } from '../tests/e2e/launch';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
/** `--extension`: run the fetches in the built extension's service worker (cross-origin, host permission). */
const IN_EXTENSION = process.argv.includes('--extension');

interface Variant {
  name: string;
  /** Code run in the page: an async function body with `warm` and `post` helpers in scope. */
  body: string;
  /** Server answers reads with `Connection: close` (a service-side change, for comparison). */
  closeReads?: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'baseline: GET /warm, then POST (same connection reused)', body: `await warm(); return post({});` },
  { name: 'no warm-up: POST on a fresh connection', body: `return post({});` },
  {
    name: "credentials: 'omit' on the POST (reads with default credentials)",
    body: `await warm(); return post({ credentials: 'omit' });`,
  },
  {
    name: "credentials: 'omit' on both (one socket group)",
    body: `await warm({ credentials: 'omit' }); return post({ credentials: 'omit' });`,
  },
  {
    name: "credentials: 'include' on the POST only",
    body: `await warm({ credentials: 'omit' }); return post({ credentials: 'include' });`,
  },
  {
    name: "credentials: 'include' on the POST, after an earlier 'include' POST",
    body: `await warm({ credentials: 'omit' }); await fetch('/other', { method: 'POST', credentials: 'include', body: 'x' }); return post({ credentials: 'include' });`,
  },
  { name: 'keepalive: true', body: `await warm(); return post({ keepalive: true });` },
  { name: "cache: 'no-store'", body: `await warm(); return post({ cache: 'no-store' });` },
  { name: "priority: 'high'", body: `await warm(); return post({ priority: 'high' });` },
  {
    name: "header 'Connection: close' (a forbidden header: dropped by the browser)",
    body: `await warm(); return post({ headers: { 'Connection': 'close' } });`,
  },
  { name: 'unique query string', body: `await warm(); return post({}, '/charge?nonce=' + Math.random());` },
  {
    name: "streaming body (ReadableStream, duplex: 'half')",
    body: `await warm(); const stream = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('{}')); c.close(); } }); return post({ body: stream, duplex: 'half' });`,
  },
  {
    name: 'Blob body',
    body: `await warm(); return post({ body: new Blob(['{}'], { type: 'application/json' }) });`,
  },
  {
    name: 'XMLHttpRequest',
    body: `await warm(); return await new Promise((resolve) => { const x = new XMLHttpRequest(); x.open('POST', '/charge'); x.onload = () => resolve('answered ' + x.status); x.onerror = () => resolve('failed'); x.send('{}'); });`,
  },
  {
    name: 'idle longer than the server keep-alive (6 s)',
    body: `await warm(); await new Promise((r) => setTimeout(r, 6000)); return post({});`,
  },
  {
    name: 'service side: reads answered with Connection: close',
    body: `await warm(); return post({});`,
    closeReads: true,
  },
];

async function main() {
  let posts = 0;
  let drop = true;
  let closeReads = false;
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (req.method === 'GET' && url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>replay</title><p>replay</p>');
      return;
    }
    if (req.method === 'GET' && url.startsWith('/warm')) {
      res.writeHead(200, { 'content-type': 'text/plain', ...(closeReads ? { connection: 'close' } : {}) });
      res.end('warm');
      return;
    }
    if (req.method === 'POST' && url.startsWith('/charge')) {
      req.resume();
      req.on('end', () => {
        posts += 1;
        if (drop) {
          drop = false;
          req.socket.destroy();
          return;
        }
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
      return;
    }
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  server.keepAliveTimeout = 5_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chromium = await launchChromium({ extension: IN_EXTENSION, profilePrefix: 'mc-replay-' });
  const worker = IN_EXTENSION
    ? (chromium.context.serviceWorkers()[0] ?? (await chromium.context.waitForEvent('serviceworker')))
    : null;
  const results: Array<{ variant: string; postsPerClick: number[]; outcomes: string[] }> = [];
  try {
    for (const variant of VARIANTS) {
      const counts: number[] = [];
      const outcomes: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        for (const socket of sockets) socket.destroy();
        posts = 0;
        drop = true;
        closeReads = variant.closeReads ?? false;
        const script = `(async () => {
          const base = ${JSON.stringify(IN_EXTENSION ? origin : '')};
          const warm = async (init = {}) => { const r = await fetch(base + '/warm?' + Math.random(), init); await r.text(); };
          const post = async (init = {}, url = '/charge') => {
            try { const r = await fetch(base + url, { method: 'POST', body: '{}', ...init }); return 'answered ' + r.status; }
            catch (e) { return 'rejected: ' + e.message; }
          };
          ${variant.body.replaceAll("fetch('/", "fetch(base + '/")}
        })()`;
        const page = worker ? null : await chromium.context.newPage();
        await page?.goto(`${origin}/`);
        const outcome = await (page ? page.evaluate(script) : worker!.evaluate(script)).catch(
          (error: unknown) => `not available: ${String(error).split('\n')[0]}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        counts.push(posts);
        outcomes.push(String(outcome));
        await page?.close();
      }
      results.push({ variant: variant.name, postsPerClick: counts, outcomes: [...new Set(outcomes)] });
      console.log(`${counts.join('/').padEnd(8)} ${variant.name} → ${[...new Set(outcomes)].join('; ')}`);
    }
  } finally {
    await chromium.close();
    server.closeAllConnections();
    server.close();
  }
  const version = chromium.context.browser()?.version() ?? 'unknown';
  writeFileSync(
    IN_EXTENSION ? 'replay-result-extension.json' : 'replay-result.json',
    `${JSON.stringify({ chromium: version, context: IN_EXTENSION ? 'extension service worker' : 'page', runs: RUNS, results }, null, 2)}\n`,
  );
}

await main();
