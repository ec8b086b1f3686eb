/** Multipart upload through storage links, by-URL and video-site downloads. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, VIDEO_SITE_PATH } from './index';
import { eventually, useEmulator } from './test/helpers';
import { makeWav } from './wav';

// Long delays, so only clock advances (never a slow machine) finish assembly and downloads.
const ASSEMBLE_MS = 30_000;
const DOWNLOAD_MS = 60_000;
const env = useEmulator({ assembleDelayMs: ASSEMBLE_MS, downloadDelayMs: DOWNLOAD_MS });
const S = SEED.spaces;
const MiB = 1024 * 1024;
const audio = (path = '') => `/api/spaces/${S.personal}/audio/${path}`;

/** A loopback file server, as tests of the client would run. */
let files: Server;
let filesUrl = '';
const WAV_7S = makeWav(7, 3);
const fixture = (name: string) => readFileSync(new URL(`./test/fixtures/${name}`, import.meta.url));
/** A MediaRecorder WebM/Opus of 7 s (no duration in its header) and an Ogg/Opus of 4 s, a few KB each. */
const RECORDED_WEBM = fixture('mediarecorder-7s.webm');
const OGG_4S = fixture('tone-4s.ogg');
beforeAll(async () => {
  files = createServer((req, res) => {
    if (req.url === '/talk.wav') {
      res.writeHead(200, { 'Content-Type': 'audio/wav' });
      res.end(WAV_7S);
    } else if (req.url === '/tone.ogg') {
      res.writeHead(200, { 'Content-Type': 'audio/ogg' });
      res.end(OGG_4S);
    } else if (req.url === '/clip.mp3') {
      res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
      res.end(Buffer.alloc(48_000, 1));
    } else if (req.url?.startsWith('/watch')) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(
        '<html><head><title>Fallback</title><meta property="og:title" content="Team &amp; Friends: Q3 review">' +
          '<meta property="og:video:duration" content="754"></head></html>',
      );
    } else {
      res.writeHead(404);
      res.end('nope');
    }
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
});

async function create(title: string, size: number, contentType = 'audio/wav') {
  const created = await env.api.post(audio(), { title, size, content_type: contentType });
  expect(created.status).toBe(201);
  return created.body as { id: number; url: string[]; is_uploaded: boolean; duration: number | null };
}

async function put(link: string, bytes: Uint8Array) {
  return fetch(link, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'Content-Type': 'application/octet-stream' },
  });
}

describe('multipart upload', () => {
  it('issues one 5-hour PUT link per 10 MiB part on the storage origin', async () => {
    const api = env.api;
    const small = await create('a.wav', 1000);
    expect(small.url).toHaveLength(1);
    expect(small).toMatchObject({
      is_uploaded: false,
      duration: null,
      was_classified: false,
      is_active: true,
    });
    const big = await create('b.MP4', 25 * MiB, 'video/mp4');
    expect(big.url).toHaveLength(3);
    for (const link of big.url) {
      expect(link.startsWith(`${api.emulator.storageUrl}/upload/`)).toBe(true);
      expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('18000');
    }
    expect((await create('c.wav', 10 * MiB)).url).toHaveLength(1);
    expect((await create('d.wav', 10 * MiB + 1)).url).toHaveLength(2);
    expect((await api.counters()).recordingsCreated).toMatchObject({ total: 4, upload: 4 });
  });

  it('stores parts, answers the quoted MD5 ETag with CORS, and completes into a WAV with its duration', async () => {
    const api = env.api;
    const bytes = makeWav(12.4, 1);
    const created = await create('Upload test.wav', bytes.length);
    const preflight = await fetch(created.url[0] as string, {
      method: 'OPTIONS',
      headers: {
        Origin: 'chrome-extension://abc',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');

    const response = await put(created.url[0] as string, bytes);
    expect(response.status).toBe(200);
    const etag = response.headers.get('etag');
    expect(etag).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('ETag');

    const done = await api.post(audio(`${created.id}/complete_upload/`), {
      parts: [{ PartNumber: 1, ETag: etag }],
    });
    expect(done.status).toBe(200);
    expect(done.text).toBe('');
    expect((await api.get(audio(`${created.id}/info/`))).body.is_uploaded).toBe(false); // still assembling
    await api.advance(ASSEMBLE_MS);
    const info = (await api.get(audio(`${created.id}/info/`))).body;
    expect(info).toMatchObject({ is_uploaded: true, duration: 12, size: bytes.length });
    const again = await api.post(audio(`${created.id}/complete_upload/`), {
      parts: [{ PartNumber: 1, ETag: etag }],
    });
    expect(again.status).toBe(200);
    const file = await fetch(info.url);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(file.headers.get('content-type')).toBe('audio/wav');
    expect((await api.counters()).completeUploads).toBe(2);
    // The upload is closed: its links no longer take parts.
    expect((await put(created.url[0] as string, bytes)).status).toBe(404);
  });

  it('completes a MediaRecorder WebM with its real duration, read to the end of the file', async () => {
    const api = env.api;
    const created = await create('Recorded tab.webm', RECORDED_WEBM.length, 'audio/webm');
    const etag = (await put(created.url[0] as string, RECORDED_WEBM)).headers.get('etag');
    const done = await api.post(audio(`${created.id}/complete_upload/`), {
      parts: [{ PartNumber: 1, ETag: etag }],
    });
    expect(done.status).toBe(200);
    await api.advance(ASSEMBLE_MS);
    // The size estimate would say 1 s (7.6 KB at 16,000 bytes a second).
    expect((await api.get(audio(`${created.id}/info/`))).body).toMatchObject({
      is_uploaded: true,
      duration: 7,
    });
  });

  it('rejects wrong ETags, missing parts, wrong order and a wrong total size, changing nothing', async () => {
    const api = env.api;
    const size = 10 * MiB + 300;
    const created = await create('Two parts.mp3', size, 'audio/mpeg');
    const one = Buffer.alloc(10 * MiB, 7);
    const two = Buffer.alloc(300, 9);
    const e1 = (await put(created.url[0] as string, one)).headers.get('etag') as string;
    const path = audio(`${created.id}/complete_upload/`);

    const missing = await api.post(path, { parts: [{ PartNumber: 1, ETag: e1 }] });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body)).toEqual(['parts']);
    expect(missing.body.parts[0]).toMatch(/numbered 1 to 2/);

    const notUploaded = await api.post(path, {
      parts: [
        { PartNumber: 1, ETag: e1 },
        { PartNumber: 2, ETag: '"x"' },
      ],
    });
    expect(notUploaded.body.parts).toContain('Part 2 has not been uploaded.');

    const e2 = (await put(created.url[1] as string, two)).headers.get('etag') as string;
    const unquoted = await api.post(path, {
      parts: [
        { PartNumber: 1, ETag: e1.replace(/"/g, '') },
        { PartNumber: 2, ETag: e2 },
      ],
    });
    expect(unquoted.body.parts).toEqual(['ETag of part 1 does not match the uploaded part.']);
    const reversed = await api.post(path, {
      parts: [
        { PartNumber: 2, ETag: e2 },
        { PartNumber: 1, ETag: e1 },
      ],
    });
    expect(reversed.status).toBe(400);
    const shape = await api.post(path, { parts: [{ ETag: e1 }] });
    expect(shape.body.parts[0]).toBe('Item 1: PartNumber: This field is required.');

    // Re-PUT of part 2 with other bytes replaces it; the total no longer matches the declared size.
    const e2b = (await put(created.url[1] as string, Buffer.alloc(299, 9))).headers.get('etag') as string;
    const size2 = await api.post(path, {
      parts: [
        { PartNumber: 1, ETag: e1 },
        { PartNumber: 2, ETag: e2b },
      ],
    });
    expect(size2.body.parts[0]).toMatch(/declared size is 10486060/);
    expect((await api.counters()).completeUploads).toBe(0);

    const e2c = (await put(created.url[1] as string, two)).headers.get('etag');
    const ok = await api.post(path, {
      parts: [
        { PartNumber: 1, ETag: e1 },
        { PartNumber: 2, ETag: e2c },
      ],
    });
    expect(ok.status).toBe(200);
    await api.advance(ASSEMBLE_MS);
    // Not a WAV: the duration is estimated from the size.
    expect((await api.get(audio(`${created.id}/info/`))).body).toMatchObject({
      is_uploaded: true,
      duration: 655,
    });
  });

  it('refuses expired and altered upload links', async () => {
    const api = env.api;
    const created = await create('x.wav', 10);
    const link = created.url[0] as string;
    const altered = link.replace(/\/1\?/, '/2?');
    expect((await put(altered, Buffer.alloc(10))).status).toBe(403);
    await api.advance(5 * 3_600_000 + 5_000);
    const expired = await put(link, Buffer.alloc(10));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });
});

describe('download by URL', () => {
  it('hides the recording until the download has finished, then reads the WAV duration', async () => {
    const api = env.api;
    const created = await api.post(audio('by_url/'), {
      url: `${filesUrl}/talk.wav`,
      title: 'Talk.wav',
      content_type: 'audio/wav',
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['audio_id']);
    const id = created.body.audio_id;
    const listed = async () =>
      (await api.get(audio('?limit=100'))).body.results.map((r: { id: number }) => r.id);
    expect(await listed()).not.toContain(id);
    expect((await api.get(audio(`${id}/info/`))).body).toMatchObject({ is_uploaded: false, duration: null });
    // The file arrives at once over loopback, but the download takes at least downloadDelayMs.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await api.get(audio(`${id}/info/`))).body.is_uploaded).toBe(false);
    await api.advance(DOWNLOAD_MS);
    const info = await eventually(async () => {
      const body = (await api.get(audio(`${id}/info/`))).body;
      return body.is_uploaded ? body : null;
    });
    expect(info).toMatchObject({
      duration: 7,
      size: WAV_7S.length,
      title: 'Talk.wav',
      content_type: 'audio/wav',
    });
    expect(await listed()).toContain(id);
    expect((await api.counters()).recordingsCreated).toMatchObject({ total: 1, by_url: 1 });
  });

  it('reads the real duration of a downloaded Ogg/Opus file', async () => {
    const api = env.api;
    const id = (
      await api.post(audio('by_url/'), {
        url: `${filesUrl}/tone.ogg`,
        title: 'Tone.ogg',
        content_type: 'audio/ogg',
      })
    ).body.audio_id;
    await new Promise((resolve) => setTimeout(resolve, 100));
    await api.advance(DOWNLOAD_MS);
    const info = await eventually(async () => {
      const body = (await api.get(audio(`${id}/info/`))).body;
      return body.is_uploaded ? body : null;
    });
    expect(info).toMatchObject({ duration: 4, size: OGG_4S.length });
  });

  it('estimates the duration of files no reader understands and fails silently on errors', async () => {
    const api = env.api;
    const mp3 = (
      await api.post(audio('by_url/'), {
        url: `${filesUrl}/clip.mp3`,
        title: 'c.mp3',
        content_type: 'audio/mpeg',
      })
    ).body.audio_id;
    const missing = (
      await api.post(audio('by_url/'), {
        url: `${filesUrl}/none.wav`,
        title: 'n.wav',
        content_type: 'audio/wav',
      })
    ).body.audio_id;
    const refused = (
      await api.post(audio('by_url/'), {
        url: 'http://127.0.0.1:1/x.wav',
        title: 'r.wav',
        content_type: 'audio/wav',
      })
    ).body.audio_id;
    await new Promise((resolve) => setTimeout(resolve, 150));
    await api.advance(DOWNLOAD_MS);
    await eventually(async () => (await api.get(audio(`${mp3}/info/`))).body.is_uploaded);
    expect((await api.get(audio(`${mp3}/info/`))).body.duration).toBe(3);
    await api.advance(10 * DOWNLOAD_MS);
    for (const id of [missing, refused]) {
      expect((await api.get(audio(`${id}/info/`))).body).toMatchObject({
        is_uploaded: false,
        duration: null,
      });
    }
    const ids = (await api.get(audio('?limit=100'))).body.results.map((r: { id: number }) => r.id);
    expect(ids).toContain(mp3);
    expect(ids).not.toContain(missing);
    expect(ids).not.toContain(refused);
  });

  it('validates the link length and scheme', async () => {
    const long = await env.api.post(audio('by_url/'), {
      url: `https://example.com/${'a'.repeat(250)}.wav`,
      title: 'a.wav',
      content_type: 'audio/wav',
    });
    expect(long.body).toEqual({ url: ['Ensure this field has no more than 255 characters.'] });
    const ftp = await env.api.post(audio('by_url/'), {
      url: 'ftp://example.com/a.wav',
      title: 'a.wav',
      content_type: 'audio/wav',
    });
    expect(ftp.body).toEqual({ url: ['Enter a valid URL.'] });
  });
});

describe('video-site download', () => {
  it(`is reachable under the ${VIDEO_SITE_PATH} segment and titles the recording from the page`, async () => {
    const api = env.api;
    const created = await api.post(audio(`${VIDEO_SITE_PATH}/`), { url: `${filesUrl}/watch?v=abc` });
    expect(created.status).toBe(201);
    const id = created.body.audio_id;
    await api.advance(DOWNLOAD_MS);
    const info = await eventually(async () => {
      const body = (await api.get(audio(`${id}/info/`))).body;
      return body.is_uploaded ? body : null;
    });
    expect(info).toMatchObject({ title: 'Team & Friends: Q3 review.m4a', duration: 754 });
  });

  it('derives a deterministic title for other hosts and fails silently for unavailable videos', async () => {
    const api = env.api;
    const yt = (
      await api.post(audio(`${VIDEO_SITE_PATH}/`), { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })
    ).body.audio_id;
    const gone = (
      await api.post(audio(`${VIDEO_SITE_PATH}/`), { url: 'https://example.com/video/unavailable' })
    ).body.audio_id;
    await api.advance(DOWNLOAD_MS);
    const info = await eventually(async () => {
      const body = (await api.get(audio(`${yt}/info/`))).body;
      return body.is_uploaded ? body : null;
    });
    expect(info.title).toBe('Video dQw4w9WgXcQ.m4a');
    expect(info.duration).toBeGreaterThanOrEqual(120);
    expect(info.duration).toBeLessThanOrEqual(600);
    await api.advance(10 * DOWNLOAD_MS);
    expect((await api.get(audio(`${gone}/info/`))).body.is_uploaded).toBe(false);
    expect((await api.counters()).recordingsCreated).toMatchObject({ total: 2, by_videosite: 2 });
  });
});
