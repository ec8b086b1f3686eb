/**
 * The offscreen document's one channel: the guard (only the extension's own service worker), the
 * table (an unknown task or a malformed payload refused, with an answer), and the tasks run with
 * their checked payloads.
 */
import { describe, expect, it, vi } from 'vitest';
import { FEED_CHANNEL } from '@/lib/calendar/engine-thread';
import { RECORDING_CHANNEL } from '@/lib/recording/protocol';
import { OFFSCREEN_CHANNEL, offscreenListener, offscreenRequest, readRequest } from './channel';
import { OFFSCREEN_TASKS, type OffscreenHandlers } from './tasks';

const self = { id: 'ext-id', workerUrl: 'chrome-extension://ext-id/background.js' };
const worker = { id: 'ext-id', url: 'chrome-extension://ext-id/background.js' };

function handlers(): OffscreenHandlers {
  return {
    markdown: vi.fn(async ({ markdown }) => ({ ok: true as const, text: `converted ${markdown}` })),
    feed: vi.fn(async () => ({ ok: false as const, format: true, message: 'not iCalendar' })),
    sources: vi.fn(async () => ({ ok: false as const, message: 'not linked' })),
    recorder: vi.fn(async () => ({ ok: true, holding: null })),
    items: vi.fn(async () => ({ ok: true as const, items: [] })),
  };
}

/** The listener's answer to `message` from `sender`: what it sent back, and whether it kept the port open. */
async function ask(message: unknown, sender: object = worker, table = handlers()) {
  const listener = offscreenListener(table, self);
  let answered: unknown = 'nothing';
  const answer = new Promise<void>((resolve) => {
    const kept = listener(message, sender, (value) => {
      answered = value;
      resolve();
    });
    if (kept !== true) resolve();
  });
  await answer;
  return { answered, table };
}

describe('the offscreen channel', () => {
  it('serves the extension’s own worker only: not a tab, not another extension, not a page', async () => {
    const request = offscreenRequest('markdown', { markdown: '**a**', dialect: 'slack' });
    for (const sender of [
      { ...worker, tab: { id: 3 } },
      { ...worker, id: 'other-extension' },
      { id: 'ext-id', url: 'chrome-extension://ext-id/options.html' },
      {},
    ]) {
      const { answered, table } = await ask(request, sender);
      expect(answered, JSON.stringify(sender)).toBe('nothing');
      expect(table.markdown).not.toHaveBeenCalled();
    }
    expect((await ask(request)).answered).toEqual({ ok: true, text: 'converted **a**' });
  });

  it('refuses an unknown task and a malformed payload with an answer, and runs nothing', async () => {
    const unknown = await ask({ channel: OFFSCREEN_CHANNEL, task: 'format-disk', payload: {} });
    expect(unknown.answered).toMatchObject({ ok: false, refused: 'unknown-task' });
    // Own properties only: an inherited name is not a task.
    expect(readRequest({ channel: OFFSCREEN_CHANNEL, task: 'toString', payload: {} })).toMatchObject({
      kind: 'refused',
      refusal: { refused: 'unknown-task' },
    });
    for (const request of [
      { channel: OFFSCREEN_CHANNEL, task: 'markdown', payload: { markdown: 42, dialect: 'slack' } },
      { channel: OFFSCREEN_CHANNEL, task: 'markdown', payload: { markdown: 'a', dialect: 'html' } },
      { channel: OFFSCREEN_CHANNEL, task: 'markdown' },
      { channel: OFFSCREEN_CHANNEL, task: 'feed', payload: { channel: FEED_CHANNEL, text: 'x' } },
      { channel: OFFSCREEN_CHANNEL, task: 'recorder', payload: { channel: RECORDING_CHANNEL, op: 'format' } },
      {
        channel: OFFSCREEN_CHANNEL,
        task: 'recorder',
        payload: { channel: RECORDING_CHANNEL, op: 'stop', id: '' },
      },
    ]) {
      const { answered, table } = await ask(request);
      expect(answered, JSON.stringify(request)).toMatchObject({ ok: false, refused: 'malformed' });
      for (const handler of Object.values(table)) expect(handler).not.toHaveBeenCalled();
    }
  });

  it('leaves messages of other channels to their own listeners', async () => {
    for (const message of [
      { channel: 'meeting-capture', type: 'recording.event', payload: {} },
      { channel: RECORDING_CHANNEL, op: 'status' },
      'hello',
      null,
    ])
      expect((await ask(message)).answered).toBe('nothing');
  });

  it('runs each task of the table with its payload and answers what it gives', async () => {
    const feed = { channel: FEED_CHANNEL, text: 'BEGIN:VCALENDAR', options: { from: 0, to: 1 } } as const;
    const { answered, table } = await ask(offscreenRequest('feed', feed));
    expect(table.feed).toHaveBeenCalledWith(feed);
    expect(answered).toEqual({ ok: false, format: true, message: 'not iCalendar' });
    const status = await ask(offscreenRequest('recorder', { channel: RECORDING_CHANNEL, op: 'status' }));
    expect(status.answered).toEqual({ ok: true, holding: null });
  });

  it('a task that throws still answers, as a failure', async () => {
    const table = handlers();
    table.markdown = async () => {
      throw new Error('marked broke');
    };
    const { answered } = await ask(
      offscreenRequest('markdown', { markdown: 'a', dialect: 'slack' }),
      worker,
      table,
    );
    expect(answered).toEqual({ ok: false, message: 'marked broke' });
  });

  it('every task’s answer check refuses what is not its answer', () => {
    for (const [name, task] of Object.entries(OFFSCREEN_TASKS)) {
      for (const wrong of [
        undefined,
        null,
        'ok',
        { ok: 'yes' },
        { ok: false, refused: 'unknown-task', message: 1 },
      ])
        expect(task.answer(wrong), `${name}: ${JSON.stringify(wrong)}`).toBe(false);
    }
    expect(OFFSCREEN_TASKS.recorder.answer({ ok: true, holding: 'r1' })).toBe(true);
    expect(OFFSCREEN_TASKS.markdown.answer({ ok: true, text: '' })).toBe(true);
  });
});
