// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { watchHiddenOnSite } from '@/lib/page/hidden-sites';

function visibilityBecomes(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('"Hide on this site" as the background tells it (page.context hidden)', () => {
  it('asks on the visit and again whenever the tab becomes visible; reports changes only', async () => {
    const answers: Array<boolean | null> = [true, true, false, null];
    let asked = 0;
    const seen: boolean[] = [];
    const visit = new AbortController();
    await watchHiddenOnSite(
      visit.signal,
      'meet.google.com',
      (hidden) => seen.push(hidden),
      async () => {
        asked += 1;
        return answers.shift() ?? null;
      },
    );
    expect(seen).toEqual([true]);

    visibilityBecomes('hidden');
    await settle();
    expect(asked).toBe(1);

    visibilityBecomes('visible');
    await settle();
    expect(seen).toEqual([true]);
    visibilityBecomes('visible');
    await settle();
    expect(seen).toEqual([true, false]);
    // No answer (the extension was updated, the background failed): nothing changes.
    visibilityBecomes('visible');
    await settle();
    expect(seen).toEqual([true, false]);
    expect(asked).toBe(4);

    visit.abort();
    visibilityBecomes('visible');
    await settle();
    expect(asked).toBe(4);
  });

  it('shows the control when the background cannot answer at first', async () => {
    const seen: boolean[] = [];
    await watchHiddenOnSite(
      new AbortController().signal,
      'x',
      (hidden) => seen.push(hidden),
      async () => {
        throw new Error('no background');
      },
    );
    expect(seen).toEqual([false]);
  });
});
