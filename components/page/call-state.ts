/**
 * The call's state on a meeting page whose service has call-state rules
 * (lib/meetings/call-state/), read only while this tab is recorded with "Record here" (the
 * recording control says when: nothing is read, timed or observed otherwise). It reads the
 * service's own places in the call's document (the top one, or the same-origin frame the service
 * draws it in: lib/meetings/call-document.ts): the call's controls, and once they are gone, the end
 * screen's heading (or the service's own end dialog).
 *
 * In the call, the controls are watched rather than the page: an observer on the elements they
 * hang from (their ancestors' children, and the call's frame) looks again when the controls could
 * have gone, beside a slow look every `CALL_CHECK_MS` for what no such change shows (Zoom's end
 * modal drawn over the footer). Out of the call (pre-join, waiting room, an unknown screen) the
 * page is looked at every `CALL_LOOK_MS`.
 *
 * When the page says the call ended, and still says so at a reading `CALL_CONFIRM_MS` later,
 * every reading in between (one each `SETTLE_MS`) saying so too (the call drawn again starts the
 * end anew), the background is told once (`page.callEnded`): a recording of this tab and meeting
 * stops and is uploaded. A page whose call is never recognised (nothing the rules know for
 * `CALL_UNSEEN_MS` of a recording: the page changed, or the call's frame never loaded) is told as
 * breakage (`page.breakage`, no page content), once per visit, and nothing is acted on: `unknown`
 * is never taken for an end. Whether the call is on is told at each recording's first reading and
 * as it changes (`page.callState`): a recording is never stopped for silence while
 * it is. It draws nothing.
 */
import type { MeetingServiceId } from '@/lib/meetings';
import { meetingService } from '@/lib/meetings';
import { callDocument } from '@/lib/meetings/call-document';
import { CALL_STATE_RULES, readCallState } from '@/lib/meetings/call-state';
import { sendMessage } from '@/lib/messaging';
import type { PageVisit } from '@/lib/page/feature';
import type { RecordHereControl } from './record-here-control';

/** Out of the call, how often the page is looked at. */
export const CALL_LOOK_MS = 1000;
/** An end is told once a second reading this long after the first still shows it. */
export const CALL_CONFIRM_MS = 2000;
/** In the call, the slow look beside the observer. */
export const CALL_CHECK_MS = 5000;
/** Nothing recognised for this long in a recording (a page that changed, a frame that never loads): told as breakage. */
export const CALL_UNSEEN_MS = 30_000;
/** Changes around the controls are looked at together, this soon after the first; and an end is read this often until it is told. */
const SETTLE_MS = 200;

/** A word to the background; none is waited for, a failure is nothing to act on. */
const tell: typeof sendMessage = (type, payload) =>
  sendMessage(type, payload).catch(() => undefined) as never;

/** Watches the call while `recorder` says this tab is recorded. */
export function followCallState(
  visit: PageVisit,
  signal: AbortSignal,
  service: MeetingServiceId,
  recorder: Pick<RecordHereControl, 'recording' | 'onRecording'>,
): void {
  const rules = CALL_STATE_RULES[service];
  if (!rules) return;
  const adapter = meetingService(service)?.page;
  /** Once per visit: a page that changed is told once. */
  let reported = false;
  let told = false;
  let run: AbortController | null = null;

  const watch = (runSignal: AbortSignal) => {
    const since = Date.now();
    let seen = false;
    // Whether the call is on, as last told for this recording's long silence.
    let inCall: boolean | undefined;
    let endSeenAt: number | null = null;
    let observer: MutationObserver | null = null;
    let frame: Element | null | undefined;
    let timer: number | undefined;
    let soon = false;
    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = visit.ctx.setTimeout(look, ms);
    };
    const again = () => {
      if (soon) return;
      soon = true;
      schedule(SETTLE_MS);
    };
    const unwatch = () => {
      observer?.disconnect();
      observer = null;
      frame?.removeEventListener('load', again);
      frame = null;
    };
    // A signal aborts once.
    runSignal.addEventListener('abort', () => {
      clearTimeout(timer);
      unwatch();
    });

    /** Looks again when the controls (or the call's frame) could have gone. */
    const watchControls = (doc: Document) => {
      const found = new MutationObserver(again);
      const chain = (node: Node | null | undefined) => {
        for (let up = node?.parentNode; up; up = up.parentNode) found.observe(up, { childList: true });
      };
      chain(doc.querySelector(rules.controls));
      if (doc !== document) {
        frame = doc.defaultView?.frameElement;
        frame?.addEventListener('load', again);
        chain(frame);
      }
      observer = found;
    };

    function look() {
      soon = false;
      // Never after the recording: its end clears the timer, the observer and the frame's listener.
      unwatch();
      // No frame: a client that draws the call in the top document after all (Zoom's classic
      // `/wc/join/<n>`) is read there; otherwise the frame is not there yet.
      const framed = callDocument(document, adapter);
      const doc = framed ?? document;
      const state = readCallState(doc, rules!);
      const on = state === 'in-call';
      if (on !== inCall) {
        inCall = on;
        tell('page.callState', { inCall });
      }
      const now = Date.now();
      if (state !== 'unknown') seen = true;
      if (state === 'ended') {
        endSeenAt ??= now;
        if (!told && now - endSeenAt >= CALL_CONFIRM_MS) {
          told = true;
          tell('page.callEnded', {});
        }
      } else {
        endSeenAt = null;
        if (state !== 'unknown') told = false;
      }
      if (!seen && !reported && now - since >= CALL_UNSEEN_MS) {
        reported = true;
        tell('page.breakage', { part: framed ? 'call state' : 'call frame' });
      }
      // Until an end is told, the page is read again every `SETTLE_MS`: the call drawn again
      // meanwhile (a re-render, a quick rejoin) breaks the end, which holds anew from its next
      // reading.
      if (on) {
        watchControls(doc);
        schedule(CALL_CHECK_MS);
      } else schedule(endSeenAt !== null && !told ? SETTLE_MS : CALL_LOOK_MS);
    }
    look();
  };

  const follow = () => {
    if (recorder.recording && !run && !signal.aborted) {
      run = new AbortController();
      watch(run.signal);
    } else if (!recorder.recording && run) {
      run.abort();
      run = null;
    }
  };
  signal.addEventListener('abort', () => run?.abort());
  recorder.onRecording(follow, signal);
  follow();
}
