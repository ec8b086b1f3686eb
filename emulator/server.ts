/**
 * A small Node HTTP adapter for the Hono apps. It is where the per-request concerns live:
 * settling due background work, counting requests, injecting faults (before or after handling),
 * logging, and tracking sockets so `close()` frees everything.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Hono } from 'hono';
import type { Emulator } from './emulator';
import type { Fault } from './faults';
import { HTML_500, HTML_502 } from './http';

export type ServerKind = 'api' | 'storage';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
]);

/** Request bodies larger than this are refused: Django's DATA_UPLOAD_MAX_MEMORY_SIZE, S3's part cap. */
const BODY_LIMITS: Record<ServerKind, number> = { api: 2.5 * 1024 * 1024, storage: 64 * 1024 * 1024 };
/** The control surface takes whole results (a 10 MB protocol) for tests. */
const CONTROL_BODY_LIMIT = 64 * 1024 * 1024;

const BAD_REQUEST_HTML =
  '<!doctype html>\n<html lang="en">\n<head>\n  <title>Bad Request (400)</title>\n</head>\n<body>\n  <h1>Bad Request (400)</h1><p></p>\n</body>\n</html>\n';

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > limit) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function writeHtml(res: ServerResponse, status: number, body: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body);
}

/**
 * A reset writes nothing at all: the socket (a keep-alive HTTP/1.1 connection the client may have
 * used before) is destroyed, as a proxy that lost its upstream closes the client's connection.
 */
function deliverFault(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
  if (fault.kind === 'reset') req.socket.destroy();
  else if (fault.kind === 'html502') writeHtml(res, 502, HTML_502);
  else writeHtml(res, 500, HTML_500);
}

function isFaultable(kind: ServerKind, method: string, path: string): boolean {
  // CORS preflights to storage are answered by the browser's cache as often as not: left alone.
  if (kind === 'storage') return method !== 'OPTIONS';
  return path.startsWith('/api/');
}

export async function listen(
  app: Hono,
  emu: Emulator,
  kind: ServerKind,
  host: string,
  requestedPort: number,
): Promise<Listening> {
  const sockets = new Set<Socket>();
  /** The port actually bound (the requested one may be 0). */
  let port = requestedPort;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const rawUrl = req.url ?? '/';
    const path = rawUrl.split('?')[0] ?? '/';
    emu.settle();

    let fault: Fault | null = null;
    if (isFaultable(kind, method, path)) {
      const counters = emu.db.counters;
      counters.requests++;
      fault = emu.faults.takeDrop(method, path) ?? emu.faults.roll(method);
      if (fault?.armed) counters.armedDrops++;
      if (fault) {
        counters.faults[fault.kind]++;
        counters.faults.total++;
      }
    }
    const logLine = (status: number | string) =>
      emu.log(
        `${kind} ${method} ${rawUrl.length > 160 ? `${rawUrl.slice(0, 160)}…` : rawUrl} ${status} ${Date.now() - started}ms${fault ? ` [fault ${fault.kind} ${fault.phase}${fault.armed ? ' armed' : ''}]` : ''}`,
      );

    if (fault && fault.kind !== 'slow' && fault.phase === 'before') {
      deliverFault(fault, req, res);
      logLine('fault');
      return;
    }

    // The body is read before a slow fault's pause, so a request whose client gives up during
    // the pause still takes effect, as it would on a real server that is merely slow.
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      const limit =
        kind === 'api' && path.startsWith('/__emulator/') ? CONTROL_BODY_LIMIT : BODY_LIMITS[kind];
      const read = await readBody(req, limit);
      if (read === 'too-large') {
        writeHtml(res, kind === 'api' ? 400 : 413, kind === 'api' ? BAD_REQUEST_HTML : HTML_500);
        logLine('too-large');
        return;
      }
      body = read;
    }
    if (fault?.kind === 'slow') await emu.sleep(emu.options.slowMs);

    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    let base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const hostHeader = req.headers.host;
    if (hostHeader && /^[A-Za-z0-9.\-[\]:]+$/.test(hostHeader)) base = `http://${hostHeader}`;
    let url: URL;
    try {
      url = new URL(rawUrl.startsWith('/') ? rawUrl : `/${rawUrl}`, base);
    } catch {
      writeHtml(res, 400, BAD_REQUEST_HTML);
      return;
    }

    let response: Response;
    let payload: Buffer | null = null;
    try {
      response = await app.fetch(
        new Request(url, {
          method,
          headers,
          body: body && body.length > 0 ? new Uint8Array(body) : undefined,
        }),
      );
      if (method !== 'HEAD' && response.body) payload = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      emu.logError(error);
      if (fault && fault.phase === 'after') deliverFault(fault, req, res);
      else writeHtml(res, 500, HTML_500);
      logLine(500);
      return;
    }

    if (fault && fault.kind !== 'slow' && fault.phase === 'after') {
      deliverFault(fault, req, res);
      logLine(`${response.status}→fault`);
      return;
    }
    if (res.destroyed || res.headersSent) return;
    const outHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      outHeaders[name] = value;
    });
    if (method !== 'HEAD') outHeaders['content-length'] = String(payload?.length ?? 0);
    res.writeHead(response.status, outHeaders);
    res.end(payload ?? undefined);
    logLine(response.status);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      emu.logError(error);
      writeHtml(res, 500, HTML_500);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      }),
  };
}
