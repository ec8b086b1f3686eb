/** Calendar messages through the real background against the emulator's demo calendar. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseFeed } from '@/lib/calendar/ical-engine';
import { SEED } from '../../emulator';
import { memoryKeyValue } from '../kv';
import { type Background, createBackground } from './app';
import { backgroundOptions, extensionPage, sendAs, useEmulator } from './testing/harness';

const options = extensionPage('options.html');

const emulator = useEmulator({ processingDelayMs: 60_000 });
let bg: Background;

beforeEach(() => {
  bg = createBackground(
    backgroundOptions({
      calendarsKv: memoryKeyValue(),
      // Node has no offscreen document: the same parser, in this thread.
      parseFeed: async (text, options) => parseFeed(text, options),
    }),
  );
});
afterEach(async () => {
  bg.jobs.scheduler.stop();
  await bg.jobs.engine.idle();
  vi.restoreAllMocks();
});

const send = (type: string, payload: unknown) => sendAs(bg, options, type, payload);

describe('calendar messages', () => {
  it('add keeps the address out of extension storage; a short space is said in the list and notified once', async () => {
    const shown: string[] = [];
    vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: string) => {
      shown.push(id);
      return id;
    }) as never);
    await send('session.signIn', {
      serviceUrl: emulator().url,
      email: SEED.users.demo.email,
      password: SEED.users.demo.password,
    });
    const feed = `${emulator().url}/__emulator/calendar.ics`;
    const added = await send('calendars.add', { address: feed });
    expect(added).toMatchObject({ ok: true, data: { name: 'Demo calendar', upcoming: 6 } });
    const local = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(local).not.toContain('calendar.ics');

    const rule = { mode: 'all', spaceId: SEED.spaces.almostEmpty, joinAfterMinutes: 0, skipWords: [] };
    expect(await send('calendars.setRule', { id: added.data.id, rule })).toMatchObject({ ok: true });
    const upcoming = await send('upcoming.list', {});
    expect(upcoming.data.shortfalls).toEqual([
      expect.objectContaining({
        spaceId: SEED.spaces.almostEmpty,
        spaceName: 'Almost empty',
        availableSeconds: 120,
      }),
    ]);
    expect(upcoming.data.items[0]).toMatchObject({ title: 'Weekly team sync', state: 'planned' });

    await send('calendars.sync', {});
    await send('calendars.sync', {});
    expect(shown.filter((id) => id.startsWith('calendar-balance:'))).toEqual([
      `calendar-balance:${SEED.spaces.almostEmpty}`,
    ]);
    const stats = await (await fetch(`${emulator().url}/__emulator/calendar`)).json();
    // The add read the feed; both syncs were answered 304.
    expect(stats).toMatchObject({ requests: 3, not_modified: 2 });
  });

  it('a refused address comes back as a plain error object', async () => {
    expect(await send('calendars.add', { address: 'http://calendar.example.com/a.ics' })).toEqual({
      ok: false,
      error: { kind: 'calendar', reason: 'invalid-address', problem: 'insecure' },
    });
    expect(await send('calendars.add', { address: `${emulator().url}/__emulator/nothing.ics` })).toEqual({
      ok: false,
      error: { kind: 'calendar', reason: 'http', status: 404 },
    });
    expect(await send('calendars.add', { address: 'https://calendar.example.com/a.ics' })).toEqual({
      ok: false,
      error: { kind: 'permission-denied', origin: 'https://calendar.example.com' },
    });
  });
});
