import { describe, expect, it } from 'vitest';
import { FEED_CAPS } from './caps';
import { FeedTooComplexError } from './feed-error';
import { type FeedSyncDeps, shareAttendees, syncFeed } from './feed-sync';
import { DEFAULT_RULE, type StoredCalendar } from './types';

const NOW = Date.UTC(2030, 0, 7, 9, 0);
const URL_ = 'https://calendar.example.com/private/basic.ics';
const FEED = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

const calendar: StoredCalendar = {
  id: 'c1',
  url: URL_,
  name: null,
  rule: { ...DEFAULT_RULE },
  addedAt: NOW,
  lastSyncAt: null,
  lastError: null,
  etag: null,
  lastModified: null,
  feed: null,
  parsedAt: null,
  occurrences: [],
};

function deps(over: Partial<FeedSyncDeps>): FeedSyncDeps & { calls: RequestInit[] } {
  const calls: RequestInit[] = [];
  const base: FeedSyncDeps = {
    parseFeed: async () => ({ name: 'Work', occurrences: [], events: 0, capped: [] }),
    now: () => NOW,
    fetch: async () => new Response(FEED, { status: 200 }),
    hasOriginAccess: async () => true,
    accountEmail: async () => 'me@example.com',
    ...over,
  };
  return {
    ...base,
    calls,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init ?? {});
      return base.fetch(input, init);
    }) as typeof fetch,
  };
}

const kind = async (d: FeedSyncDeps) => (await syncFeed(calendar, true, d)).lastError?.kind ?? null;

describe('syncFeed: one feed, bounded', () => {
  it('reads a good feed and keeps the caps the parse reached', async () => {
    const d = deps({
      parseFeed: async () => ({ name: 'Work', occurrences: [], events: 9, capped: ['events'] }),
    });
    const synced = await syncFeed(calendar, true, d);
    expect(synced.lastError).toBeNull();
    expect(synced.capped).toEqual(['events']);
    expect(synced.feed).toBe(FEED);
  });

  it('keeps what the parse left out and the zones it read in the user’s zone, for the calendar’s line', async () => {
    const d = deps({
      parseFeed: async () => ({
        name: 'Work',
        occurrences: [],
        events: 9,
        capped: [],
        skipped: { count: 2, reason: 'rule', property: 'RRULE' },
        unknownZones: ['Mars/Olympus'],
      }),
    });
    const synced = await syncFeed(calendar, true, d);
    expect(synced.skipped).toEqual({ count: 2, reason: 'rule', property: 'RRULE' });
    expect(synced.unknownZones).toEqual(['Mars/Olympus']);
    // A later parse without them clears them.
    const clean = await syncFeed(synced, true, deps({}));
    expect(clean.skipped).toBeUndefined();
    expect(clean.unknownZones).toBeUndefined();
  });

  it('cuts a streamed body without Content-Length at the byte cap', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const d = deps({
      fetch: async () => new Response(body, { status: 200 }),
      caps: { ...FEED_CAPS, bytes: 10_000 },
    });
    expect(await kind(d)).toBe('too-large');
    // The endless body was stopped just past the cap.
    expect(pulled).toBeLessThan(20);
  });

  it('refuses a declared Content-Length over the cap without reading', async () => {
    const d = deps({
      fetch: async () => new Response('x'.repeat(100), { status: 200, headers: { 'Content-Length': '100' } }),
      caps: { ...FEED_CAPS, bytes: 10 },
    });
    expect(await kind(d)).toBe('too-large');
  });

  it('follows no redirect', async () => {
    const d = deps({
      fetch: async () =>
        new Response(null, { status: 302, headers: { Location: 'http://127.0.0.1:1/x.ics' } }),
    });
    expect(await kind(d)).toBe('redirect');
    expect(d.calls).toHaveLength(1);
    expect(d.calls[0]!.redirect).toBe('manual');
  });

  it('ends a fetch that never answers at its time limit', async () => {
    const d = deps({
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      caps: { ...FEED_CAPS, fetchMs: 10 },
    });
    expect(await kind(d)).toBe('timeout');
  });

  it('marks a feed too complex when the parse is stopped, and any other parse failure as its own error', async () => {
    const complex = deps({
      parseFeed: async () => {
        throw new FeedTooComplexError('parse time limit reached');
      },
    });
    expect(await kind(complex)).toBe('too-complex');
    const broken = deps({
      parseFeed: async () => {
        throw new Error('boom');
      },
    });
    expect(await kind(broken)).toBe('parse-failed');
    const account = deps({
      accountEmail: async () => {
        throw new Error('storage');
      },
    });
    expect(await kind(account)).toBe('parse-failed');
  });
});

describe('shareAttendees', () => {
  it('gives the occurrences of one event one list again after a JSON copy', () => {
    const link = { service: 'zoom' as const, id: '1', url: 'https://zoom.us/j/1' };
    const list = Array.from({ length: 200 }, (_, i) => `p${i}@x.org`);
    const copied = JSON.parse(
      JSON.stringify(
        Array.from({ length: 50 }, (_, i) => ({
          uid: 'e',
          title: 't',
          startsAt: i,
          endsAt: i + 1,
          link,
          organizer: null,
          attendees: list,
        })),
      ),
    );
    expect(new Set(copied.map((o: { attendees: string[] }) => o.attendees)).size).toBe(50);
    const shared = shareAttendees(copied);
    expect(new Set(shared.map((o) => o.attendees)).size).toBe(1);
    expect(shared[49]!.attendees).toEqual(list);
  });

  it('shares the names of an event’s people the same way; occurrences stored without them still read', () => {
    const link = { service: 'zoom' as const, id: '1', url: 'https://zoom.us/j/1' };
    const names = Array.from({ length: 200 }, (_, i) => `Person ${i}`);
    const base = { uid: 'e', title: 't', link, organizer: null, attendees: ['a@x.org'] };
    const copied = JSON.parse(
      JSON.stringify([
        ...Array.from({ length: 20 }, (_, i) => ({ ...base, startsAt: i, endsAt: i + 1, people: names })),
        { ...base, uid: 'old', startsAt: 30, endsAt: 31 },
      ]),
    );
    const shared = shareAttendees(copied);
    expect(new Set(shared.slice(0, 20).map((o) => o.people)).size).toBe(1);
    expect(shared[19]!.people).toEqual(names);
    expect(shared[20]!.people).toBeUndefined();
    expect(shared[20]!.attendees).toEqual(['a@x.org']);
  });
});
