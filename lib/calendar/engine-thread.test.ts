import { describe, expect, it } from 'vitest';
import { FEED_CHANNEL, type FeedRequest, type ParserWorker, parseInWorker } from './engine-thread';

const FEED = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

describe('parseInWorker: the parser thread is stopped at the time limit', () => {
  const request: FeedRequest = { channel: FEED_CHANNEL, text: FEED, options: { from: 0, to: 1 } };

  function fakeWorker(answer: unknown | null) {
    const state = { terminated: 0, listeners: new Map<string, (event: never) => void>() };
    const worker: ParserWorker = {
      postMessage: () => {
        if (answer !== null)
          queueMicrotask(() => state.listeners.get('message')?.({ data: answer } as never));
      },
      terminate: () => {
        state.terminated += 1;
      },
      addEventListener: (type: string, listener: (event: never) => void) => {
        state.listeners.set(type, listener);
      },
    };
    return { worker, state };
  }

  it('a parse that never answers is terminated and answered as too complex', async () => {
    const { worker, state } = fakeWorker(null);
    let fire: () => void = () => undefined;
    const timers = {
      set: (callback: () => void) => {
        fire = callback;
        return 1;
      },
      clear: () => undefined,
    };
    const pending = parseInWorker(() => worker, request, 20_000, timers);
    fire();
    expect(await pending).toEqual({
      ok: false,
      format: false,
      complex: true,
      message: 'parse time limit reached',
    });
    expect(state.terminated).toBe(1);
  });

  it('an answer ends the Worker too; a malformed answer is a failure', async () => {
    const good = fakeWorker({ ok: true, feed: { name: null, occurrences: [], events: 0, capped: [] } });
    expect((await parseInWorker(() => good.worker, request, 20_000)).ok).toBe(true);
    expect(good.state.terminated).toBe(1);
    const bad = fakeWorker({ nonsense: true });
    expect(await parseInWorker(() => bad.worker, request, 20_000)).toMatchObject({
      ok: false,
      format: false,
    });
    expect(bad.state.terminated).toBe(1);
  });
});
