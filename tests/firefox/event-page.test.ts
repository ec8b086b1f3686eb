/**
 * Chrome's service worker has an event page as its Firefox counterpart (`persistent: false`):
 * unloaded when idle, like the worker, and woken by the same alarms and messages. Firefox here
 * unloads it after 1 s idle (the default is 30 s), so a running job meets several unloads.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import {
  type Ext,
  emulator,
  expectText,
  extensionMessage,
  type Firefox,
  launchFirefox,
  pressEnter,
  signIn,
} from './support';

/** Whether the background page is loaded now (asking does not wake it). */
function backgroundLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    (globalThis as unknown as Ext).browser.extension
      .getViews()
      .some((view) => view.location.pathname === '/_generated_background_page.html'),
  );
}

/** The phase of the first job whose source is `url`, read from storage (asking does not wake the background). */
function jobPhase(page: Page, url: string): Promise<string> {
  return page.evaluate(async (url) => {
    const { jobs } = await (globalThis as unknown as Ext).browser.storage.local.get('jobs');
    const all = Object.values((jobs ?? {}) as Record<string, { sourceUrl?: string; phase: string }>);
    return all.find((job) => job.sourceUrl?.startsWith(url))?.phase ?? 'none';
  }, url);
}

describe('test build, with the event page unloaded after 1 s idle', () => {
  let firefox: Firefox;
  let service: RunningEmulator;
  let options: Page;

  beforeAll(async () => {
    [firefox, service] = await Promise.all([
      launchFirefox({ prefs: { 'extensions.background.idle.timeout': 1_000 } }),
      emulator({ processingDelayMs: 1_500, downloadDelayMs: 300 }),
    ]);
    firefox.serve('https://www.youtube.com', 'youtube-watch.html');
    options = await firefox.openExtensionPage('options.html');
    await signIn(options, service);
  });

  afterAll(async () => {
    await firefox?.close();
    await service?.close();
  });

  it('the event page unloads while a job runs, the poll alarm brings it back, and the result arrives', async () => {
    const manifest = await options.evaluate(() =>
      (globalThis as unknown as Ext).browser.runtime.getManifest(),
    );
    expect(manifest.background).toMatchObject({
      persistent: false,
      scripts: [expect.stringMatching(/\/background\.js$/)],
    });

    const watch = 'https://www.youtube.com/watch?v=BaW_jenozKc';
    const video = await firefox.open(watch);
    await pressEnter(video, {
      role: 'button',
      name: 'Transcribe audio',
      within: 'meeting-capture-transcribe',
    });
    await expectText(video, { role: 'status', within: 'meeting-capture-transcribe' }, /Sent to “Personal”/);
    await video.close();

    // Idle between polls, the page is unloaded with the job still running and its alarm set.
    await expect.poll(() => backgroundLoaded(options), { timeout: 15_000 }).toBe(false);
    expect(await jobPhase(options, watch)).not.toMatch(/^(ready|failed|none)$/);
    const alarms = await options.evaluate(() => (globalThis as unknown as Ext).browser.alarms.getAll());
    expect(alarms.map((alarm) => alarm.name)).toContain('poll');

    // Nothing but the alarm wakes it here: the result still arrives.
    await expect.poll(() => jobPhase(options, watch), { timeout: 90_000, interval: 500 }).toBe('ready');

    // Unloaded again once idle; a message wakes it and gets its answer.
    await expect.poll(() => backgroundLoaded(options), { timeout: 15_000 }).toBe(false);
    const answer = await extensionMessage<{ lang: string }>(options, 'settings.get', {});
    expect(answer.ok).toBe(true);
    expect(await backgroundLoaded(options)).toBe(true);
  }, 120_000);
});
