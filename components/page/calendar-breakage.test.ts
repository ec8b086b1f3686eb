// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_ADAPTERS } from '@/lib/page/calendars';
import type { PageVisit } from '@/lib/page/feature';
import { BREAKAGE_SETTLE_MS, createBreakageWatch } from './calendar-breakage';

const sent = vi.hoisted(() => [] as Array<{ type: string; payload: unknown }>);
vi.mock('@/lib/messaging', () => ({
  sendMessage: async (type: string, payload: unknown) => {
    sent.push({ type, payload });
    return { ok: true, data: null };
  },
}));

const visit = {
  ctx: { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) },
} as unknown as PageVisit;

function preview(title: boolean): Element {
  document.body.innerHTML = `<div class="Popup2 Popup2_visible"><div class="qa-EventFormPreview">${
    title ? '<div class="qa-EventFormPreview-Title">Планёрка</div>' : '<div>Планёрка</div>'
  }</div></div>`;
  return document.querySelector('.qa-EventFormPreview')!;
}

describe('calendar breakage watch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('reports a part still missing after a skeleton’s time, once, by its name only', async () => {
    const recheck = vi.fn();
    const check = createBreakageWatch(visit, new AbortController().signal, CALENDAR_ADAPTERS.yandex, recheck);
    const container = preview(false);
    check(container);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(BREAKAGE_SETTLE_MS);
    expect(recheck).toHaveBeenCalledOnce();
    check(container);
    check(container);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ type: 'page.breakage', payload: { part: 'event title' } }]);
  });

  it('a part that comes within a skeleton’s time is no breakage; a page as expected reports nothing', async () => {
    const check = createBreakageWatch(
      visit,
      new AbortController().signal,
      CALENDAR_ADAPTERS.yandex,
      () => {},
    );
    check(preview(false));
    await vi.advanceTimersByTimeAsync(BREAKAGE_SETTLE_MS / 2);
    check(preview(true));
    await vi.advanceTimersByTimeAsync(BREAKAGE_SETTLE_MS);
    check(preview(true));
    // Missing again later: a new skeleton's time, not the old one's.
    check(preview(false));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
  });
});
