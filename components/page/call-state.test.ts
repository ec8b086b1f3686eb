// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageVisit } from '@/lib/page/feature';
import { CALL_LOOK_MS, CALL_UNSEEN_MS, callState } from './call-state';

const sent = vi.hoisted(() => [] as Array<{ type: string; payload: unknown }>);
/** Whether the call is on, as told (`page.callState`), apart from the other messages. */
const told = vi.hoisted(() => [] as boolean[]);
const contextChanged = vi.hoisted(() => [] as Array<() => void>);
vi.mock('@/lib/messaging', () => ({
  sendMessage: async (type: string, payload: unknown) => {
    if (type === 'page.callState') told.push((payload as { inCall: boolean }).inCall);
    else sent.push({ type, payload });
    return { ok: true, data: null };
  },
}));
vi.mock('./page-messaging', () => ({
  onContextChanged: (_signal: AbortSignal, onChange: () => void) => void contextChanged.push(onChange),
}));

function visitOf(url: string): PageVisit {
  return {
    url: new URL(url),
    ctx: { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) },
  } as unknown as PageVisit;
}

const CALL = '<div data-participant-id="1">Anna</div><button aria-label="Leave call">Leave</button>';
const LEFT = '<h1>You left the meeting</h1><button>Rejoin</button>';

describe('the call-state feature', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
    told.length = 0;
    contextChanged.length = 0;
    document.body.innerHTML = '';
  });
  afterEach(() => vi.useRealTimers());

  it('tells the background once when the call ends, again after a rejoin, never while in the call', async () => {
    const visit = new AbortController();
    document.body.innerHTML = CALL;
    await callState.init(visit.signal, visitOf('https://meet.google.com/abc-defg-hij'));
    await vi.advanceTimersByTimeAsync(5 * CALL_LOOK_MS);
    expect(sent).toEqual([]);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    expect(sent).toEqual([{ type: 'page.callEnded', payload: {} }]);
    await vi.advanceTimersByTimeAsync(5 * CALL_LOOK_MS);
    expect(sent).toHaveLength(1);
    document.body.innerHTML = CALL;
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    expect(sent.map((message) => message.type)).toEqual(['page.callEnded', 'page.callEnded']);
    // The visit over (another address): nothing more is looked at.
    visit.abort();
    document.body.innerHTML = CALL;
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(5 * CALL_LOOK_MS);
    expect(sent).toHaveLength(2);
  });

  it('tells the background whether the call is on as it changes, and again when a recording starts', async () => {
    document.body.innerHTML = '<div>Ready to join?</div><button>Join now</button>';
    await callState.init(new AbortController().signal, visitOf('https://meet.google.com/abc-defg-hij'));
    await vi.advanceTimersByTimeAsync(3 * CALL_LOOK_MS);
    document.body.innerHTML = CALL;
    await vi.advanceTimersByTimeAsync(5 * CALL_LOOK_MS);
    expect(told).toEqual([false, true]);
    // The background says the recording of this tab started: said again at the next look.
    for (const onChange of contextChanged) onChange();
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    expect(told).toEqual([false, true, true]);
    document.body.innerHTML = LEFT;
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    expect(told).toEqual([false, true, true, false]);
  });

  it('a page that changed is told as breakage once, by name, and nothing ends', async () => {
    document.body.innerHTML = '<div class="new-meet">Anna</div>';
    await callState.init(new AbortController().signal, visitOf('https://meet.google.com/abc-defg-hij'));
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS + 5 * CALL_LOOK_MS);
    expect(sent).toEqual([{ type: 'page.breakage', payload: { part: 'call state' } }]);
  });

  it('a call frame that never loads is told as such, and nothing ends', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await callState.init(new AbortController().signal, visitOf('https://app.zoom.us/wc/81234567890/join'));
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS + 5 * CALL_LOOK_MS);
    expect(sent).toEqual([{ type: 'page.breakage', payload: { part: 'call frame' } }]);
  });

  it('a call recognised once is no breakage while a screen it does not know shows', async () => {
    document.body.innerHTML = CALL;
    await callState.init(new AbortController().signal, visitOf('https://meet.google.com/abc-defg-hij'));
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    document.body.innerHTML = '<div>Reconnecting…</div>';
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS * 2);
    expect(sent).toEqual([]);
  });

  it('a service without a call-state reader is not looked at', async () => {
    document.body.innerHTML = LEFT;
    await callState.init(
      new AbortController().signal,
      visitOf('https://teams.microsoft.com/l/meetup-join/19%3ameeting_x%40thread.v2/0'),
    );
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS * 2);
    expect(sent).toEqual([]);
  });
});

describe('a client that draws its call in the top document after all', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('Zoom’s classic client (/wc/join/<n>, no frame) is read in the top document: no breakage, its end told', async () => {
    document.body.innerHTML = '<input id="inputname"><button id="joinBtn">Join</button>';
    await callState.init(new AbortController().signal, visitOf('https://app.zoom.us/wc/join/81234567890'));
    await vi.advanceTimersByTimeAsync(CALL_UNSEEN_MS + CALL_LOOK_MS);
    expect(sent).toEqual([]);
    document.body.innerHTML = '<div class="zm-modal-body-title">This meeting has been ended by host</div>';
    await vi.advanceTimersByTimeAsync(CALL_LOOK_MS);
    expect(sent).toEqual([{ type: 'page.callEnded', payload: {} }]);
  });
});
