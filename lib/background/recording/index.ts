/**
 * "Record here" in the background, a service of the wiring root (`createRecording`, made by
 * lib/background/app.ts with every dependency explicit): starts a tab's recording on a user
 * invocation (popup, side panel, context menu, keyboard command, a meeting page's control), hands
 * the capture to the offscreen document (lib/recording/recorder.ts), follows its pieces (badge,
 * balance warnings), and on the stop sends the assembled file through the one upload path (the job
 * engine's `createUpload`). Everything it knows is in the recording database
 * (lib/recording/store.ts), so a stopped worker loses nothing; the one thing held in memory is the
 * start under way in this instance (./context.ts), on purpose.
 *
 * One file per concern, each a set of functions of the instance's shared context (./context.ts):
 * the start and stop (./start.ts), the recording page's events (./events.ts), the upload
 * (./upload.ts), the recordings kept (./kept.ts), the recorded tab and its page (./tab.ts), the
 * browser's adapter (./browser.ts), the shapes (./types.ts) and the listeners (./watch.ts).
 */
import { recordingContext } from './context';
import { check, event, keep } from './events';
import { sweepFiles } from './files';
import { forget, keptFor, recover, view } from './kept';
import { start, stop } from './start';
import {
  callState,
  fromPage,
  fromTab,
  keepFromPage,
  meetingEnded,
  onPage,
  pageShows,
  stopFromPage,
  tabChanged,
} from './tab';
import type { Recording, RecordingDeps } from './types';
import { resume, settleUpload } from './upload';

export { firstRecording, recordingBrowser, testSilencePieceMs } from './browser';
export { PAGE_REPORT_MS } from './context';
export { BROKE_TOLD_MS, brokeHow } from './tab';
export type { Recording, RecordingBrowser, RecordingDeps, RecordingView, StartOptions } from './types';

export function createRecording(deps: RecordingDeps): Recording {
  const ctx = recordingContext(deps);
  return {
    view: () => view(ctx),
    state: () => deps.store.getState(),
    start: (tabId, options) => start(ctx, tabId, options),
    stop: (reason) => stop(ctx, reason),
    recover: (action, spaceId, id) => recover(ctx, action, spaceId, id),
    tabChanged: (tabId, gone) => tabChanged(ctx, tabId, gone),
    meetingEnded: (tabId, url) => meetingEnded(ctx, tabId, url),
    pageShows: (tabId, url) => pageShows(ctx, tabId, url),
    event: (id, happened) => event(ctx, id, happened),
    settleUpload: () => settleUpload(ctx),
    resume: async () => {
      await resume(ctx);
      await sweepFiles(ctx);
    },
    check: () => check(ctx),
    forget: (how) => forget(ctx, how),
    keptFor: (owner) => keptFor(ctx, owner),
    fromTab: (tab) => fromTab(ctx, tab),
    onPage: (tabId) => onPage(ctx, tabId),
    fromPage: (tabId, pageUrl, spaceId) => fromPage(ctx, tabId, pageUrl, spaceId),
    stopFromPage: (tabId) => stopFromPage(ctx, tabId),
    keep: async () => {
      await keep(ctx);
      return view(ctx);
    },
    keepFromPage: (tabId) => keepFromPage(ctx, tabId),
    callState: (tabId, url, inCall) => callState(ctx, tabId, url, inCall),
  };
}
