import { describe, expect, it } from 'vitest';
import { escapeRegex, exactTitlePattern, paginate, take } from './pagination';
import { FakeService, json, recording, testClient } from './testing/fake-service';

/** A service holding `total` recordings that caps `limit` at `cap` and advertises a hostile `next`. */
function listService(total: number, cap = Number.POSITIVE_INFINITY): FakeService {
  const all = Array.from({ length: total }, (_, index) =>
    recording({ id: index + 1, title: `r${index + 1}.mp3` }),
  );
  return new FakeService().on('GET', '/api/spaces/1/audio/', (request) => {
    const limit = Math.min(Number(request.url.searchParams.get('limit')), cap);
    const offset = Number(request.url.searchParams.get('offset'));
    return json(200, {
      count: total,
      next:
        offset + limit < total
          ? `http://evil.test/api/spaces/1/audio/?limit=${limit}&offset=${offset + limit}`
          : null,
      previous: null,
      results: all.slice(offset, offset + limit),
    });
  });
}

describe('pagination: limit/offset, never next', () => {
  it('walks every page with limit and offset and never follows next', async () => {
    const service = listService(7);
    const { client } = testClient({ service });
    const ids: number[] = [];
    for await (const item of client.iterateRecordings(1, { limit: 3, ordering: '-created_at' }))
      ids.push(item.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(service.requests.map((request) => request.url.host)).toEqual(['api.test', 'api.test', 'api.test']);
    expect(service.requests.map((request) => request.url.searchParams.get('offset'))).toEqual([
      '0',
      '3',
      '6',
    ]);
    expect(service.requests.every((request) => request.url.searchParams.get('limit') === '3')).toBe(true);
    expect(
      service.requests.every((request) => request.url.searchParams.get('ordering') === '-created_at'),
    ).toBe(true);
  });

  it('advances by the number of items received when the service caps the limit', async () => {
    const service = listService(5, 2);
    const { client } = testClient({ service });
    const ids = (await take(client.iterateRecordings(1, { limit: 100 }), 100)).map((item) => item.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(service.requests.map((request) => request.url.searchParams.get('offset'))).toEqual([
      '0',
      '2',
      '4',
    ]);
  });

  it('stops at an empty page even if count says more', async () => {
    const pages = [
      { count: 10, next: 'http://x', previous: null, results: [1, 2] },
      { count: 10, next: 'http://x', previous: null, results: [] },
    ];
    const seen: number[] = [];
    let calls = 0;
    for await (const item of paginate(async () => pages[calls++]!, { limit: 2 })) seen.push(item);
    expect(seen).toEqual([1, 2]);
    expect(calls).toBe(2);
  });

  it('makes one request for an empty list', async () => {
    const service = listService(0);
    const { client } = testClient({ service });
    expect(await take(client.iterateRecordings(1), 10)).toEqual([]);
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]?.url.searchParams.get('limit')).toBe('50');
  });

  it('sends limit for spaces and trash too', async () => {
    const service = new FakeService()
      .on('GET', '/api/spaces/', json(200, { count: 0, next: null, previous: null, results: [] }))
      .on(
        'GET',
        '/api/spaces/1/audio/trash/',
        json(200, { count: 0, next: null, previous: null, results: [] }),
      );
    const { client } = testClient({ service });
    await take(client.iterateSpaces({ limit: 7 }), 1);
    await take(client.iterateTrash(1), 1);
    expect(service.requests.map((request) => request.url.search)).toEqual([
      '?limit=7&offset=0',
      '?limit=50&offset=0',
    ]);
  });
});

describe('escapeRegex', () => {
  it('escapes every regular-expression syntax character', () => {
    const hostile = 'a.b*c+d?e^f$g(h)i[j]k{l}m|n\\o';
    const pattern = new RegExp(`^${escapeRegex(hostile)}$`, 'iu');
    expect(pattern.test(hostile)).toBe(true);
    expect(pattern.test('aXb*c+d?e^f$g(h)i[j]k{l}m|n\\o')).toBe(false);
  });

  it('leaves plain text, dashes, slashes and unicode alone', () => {
    expect(escapeRegex('Встреча - 1/2 (итог).mp3')).toBe('Встреча - 1/2 \\(итог\\)\\.mp3');
    expect(exactTitlePattern('a.mp3')).toBe('^a\\.mp3$');
  });
});
