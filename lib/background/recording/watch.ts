/**
 * The listeners of "Record here" (the service is ./index.ts): the recorded tab
 * closing or leaving its page stops the recording; "Keep recording" of the notification holds it
 * through a silence; the pieces go once the upload job confirms the upload. The recording acts only for the recorded tab and the recording's own job. (The offscreen
 * document stays open while a recording holds it: lib/background/offscreen.ts reads that from the
 * recording database; the pieces go with the session: lib/background/account.ts.)
 */
import { browser } from 'wxt/browser';
import { jobsItem } from '@/lib/storage';
import { NOTICE_ID } from './context';
import type { Recording } from './types';

/** How often a running recording's page is looked at. */
const CHECK_MS = 2_500;

export function watchRecording(recording: Recording): void {
  const changed = (tabId: number, gone: boolean) =>
    void recording.tabChanged(tabId, gone).catch((error) => console.error('recording tab', error));
  browser.tabs.onRemoved.addListener((tabId) => changed(tabId, true));
  browser.tabs.onUpdated.addListener((tabId, info) => {
    if (info.status === 'loading' || info.url) changed(tabId, false);
  });
  // "Keep recording", the one button of "Still recording?" (./events.ts). Firefox has no buttons.
  browser.notifications.onButtonClicked?.addListener((id, index) => {
    if (id !== NOTICE_ID || index !== 0) return;
    void browser.notifications.clear(id).catch(() => undefined);
    void recording.keep().catch((error) => console.error('keep recording', error));
  });
  // The recording page dying mid-recording is noticed within seconds: the worker is kept awake
  // by the page's pieces (one every 5 s) while it records, so this timer runs while it matters.
  setInterval(
    () => void recording.check().catch((error) => console.error('recording check', error)),
    CHECK_MS,
  );
  // The upload job of a recording moved on (the jobs are one storage item, written by the job
  // engine): once its upload is confirmed the pieces go, without waiting for a page to ask.
  jobsItem.watch((jobs) => {
    void (async () => {
      const state = await recording.state();
      if (state?.phase !== 'uploading' || !state.jobId || jobs?.[state.jobId]?.phase === 'uploading') return;
      await recording.settleUpload();
    })().catch((error) => console.error('recording upload', error));
  });
}
