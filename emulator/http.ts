/**
 * The Django REST Framework look of the API: JSON and HTML answers, request body parsing,
 * limit/offset pagination, and per-path dispatch (authentication, 405, OPTIONS, HEAD).
 */
import type { Context, Hono } from 'hono';
import type { Emulator } from './emulator';
import type { User } from './state';

// Django's default templates with DEBUG off, and nginx's gateway error page.
const HTML_404 =
  '<!doctype html>\n<html lang="en">\n<head>\n  <title>Not Found</title>\n</head>\n<body>\n  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>\n</body>\n</html>\n';
export const HTML_500 =
  '<!doctype html>\n<html lang="en">\n<head>\n  <title>Server Error (500)</title>\n</head>\n<body>\n  <h1>Server Error (500)</h1><p></p>\n</body>\n</html>\n';
export const HTML_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

const NOT_FOUND = { detail: 'Not found.' };
const PERMISSION_DENIED = { detail: 'You do not have permission to perform this action.' };

export type FieldErrors = Record<string, string[]>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** 200 with an empty body (complete_upload, delete_list). */
export function emptyOk(): Response {
  return new Response(null, { status: 200, headers: { 'Content-Length': '0' } });
}

function html(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

export const notFoundHtml = () => html(404, HTML_404);
export const serverErrorHtml = () => html(500, HTML_500);

export const fieldErrors = (errors: FieldErrors) => json(errors, 400);
export const notFoundJson = () => json(NOT_FOUND, 404);
export const forbidden = () => json(PERMISSION_DENIED, 403);

export type BodyResult = { ok: true; data: Record<string, unknown> } | { ok: false; response: Response };

const pythonType = (value: unknown): string => {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return 'dict';
};

export { pythonType };

/**
 * Reads the request body as DRF's JSON, form and multipart parsers would. An empty body is an
 * empty object; another media type is 415; malformed JSON is 400 `JSON parse error - ...`.
 */
export async function readData(c: Context): Promise<BodyResult> {
  const raw = new Uint8Array(await c.req.arrayBuffer());
  if (raw.byteLength === 0) return { ok: true, data: {} };
  const header = c.req.header('content-type') ?? '';
  const mediaType = header.split(';')[0]?.trim().toLowerCase() ?? '';
  let parsed: unknown;
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, response: json({ detail: `JSON parse error - ${message}` }, 400) };
    }
  } else if (mediaType === 'application/x-www-form-urlencoded') {
    parsed = formToObject(new URLSearchParams(new TextDecoder().decode(raw)));
  } else if (mediaType === 'multipart/form-data') {
    try {
      const form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': header },
        body: raw,
      }).formData();
      const params = new URLSearchParams();
      for (const [key, value] of form) params.append(key, typeof value === 'string' ? value : value.name);
      parsed = formToObject(params);
    } catch {
      return {
        ok: false,
        response: json({ detail: 'Multipart form parse error - Invalid boundary in multipart: None' }, 400),
      };
    }
  } else {
    return { ok: false, response: json({ detail: `Unsupported media type "${header}" in request.` }, 415) };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      ok: false,
      response: fieldErrors({
        non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonType(parsed)}.`],
      }),
    };
  }
  return { ok: true, data: parsed as Record<string, unknown> };
}

function formToObject(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pagination (DRF LimitOffsetPagination)

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

/** Python's int() of a query value, as DRF's `_positive_int`; null when DRF would fall back. */
function positiveInt(text: string | null, strict: boolean, cutoff?: number): number | null {
  if (text === null) return null;
  const trimmed = text.trim();
  if (!/^[+-]?\d+(_\d+)*$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(/_/g, ''));
  if (value < 0 || (value === 0 && strict)) return null;
  return cutoff === undefined ? value : Math.min(value, cutoff);
}

/** Python's urllib.parse.quote_plus. */
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Absolute `http://` URL of this request with query parameters replaced, as DRF builds them. */
function pageLink(c: Context, replace: Record<string, number>, remove: string[] = []): string {
  const url = new URL(c.req.url);
  const groups = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) {
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)?.push(value);
  }
  for (const [key, value] of Object.entries(replace)) groups.set(key, [String(value)]);
  for (const key of remove) groups.delete(key);
  const query = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([key, values]) => values.map((v) => `${quotePlus(key)}=${quotePlus(v)}`))
    .join('&');
  return `http://${url.host}${url.pathname}${query ? `?${query}` : ''}`;
}

export function paginate<T>(c: Context, items: T[], toJson: (item: T) => unknown): Response {
  const query = new URL(c.req.url).searchParams;
  const limit = positiveInt(query.get('limit'), true, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE;
  const offset = positiveInt(query.get('offset'), false) ?? 0;
  const count = items.length;
  const page = count === 0 || offset > count ? [] : items.slice(offset, offset + limit);
  const next = offset + limit >= count ? null : pageLink(c, { limit, offset: offset + limit });
  let previous: string | null = null;
  if (offset > 0) {
    previous =
      offset - limit <= 0
        ? pageLink(c, { limit }, ['offset'])
        : pageLink(c, { limit, offset: offset - limit });
  }
  return json({ count, next, previous, results: page.map(toJson) });
}

// ---------------------------------------------------------------------------------------------
// Dispatch

type Method = 'GET' | 'POST';
export type AuthedHandler = (c: Context, user: User) => Response | Promise<Response>;
export type PublicHandler = (c: Context) => Response | Promise<Response>;

const SECURITY_HEADERS: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Adds the headers Django and DRF put on every answer. */
export function withServiceHeaders(response: Response, allow?: string): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  if (allow) {
    headers.set('Allow', allow);
    headers.set('Vary', 'Accept');
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function allowHeader(methods: Method[]): string {
  const list: string[] = [...methods];
  if (methods.includes('GET')) list.push('HEAD');
  list.push('OPTIONS');
  return list.join(', ');
}

function options(name: string): Response {
  return json({
    name,
    description: '',
    renders: ['application/json'],
    parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
  });
}

function methodNotAllowed(method: string): Response {
  return json({ detail: `Method "${method}" not allowed.` }, 405);
}

/** Registers a path that requires a bearer token: 401 first, then 405, OPTIONS and the handlers. */
export function apiRoute(
  app: Hono,
  emu: Emulator,
  path: string,
  name: string,
  handlers: Partial<Record<Method, AuthedHandler>>,
): void {
  const methods = Object.keys(handlers) as Method[];
  const allow = allowHeader(methods);
  app.all(path, async (c) => {
    const user = await emu.auth.authenticate(c);
    if (user instanceof Response) return withServiceHeaders(user, allow);
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (method === 'OPTIONS') return withServiceHeaders(options(name), allow);
    const handler = handlers[method as Method];
    if (!handler) return withServiceHeaders(methodNotAllowed(c.req.method), allow);
    return withServiceHeaders(await handler(c, user), allow);
  });
}

/** Registers a path open to everyone (the token endpoints). */
export function publicRoute(
  app: Hono,
  path: string,
  name: string,
  handlers: Partial<Record<Method, PublicHandler>>,
): void {
  const methods = Object.keys(handlers) as Method[];
  const allow = allowHeader(methods);
  app.all(path, async (c) => {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (method === 'OPTIONS') return withServiceHeaders(options(name), allow);
    const handler = handlers[method as Method];
    if (!handler) return withServiceHeaders(methodNotAllowed(c.req.method), allow);
    return withServiceHeaders(await handler(c), allow);
  });
}
