/**
 * The listeners of "Record here" (the rest is lib/background/recording.ts): the offscreen document
 * stays open while a recording holds it, whatever else used it; the recorded tab closing or leaving
 * its page stops the recording; the pieces go once the upload job confirms the upload, and with the
 * session. Each listener reads the stored
 * state first and acts only for the recorded tab.
 */
import { browser } from 'wxt/browser';
import { isCapturing } from '@/lib/recording/state';
import { createRecordingStore } from '@/lib/recording/store';
import { jobsItem } from '@/lib/storage';
import { keepOffscreenOpenWhile } from './offscreen';
import { recordingTabChanged, settleUpload, wipeRecordings } from './recording';
import type { Background } from './types';

const store = createRecordingStore();

export function watchRecording(bg: Background): void {
  keepOffscreenOpenWhile(async () => {
    const state = await store.getState();
    return isCapturing(state) || state?.phase === 'stopping';
  });
  const changed = (tabId: number, gone: boolean) =>
    void (async () => {
      const state = await store.getState();
      if (!state || state.tabId !== tabId || !isCapturing(state)) return;
      await recordingTabChanged(bg, tabId, gone);
    })().catch((error) => console.error('recording tab', error));
  browser.tabs.onRemoved.addListener((tabId) => changed(tabId, true));
  browser.tabs.onUpdated.addListener((tabId, info) => {
    if (info.status === 'loading' || info.url) changed(tabId, false);
  });
  // The upload job of a recording moved on (the jobs are one storage item, written by the job
  // engine): once its upload is confirmed the pieces go, without waiting for a page to ask.
  jobsItem.watch((jobs) => {
    void (async () => {
      const state = await store.getState();
      if (state?.phase !== 'uploading' || !state.jobId || jobs?.[state.jobId]?.phase === 'uploading') return;
      await settleUpload(bg);
    })().catch((error) => console.error('recording upload', error));
  });
}

/** Sign-out, or a session that ended: the recording stops and every piece is wiped. */
export async function forgetRecordings(): Promise<void> {
  const state = await store.getState();
  if (state && (isCapturing(state) || state.phase === 'stopping')) await wipeRecordings();
  else await store.wipe();
}
