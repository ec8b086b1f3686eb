/**
 * The real background against an in-process emulator, as its tests drive it: one emulator per
 * test file, reset before each test and set as the service's address; messages sent from the
 * extension's own pages and from meeting tabs, checked and answered as the service worker checks
 * and answers them.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../../../emulator';
import { memoryKeyValue } from '../../kv';
import { isGrantedByManifest } from '../../permissions';
import { serviceUrlItem } from '../../storage';
import { useTrustedStore } from '../../trusted-settings';
import type { Background } from '../app';
import { createHandlers, respond } from '../handlers';
import { checkMessage, type Sender } from '../senders';
import type { BackgroundOptions } from '../types';

/**
 * One emulator for the test file, closed after it. Before each test the fake browser and the
 * trusted settings start empty, the emulator's data is reset and its address set as the service's.
 */
export function useEmulator(options: EmulatorOptions = {}): () => RunningEmulator {
  let emulator: RunningEmulator | null = null;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, storagePort: 0, quiet: true, ...options });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(async () => {
    fakeBrowser.reset();
    useTrustedStore(memoryKeyValue());
    await (await fetch(`${emulator!.url}/__emulator/reset`, { method: 'POST' })).arrayBuffer();
    await serviceUrlItem.setValue(emulator!.url);
  });
  return () => {
    if (!emulator) throw new Error('emulator not started');
    return emulator;
  };
}

/**
 * What every background under test is built with: its session and files in memory, no waiting,
 * and the sites of the manifest granted; `more` adds or replaces options.
 */
export function backgroundOptions(more: Partial<BackgroundOptions> = {}): BackgroundOptions {
  return {
    sessionKv: memoryKeyValue(),
    filesKv: memoryKeyValue(),
    itemsKv: memoryKeyValue(),
    sleep: async () => undefined,
    hasOriginAccess: async (url) => isGrantedByManifest(url),
    ...more,
  };
}

/**
 * The network of a background under test: each request noted in `requests` as `METHOD /path`,
 * and failing as a browser's does while `offline()` says so.
 */
export function notedFetch(
  requests: string[],
  offline: () => boolean,
): NonNullable<BackgroundOptions['fetch']> {
  return (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    if (offline()) return Promise.reject(new TypeError('Failed to fetch'));
    return fetch(request);
  };
}

/** One of the extension's own pages (`popup.html`, `options.html`…) as the sender of a message. */
export function extensionPage(page: string): Sender {
  return { id: fakeBrowser.runtime.id, url: `chrome-extension://${fakeBrowser.runtime.id}/${page}` };
}

/**
 * A message sent to `bg` from `sender`: refused as the service worker refuses it, or answered by
 * its handlers. Answers are untyped: the tests inspect them field by field.
 */
export async function sendAs(
  bg: Background,
  sender: Sender,
  type: string,
  payload: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field.
): Promise<any> {
  const checked = checkMessage({ channel: 'meeting-capture', type, payload }, sender, {
    id: fakeBrowser.runtime.id,
    baseUrl: `chrome-extension://${fakeBrowser.runtime.id}/`,
  });
  if (checked.ok === 'ignore') throw new Error('ignored');
  if (checked.ok === false) return { ok: false as const, error: checked.error };
  return respond(createHandlers(bg), checked.type, checked.payload, sender);
}
