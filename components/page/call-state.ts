/**
 * Meeting pages whose service has a call-state reader (lib/meetings/call-state/):
 * the call's state is looked at every second in the call's document (the top one, or the
 * same-origin frame the service draws it in: lib/meetings/call-document.ts). When the page says
 * the call ended (Meet's "You left the meeting", Zoom's and Telemost's end screens) the background
 * is told once (`page.callEnded`): a recording of this tab and meeting stops and is uploaded.
 * Whether the call is on is told as it changes (`page.callState`, ./call-report.ts): a recording is
 * never stopped for silence while it is. It draws nothing: the one control is the send-bot
 * button's, in the top document.
 *
 * A page whose call is never recognised (nothing the reader knows for 30 s: the page changed, or
 * the call's frame never loaded) is told as breakage (`page.breakage`, no page content), once per
 * visit, and nothing is acted on: `unknown` is never taken for an end.
 */
import { detectMeeting, meetingService } from '@/lib/meetings';
import { callDocument } from '@/lib/meetings/call-document';
import { CALL_STATE_READERS } from '@/lib/meetings/call-state';
import { sendMessage } from '@/lib/messaging';
import { isMeetingPage } from '@/lib/page/conditions';
import { type PageFeature, visitTimeout } from '@/lib/page/feature';
import { callReporter } from './call-report';
import { onContextChanged } from './page-messaging';

/** How often the call's state is looked at: an end is told within about a second. */
export const CALL_LOOK_MS = 1000;
/** Nothing recognised for this long (a page that changed, a frame that never loads): told as breakage. */
export const CALL_UNSEEN_MS = 30_000;

export const callState: PageFeature = {
  id: 'call-state',
  include: [isMeetingPage],
  init(signal, visit) {
    const meeting = detectMeeting(visit.url.href);
    const read = meeting && CALL_STATE_READERS[meeting.service];
    if (!read) return;
    const adapter = meetingService(meeting.service)?.page;
    const since = Date.now();
    let told = false;
    let seen = false;
    // Whether the call is on, for a recording's long silence; said again when a recording starts.
    const report = callReporter();
    onContextChanged(signal, report.reset);
    const look = () => {
      // No frame: a client that draws the call in the top document after all (Zoom's classic
      // `/wc/join/<n>`) is read there; otherwise the frame is not there yet.
      const framed = callDocument(document, adapter);
      const state = read(framed ?? document);
      const doc = framed ?? (state === 'unknown' ? null : document);
      report.saw(state);
      if (state === 'ended' && !told) {
        told = true;
        void sendMessage('page.callEnded', {}).catch(() => undefined);
      } else if (state === 'lobby' || state === 'in-call') told = false;
      if (state !== 'unknown' && !seen) seen = true;
      else if (!seen && Date.now() - since >= CALL_UNSEEN_MS) {
        seen = true;
        void sendMessage('page.breakage', { part: doc ? 'call state' : 'call frame' }).catch(() => undefined);
      }
      visitTimeout(visit, signal, look, CALL_LOOK_MS);
    };
    look();
  },
};
