/**
 * `recording.sources`: the popup's and the side panel's suggested sources of a protocol's lines,
 * linked outside the page once per revision of the kept result and its names, kept beside it in
 * the archive and read from there again (offline too), shared by pages that ask together.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../emulator';
import type { ProcessingResult } from '../api/schemas';
import { describeError } from '../failures';
import { sourcesOfResult } from '../grounding';
import { LinkError } from '../grounding/thread';
import { type KeyValueStore, memoryKeyValue } from '../kv';
import { type Background, createBackground } from './app';
import { KEPT_SOURCES_VERSION } from './sources';
import { backgroundOptions, extensionPage, notedFetch, sendAs, useEmulator } from './testing/harness';

const popup = extensionPage('popup.html');
const R = SEED.recordings;
const S = SEED.spaces;

const emulator = useEmulator();
let bg: Background;
let archiveKv: KeyValueStore;
let offline = false;
let failLinking = false;
const linked: Array<{ protocol: string; names: Record<string, string> }> = [];
const requests: string[] = [];

beforeEach(() => {
  linked.length = 0;
  requests.length = 0;
  offline = false;
  failLinking = false;
  archiveKv = memoryKeyValue();
  bg = createBackground(
    backgroundOptions({
      archiveKv,
      // The linker in this thread (the extension runs it in its own Worker).
      linkSources: async (result: ProcessingResult, names) => {
        linked.push({ protocol: result.result?.protocol ?? '', names });
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (failLinking) throw new LinkError('late', 'the sources were not found in time');
        return sourcesOfResult(result, names);
      },
      fetch: notedFetch(requests, () => offline),
    }),
  );
});
afterEach(async () => {
  bg.jobs.scheduler.stop();
  await bg.jobs.engine.idle();
});

const send = (type: string, payload: unknown) => sendAs(bg, popup, type, payload);
const signIn = () =>
  send('session.signIn', {
    serviceUrl: emulator().url,
    email: SEED.users.demo.email,
    password: SEED.users.demo.password,
  });

describe('recording.sources', () => {
  it('links a kept result once, keeps it beside the result, and answers from there offline', async () => {
    await signIn();
    const shown = await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    const [first, second] = await Promise.all([
      send('recording.sources', { spaceId: S.personal, audioId: R.ready }),
      send('recording.sources', { spaceId: S.personal, audioId: R.ready }),
    ]);
    expect(first.ok).toBe(true);
    expect(second).toEqual(first);
    // One linking for the two pages, of the protocol the pages show.
    expect(linked).toEqual([{ protocol: shown.data.result.protocol, names: {} }]);
    expect(first.data.lines.length).toBeGreaterThan(0);
    expect(first.data.lines.every((line: { checked: boolean }) => line.checked)).toBe(true);
    expect(await archiveKv.get(`sources:${S.personal}:${R.ready}`)).toMatchObject({
      value: { version: KEPT_SOURCES_VERSION, sources: first.data },
    });

    offline = true;
    const reads = requests.length;
    expect(await send('recording.sources', { spaceId: S.personal, audioId: R.ready })).toEqual(first);
    expect(linked).toHaveLength(1);
    expect(requests.length).toBe(reads);
  });

  it('links again once a speaker is named, with the name, and when what was kept is of another shape', async () => {
    await signIn();
    const shown = await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    await send('recording.sources', { spaceId: S.personal, audioId: R.ready });
    const speakerId = Object.keys(shown.data.result.speakers_map)[0] as string;
    await send('archive.renameVoice', { spaceId: S.personal, audioId: R.ready, speakerId, name: 'Anna' });
    await send('recording.sources', { spaceId: S.personal, audioId: R.ready });
    expect(linked.map((call) => call.names)).toEqual([{}, { [speakerId]: 'Anna' }]);

    const key = `sources:${S.personal}:${R.ready}`;
    const kept = (await archiveKv.get(key)) as { rev: number };
    await archiveKv.set(key, { rev: kept.rev, value: { version: KEPT_SOURCES_VERSION - 1, sources: {} } });
    const again = await send('recording.sources', { spaceId: S.personal, audioId: R.ready });
    expect(again.ok).toBe(true);
    expect(linked).toHaveLength(3);
  });

  it('a recording not kept is linked from the service’s result and not kept; none without a result', async () => {
    await signIn();
    const answer = await send('recording.sources', { spaceId: S.personal, audioId: R.ready });
    expect(answer.ok).toBe(true);
    expect(linked).toHaveLength(1);
    expect(await archiveKv.keys()).not.toContain(`sources:${S.personal}:${R.ready}`);
    expect(await send('recording.sources', { spaceId: S.personal, audioId: R.uploadedNotProcessed })).toEqual(
      {
        ok: true,
        data: null,
      },
    );
  });

  it('linking that fails is answered as a failure, and nothing is kept', async () => {
    await signIn();
    await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    failLinking = true;
    const answer = await send('recording.sources', { spaceId: S.personal, audioId: R.ready });
    // Why, for the page to say in its language.
    expect(answer).toMatchObject({ ok: false, error: { kind: 'sources', reason: 'late' } });
    if (answer.ok) throw new Error('not a failure');
    expect(describeError(answer.error, 'en')).toBe('Finding them took too long. Try again.');
    expect(describeError(answer.error, 'ru')).toBe('Поиск занял слишком много времени. Повторите попытку.');
    expect(await archiveKv.keys()).not.toContain(`sources:${S.personal}:${R.ready}`);
    failLinking = false;
    expect((await send('recording.sources', { spaceId: S.personal, audioId: R.ready })).ok).toBe(true);
  });

  it('a kept result a page is about to show has its sources linked at once; the page’s ask then finds them, linked once', async () => {
    await signIn();
    // The popup's look at whether a recording is ready links nothing.
    await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(linked).toHaveLength(0);
    await send('recording.result', { spaceId: S.personal, audioId: R.ready, shown: true });
    // Linking started with the result, before any page asked.
    await expect.poll(() => linked.length).toBe(1);
    const answer = await send('recording.sources', { spaceId: S.personal, audioId: R.ready });
    expect(answer.ok).toBe(true);
    expect(answer.data.lines.length).toBeGreaterThan(0);
    // Shown again (read from the archive): the kept sources serve, nothing is linked again.
    await send('recording.result', { spaceId: S.personal, audioId: R.ready, shown: true });
    expect((await send('recording.sources', { spaceId: S.personal, audioId: R.ready })).data).toEqual(
      answer.data,
    );
    expect(linked).toHaveLength(1);
  });
});
