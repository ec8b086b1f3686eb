/**
 * "Record here" in Firefox: it has no tab-capture API and no sound in screen sharing, so the popup
 * and the sidebar say plainly that recording a tab needs Chrome, and offer no Record button, no
 * microphone box and no microphone page; the background refuses a start as unsupported. One
 * Firefox and one emulator for the file; signed in once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import {
  count,
  counters,
  emulator,
  expectText,
  extensionDir,
  extensionMessage,
  type Firefox,
  find,
  launchFirefox,
  signIn,
} from './support';

const SENTENCE =
  'Recording a tab needs Chrome or another Chromium browser: Firefox lets no extension record a tab’s sound.';

let firefox: Firefox;
let service: RunningEmulator;
let options: Page;

beforeAll(async () => {
  [firefox, service] = await Promise.all([launchFirefox(), emulator()]);
  options = await firefox.openExtensionPage('options.html');
  await signIn(options, service);
});

afterAll(async () => {
  await firefox?.close();
  await service?.close();
});

describe('"Record here" in Firefox', () => {
  for (const page of ['popup.html', 'sidepanel.html']) {
    it(`${page} says that recording a tab needs Chrome, and offers no Record button`, async () => {
      const view = await firefox.openExtensionPage(page);
      // Signed in: the list is there, and the recorder's section beside it.
      await find(view, { role: 'any', within: '[data-testid=balance-value]' });
      await find(view, { role: 'heading', name: 'Record here' });
      await expectText(view, { role: 'any', within: '[data-testid=recorder] p' }, SENTENCE);
      expect(await count(view, { role: 'button', name: /^Record this tab$/ })).toBe(0);
      expect(await count(view, { role: 'button', within: '[data-testid=recorder]' })).toBe(0);
      expect(await count(view, { role: 'checkbox', name: 'Also record my microphone' })).toBe(0);
      await view.close();
    });
  }

  it('the background refuses a start as unsupported, and the build has no microphone page', async () => {
    const answer = await extensionMessage(options, 'recording.start', { tabId: 1, microphone: true });
    expect(answer.ok, JSON.stringify(answer)).toBe(false);
    expect(answer.error).toMatchObject({ kind: 'recording', reason: 'unsupported' });
    const status = await extensionMessage<{ supported: boolean }>(options, 'recording.status', {});
    expect(status.data?.supported).toBe(false);
    // The add-on as installed: no microphone page is built for Firefox (it would offer nothing).
    expect(existsSync(path.join(extensionDir, 'microphone.html'))).toBe(false);
    expect(existsSync(path.join(extensionDir, 'popup.html'))).toBe(true);
    expect((await counters(service)).recordingsCreated.upload).toBe(0);
  });
});
