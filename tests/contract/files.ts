/** A loopback file server for by-URL and video-page downloads (the service fetches from it). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface FileServer {
  url: string;
  /** Requests received, by path. */
  hits: Map<string, number>;
}

/** Serves `routes` (path → body and type); anything else is 404. */
export function useFileServer(
  routes: Record<string, { body: Uint8Array | string; type: string }>,
): () => FileServer {
  let server: Server | null = null;
  const state: FileServer = { url: '', hits: new Map() };
  beforeAll(async () => {
    const created = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      state.hits.set(path, (state.hits.get(path) ?? 0) + 1);
      const route = routes[path];
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('missing');
        return;
      }
      const body = typeof route.body === 'string' ? Buffer.from(route.body) : Buffer.from(route.body);
      res.writeHead(200, { 'content-type': route.type, 'content-length': String(body.length) });
      res.end(body);
    });
    server = created;
    await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(created.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server?.close(() => resolve());
      server?.closeAllConnections();
    });
  });
  return () => state;
}
