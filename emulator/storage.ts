/**
 * The storage origin: S3-like presigned links for part uploads (PUT, with ETag and CORS) and for
 * reading source files (GET/HEAD, with Range). Links carry an HMAC signature and expire on the
 * virtual clock; expired or tampered links answer 403 with an S3-style XML error.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Emulator } from './emulator';
import { amzDate, parseAmzDate } from './format';

export const PART_SIZE = 10 * 1024 * 1024;
export const UPLOAD_LINK_TTL_SEC = 5 * 3600;
export const FILE_LINK_TTL_SEC = 3600;
/** Largest part body storage accepts. */
const MAX_PART_BYTES = 64 * 1024 * 1024;

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Content-Length, Content-Range, Accept-Ranges',
};

function s3Error(
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): Response {
  const fields = Object.entries(extra)
    .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
    .join('');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${fields}<RequestId>${Math.random().toString(16).slice(2, 18).toUpperCase()}</RequestId></Error>`;
  return new Response(body, { status, headers: { 'Content-Type': 'application/xml', ...CORS_HEADERS } });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function etagOf(bytes: Uint8Array): string {
  return `"${createHash('md5').update(bytes).digest('hex')}"`;
}

export class LinkSigner {
  constructor(
    private readonly secret: string,
    private readonly baseUrl: () => string,
  ) {}

  private signature(method: string, path: string, date: string, expires: string): string {
    return createHmac('sha256', this.secret).update(`${method}\n${path}\n${date}\n${expires}`).digest('hex');
  }

  /** An absolute presigned link for `method` on `path` (already URL-encoded), valid `ttlSec`. */
  sign(method: 'GET' | 'PUT', path: string, ttlSec: number, now: number): string {
    const date = amzDate(now);
    const expires = String(ttlSec);
    const query = new URLSearchParams({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `EMULATOR/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
      'X-Amz-Date': date,
      'X-Amz-Expires': expires,
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': this.signature(method, path, date, expires),
    });
    return `${this.baseUrl()}${path}?${query.toString()}`;
  }

  /** Checks a request's link. HEAD is signed as GET. */
  verify(method: string, url: URL, now: number): 'ok' | 'expired' | 'bad' {
    const q = url.searchParams;
    const date = q.get('X-Amz-Date') ?? '';
    const expires = q.get('X-Amz-Expires') ?? '';
    const given = q.get('X-Amz-Signature') ?? '';
    const expected = this.signature(method === 'HEAD' ? 'GET' : method, url.pathname, date, expires);
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return 'bad';
    const signedAt = parseAmzDate(date);
    if (Number.isNaN(signedAt) || !/^\d+$/.test(expires)) return 'bad';
    return now > signedAt + Number(expires) * 1000 ? 'expired' : 'ok';
  }
}

export function filePath(key: string): string {
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function partPath(uploadId: string, part: number): string {
  return `/upload/${encodeURIComponent(uploadId)}/${part}`;
}

function checkLink(emu: Emulator, method: string, url: URL): Response | null {
  const verdict = emu.signer.verify(method, url, emu.now());
  if (verdict === 'bad') {
    return s3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  if (verdict === 'expired') {
    return s3Error(403, 'AccessDenied', 'Request has expired', {
      Expires: new Date(
        parseAmzDate(url.searchParams.get('X-Amz-Date') ?? '') +
          Number(url.searchParams.get('X-Amz-Expires')) * 1000,
      ).toISOString(),
      ServerTime: new Date(emu.now()).toISOString(),
    });
  }
  return null;
}

/** A header-safe Content-Type for serving a stored object. */
function safeContentType(value: string): string {
  return /^[\t\x20-\x7e]+$/.test(value) ? value : 'application/octet-stream';
}

export function createStorageApp(emu: Emulator): Hono {
  const app = new Hono();

  app.options('*', (c) => {
    const requested = c.req.header('access-control-request-headers');
    return new Response(null, {
      status: 200,
      headers: {
        ...CORS_HEADERS,
        'Access-Control-Allow-Methods': 'GET, HEAD, PUT',
        'Access-Control-Allow-Headers': requested || 'Content-Type',
        'Access-Control-Max-Age': '3000',
        Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
      },
    });
  });

  app.put('/upload/:uploadId/:part{[0-9]+}', async (c) => {
    const url = new URL(c.req.url);
    const denied = checkLink(emu, 'PUT', url);
    if (denied) return denied;
    const uploadId = c.req.param('uploadId');
    const partNumber = Number(c.req.param('part'));
    const upload = emu.db.uploads.get(uploadId);
    if (upload?.state !== 'open') {
      return s3Error(
        404,
        'NoSuchUpload',
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
        { UploadId: uploadId },
      );
    }
    if (partNumber < 1 || partNumber > upload.partCount) {
      return s3Error(
        400,
        'InvalidArgument',
        'Part number must be an integer between 1 and 10000, inclusive',
        { ArgumentName: 'partNumber' },
      );
    }
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > MAX_PART_BYTES) {
      return s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    }
    const bytes = Buffer.from(await c.req.arrayBuffer());
    const etag = etagOf(bytes);
    upload.parts.set(partNumber, { bytes, etag });
    return new Response(null, {
      status: 200,
      headers: { ...CORS_HEADERS, ETag: etag, 'Content-Length': '0' },
    });
  });

  app.on(['GET', 'HEAD'], '/media/*', (c) => {
    const url = new URL(c.req.url);
    const denied = checkLink(emu, c.req.method, url);
    if (denied) return denied;
    const key = url.pathname.slice('/media/'.length).split('/').map(decodeURIComponent).join('/');
    const object = emu.db.objects.get(key);
    if (!object) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
    const total = object.bytes.length;
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      'Content-Type': safeContentType(object.contentType),
      'Accept-Ranges': 'bytes',
      ETag: etagOf(object.bytes),
      'Last-Modified': new Date(emu.now()).toUTCString(),
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
    if (range && (range[1] || range[2])) {
      let start = range[1] ? Number(range[1]) : Math.max(0, total - Number(range[2]));
      let end = range[1] && range[2] ? Math.min(Number(range[2]), total - 1) : total - 1;
      if (!range[1]) end = total - 1;
      if (start >= total || start > end) {
        return s3Error(416, 'InvalidRange', 'The requested range is not satisfiable', {
          RangeRequested: c.req.header('range') ?? '',
        });
      }
      start = Math.max(0, start);
      end = Math.max(start, end);
      const slice = object.bytes.subarray(start, end + 1);
      return new Response(new Uint8Array(slice), {
        status: 206,
        headers: {
          ...headers,
          'Content-Range': `bytes ${start}-${end}/${total}`,
          'Content-Length': String(slice.length),
        },
      });
    }
    return new Response(new Uint8Array(object.bytes), {
      status: 200,
      headers: { ...headers, 'Content-Length': String(total) },
    });
  });

  app.notFound(() => s3Error(404, 'NoSuchKey', 'The specified key does not exist.'));
  app.onError((error) => {
    emu.logError(error);
    return s3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
  });
  return app;
}
