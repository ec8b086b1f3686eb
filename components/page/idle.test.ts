// @vitest-environment jsdom
/**
 * An idle meeting page: the meeting scripts' features (meeting.js: the control, with the call's
 * state; timeline.js: who speaks) on a Google Meet call, signed in, with no recording of the tab and
 * no bot of ours. Once the page is set up, nothing is scheduled: no timer, no observer observing
 * anything, no message, however long the page stays open. A recording of the tab starts them, and
 * its end takes them all away again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { meetCall } from '@/lib/meetings/timeline/fixtures/meet';
import { PAGE_CONTEXT_CHANGED } from '@/lib/messaging';
import { type FeatureContext, runFeatures } from '@/lib/page/feature';
import { PAGE_TEXT } from '@/lib/page/page-text';
import { sendBotButton } from './send-bot-button';
import { speakingTimeline } from './speaking-timeline';

const MEET = 'https://meet.google.com/abc-defg-hij';

const page = vi.hoisted(() => ({ recording: false, sent: [] as string[] }));
vi.mock('@/lib/messaging', async (original) => ({
  ...(await original<typeof import('@/lib/messaging')>()),
  sendMessage: async (type: string) => {
    page.sent.push(type);
    switch (type) {
      case 'page.context':
        return {
          ok: true,
          data: {
            signedIn: true,
            lang: 'en',
            defaultSpaceId: 1,
            spaces: [{ id: 1, name: 'Personal', isMain: true, availableSeconds: 3600, isActive: true }],
            hidden: false,
            text: PAGE_TEXT.en,
          },
        };
      case 'page.recording':
        return { ok: true, data: { recording: page.recording, elapsedMs: 0, elsewhere: false } };
      case 'page.timeline':
        return { ok: true, data: { recording: page.recording } };
      case 'page.autoJoin':
        return { ok: true, data: { state: 'off' } };
      default:
        return { ok: true, data: null };
    }
  },
}));

/** Observers of every kind, counted while they observe something. */
const observing = new Set<object>();
// biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor takes any arguments.
function counted<T extends new (...args: any[]) => object>(Base: T) {
  return class extends Base {
    observe(...args: unknown[]) {
      observing.add(this);
      return (Base.prototype as { observe?: (...a: unknown[]) => void }).observe?.apply(this, args);
    }
    disconnect() {
      observing.delete(this);
      return (Base.prototype as { disconnect?: () => void }).disconnect?.apply(this);
    }
  };
}
class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** A content script's context, as WXT gives one in Chromium (its navigation watcher is an event). */
function context(): FeatureContext & { stop(): void } {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    isInvalid: false,
    onInvalidated: (callback: () => void) => {
      controller.signal.addEventListener('abort', callback);
      return () => controller.signal.removeEventListener('abort', callback);
    },
    addEventListener: ((target: EventTarget, type: string, handler: EventListener) =>
      target.addEventListener(type, handler, {
        signal: controller.signal,
      })) as FeatureContext['addEventListener'],
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
    stop: () => controller.abort(),
  } as unknown as FeatureContext & { stop(): void };
}

/** The background telling the tab that its recording started or stopped. */
async function tellTab(recording: boolean) {
  page.recording = recording;
  await fakeBrowser.runtime.onMessage.trigger(
    { channel: 'meeting-capture', type: PAGE_CONTEXT_CHANGED },
    { id: fakeBrowser.runtime.id },
  );
  await vi.advanceTimersByTimeAsync(100);
}

describe('an idle meeting page', () => {
  const contexts: Array<ReturnType<typeof context>> = [];
  beforeEach(() => {
    vi.useFakeTimers();
    observing.clear();
    page.sent.length = 0;
    page.recording = false;
    vi.stubGlobal('MutationObserver', counted(MutationObserver));
    vi.stubGlobal('IntersectionObserver', counted(NoObserver));
    vi.stubGlobal('ResizeObserver', counted(NoObserver));
    vi.stubGlobal('fetch', async () => new Response(''));
    document.body.innerHTML = meetCall({
      participants: [{ name: 'Anna Petrova' }, { name: 'Tom Becker', self: true }],
      speaking: [0],
    });
  });
  afterEach(() => {
    for (const ctx of contexts.splice(0)) ctx.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('schedules nothing: no timer, no observer, no message, until this tab is recorded', async () => {
    const navigation = new EventTarget();
    for (const features of [[sendBotButton], [speakingTimeline]]) {
      const ctx = context();
      contexts.push(ctx);
      runFeatures(ctx, features, () => MEET, navigation);
    }
    await vi.advanceTimersByTimeAsync(1000);
    // Set up: the control is on the page, each script asked the background once.
    expect(document.querySelector('meeting-capture-send-bot')).not.toBeNull();
    expect(page.sent).toEqual(expect.arrayContaining(['page.context', 'page.recording', 'page.timeline']));
    const asked = page.sent.length;
    expect(vi.getTimerCount()).toBe(0);
    expect(observing.size).toBe(0);

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(page.sent).toHaveLength(asked);
    expect(vi.getTimerCount()).toBe(0);
    expect(observing.size).toBe(0);

    // A recording of the tab: the clock, the call's state and who speaks are followed.
    await tellTab(true);
    expect(vi.getTimerCount()).toBeGreaterThanOrEqual(3);
    expect(observing.size).toBeGreaterThanOrEqual(2);
    // Its end: all of it goes.
    await tellTab(false);
    expect(vi.getTimerCount()).toBe(0);
    expect(observing.size).toBe(0);
  });
});
