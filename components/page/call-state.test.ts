// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeetingServiceId } from '@/lib/meetings';
import type { PageVisit } from '@/lib/page/feature';
import { CALL_CHECK_MS, CALL_CONFIRM_MS, CALL_LOOK_MS, CALL_UNSEEN_MS, followCallState } from './call-state';
import { createEmitter } from './dom';

const sent = vi.hoisted(() => [] as Array<{ type: string; payload: unknown }>);
/** Whether the call is on, as told (`page.callState`), apart from the other messages. */
const told = vi.hoisted(() => [] as boolean[]);
vi.mock('@/lib/messaging', () => ({
  sendMessage: async (type: string, payload: unknown) => {
    if (type === 'page.callState') told.push((payload as { inCall: boolean }).inCall);
    else sent.push({ type, payload });
    return { ok: true, data: null };
  },
}));

const visit = {
  url: new URL('https://meet.google.com/abc-defg-hij'),
  ctx: { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) },
} as unknown as PageVisit;

/** The recording control as the call-state follower sees it: recorded or not, and its changes. */
function recorder(recording = false) {
  const changes = createEmitter();
  return {
    recording,
    onRecording: changes.subscribe,
    set(value: boolean) {
      this.recording = value;
      changes.emit();
    },
  };
}

const CALL =
  '<div data-participant-id="1">Anna</div><div><button aria-label="Leave call">Leave</button></div>';
const LEFT = '<h1>You left the meeting</h1><button>Rejoin</button>';

/** The visits of a test, ended after it: a follower left running would read the next test's page. */
const visits: AbortController[] = [];

function follow(service: MeetingServiceId = 'google_meet', recording = true) {
  const control = recorder(recording);
  const visitSignal = new AbortController();
  visits.push(visitSignal);
  followCallState(visit, visitSignal.signal, service, control);
  return { control, visit: visitSignal };
}

const types = () => sent.map((message) => message.type);

describe('the call state, read while this tab is recorded', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
    told.length = 0;
    document.body.innerHTML = '';
  });
  afterEach(() => {
    for (const visitSignal of visits.splice(0)) visitSignal.abort();
    vi.useRealTimers();
  });

  it('reads nothing, times nothing and observes nothing until the recording starts, and stops with it', async () => {
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    document.body.innerHTML = CALL;
    const { control } = follow('google_meet', false);
    expect(vi.getTimerCount()).toBe(0);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(10 * CALL_CHECK_MS);
    expect(sent).toEqual([]);
    expect(observe).not.toHaveBeenCalled();

    document.body.innerHTML = CALL;
    control.set(true);
    expect(observe).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);
    control.set(false);
    expect(vi.getTimerCount()).toBe(0);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(10 * CALL_CHECK_MS);
    expect(sent).toEqual([]);
    observe.mockRestore();
  });

  it('an end screen is told once it holds at a second reading, within moments of the call going', async () => {
    document.body.innerHTML = CALL;
    follow();
    await vi.advanceTimersByTimeAsync(3 * CALL_CHECK_MS);
    expect(sent).toEqual([]);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(CALL_CONFIRM_MS / 2);
    expect(sent).toEqual([]);
    // Seen through the controls' observer, not the slow look: told before it comes.
    await vi.advanceTimersByTimeAsync(CALL_CONFIRM_MS);
    expect(sent).toEqual([{ type: 'page.callEnded', payload: {} }]);
    await vi.advanceTimersByTimeAsync(5 * CALL_LOOK_MS);
    expect(sent).toHaveLength(1);
    // A rejoin, then the end again: told again.
    document.body.innerHTML = CALL;
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(CALL_CONFIRM_MS + CALL_LOOK_MS);
    expect(types()).toEqual(['page.callEnded', 'page.callEnded']);
  });

  it('an end wording shown for a moment, or said by a participant, ends nothing', async () => {
    document.body.innerHTML = CALL;
    follow();
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    // Someone's chat message as an alert for a second, in the call.
    const alert = document.createElement('div');
    alert.setAttribute('role', 'alert');
    alert.textContent = 'Anna: the meeting has ended';
    document.body.append(alert);
    await vi.advanceTimersByTimeAsync(1000);
    alert.remove();
    // The call's screen gone for a moment (a re-render), an end heading in between.
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(CALL_CONFIRM_MS / 2);
    document.body.innerHTML = CALL;
    await vi.advanceTimersByTimeAsync(10 * CALL_CHECK_MS);
    expect(sent).toEqual([]);
  });

  it('an end holds only while the call stays gone: its controls drawn again in between start it anew', async () => {
    document.body.innerHTML = CALL;
    follow();
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    // The end screen (its first reading comes through the controls' observer), the call drawn
    // again for a moment, the end screen again: two end readings 2 s apart, but no end that held.
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(500);
    document.body.innerHTML = CALL;
    await vi.advanceTimersByTimeAsync(300);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(CALL_CONFIRM_MS - 500);
    expect(sent).toEqual([]);
    // Held from its new first reading: told.
    await vi.advanceTimersByTimeAsync(CALL_CONFIRM_MS);
    expect(sent).toEqual([{ type: 'page.callEnded', payload: {} }]);
  });

  /**
   * Zoom's classic client, in the top document, in a call (`inCall`: more of the meeting beside its
   * footer), followed; then its "ended by host" modal drawn in a portal beside the meeting.
   */
  async function zoomEndedByHost(inCall = ''): Promise<void> {
    document.body.innerHTML = `<div id="portal"></div><div class="meeting"><footer><button aria-label="Leave">Leave</button></footer>${inCall}</div>`;
    follow('zoom');
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    document.getElementById('portal')!.innerHTML =
      '<div class="zm-modal"><div class="zm-modal-body-title">This meeting has been ended by host</div></div>';
  }

  it("an end dialog read over the call's controls is told though the call under it keeps changing", async () => {
    await zoomEndedByHost('<div id="video"></div>');
    const video = document.getElementById('video')!;
    const redraw = setInterval(() => video.replaceChildren(document.createElement('canvas')), 100);
    await vi.advanceTimersByTimeAsync(CALL_CHECK_MS + CALL_CONFIRM_MS + 200);
    clearInterval(redraw);
    expect(sent).toEqual([{ type: 'page.callEnded', payload: {} }]);
  });

  it('an end dialog drawn where no watched element changes is found by the slow look', async () => {
    await zoomEndedByHost();
    await vi.advanceTimersByTimeAsync(CALL_CHECK_MS - CALL_LOOK_MS - 100);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(CALL_CONFIRM_MS + 200);
    expect(sent).toEqual([{ type: 'page.callEnded', payload: {} }]);
  });

  it('tells the background whether the call is on as it changes, and again when a recording starts', async () => {
    document.body.innerHTML = '<div>Ready to join?</div><button>Join now</button>';
    const { control } = follow();
    await vi.advanceTimersByTimeAsync(3 * CALL_LOOK_MS);
    document.body.innerHTML = CALL;
    await vi.advanceTimersByTimeAsync(5 * CALL_LOOK_MS);
    expect(told).toEqual([false, true]);
    // The recording stops (nothing more is read), and another starts: said again at its first look.
    control.set(false);
    await vi.advanceTimersByTimeAsync(5 * CALL_LOOK_MS);
    expect(told).toEqual([false, true]);
    control.set(true);
    expect(told).toEqual([false, true, true]);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    expect(told).toEqual([false, true, true, false]);
  });

  it('a page that changed is told as breakage once, by name, and nothing ends', async () => {
    document.body.innerHTML = '<div class="new-meet">Anna</div>';
    follow();
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS + 5 * CALL_LOOK_MS);
    expect(sent).toEqual([{ type: 'page.breakage', payload: { part: 'call state' } }]);
  });

  it('a call frame that never loads is told as such, and nothing ends', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    follow('zoom');
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS + 5 * CALL_LOOK_MS);
    expect(sent).toEqual([{ type: 'page.breakage', payload: { part: 'call frame' } }]);
  });

  it('a call recognised once is no breakage while a screen it does not know shows', async () => {
    document.body.innerHTML = CALL;
    follow();
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    document.body.innerHTML = '<div>Reconnecting…</div>';
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS * 2);
    expect(sent).toEqual([]);
  });

  it('a service without call-state rules is not looked at', async () => {
    document.body.innerHTML = LEFT;
    follow('teams');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS * 2);
    expect(sent).toEqual([]);
  });

  it('the visit over (another address): nothing more is looked at', async () => {
    document.body.innerHTML = CALL;
    const { visit: visitSignal } = follow();
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    visitSignal.abort();
    expect(vi.getTimerCount()).toBe(0);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(5 * CALL_CHECK_MS);
    expect(sent).toEqual([]);
  });
});

describe('a client that draws its call in the top document after all', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
  });
  afterEach(() => {
    for (const visitSignal of visits.splice(0)) visitSignal.abort();
    vi.useRealTimers();
  });

  it('Zoom’s classic client (/wc/join/<n>, no frame) is read in the top document: no breakage, its end told', async () => {
    document.body.innerHTML = '<input id="inputname"><button id="joinBtn">Join</button>';
    follow('zoom');
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS + CALL_LOOK_MS);
    expect(sent).toEqual([]);
    document.body.innerHTML = '<div class="zm-modal-body-title">This meeting has been ended by host</div>';
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS + CALL_CONFIRM_MS);
    expect(sent).toEqual([{ type: 'page.callEnded', payload: {} }]);
  });
});
