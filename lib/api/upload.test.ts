import { describe, expect, it } from 'vitest';
import { toApiErrorInfo } from './errors';
import { completeUploadSafely, createRecordingSafely } from './safe';
import {
  FakeService,
  html,
  json,
  NOW,
  page,
  recording,
  STORAGE_URL,
  testClient,
} from './testing/fake-service';
import { normalizeTitle, partRanges } from './upload';

const CREATE = '/api/spaces/1/audio/';
const COMPLETE = '/api/spaces/1/audio/101/complete_upload/';
const INFO = '/api/spaces/1/audio/101/info/';
const PART = /^\/part\/\d+$/;
/** A 10-byte MP3's recording, as the job engine's upload step creates it. */
const BODY = { title: 'a.mp3', size: 10, content_type: 'audio/mpeg' };

/** The recording a create whose answer was lost made: named and sized as BODY, not uploaded. */
const orphan = recording({
  id: 55,
  title: 'a.mp3',
  size: 10,
  content_type: 'audio/mpeg',
  is_uploaded: false,
  created_at: new Date(NOW).toISOString(),
});

const isCreate = (request: Request) => request.method === 'POST' && new URL(request.url).pathname === CREATE;

/**
 * The service's fetch with the first request that `matches` failing as `first` does (thrown, or
 * answered in the service's place); `sent()` counts the matching requests.
 */
function firstFails(service: FakeService, matches: (request: Request) => boolean, first: () => Response) {
  let count = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (matches(request)) {
      count += 1;
      if (count === 1) return first();
    }
    return service.fetch(request);
  };
  return { fetch, sent: () => count };
}

function links(count: number): string[] {
  return Array.from(
    { length: count },
    (_, index) => `${STORAGE_URL}/part/${index + 1}?X-Amz-Signature=s${index}`,
  );
}

function fileOf(size: number, type = 'audio/mpeg'): Blob {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = index % 251;
  return new Blob([bytes], { type });
}

/** A service that accepts a multipart upload of `parts` links, assembling after `assembleTicks` info reads. */
function uploadService(parts: number, options: { assembleTicks?: number; etag?: boolean } = {}): FakeService {
  let infoReads = 0;
  const service = new FakeService()
    .on('POST', CREATE, (request) =>
      json(
        201,
        recording({
          ...(request.body as object),
          id: 101,
          url: links(parts),
          is_uploaded: false,
          duration: null,
        }),
      ),
    )
    .on('PUT', PART, async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      const headers: Record<string, string> =
        options.etag === false ? {} : { ETag: `"etag-${request.path.split('/').pop()}"` };
      return new Response(null, { status: 200, headers });
    })
    .on('POST', COMPLETE, new Response(null, { status: 200 }))
    .on('GET', INFO, () => {
      infoReads += 1;
      return json(200, recording({ id: 101, is_uploaded: infoReads > (options.assembleTicks ?? 2) }));
    });
  return service;
}

describe('title validation before any request', () => {
  it('accepts allowed extensions in any case', () => {
    for (const title of ['a.mp3', 'a.M4A', 'a.wav', 'a.Ogg', 'a.webm', 'a.MP4'])
      expect(normalizeTitle(title)).toBe(title);
  });

  it('rejects other extensions with a validation error', () => {
    for (const title of ['a.flac', 'a', '.mp3', 'mp3']) {
      let info: unknown;
      try {
        normalizeTitle(title);
      } catch (error) {
        info = toApiErrorInfo(error);
      }
      expect(info).toMatchObject({
        kind: 'validation',
        fields: { title: [expect.stringContaining('.mp3')] },
      });
    }
  });

  it('shortens a long title to 255 characters keeping the extension', () => {
    const long = `${'Очень длинное название '.repeat(20)}.WebM`;
    const short = normalizeTitle(long);
    expect(short.length).toBeLessThanOrEqual(255);
    expect(short.endsWith('.WebM')).toBe(true);
    expect(normalizeTitle(`${'x'.repeat(300)}.mp3`)).toBe(`${'x'.repeat(251)}.mp3`);
    const emoji = normalizeTitle(`${'😀'.repeat(200)}.mp3`);
    expect(emoji.length).toBeLessThanOrEqual(255);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('parts', () => {
  it('splits into n parts of ceil(size / n) bytes, the last smaller', () => {
    expect(partRanges(10, 3)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 10 },
    ]);
    expect(partRanges(9, 3)).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 6 },
      { start: 6, end: 9 },
    ]);
    expect(partRanges(2, 4)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
    ]);
  });
});

describe('upload calls: a part, complete, create', () => {
  it('retries a part to the same link on 5xx and a reset', async () => {
    const service = uploadService(2);
    let failures = 0;
    const { client, sleeps } = testClient({
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        if (request.method === 'PUT' && request.url.includes('/part/2') && failures < 2) {
          failures += 1;
          return failures === 1 ? html(503) : Promise.reject(new TypeError('fetch failed'));
        }
        return service.fetch(input, init);
      },
    });
    await client.uploadPart(links(2)[1]!, fileOf(50), { issuedAt: NOW, partNumber: 2 });
    expect(service.to('PUT', '/part/2')).toHaveLength(1);
    expect(sleeps.slice(0, 2)).toEqual([2_000, 4_000]);
  });

  it('retries a part only while its link is valid (5 hours after creation)', async () => {
    const service = new FakeService()
      .on(
        'POST',
        CREATE,
        json(201, recording({ id: 101, url: links(1), is_uploaded: false, duration: null })),
      )
      .on('PUT', PART, html(500));
    const { client, clock } = testClient({ service });
    clock.now = NOW;
    const fresh = await client.uploadPart(links(1)[0]!, fileOf(10), { issuedAt: NOW }).catch(toApiErrorInfo);
    expect(fresh).toMatchObject({ kind: 'server', operation: 'uploadPart' });
    expect(service.to('PUT', PART)).toHaveLength(4);

    const late = testClient({
      service: new FakeService()
        .on(
          'POST',
          CREATE,
          json(201, recording({ id: 101, url: links(1), is_uploaded: false, duration: null })),
        )
        .on('PUT', PART, () => {
          late.clock.now += 5 * 3_600_000;
          return html(500);
        }),
    });
    expect(
      await late.client.uploadPart(links(1)[0]!, fileOf(10), { issuedAt: NOW }).catch(toApiErrorInfo),
    ).toMatchObject({
      kind: 'server',
    });
    expect(late.service.to('PUT', PART)).toHaveLength(1);
  });

  it('fails clearly when the storage hides the ETag', async () => {
    const { client, service } = testClient({ service: uploadService(2, { etag: false }) });
    expect(
      await client.uploadPart(links(2)[0]!, fileOf(50), { issuedAt: NOW }).catch(toApiErrorInfo),
    ).toMatchObject({
      kind: 'missing-etag',
    });
    expect(service.to('PUT', PART)).toHaveLength(1);
  });

  it('cancels an in-flight PUT on abort', async () => {
    const controller = new AbortController();
    const service = new FakeService()
      .on(
        'POST',
        CREATE,
        json(201, recording({ id: 101, url: links(4), is_uploaded: false, duration: null })),
      )
      .on('PUT', PART, () => {
        controller.abort();
        return 'hang';
      });
    const { client } = testClient({ service });
    expect(
      await client
        .uploadPart(links(4)[0]!, fileOf(25), { issuedAt: NOW, signal: controller.signal })
        .catch(toApiErrorInfo),
    ).toEqual({
      kind: 'aborted',
      operation: 'uploadPart',
    });
    expect(service.to('PUT', PART)).toHaveLength(1);
  });

  it('complete with an unknown outcome: checks is_uploaded, done when true', async () => {
    const service = uploadService(1, { assembleTicks: 0 });
    const { client } = testClient({
      service: new FakeService().on('POST', COMPLETE, 'network-error'),
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        if (request.url.endsWith('/complete_upload/')) throw new TypeError('fetch failed');
        return service.fetch(request);
      },
    });
    await completeUploadSafely(client, 1, 101, [{ PartNumber: 1, ETag: '"etag-1"' }]);
    expect(service.to('GET', INFO)).toHaveLength(1);
    expect(service.to('POST', COMPLETE)).toHaveLength(0);
  });

  it('complete with an unknown outcome: retries complete when is_uploaded is false', async () => {
    const service = uploadService(1, { assembleTicks: 1 });
    const completes = firstFails(
      service,
      (request) => request.url.endsWith('/complete_upload/'),
      () => html(500),
    );
    const { client } = testClient({ fetch: completes.fetch });
    await completeUploadSafely(client, 1, 101, [{ PartNumber: 1, ETag: '"etag-1"' }]);
    expect(service.to('GET', INFO)).toHaveLength(1);
    expect(completes.sent()).toBe(2);
  });

  it('create with a lost answer and no recording found: creates again once', async () => {
    const service = uploadService(1, { assembleTicks: 0 }).on('GET', CREATE, json(200, page([])));
    const creates = firstFails(service, isCreate, () => {
      throw new TypeError('fetch failed');
    });
    const { client } = testClient({ fetch: creates.fetch });
    expect(await createRecordingSafely(client, 1, BODY)).toMatchObject({ trashedOrphans: [] });
    expect(creates.sent()).toBe(2);
  });

  it('create whose answer was lost after the effect: trashes the orphan and creates again once', async () => {
    const service = uploadService(1, { assembleTicks: 0 })
      .on('GET', CREATE, json(200, page([orphan])))
      .on('POST', '/api/spaces/1/audio/delete_list/', new Response(null, { status: 200 }));
    const creates = firstFails(service, isCreate, () => html(502));
    const { client } = testClient({ fetch: creates.fetch });
    expect(await createRecordingSafely(client, 1, BODY)).toMatchObject({
      trashedOrphans: [55],
    });
    expect(service.to('POST', '/api/spaces/1/audio/delete_list/')[0]?.body).toEqual({ audio_ids: [55] });
    expect(creates.sent()).toBe(2);
  });

  it('a failure after trashing an orphan says which recordings went to the trash', async () => {
    const service = new FakeService()
      .on('POST', CREATE, html(502), json(400, { title: ['Too many recordings.'] }))
      .on('GET', CREATE, json(200, page([orphan])))
      .on('POST', '/api/spaces/1/audio/delete_list/', new Response(null, { status: 200 }));
    const { client } = testClient({ service });
    expect(await createRecordingSafely(client, 1, BODY).catch(toApiErrorInfo)).toMatchObject({
      kind: 'validation',
      trashedOrphans: [55],
    });
  });
});
