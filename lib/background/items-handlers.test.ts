/**
 * The open items' messages through the real background against the emulator: a result read is
 * kept and its items read, a state is set for this account's items only, the payloads are
 * bounded, only the extension's own pages may send them, and signed out nothing is done.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../emulator';
import { ItemsReader } from '../items/kept';
import { type KeyValueStore, memoryKeyValue } from '../kv';
import { type Background, createBackground } from './app';
import { readInPlace } from './items-extraction';
import { backgroundOptions, extensionPage, sendAs, useEmulator } from './testing/harness';

const popup = extensionPage('popup.html');
const R = SEED.recordings;
const S = SEED.spaces;

const emulator = useEmulator();
let bg: Background;
let itemsKv: KeyValueStore;

beforeEach(() => {
  itemsKv = memoryKeyValue();
  bg = createBackground(
    backgroundOptions({
      archiveKv: memoryKeyValue(),
      itemsKv,
      itemsExtractor: (work) => work(readInPlace),
    }),
  );
});
afterEach(async () => {
  bg.jobs.scheduler.stop();
  await bg.jobs.engine.idle();
  await bg.items.idle();
});

const send = (type: string, payload: unknown) => sendAs(bg, popup, type, payload);
const owner = () => bg.archive.owner();

describe('the open items’ messages', () => {
  it('a kept result’s items are read; a state is set for this account’s items only; signed out, nothing', async () => {
    expect((await send('items.sync', {})).error).toMatchObject({ kind: 'auth' });
    await send('session.signIn', {
      serviceUrl: emulator().url,
      email: SEED.users.demo.email,
      password: SEED.users.demo.password,
    });
    expect((await send('recording.result', { spaceId: S.personal, audioId: R.ready })).ok).toBe(true);
    expect((await send('items.sync', {})).ok).toBe(true);
    await bg.items.idle();
    const kept = await new ItemsReader(itemsKv).read(await owner());
    const items = kept.meetings.flatMap((meeting) => meeting.items);
    // The emulator's protocol has a table of three tasks.
    expect(items).toHaveLength(3);
    expect(await send('items.setState', { keys: [items[0]!.key, '1:999:abc'], state: 'done' })).toEqual({
      ok: true,
      data: 1,
    });
    expect(await send('items.setMine', { names: ['Anna Petrova'] })).toMatchObject({
      ok: true,
      data: { names: ['Anna Petrova'] },
    });
    const after = await new ItemsReader(itemsKv).read(await owner());
    expect(after.states[items[0]!.key]?.state).toBe('done');
    expect(after.mine?.names).toEqual(['Anna Petrova']);

    await send('session.signOut', {});
    expect((await send('items.setState', { keys: [items[0]!.key], state: 'open' })).error).toMatchObject({
      kind: 'auth',
    });
    expect(await new ItemsReader(itemsKv).meta()).toBeNull();
  });

  it('bounded payloads, from the extension’s own pages only', async () => {
    const tooMany = Array.from({ length: 1001 }, (_, i) => `1:1:${i}`);
    for (const payload of [
      { keys: tooMany, state: 'done' },
      { keys: [], state: 'done' },
      { keys: ['1:1:a'], state: 'finished' },
      { keys: ['x'.repeat(301)], state: 'done' },
    ])
      expect((await send('items.setState', payload)).ok, JSON.stringify(payload).slice(0, 80)).toBe(false);
    expect((await send('items.setMine', { names: Array(21).fill('Anna') })).ok).toBe(false);
    const meetingTab = { id: 'x', url: 'https://meet.google.com/abc-defg-hij', tab: { id: 4 } };
    expect((await sendAs(bg, meetingTab as never, 'items.sync', {})).ok).toBe(false);
  });
});
