/**
 * Video pages (YouTube and the other sites `parseVideoPage` accepts) and media files opened on
 * those sites: a floating "Transcribe audio" that sends the page to the service (the background
 * uses the video-site upload for pages and upload by URL for media files), with the video's
 * length shown against the chosen space's balance.
 */
import { signal as createSignal } from '@preact/signals';
import { TranscribeControl } from '@/components/page/TranscribeControl';
import { parseMediaLink, parseVideoPage } from '@/lib/links';
import { isMediaPage, isVideoPage } from './conditions';
import { type PageFeature, visitListener, visitTimeout } from './feature';
import { showFloatingControl } from './floating-control';
import { readVideoDuration } from './media-duration';
import { describeTranscribeResult } from './outcome';
import { createPageAction, sendInSpace } from './page-action';
import { createPageState } from './page-state';

/** Single-page players swap the video and its metadata after the URL changes: look again now and then. */
const DURATION_RECHECK_MS = 2000;

export const transcribeButton: PageFeature = {
  id: 'transcribe-button',
  include: [isVideoPage, isMediaPage],
  async init(signal, visit) {
    const target = parseVideoPage(visit.url.href)?.url ?? parseMediaLink(visit.url.href)?.url;
    if (!target) return;
    const state = createPageState(signal);
    const action = createPageAction(visit, signal);
    const duration = createSignal<number | null>(null);

    const readDuration = () => {
      const value = readVideoDuration(document);
      if (value !== duration.value) duration.value = value;
    };
    // Media events do not bubble; a capturing listener on the document sees every player's.
    for (const type of ['durationchange', 'loadedmetadata', 'emptied'] as const) {
      visitListener(signal, document, type, readDuration, { capture: true, passive: true });
    }
    const recheck = () => {
      readDuration();
      visitTimeout(visit, signal, recheck, DURATION_RECHECK_MS);
    };
    recheck();

    const onTranscribe = (event: Event) =>
      void action.run(event, state.lang.value, () =>
        sendInSpace(state, 'page.transcribe', { url: target }, describeTranscribeResult),
      );

    await showFloatingControl(visit, signal, {
      name: 'meeting-capture-transcribe',
      state,
      action,
      view: (control) => (
        <TranscribeControl
          state={state}
          action={action}
          collapsed={control.collapsed}
          notice={control.notice}
          duration={duration}
          onTranscribe={onTranscribe}
          onHide={control.hide}
        />
      ),
    });
  },
};
