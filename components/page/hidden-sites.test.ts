// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createPageState } from '@/components/page/page-state';
import type { PageContext } from '@/lib/messaging';
import { PAGE_TEXT } from '@/lib/page/page-text';

function visibilityBecomes(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const context = (hidden: boolean): PageContext => ({
  signedIn: false,
  lang: 'en',
  defaultSpaceId: null,
  spaces: [],
  hidden,
  text: PAGE_TEXT.en,
});

describe('"Hide on this site" as the background tells it (page.context hidden)', () => {
  it('asks on the visit and again whenever the tab becomes visible; a failed answer changes nothing', async () => {
    const answers: Array<PageContext | null> = [context(true), context(true), context(false), null];
    let asked = 0;
    const seen: boolean[] = [];
    const visit = new AbortController();
    const state = createPageState(visit.signal, async () => {
      asked += 1;
      return answers.shift() ?? null;
    });
    state.subscribe(() => seen.push(state.context?.hidden ?? false));
    await state.refresh();
    expect(seen).toEqual([true]);

    visibilityBecomes('hidden');
    await settle();
    expect(asked).toBe(1);

    visibilityBecomes('visible');
    await settle();
    visibilityBecomes('visible');
    await settle();
    expect(seen).toEqual([true, true, false]);
    // No answer (the extension was updated, the background failed): nothing changes.
    visibilityBecomes('visible');
    await settle();
    expect(seen).toEqual([true, true, false]);
    expect(state.context?.hidden).toBe(false);
    expect(asked).toBe(4);

    visit.abort();
    visibilityBecomes('visible');
    await settle();
    expect(asked).toBe(4);
  });
});
