/**
 * Deleted meetings leave the archive through the background (lib/background/space-handlers.ts): a
 * recording moved to the trash from the extension leaves it at once (the viewer reads the service
 * again and does not keep a recording in the trash); one the service no longer lists (moved to the
 * trash elsewhere) leaves it at the next unfiltered read of its space.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Background, createBackground } from '@/lib/background/app';
import { createHandlers, respond } from '@/lib/background/handlers';
import { checkMessage, type Sender } from '@/lib/background/senders';
import { type KeyValueStore, memoryKeyValue } from '@/lib/kv';
import { isGrantedByManifest } from '@/lib/permissions';
import { serviceUrlItem } from '@/lib/storage';
import { useTrustedStore } from '@/lib/trusted-settings';
import { type RunningEmulator, SEED, startEmulator } from '../../emulator';

const popup: Sender = {
  id: fakeBrowser.runtime.id,
  url: `chrome-extension://${fakeBrowser.runtime.id}/viewer.html`,
};
const R = SEED.recordings;
const S = SEED.spaces;

let emulator: RunningEmulator;
let bg: Background;
let archiveKv: KeyValueStore;
let offline = false;
/** The background's clock runs ahead by this much (the engine polls when a check is due). */
let ahead = 0;
const requests: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, storagePort: 0, quiet: true, processingDelayMs: 1_000 });
});
afterAll(() => emulator.close());

beforeEach(async () => {
  fakeBrowser.reset();
  useTrustedStore(memoryKeyValue());
  await (await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' })).arrayBuffer();
  requests.length = 0;
  offline = false;
  ahead = 0;
  archiveKv = memoryKeyValue();
  await serviceUrlItem.setValue(emulator.url);
  bg = createBackground({
    sessionKv: memoryKeyValue(),
    filesKv: memoryKeyValue(),
    archiveKv,
    now: () => Date.now() + ahead,
    sleep: async () => undefined,
    hasOriginAccess: async (url) => isGrantedByManifest(url),
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      if (offline) return Promise.reject(new TypeError('Failed to fetch'));
      return fetch(request);
    },
  });
});
afterEach(async () => {
  bg.jobs.scheduler.stop();
  await bg.jobs.engine.idle();
  await bg.archive.import.settled();
});

async function send(type: string, payload: unknown) {
  const checked = checkMessage({ channel: 'meeting-capture', type, payload }, popup, {
    id: fakeBrowser.runtime.id,
    baseUrl: `chrome-extension://${fakeBrowser.runtime.id}/`,
  });
  if (checked.ok === 'ignore') throw new Error('ignored');
  if (checked.ok === false) return { ok: false as const, error: checked.error };
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field.
  return (await respond(createHandlers(bg), checked.type, checked.payload, popup)) as any;
}

const signIn = (email: string = SEED.users.demo.email, password: string = SEED.users.demo.password) =>
  send('session.signIn', { serviceUrl: emulator.url, email, password });

const resultReads = () => requests.filter((line) => line.endsWith('/result/')).length;

const keptKeys = async () =>
  Object.keys(((await archiveKv.get('catalog')) as { entries: object } | undefined)?.entries ?? {}).sort();

describe('deleted meetings and the archive', () => {
  it('a recording moved to the trash leaves the archive at once, and is not kept again when opened', async () => {
    await signIn();
    expect((await send('recording.result', { spaceId: S.personal, audioId: R.ready })).ok).toBe(true);
    expect((await send('recording.result', { spaceId: S.personal, audioId: R.readyRu })).ok).toBe(true);
    expect(await keptKeys()).toEqual([`${S.personal}:${R.ready}`, `${S.personal}:${R.readyRu}`]);
    expect((await send('recordings.delete', { spaceId: S.personal, audioIds: [R.ready] })).ok).toBe(true);
    expect(await keptKeys()).toEqual([`${S.personal}:${R.readyRu}`]);
    expect(await archiveKv.get(`rec:${S.personal}:${R.ready}`)).toBeUndefined();
    // Opened again (the viewer at an old address): read from the service, not archived again.
    const reads = resultReads();
    const again = await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    expect(resultReads()).toBe(reads + 1);
    if (again.ok && again.data) expect(again.data.archived).toBeUndefined();
    expect(await keptKeys()).toEqual([`${S.personal}:${R.readyRu}`]);
  });

  it('one the service no longer lists leaves the archive at the next read of its space; a search listing removes nothing', async () => {
    await signIn();
    expect((await send('recording.result', { spaceId: S.personal, audioId: R.ready })).ok).toBe(true);
    expect((await send('recording.result', { spaceId: S.personal, audioId: R.readyRu })).ok).toBe(true);
    // Moved to the trash elsewhere (the service's own call, not the extension's handler).
    await bg.session.client.deleteRecordings(S.personal, [R.ready]);
    // A title search does not list every recording: it removes nothing.
    expect(
      (await send('recordings.list', { spaceId: S.personal, search: 'zzz', limit: 20, offset: 0 })).ok,
    ).toBe(true);
    expect(await keptKeys()).toHaveLength(2);
    expect((await send('recordings.list', { spaceId: S.personal, limit: 100, offset: 0 })).ok).toBe(true);
    expect(await keptKeys()).toEqual([`${S.personal}:${R.readyRu}`]);
  });
});
