/**
 * Video pages (YouTube and the other sites `parseVideoPage` accepts) and media files opened on
 * those sites: a floating "Transcribe audio" that sends the page to the service (the background
 * uses the video-site upload for pages and upload by URL for media files), with the video's
 * length shown against the chosen space's balance.
 */
import { formatDuration } from '@/lib/format/time';
import { parseMediaLink, parseVideoPage } from '@/lib/links';
import { isMediaPage, isVideoPage } from '@/lib/page/conditions';
import { type PageFeature, visitListener, visitTimeout } from '@/lib/page/feature';
import { readVideoDuration } from '@/lib/page/media-duration';
import { h, setAttr, setText } from './dom';
import { type ControlView, showFloatingControl } from './floating-control';
import { createPageAction, type PageAction, sendInSpace } from './page-action';
import { createPageState, type PageState } from './page-state';
import { spacePicker } from './space-picker';
import { createVisibilityWatch } from './visibility';

/** Single-page players swap the video and its metadata after the URL changes: look again now and then. */
const DURATION_RECHECK_MS = 2000;

/** The address this document was loaded at: after in-page navigation its metadata is stale. */
const loadedAt = location.href;

/** The video's length against the chosen space's balance; null while the length is unknown. */
export function meterText(state: PageState, length: number | null): { text: string; short: boolean } | null {
  if (length === null) return null;
  const space = state.space;
  const lang = state.lang;
  if (!space) return { text: state.t('lengthOnly', { length: formatDuration(length, lang) }), short: false };
  const short = length > space.availableSeconds;
  const text = state.t('lengthOfLeft', {
    length: formatDuration(length, lang),
    left: formatDuration(space.availableSeconds, lang),
  });
  return { text: short ? `${text} — ${state.t('notEnoughFor')}` : text, short };
}

/** The control's own items: the space picker, the length against the balance, "Transcribe audio". */
export function transcribeView(
  state: PageState,
  action: PageAction,
  url: string,
  duration: () => number | null,
): ControlView {
  const picker = spacePicker(state, () => action.busy);
  const meter = h('span', { class: 'mc-meter', 'data-testid': 'video-balance' });
  const send = h('button', {
    type: 'button',
    class: 'mc-primary',
    onClick: (event: Event) => void action.run(event, () => sendInSpace(state, 'page.transcribe', { url })),
  });
  return {
    items: [picker.element, meter, send],
    guarded: [send],
    update() {
      picker.update();
      const shown = meterText(state, duration());
      meter.hidden = shown === null;
      setText(meter, shown?.text ?? '');
      setAttr(meter, 'data-short', shown?.short === true);
      setText(send, state.t('transcribe'));
      setAttr(send, 'aria-disabled', action.busy ? 'true' : 'false');
    },
  };
}

export const transcribeButton: PageFeature = {
  id: 'transcribe-button',
  include: [isVideoPage, isMediaPage],
  async init(signal, visit) {
    const target = parseVideoPage(visit.url.href)?.url ?? parseMediaLink(visit.url.href)?.url;
    if (!target) return;
    const state = createPageState(signal);
    const visibility = createVisibilityWatch(signal);
    const action = createPageAction(visit, signal, state, visibility);
    let duration: number | null = null;
    let updateView = () => {};
    // The document's first address: its player and metadata are this video's. After in-page
    // navigation, the player's until it loads something during this visit, the metadata never.
    const loadedHere = visit.url.href === loadedAt;
    let loaded = loadedHere;

    const readDuration = () => {
      const value = readVideoDuration(document, { element: loaded, meta: loadedHere });
      if (value !== duration) {
        duration = value;
        updateView();
      }
    };
    // Media events do not bubble; a capturing listener on the document sees every player's.
    for (const type of ['durationchange', 'loadedmetadata', 'emptied'] as const) {
      visitListener(
        signal,
        document,
        type,
        () => {
          loaded = true;
          readDuration();
        },
        { capture: true, passive: true },
      );
    }
    const recheck = () => {
      readDuration();
      visitTimeout(visit, signal, recheck, DURATION_RECHECK_MS);
    };
    recheck();

    await showFloatingControl(visit, signal, {
      name: 'meeting-capture-transcribe',
      placement: 'bottom-left',
      state,
      action,
      visibility,
      view() {
        const view = transcribeView(state, action, target, () => duration);
        updateView = view.update;
        return view;
      },
    });
  },
};
