import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createJobStore } from '../jobs/store';
import type { Job } from '../jobs/types';
import { DEFAULT_SETTINGS } from '../storage';
import {
  MISSED_NOTICE_WINDOW_MS,
  markNotified,
  missedNotices,
  NOTICE_TITLE_MAX,
  noticeName,
  notifyJobEnded,
  openNotification,
  viewerUrl,
} from './notifications';

function job(extra: Partial<Job>): Job {
  return {
    id: 'j1',
    intent: 'upload',
    phase: 'processing',
    spaceId: 2,
    audioId: 77,
    title: 'Standup.wav',
    createdAt: 0,
    updatedAt: 0,
    autoProcess: true,
    ...extra,
  };
}

describe('job notifications', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  const all = () =>
    fakeBrowser.notifications.getAll() as Promise<Record<string, { title: string; message: string }>>;

  it('ready and failed are notified once, in the user language', async () => {
    const processing = job({});
    await notifyJobEnded(job({ phase: 'ready' }), processing, DEFAULT_SETTINGS, 'en');
    expect((await all())['job:j1']).toMatchObject({ title: 'Protocol ready' });
    await notifyJobEnded(
      job({ id: 'j2', phase: 'failed', failure: { kind: 'processing-failed' } }),
      processing,
      DEFAULT_SETTINGS,
      'ru',
    );
    expect((await all())['job:j2']).toMatchObject({
      title: 'Не завершено: Standup.wav',
      message: 'Обработка завершилась ошибкой. Списанное время возвращено на баланс.',
    });
    // A change of a finished job (e.g. dismissed elsewhere) does not notify again.
    await fakeBrowser.notifications.clear('job:j1');
    await notifyJobEnded(job({ phase: 'ready' }), job({ phase: 'ready' }), DEFAULT_SETTINGS, 'en');
    expect((await all())['job:j1']).toBeUndefined();
  });

  it('each kind can be turned off in the options; cancelled is never notified', async () => {
    const off = { ...DEFAULT_SETTINGS, notifyReady: false, notifyFailed: false };
    await notifyJobEnded(job({ phase: 'ready' }), job({}), off, 'en');
    await notifyJobEnded(
      job({ phase: 'failed', failure: { kind: 'processing-failed' } }),
      job({}),
      off,
      'en',
    );
    await notifyJobEnded(job({ phase: 'cancelled' }), job({}), DEFAULT_SETTINGS, 'en');
    expect(await all()).toEqual({});
  });

  it('a click opens the recording in the viewer', async () => {
    const store = createJobStore();
    await store.update('j1', () => job({ phase: 'ready', finishedAt: Date.now() }));
    await fakeBrowser.notifications.create('job:j1', {
      type: 'basic',
      iconUrl: '',
      title: 't',
      message: 'm',
    });
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openNotification('job:j1', store);
    expect(create).toHaveBeenCalledWith({ url: viewerUrl(2, 77) });
    expect(viewerUrl(2, 77)).toBe('chrome-extension://test-extension-id/viewer.html?space=2&audio=77');
    expect(await all()).toEqual({});
  });

  it('a job that ended without its notice recorded is found again, for a while only', () => {
    const now = 10 * MISSED_NOTICE_WINDOW_MS;
    const jobs = [
      job({ id: 'ended', phase: 'ready', finishedAt: now - 1_000 }),
      job({ id: 'noticed', phase: 'ready', finishedAt: now - 1_000, notifiedAt: now - 500 }),
      job({ id: 'running', phase: 'processing', updatedAt: now }),
      job({ id: 'old', phase: 'failed', finishedAt: now - MISSED_NOTICE_WINDOW_MS - 1 }),
      job({ id: 'no-finish-time', phase: 'cancelled', updatedAt: now - 60_000 }),
    ];
    expect(missedNotices(jobs, now).map((candidate) => candidate.id)).toEqual(['ended', 'no-finish-time']);
  });

  it('markNotified records the notice once, and never on a job still running', async () => {
    const store = createJobStore();
    await store.update('j1', () => job({ phase: 'ready', finishedAt: Date.now() }));
    await store.update('j2', () => job({ id: 'j2', phase: 'processing' }));
    await markNotified(store, 'j1', 100);
    await markNotified(store, 'j1', 200);
    await markNotified(store, 'j2', 100);
    await markNotified(store, 'gone', 100);
    expect((await store.get('j1'))?.notifiedAt).toBe(100);
    expect((await store.get('j2'))?.notifiedAt).toBeUndefined();
    expect(await store.get('gone')).toBeUndefined();
  });
});

describe('titles in notifications', () => {
  it('drop direction, control and zero-width characters, and cut a long title', () => {
    expect(noticeName('invoice\u202Egnp.exe\u202C.mp3')).toBe('invoicegnp.exe.mp3');
    expect(noticeName('a\u2066b\u2069\u200Bc\uFEFF\u0000d\n\n e')).toBe('abcd e');
    expect(noticeName('<img src=x onerror=alert(1)>.wav')).toBe('<img src=x onerror=alert(1)>.wav');
    const long = noticeName(`${'Long title '.repeat(10_000)}.mp3`);
    expect(Array.from(long).length).toBeLessThanOrEqual(NOTICE_TITLE_MAX);
    expect(Array.from(long).length).toBeGreaterThan(NOTICE_TITLE_MAX - 5);
    expect(long.endsWith('…')).toBe(true);
    expect(noticeName('\u202E\u200B')).toBe('');
  });

  it('a hostile 100 KB title is shown cut and plain in the ready notice', async () => {
    fakeBrowser.reset();
    const title = `\u202E${'<b>x</b>'.repeat(13_000)}.mp3`;
    await notifyJobEnded(job({ phase: 'ready', title }), job({ title }), DEFAULT_SETTINGS, 'en');
    const shown = (await fakeBrowser.notifications.getAll()) as Record<string, { message: string }>;
    const message = shown['job:j1']?.message ?? '';
    expect(message).toContain('<b>x</b>');
    expect(message).not.toMatch(/[\u202a-\u202e]/);
    expect(message.length).toBeLessThan(NOTICE_TITLE_MAX + 100);
  });
});
