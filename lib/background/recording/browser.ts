/**
 * "Record here"'s adapter to the browser (Chrome's: tabs, the tab capture, the badge, the
 * commands, the offscreen recording page) and the one thing it keeps in storage, whether a
 * recording was ever started. The service itself (./index.ts) sees only `RecordingBrowser`.
 */
import { browser } from 'wxt/browser';
import type { KeyValueStore } from '@/lib/kv';
import { PAGE_CONTEXT_CHANGED } from '@/lib/messaging';
import { PIECE_MS } from '@/lib/recording/pieces';
import { recordingConsentItem } from '@/lib/storage';
import { askOffscreen } from '../offscreen';
import type { RecordingBrowser } from './types';

/**
 * Whether this is the first recording ever started (remembered in storage, never said again).
 */
export async function firstRecording(): Promise<boolean> {
  if (await recordingConsentItem.getValue()) return false;
  await recordingConsentItem.setValue(true);
  return true;
}
/**
 * Test builds only (`WXT_TEST_BUILD`): how much silence one silent piece counts for, as a test wrote
 * it under `test:silence-piece-ms` in the recording database (tests/e2e/record-support.ts,
 * `setRecordingKey`), so that a test of the long silence need not wait real minutes. A release
 * build has neither the key nor this code.
 */
export function testSilencePieceMs(kv: KeyValueStore): (() => Promise<number>) | undefined {
  if (import.meta.env?.WXT_TEST_BUILD !== '1') return undefined;
  return async () => {
    const value = await kv.get<unknown>('test:silence-piece-ms');
    return typeof value === 'number' && value > 0 && value <= 60 * 60_000 ? value : PIECE_MS;
  };
}

/** What the recording asks of Chrome: tabs, the tab capture, the badge, commands, the offscreen page. */
export function recordingBrowser(): RecordingBrowser {
  return {
    tab: (tabId) => browser.tabs.get(tabId),
    activeTab: async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id,
    tellTab: (tabId) =>
      void browser.tabs
        .sendMessage(tabId, { channel: 'meeting-capture', type: PAGE_CONTEXT_CHANGED })
        .catch(() => undefined),
    captureStreamId: async (tabId) => {
      const capture = (
        globalThis as unknown as {
          chrome: { tabCapture?: { getMediaStreamId(options: { targetTabId: number }): Promise<string> } };
        }
      ).chrome.tabCapture;
      if (!capture) throw new Error('tabCapture is not available');
      return capture.getMediaStreamId({ targetTabId: tabId });
    },
    showBadge: async (text) => {
      try {
        await browser.action.setBadgeText({ text });
        await browser.action.setBadgeBackgroundColor({ color: '#c5221f' });
      } catch {
        // No badge (tests, another browser): the popup shows the time as well.
      }
    },
    shortcut: async () => {
      try {
        const commands = await browser.commands.getAll();
        const shortcut = commands.find((item) => item.name === 'record-current-tab')?.shortcut;
        return shortcut ? shortcut.slice(0, 40) : undefined;
      } catch {
        return undefined;
      }
    },
    recorder: {
      open: async () => {
        const contexts = await (
          browser.runtime as unknown as { getContexts?: (filter: object) => Promise<unknown[]> }
        )
          .getContexts?.({ contextTypes: ['OFFSCREEN_DOCUMENT'] })
          .catch(() => []);
        return !!contexts && contexts.length > 0;
      },
      // Through the offscreen document's one channel (lib/offscreen/channel.ts), its answer checked
      // against the task's row.
      ask: async (message) => {
        try {
          return await askOffscreen('recorder', message);
        } catch {
          return null;
        }
      },
    },
  };
}
