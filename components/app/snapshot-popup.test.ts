// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepSnapshot, paintedSnapshot, takeOver } from '@/components/app/snapshot-popup';
import type { SessionView } from '@/lib/messaging';
import { accountKey, POPUP_SNAPSHOT_KEY as KEY } from '@/lib/popup-snapshot';

const demo: SessionView = {
  signedIn: true,
  serviceUrl: 'http://127.0.0.1:8787',
  email: 'demo@example.com',
  warning: null,
};
const other: SessionView = { ...demo, email: 'other@example.com' };
const storedOf = (view: SessionView) =>
  JSON.stringify({
    v: 1,
    account: accountKey(view.serviceUrl, view.email),
    lang: 'en',
    savedAt: 1,
    root: ['div', {}],
  });

/** The popup's home as the app renders it: a live list (or one from the cache), a search field. */
function home(options: { busy?: boolean; search?: string; dialog?: boolean } = {}): HTMLElement {
  const app = document.getElementById('app') as HTMLElement;
  app.innerHTML = `<div class="popup"><input id="search" type="search">
    <ul class="recording-list" data-testid="recording-list" aria-busy="${options.busy ?? false}">
    <li class="recording">Weekly sync.m4a</li></ul>${options.dialog ? '<dialog open>?</dialog>' : ''}</div>`;
  (app.querySelector('#search') as HTMLInputElement).value = options.search ?? '';
  return app;
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<div id="app"></div>';
});
afterEach(() => vi.useRealTimers());

describe('the popup takes over from its snapshot', () => {
  it('removes the painted snapshot, and keeps the stored one only for the account now known, in its language', () => {
    const app = document.getElementById('app') as HTMLElement;
    for (const [view, lang, kept] of [
      [demo, 'en', true],
      [demo, 'ru', false],
      [other, 'en', false],
      [null, 'en', false],
      [{ ...demo, signedIn: false }, 'en', false],
    ] as const) {
      app.innerHTML = '<div class="popup" data-snapshot></div>';
      localStorage.setItem(KEY, storedOf(demo));
      expect(paintedSnapshot(app)).not.toBeNull();
      takeOver(app, view, lang);
      expect(paintedSnapshot(app)).toBeNull();
      expect(app.childElementCount).toBe(0);
      expect(localStorage.getItem(KEY) !== null).toBe(kept);
    }
  });

  it('keeps a snapshot only of the live home: not of a cached list, a search, an open dialog, or signed out', async () => {
    vi.useFakeTimers();
    let view: SessionView | null = demo;
    const app = document.getElementById('app') as HTMLElement;
    const stop = keepSnapshot(app, () => ({ view, lang: 'en' }), 10);
    const settle = async () => {
      await vi.advanceTimersByTimeAsync(20);
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(20);
    };
    for (const options of [{ busy: true }, { search: 'weekly' }, { dialog: true }]) {
      home(options);
      await settle();
      expect(localStorage.getItem(KEY), JSON.stringify(options)).toBeNull();
    }
    view = null;
    home();
    await settle();
    expect(localStorage.getItem(KEY)).toBeNull();
    view = demo;
    home();
    await settle();
    const kept = JSON.parse(localStorage.getItem(KEY) as string);
    expect(kept.account).toBe(accountKey(demo.serviceUrl, demo.email));
    expect(JSON.stringify(kept.root)).toContain('Weekly sync.m4a');
    stop();
    localStorage.clear();
    home();
    await settle();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
