// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { storedAccount } from './account';
import { capture, encode, save } from './capture';
import {
  accountKey,
  build,
  decode,
  FRAME_WAIT_MS,
  MAX_CHARS,
  MAX_DEPTH,
  MAX_NODES,
  MAX_ROWS,
  MAX_TEXT,
  paint,
  type Snapshot,
  type SnapshotNode,
  startAfterFrame,
  startApp,
} from './index';

const KEY = 'popupSnapshot';
const ACCOUNT = accountKey('http://127.0.0.1:8787', 'demo@example.com');

function memoryStore(options: { full?: boolean; broken?: boolean } = {}) {
  const items = new Map<string, string>();
  return {
    items,
    getItem(key: string) {
      if (options.broken) throw new Error('SecurityError');
      return items.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      if (options.full) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem(key: string) {
      items.delete(key);
    },
  };
}

/** A popup home as the app renders it, with `rows` recordings titled by `title(i)`. */
function popupHome(rows: number, titleOf: (i: number) => string = (i) => `Meeting ${i}.mp3`): HTMLElement {
  const root = document.createElement('div');
  root.className = 'popup';
  root.innerHTML = `
    <div class="app">
      <header class="app-header row"><h1 class="app-title"><img src="/icon/32.png" alt="" width="20" height="20">Meeting Capture</h1>
        <nav class="row app-actions" aria-label="Meeting Capture"><button type="button" class="icon-button" aria-label="Trash">
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 7h16"></path></svg></button></nav></header>
      <main class="app-main">
        <div class="field space-picker"><label for="space">Space</label><select id="space">
          <option value="1">Personal (main)</option><option value="2">Team</option></select></div>
        <section aria-labelledby="recordings-title" class="recordings">
          <h2 id="recordings-title" class="section-title">Recent recordings</h2>
          <search class="search"><input id="search" type="search" placeholder="Search"></search>
          <ul class="plain-list recording-list" aria-busy="false" data-testid="recording-list"></ul>
          <dialog class="dialog"><p>Start processing?</p></dialog>
        </section>
      </main>
    </div>`;
  const list = root.querySelector('ul') as HTMLUListElement;
  for (let i = 0; i < rows; i += 1) {
    const row = document.createElement('li');
    row.className = 'recording';
    row.dataset.testid = 'recording';
    row.dataset.id = String(i);
    row.dataset.status = 'ready';
    const title = document.createElement('button');
    title.type = 'button';
    title.className = 'link-button recording-title';
    title.title = title.textContent = titleOf(i);
    const open = document.createElement('a');
    open.href = `chrome-extension://x/viewer.html?audio=${i}`;
    open.textContent = 'Open ↗';
    row.append(title, open);
    list.append(row);
  }
  (root.querySelector('select') as HTMLSelectElement).value = '2';
  return root;
}

function stored(root: Element): string {
  const tree = capture(root) as SnapshotNode;
  return encode({ v: 1, account: ACCOUNT, lang: 'ru', savedAt: 1, root: tree }) as string;
}

beforeEach(() => {
  document.body.innerHTML = '<div id="app"></div>';
  document.documentElement.lang = 'en';
});

describe('popup snapshot', () => {
  it('paints what the popup showed: its rows, the chosen space, the language, marked and inert', () => {
    const store = memoryStore();
    store.items.set(KEY, stored(popupHome(3)));
    expect(paint(document, store, KEY)).toBe(true);
    const painted = document.querySelector('#app > [data-snapshot]') as HTMLElement;
    expect(painted.hasAttribute('inert')).toBe(true);
    expect(painted.querySelectorAll('li.recording')).toHaveLength(3);
    expect(painted.querySelector('.recording-list')?.getAttribute('aria-busy')).toBe('true');
    expect((painted.querySelector('select') as HTMLSelectElement).value).toBe('2');
    expect(painted.querySelector('.recording-title')?.textContent).toBe('Meeting 0.mp3');
    expect(painted.querySelector('svg path')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(painted.querySelector('img')?.getAttribute('src')).toBe('/icon/32.png');
    expect(document.documentElement.lang).toBe('ru');
    // Links, closed dialogs and input values are not kept.
    expect(painted.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(painted.querySelector('dialog')).toBeNull();
    // Test ids are the app's: a test never finds the snapshot's elements by them.
    expect(painted.querySelectorAll('[data-testid]')).toHaveLength(0);
    expect(storedAccount(store, KEY)).toBe(ACCOUNT);
  });

  it('keeps service text as text: markup in a title builds no element, attributes outside the list go', () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const root = popupHome(1, () => hostile);
    const row = root.querySelector('li') as HTMLElement;
    row.setAttribute('onclick', 'alert(3)');
    row.setAttribute('style', 'background:url(https://evil.example/)');
    const image = document.createElement('img');
    image.src = 'https://evil.example/pixel.png';
    row.append(image);
    const store = memoryStore();
    store.items.set(KEY, stored(root));
    // A stored tree written by someone else: a script element, an event handler, a foreign image.
    const forged = decode(store.items.get(KEY) as string) as Snapshot;
    forged.root = ['div', { onclick: 'alert(4)', class: 'popup' }, ['script', {}, 'alert(5)'], forged.root];
    store.items.set(KEY, JSON.stringify(forged));
    expect(paint(document, store, KEY)).toBe(true);
    const app = document.getElementById('app') as HTMLElement;
    expect(app.querySelector('.recording-title')?.textContent).toBe(hostile);
    expect(app.querySelectorAll('script')).toHaveLength(0);
    expect(app.querySelectorAll('[onclick], [onerror], [style]')).toHaveLength(0);
    expect([...app.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/icon/32.png',
      null,
    ]);
  });

  it('keeps the first rows only and cuts long texts', () => {
    const root = popupHome(40, (i) => `${'x'.repeat(1000)}${i}`);
    const store = memoryStore();
    store.items.set(KEY, stored(root));
    paint(document, store, KEY);
    const rows = document.querySelectorAll('#app li.recording');
    expect(rows).toHaveLength(MAX_ROWS);
    expect(rows[0]?.querySelector('.recording-title')?.textContent).toHaveLength(MAX_TEXT);
  });

  it('keeps nothing over its bounds: too many nodes, too deep, too long', () => {
    const wide = document.createElement('div');
    for (let i = 0; i <= MAX_NODES; i += 1) wide.append(document.createElement('span'));
    expect(capture(wide)).toBeNull();
    let deep = document.createElement('div');
    const top = deep;
    for (let i = 0; i <= MAX_DEPTH + 1; i += 1) {
      const inner = document.createElement('div');
      deep.append(inner);
      deep = inner;
    }
    expect(capture(top)).toBeNull();
    const long: SnapshotNode = ['div', {}, ...Array.from({ length: 400 }, () => 'y'.repeat(MAX_TEXT))];
    expect(encode({ v: 1, account: ACCOUNT, lang: 'en', savedAt: 1, root: long })).toBeNull();
    // A page too big to keep removes the older snapshot rather than leave it.
    const store = memoryStore();
    store.items.set(KEY, 'older');
    expect(save(store, KEY, wide, { account: ACCOUNT, lang: 'en', now: 1 })).toBe(false);
    expect(store.items.has(KEY)).toBe(false);
  });

  it('reads back only a well-formed, bounded snapshot; a bad one is removed and nothing painted', () => {
    const good = JSON.parse(stored(popupHome(1))) as Snapshot;
    const nested = (depth: number): SnapshotNode => (depth === 0 ? 'x' : ['div', {}, nested(depth - 1)]);
    const bad = [
      'not json',
      '[]',
      JSON.stringify({ ...good, v: 2 }),
      JSON.stringify({ ...good, account: 7 }),
      JSON.stringify({ ...good, root: ['div', { class: 1 }] }),
      JSON.stringify({ ...good, root: ['div', []] }),
      JSON.stringify({ ...good, root: 'a'.repeat(MAX_TEXT + 1) }),
      JSON.stringify({ ...good, root: nested(MAX_DEPTH + 2) }),
      JSON.stringify({ ...good, root: ['div', {}, ...Array.from({ length: MAX_NODES + 1 }, () => 'z')] }),
      `${JSON.stringify(good)}${' '.repeat(MAX_CHARS)}`,
    ];
    for (const text of bad) {
      expect(decode(text)).toBeNull();
      const store = memoryStore();
      store.items.set(KEY, text);
      document.body.innerHTML = '<div id="app"></div>';
      expect(paint(document, store, KEY)).toBe(false);
      expect(document.getElementById('app')?.childNodes).toHaveLength(0);
      expect(store.items.has(KEY)).toBe(false);
    }
    expect(decode(JSON.stringify(good))).not.toBeNull();
  });

  it('paints nothing without a store, and keeps nothing in a full one', () => {
    expect(paint(document, memoryStore({ broken: true }), KEY)).toBe(false);
    const full = memoryStore({ full: true });
    expect(save(full, KEY, popupHome(2), { account: ACCOUNT, lang: 'en', now: 1 })).toBe(false);
    expect(full.items.size).toBe(0);
    // A page that already has content is left alone.
    document.body.innerHTML = '<div id="app"><p>app</p></div>';
    const store = memoryStore();
    store.items.set(KEY, stored(popupHome(1)));
    expect(paint(document, store, KEY)).toBe(false);
    expect(build(document, ['iframe', { src: 'https://evil.example/' }])).toBeNull();
  });

  it("starts the app: the module script and preloads held in the page's template are inserted once", () => {
    document.head.innerHTML =
      '<template id="app-modules"><script type="module" src="/chunks/popup.js"></script>' +
      '<link rel="modulepreload" href="/chunks/pages.js"></template>';
    expect(document.head.querySelector('script')).toBeNull();
    startApp(document);
    expect(document.head.querySelector(':scope > script[type="module"]')?.getAttribute('src')).toBe(
      '/chunks/popup.js',
    );
    expect(document.head.querySelector(':scope > link[rel="modulepreload"]')?.getAttribute('href')).toBe(
      '/chunks/pages.js',
    );
    startApp(document);
    expect(document.head.querySelectorAll(':scope > script')).toHaveLength(1);
    // A page without the template (the dev server's) loads its modules itself: nothing to do.
    document.head.innerHTML = '';
    startApp(document);
    expect(document.head.childElementCount).toBe(0);
  });

  it('starts the app after the frame that shows the snapshot, at once when there is none, and once', () => {
    const frames: Array<() => void> = [];
    const timers: Array<{ run: () => void; ms: number }> = [];
    const win = {
      requestAnimationFrame: (run: () => void) => frames.push(run),
      setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    } as unknown as Pick<Window, 'requestAnimationFrame' | 'setTimeout'>;
    let starts = 0;
    startAfterFrame(win, false, () => starts++);
    expect(starts).toBe(1);
    expect(frames.length + timers.length).toBe(0);

    starts = 0;
    startAfterFrame(win, true, () => starts++);
    expect(starts).toBe(0);
    // The frame's callbacks run, then the start has a task of its own after them.
    frames.shift()!();
    expect(starts).toBe(0);
    const afterFrame = timers.find((timer) => timer.ms === 0)!;
    afterFrame.run();
    expect(starts).toBe(1);
    // The page drew no frame in time: the fallback would start it, but it started already.
    timers.find((timer) => timer.ms === FRAME_WAIT_MS)!.run();
    expect(starts).toBe(1);

    // A page that draws no frame (hidden) starts all the same.
    timers.length = 0;
    starts = 0;
    startAfterFrame(win, true, () => starts++);
    timers.find((timer) => timer.ms === FRAME_WAIT_MS)!.run();
    expect(starts).toBe(1);
  });
});
