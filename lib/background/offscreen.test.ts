/**
 * The one offscreen document: opened on first use, shared by overlapping uses (a feed parsed while
 * a Slack text is converted), closed after the last; a use during the close opens it again after.
 */
import { describe, expect, it } from 'vitest';
import { type OffscreenApi, offscreenDocument } from './offscreen';

function fakeChrome(options: { leftOver?: boolean; failCreate?: number } = {}) {
  let open = options.leftOver ?? false;
  let failures = options.failCreate ?? 0;
  const calls: string[] = [];
  const api: OffscreenApi = {
    createDocument: async () => {
      calls.push('create');
      await Promise.resolve();
      if (failures > 0) {
        failures -= 1;
        throw new Error('could not create');
      }
      // Chrome allows one document.
      if (open) throw new Error('Only a single offscreen document may be created.');
      open = true;
    },
    closeDocument: async () => {
      calls.push('close');
      await Promise.resolve();
      if (!open) throw new Error('No current offscreen document.');
      open = false;
    },
    exists: async () => open,
  };
  return { api, calls, isOpen: () => open };
}

function gate() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('the offscreen document', () => {
  it('two overlapping uses share one document, closed once after the last ends', async () => {
    const chrome = fakeChrome();
    const document = offscreenDocument(chrome.api);
    const first = gate();
    const second = gate();
    const a = document.use(async () => {
      await first.promise;
      return chrome.isOpen() ? 'feed' : 'closed';
    });
    const b = document.use(async () => {
      await second.promise;
      return chrome.isOpen() ? 'slack' : 'closed';
    });
    first.release();
    expect(await a).toBe('feed');
    // The first use ended; the second still needs the document.
    expect(chrome.isOpen()).toBe(true);
    second.release();
    expect(await b).toBe('slack');
    await document.use(async () => undefined);
    await Promise.resolve();
    expect(chrome.calls.filter((call) => call === 'create')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chrome.isOpen()).toBe(false);
    expect(chrome.calls).toEqual(['create', 'close', 'create', 'close']);
  });

  it('a use arriving while the document closes waits for the close, then opens it again', async () => {
    const chrome = fakeChrome();
    const document = offscreenDocument(chrome.api);
    await document.use(async () => undefined);
    // The close has started, not ended.
    const seen = await document.use(async () => chrome.isOpen());
    expect(seen).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chrome.calls).toEqual(['create', 'close', 'create', 'close']);
    expect(chrome.isOpen()).toBe(false);
  });

  it('a document left open by a stopped worker is used, then closed', async () => {
    const chrome = fakeChrome({ leftOver: true });
    const document = offscreenDocument(chrome.api);
    expect(await document.use(async () => chrome.isOpen())).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chrome.calls).toEqual(['close']);
    expect(chrome.isOpen()).toBe(false);
  });

  it('a document that cannot be opened fails the use, and the next use tries again', async () => {
    const chrome = fakeChrome({ failCreate: 1 });
    const document = offscreenDocument(chrome.api);
    let ran = false;
    await expect(
      document.use(async () => {
        ran = true;
      }),
    ).rejects.toThrow('could not create');
    expect(ran).toBe(false);
    expect(await document.use(async () => chrome.isOpen())).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chrome.calls).toEqual(['create', 'create', 'close']);
  });

  it('work that fails still releases the document', async () => {
    const chrome = fakeChrome();
    const document = offscreenDocument(chrome.api);
    await expect(
      document.use(async () => {
        throw new Error('no answer');
      }),
    ).rejects.toThrow('no answer');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chrome.isOpen()).toBe(false);
  });

  it('stays open while a recording holds it, and a use after the document died opens a new one', async () => {
    const chrome = fakeChrome();
    let recording = true;
    const document = offscreenDocument({ ...chrome.api, keepOpen: async () => recording });
    await document.use(async () => 'start');
    // A calendar read while recording: its end does not close the recording's document.
    await document.use(async () => 'calendar');
    expect(chrome.calls).toEqual(['create']);
    expect(chrome.isOpen()).toBe(true);
    // The document dies (a crash): the next use finds it gone and opens it again.
    await chrome.api.closeDocument();
    await document.use(async () => 'assemble');
    expect(chrome.calls).toEqual(['create', 'close', 'create']);
    // The recording's end: the last use closes it.
    recording = false;
    await document.use(async () => 'end');
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chrome.isOpen()).toBe(false);
  });

  it('a use that asks to linger keeps the document open that long after it, for the next use; then it closes', async () => {
    const chrome = fakeChrome();
    let clock = 0;
    const pending = new Map<number, { at: number; run: () => void }>();
    let ids = 0;
    const timers = {
      set: (run: () => void, ms: number) => {
        ids += 1;
        pending.set(ids, { at: clock + ms, run });
        return ids;
      },
      clear: (id: unknown) => {
        pending.delete(id as number);
      },
    };
    const advance = async (ms: number) => {
      clock += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at > clock) continue;
        pending.delete(id);
        timer.run();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const document = offscreenDocument(chrome.api, timers, () => clock);
    await document.use(async () => 'link', 20_000);
    await advance(19_000);
    expect(chrome.isOpen()).toBe(true);
    // The next link within the time finds it open: not created again; it lingers from its own end.
    expect(await document.use(async () => chrome.isOpen(), 20_000)).toBe(true);
    await advance(19_000);
    // A use that does not ask to linger still leaves the time asked before.
    await document.use(async () => 'markdown');
    expect(chrome.isOpen()).toBe(true);
    await advance(1_000);
    expect(chrome.calls).toEqual(['create', 'close']);
    expect(chrome.isOpen()).toBe(false);
    // Without lingering, closed at once as before.
    await document.use(async () => 'markdown');
    await advance(0);
    expect(chrome.calls).toEqual(['create', 'close', 'create', 'close']);
    expect(pending.size).toBe(0);
  });

  it('a document that died while it lingered is opened again by the next use', async () => {
    const chrome = fakeChrome();
    const timers = { set: () => 1, clear: () => undefined };
    const document = offscreenDocument(chrome.api, timers, () => 0);
    await document.use(async () => 'link', 20_000);
    expect(chrome.isOpen()).toBe(true);
    // Closed behind the lock's back (a crash, another context).
    await chrome.api.closeDocument();
    expect(await document.use(async () => chrome.isOpen(), 20_000)).toBe(true);
    expect(chrome.calls).toEqual(['create', 'close', 'create']);
  });
});
