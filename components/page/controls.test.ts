// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventPanel, type EventPanel, panelView, updateRows } from '@/components/page/calendar-panels';
import { buildShell } from '@/components/page/floating-control';
import { createPageAction } from '@/components/page/page-action';
import { createPageState, type PageState } from '@/components/page/page-state';
import { recordOnlyView, sendBotView } from '@/components/page/send-bot-button';
import { transcribeView } from '@/components/page/transcribe-button';
import type { Lang } from '@/lib/i18n';
import type { PageContext } from '@/lib/messaging';
import type { PageVisit } from '@/lib/page/feature';
import { PAGE_TEXT } from '@/lib/page/page-text';

const NOW = new Date(2026, 2, 1, 9, 0).getTime();
const spaces: PageContext['spaces'] = [
  { id: 1, name: 'Personal', isMain: true, availableSeconds: 7080, isActive: true },
  { id: 4, name: 'Almost empty', isMain: false, availableSeconds: 120, isActive: true },
];

let root: HTMLElement;
let visitController: AbortController;
let visit: PageVisit;

beforeEach(() => {
  // jsdom has no layout, hence no ResizeObserver: the panels' placement is the browser's (e2e).
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  root = document.createElement('div');
  document.body.append(root);
  visitController = new AbortController();
  visit = {
    url: new URL('https://meet.google.com/abc-defg-hij'),
    ctx: { isInvalid: false, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) },
  } as unknown as PageVisit;
});

afterEach(() => {
  vi.unstubAllGlobals();
  root.remove();
  visitController.abort();
});

async function pageState(lang: Lang = 'en', list: PageContext['spaces'] = spaces) {
  const state = createPageState(visitController.signal, async () => ({
    signedIn: true,
    lang,
    defaultSpaceId: null,
    spaces: list,
    hidden: false,
    text: PAGE_TEXT[lang],
  }));
  await state.refresh();
  return state;
}

const action = (state: PageState) => createPageAction(visit, visitController.signal, state);

/** Buttons a person can see (hidden ones stay in the DOM, out of the accessibility tree). */
const buttons = () =>
  Array.from(root.querySelectorAll('button')).filter((button) => !button.closest('[hidden]'));
const byName = (name: string) =>
  buttons().find((button) => (button.getAttribute('aria-label') ?? button.textContent?.trim()) === name);

/** A floating control as the page feature builds it, updated on every change. */
function mount(state: PageState, view: ReturnType<typeof sendBotView>, pageAction = action(state)) {
  const shell = buildShell('top', state, pageAction, view, () => {});
  root.append(shell.element);
  state.subscribe(shell.update);
  pageAction.subscribe(shell.update);
  return shell;
}

describe('meeting control', () => {
  it('of a record-only service: "Record here" and the sentence that no bot joins there, no "Send bot"', async () => {
    for (const [lang, sentence, record] of [
      ['en', 'No bot joins Microsoft Teams meetings. Record this tab here instead.', 'Record here'],
      ['ru', 'Бот не подключается к встречам Microsoft Teams. Запишите эту вкладку здесь.', 'Записать здесь'],
    ] as const) {
      const state = await pageState(lang);
      const pageAction = action(state);
      const button = document.createElement('button');
      const recorder = {
        items: [button],
        guarded: [button],
        update: () => button.replaceChildren(state.t('recordHere')),
      };
      mount(state, recordOnlyView(state, pageAction, 'teams', recorder), pageAction);
      expect(root.querySelector('[data-testid="no-bot-here"]')?.textContent).toBe(sentence);
      expect(byName(record)).toBeDefined();
      expect(byName(lang === 'en' ? 'Send bot' : 'Отправить бота')).toBeUndefined();
      root.replaceChildren();
    }
  });

  it('is a "Send bot" button with the space picker, default space first; Russian too', async () => {
    for (const [lang, name] of [
      ['en', 'Send bot'],
      ['ru', 'Отправить бота'],
    ] as const) {
      const state = await pageState(lang);
      const pageAction = action(state);
      mount(state, sendBotView(state, pageAction, 'https://meet.google.com/abc-defg-hij'), pageAction);
      expect(byName(name)).toBeDefined();
      const options = Array.from(root.querySelectorAll('option')).map((option) => option.textContent);
      expect(options[0]).toBe(
        lang === 'en' ? 'Personal — 1 h 58 min left' : 'Personal — осталось 1 ч 58 мин',
      );
      const select = root.querySelector('select')!;
      expect(select.value).toBe('1');
      // The full text of the choice, for where the select is narrower than its text.
      expect(select.title).toBe(options[0]);
      expect(select.getAttribute('aria-label')).toBe(lang === 'en' ? 'Space' : 'Пространство');
      root.replaceChildren();
    }
  });

  it('ignores clicks that are not the person’s (page scripts can reach an open shadow root)', async () => {
    const state = await pageState();
    const pageAction = action(state);
    const task = vi.fn(async () => ({ tone: 'success' as const, text: 'sent' }));
    const view = sendBotView(state, pageAction, 'https://meet.google.com/abc-defg-hij');
    mount(state, view, pageAction);
    byName('Send bot')!.addEventListener('click', (event) => void pageAction.run(event, task));
    byName('Send bot')!.click(); // untrusted: dispatched by script
    await Promise.resolve();
    expect(task).not.toHaveBeenCalled();
    await pageAction.run(null, task); // no event: called by our own code
    expect(task).toHaveBeenCalledTimes(1);
    expect(pageAction.outcome?.text).toBe('sent');
    expect(root.querySelector('[role="status"]')?.textContent).toBe('sent');
  });

  it('collapses to one button and back, keeping keyboard focus on the toggle', async () => {
    const state = await pageState();
    const pageAction = action(state);
    mount(state, sendBotView(state, pageAction, 'https://meet.google.com/abc-defg-hij'), pageAction);
    byName('Collapse')!.click();
    expect(byName('Send bot')).toBeUndefined();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Show Meeting Capture');
    byName('Show Meeting Capture')!.click();
    expect(byName('Send bot')).toBeDefined();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Collapse');
  });

  it('shows the note instead of the control after "Hide on this site"', async () => {
    const state = await pageState();
    const pageAction = action(state);
    const shell = mount(
      state,
      sendBotView(state, pageAction, 'https://meet.google.com/abc-defg-hij'),
      pageAction,
    );
    shell.showNotice('Hidden on meet.google.com.');
    expect(buttons()).toEqual([]);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Hidden on meet.google.com.');
  });

  it('says "Sending…" while busy, then the outcome, in one live region', async () => {
    const state = await pageState();
    const pageAction = action(state);
    mount(state, sendBotView(state, pageAction, 'https://meet.google.com/abc-defg-hij'), pageAction);
    let answer!: (value: { tone: 'success'; text: string }) => void;
    const running = pageAction.run(null, () => new Promise((resolve) => (answer = resolve)));
    await Promise.resolve();
    const status = () => root.querySelectorAll('[role="status"]');
    expect(status()).toHaveLength(1);
    expect(status()[0]?.textContent).toBe('Sending…');
    expect(byName('Send bot')?.getAttribute('aria-disabled')).toBe('true');
    answer({ tone: 'success', text: 'Bot sent' });
    await running;
    expect(status()[0]?.textContent).toBe('Bot sent');
    expect(status()[0]?.getAttribute('data-tone')).toBe('success');
  });
});

describe('video control', () => {
  it('shows the video length against the chosen space’s balance', async () => {
    const state = await pageState();
    const pageAction = action(state);
    let duration: number | null = 750;
    const view = transcribeView(state, pageAction, 'https://www.youtube.com/watch?v=x', () => duration);
    mount(state, view, pageAction);
    const meter = () => root.querySelector<HTMLElement>('[data-testid="video-balance"]');
    expect(byName('Transcribe audio')).toBeDefined();
    expect(meter()?.textContent).toBe('12 min 30 s of 1 h 58 min left');
    expect(meter()?.hasAttribute('data-short')).toBe(false);
    state.spaceId = 4;
    expect(meter()?.textContent).toBe('12 min 30 s of 2 min left — not enough for the whole video');
    expect(meter()?.hasAttribute('data-short')).toBe(true);
    duration = null;
    view.update();
    expect(meter()?.hidden).toBe(true);
  });
});

describe('calendar panel', () => {
  async function panelWith(startsAt: number | null, lang: Lang = 'en', list = spaces) {
    const state = await pageState(lang, list);
    const panel: EventPanel = createEventPanel(document.createElement('div'));
    updateRows(
      panel,
      [
        { service: 'google_meet', id: 'abc-defg-hij', url: 'https://meet.google.com/abc-defg-hij' },
        { service: 'telemost', id: '12345678901234', url: 'https://telemost.yandex.ru/j/12345678901234' },
      ],
      () => action(state),
    );
    panel.start = startsAt === null ? null : { startsAt, source: 'text' };
    const onSchedule = vi.fn();
    const view = panelView(panel, state, { onSend() {}, onSchedule }, () => NOW, {
      watch() {},
      visible: async () => undefined,
    });
    root.append(view.element);
    view.update();
    return { panel, onSchedule, view, state };
  }

  const groups = () =>
    Array.from(root.querySelectorAll('fieldset')).map((group) => ({
      name: group.querySelector('legend')?.textContent,
      buttons: Array.from(group.querySelectorAll('button'))
        .filter((button) => !button.closest('[hidden]'))
        .map((button) => button.textContent),
    }));

  it('has a "Send bot" per link and "Send at start" with the event’s start', async () => {
    await panelWith(new Date(2026, 2, 4, 10, 0).getTime());
    expect(root.querySelector('section')?.getAttribute('aria-label')).toBe('Meeting links in this event');
    expect(groups()).toEqual([
      {
        name: 'Google Meet: meet.google.com/abc-defg-hij',
        buttons: ['Send bot', expect.stringMatching(/^Send at start \(Wed,? 4 Mar,? 10:00\)$/)],
      },
      {
        name: 'Telemost: telemost.yandex.ru/j/12345678901234',
        buttons: ['Send bot', expect.stringMatching(/^Send at start \(/)],
      },
    ]);
  });

  it('speaks the language in force, the service names too', async () => {
    await panelWith(new Date(2026, 10, 25, 10, 0).getTime(), 'ru');
    expect(groups()[1]).toEqual({
      name: 'Телемост: telemost.yandex.ru/j/12345678901234',
      buttons: ['Отправить бота', expect.stringMatching(/^Отправить к началу \(ср, 25 нояб\.?, 10:00\)$/)],
    });
  });

  it('offers no "Send at start" once the event has begun', async () => {
    await panelWith(NOW - 60_000);
    expect(groups().map((group) => group.buttons)).toEqual([['Send bot'], ['Send bot']]);
  });

  it('asks for the start when the event does not tell it', async () => {
    const { panel, onSchedule } = await panelWith(null);
    const ask = buttons().find((button) => button.textContent === 'Send at start…')!;
    ask.click();
    const input = root.querySelector<HTMLInputElement>('input[type="datetime-local"]');
    expect(input?.value).toBe('2026-03-01T10:00');
    expect(document.activeElement).toBe(input);
    expect(panel.rows[0]?.asking).toBe(true);
    root.querySelector('form')!.requestSubmit();
    expect(onSchedule).toHaveBeenCalledWith(panel, panel.rows[0], null, expect.anything());
  });
});

describe('every control that spends the balance names its space', () => {
  const shownPicker = () => {
    const select = root.querySelector('select');
    return select && !select.closest('[hidden]') && !select.hidden ? select : null;
  };
  const controls = {
    'meeting control': async (list: PageContext['spaces']) => {
      const state = await pageState('en', list);
      const pageAction = action(state);
      mount(state, sendBotView(state, pageAction, 'https://meet.google.com/abc-defg-hij'), pageAction);
      return state;
    },
    'video control': async (list: PageContext['spaces']) => {
      const state = await pageState('en', list);
      const pageAction = action(state);
      mount(
        state,
        transcribeView(state, pageAction, 'https://www.youtube.com/watch?v=x', () => 60),
        pageAction,
      );
      return state;
    },
    'calendar panel': async (list: PageContext['spaces']) => {
      const state = await pageState('en', list);
      const panel: EventPanel = createEventPanel(document.createElement('div'));
      updateRows(
        panel,
        [{ service: 'google_meet', id: 'abc-defg-hij', url: 'https://meet.google.com/abc-defg-hij' }],
        () => action(state),
      );
      const view = panelView(panel, state, { onSend() {}, onSchedule() {} }, () => NOW, {
        watch() {},
        visible: async () => undefined,
      });
      root.append(view.element);
      state.subscribe(view.update);
      view.update();
      return state;
    },
  };

  for (const [name, open] of Object.entries(controls)) {
    it(`${name}: with a single space too`, async () => {
      await open(spaces.slice(0, 1));
      const select = shownPicker();
      expect(select?.value).toBe('1');
      expect(select?.selectedOptions[0]?.textContent).toBe('Personal — 1 h 58 min left');
      expect(select?.getAttribute('aria-label')).toBe('Space');
    });

    it(`${name}: another space is one choice away`, async () => {
      const state = await open(spaces);
      const select = shownPicker()!;
      select.value = '4';
      select.dispatchEvent(new Event('change'));
      expect(state.spaceId).toBe(4);
      expect(shownPicker()?.title).toBe('Almost empty — 2 min left');
    });
  }
});
