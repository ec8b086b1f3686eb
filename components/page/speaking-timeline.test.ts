// @vitest-environment jsdom
/**
 * The sampling of a recorded Meet page (tests/fixtures/pages/meet-speakers.html's tiles and
 * schedule): each turn of the schedule comes out as one interval, also on a busy machine whose
 * timers fire late, since the last sample given again while nothing changes comes well within the
 * timeline's merge gap.
 */
import { readFileSync } from 'node:fs';
import { afterEach, expect, it, vi } from 'vitest';
import { type FeatureContext, runFeatures } from '@/lib/page/feature';
import type { PageTimeline } from '@/lib/page-names/timeline';
import { speakingTimeline } from './speaking-timeline';

const page = vi.hoisted(() => ({ recording: true, timelines: [] as unknown[] }));
vi.mock('@/lib/messaging', async (original) => ({
  ...(await original<typeof import('@/lib/messaging')>()),
  sendMessage: async (type: string, payload: { timeline?: unknown }) => {
    if (type !== 'page.timeline') return { ok: true, data: null };
    if (payload.timeline) page.timelines.push(payload.timeline);
    return { ok: true, data: { recording: page.recording } };
  },
}));

/** Who speaks when (seconds from the recording's start), as the e2e page plays it. */
const SCHEDULE = [
  { id: 'spaces/abc/devices/102', turns: [[1, 10]] },
  { id: 'spaces/abc/devices/103', turns: [[10.5, 19.5]] },
  { id: 'spaces/abc/devices/104', turns: [[20, 29]] },
] as const;

/** A content script's context whose timers fire `late` times their period (a loaded machine). */
function context(late: number): FeatureContext & { stop(): void } {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    isInvalid: false,
    onInvalidated: () => () => undefined,
    addEventListener: (target: EventTarget, type: string, handler: EventListener) =>
      target.addEventListener(type, handler, { signal: controller.signal }),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms * late),
    setInterval: (callback: () => void, ms: number) => setInterval(callback, ms * late),
    stop: () => controller.abort(),
  } as unknown as FeatureContext & { stop(): void };
}

afterEach(() => {
  vi.useRealTimers();
  page.timelines.length = 0;
});

for (const late of [1, 1.4])
  it(`gives each turn as one interval, within a moment of the marks${late > 1 ? ', with timers firing late' : ''}`, async () => {
    vi.useFakeTimers();
    const html = readFileSync('tests/fixtures/pages/meet-speakers.html', 'utf8');
    document.body.innerHTML = html.slice(
      html.indexOf('<c-wiz'),
      html.indexOf('</c-wiz>') + '</c-wiz>'.length,
    );
    const ctx = context(late);
    runFeatures(ctx, [speakingTimeline], () => 'https://meet.google.com/abc-defg-hij', new EventTarget());
    await vi.advanceTimersByTimeAsync(10);
    const origin = Date.now();
    const marks = SCHEDULE.map(({ id, turns }) => ({
      mark: document.querySelector(`.stage [data-participant-id="${id}"] .DYfzY`)!,
      turns,
    }));
    // The page moves its marks as meet-speakers.html does, every 50 ms.
    setInterval(() => {
      const t = (Date.now() - origin) / 1000;
      for (const { mark, turns } of marks)
        mark.classList.toggle(
          'Oaajhc',
          turns.some(([start, end]) => t >= start && t < end),
        );
    }, 50);
    // Past the last turn and the next report (every 5 s).
    await vi.advanceTimersByTimeAsync(36_000);
    const timeline = page.timelines.at(-1) as PageTimeline;
    for (const { id, turns } of SCHEDULE) {
      const index = timeline.participants.findIndex((participant) => participant.id === id);
      const spoken = timeline.speaking[index]!;
      expect(spoken, `${id} speaking`).toHaveLength(1);
      expect(spoken[0]![0]).toBeCloseTo(turns[0][0], 0);
      expect(spoken[0]![1]).toBeCloseTo(turns[0][1], 0);
    }
    ctx.stop();
  });
