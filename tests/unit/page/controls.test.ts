// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarPanels } from '@/components/page/CalendarPanels';
import { SendBotControl } from '@/components/page/SendBotControl';
import { TranscribeControl } from '@/components/page/TranscribeControl';
import type { Lang } from '@/lib/i18n';
import type { PageContext } from '@/lib/messaging';
import { createEventPanel, type EventPanel, updateRows } from '@/lib/page/event-panel';
import type { PageVisit } from '@/lib/page/feature';
import { createPageAction } from '@/lib/page/page-action';
import { createPageState } from '@/lib/page/page-state';

const NOW = new Date(2026, 2, 1, 9, 0).getTime();
const spaces: PageContext['spaces'] = [
  { id: 1, name: 'Personal', isMain: true, availableSeconds: 7080, isActive: true },
  { id: 4, name: 'Almost empty', isMain: false, availableSeconds: 120, isActive: true },
];

let root: HTMLElement;
let visitController: AbortController;
let visit: PageVisit;

beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
  visitController = new AbortController();
  visit = {
    url: new URL('https://meet.google.com/abc-defg-hij'),
    ctx: { isInvalid: false, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) },
  } as unknown as PageVisit;
});

afterEach(() => {
  render(null, root);
  root.remove();
  visitController.abort();
});

async function pageState(lang: Lang = 'en') {
  const state = createPageState(visitController.signal, async () => ({
    signedIn: true,
    lang,
    defaultSpaceId: null,
    hidden: false,
    spaces,
  }));
  await state.refresh();
  return state;
}

const buttons = () => Array.from(root.querySelectorAll('button'));
const byName = (name: string) =>
  buttons().find((button) => (button.getAttribute('aria-label') ?? button.textContent?.trim()) === name);

describe('meeting control', () => {
  it('is a "Send bot" button with the space picker, default space first; Russian too', async () => {
    for (const [lang, name] of [
      ['en', 'Send bot'],
      ['ru', 'Отправить бота'],
    ] as const) {
      const state = await pageState(lang);
      const onSend = vi.fn();
      await act(() => {
        render(
          h(SendBotControl, {
            state,
            action: createPageAction(visit, visitController.signal),
            collapsed: signal(false),
            notice: signal(null),
            onSend,
            onHide: () => {},
          }),
          root,
        );
      });
      expect(byName(name)).toBeDefined();
      const options = Array.from(root.querySelectorAll('option')).map((option) => option.textContent);
      expect(options[0]).toMatch(/^Personal — /);
      expect(root.querySelector('select')?.value).toBe('1');
      render(null, root);
    }
  });

  it('ignores clicks that are not the person’s (page scripts can reach an open shadow root)', async () => {
    const state = await pageState();
    const action = createPageAction(visit, visitController.signal);
    const task = vi.fn(async () => ({ tone: 'success' as const, text: 'sent' }));
    const onSend = (event: Event) => void action.run(event, 'en', task);
    await act(() => {
      render(
        h(SendBotControl, {
          state,
          action,
          collapsed: signal(false),
          notice: signal(null),
          onSend,
          onHide() {},
        }),
        root,
      );
    });
    byName('Send bot')!.click(); // untrusted: dispatched by script
    await act(async () => {});
    expect(task).not.toHaveBeenCalled();
    await action.run(null, 'en', task); // no event: called by our own code
    expect(task).toHaveBeenCalledTimes(1);
    expect(action.outcome.value?.text).toBe('sent');
  });

  it('collapses to one button and back, keeping keyboard focus on the toggle', async () => {
    const state = await pageState();
    const collapsed = signal(false);
    await act(() => {
      render(
        h(SendBotControl, {
          state,
          action: createPageAction(visit, visitController.signal),
          collapsed,
          notice: signal(null),
          onSend() {},
          onHide() {},
        }),
        root,
      );
    });
    await act(() => byName('Collapse')!.click());
    expect(byName('Send bot')).toBeUndefined();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Show Meeting Capture');
    await act(() => byName('Show Meeting Capture')!.click());
    expect(byName('Send bot')).toBeDefined();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Collapse');
  });

  it('shows the note instead of the control after "Hide on this site"', async () => {
    const state = await pageState();
    await act(() => {
      render(
        h(SendBotControl, {
          state,
          action: createPageAction(visit, visitController.signal),
          collapsed: signal(false),
          notice: signal('Hidden on meet.google.com.'),
          onSend() {},
          onHide() {},
        }),
        root,
      );
    });
    expect(buttons()).toEqual([]);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Hidden on meet.google.com.');
  });
});

describe('video control', () => {
  it('shows the video length against the chosen space’s balance', async () => {
    const state = await pageState();
    const duration = signal<number | null>(750);
    await act(() => {
      render(
        h(TranscribeControl, {
          state,
          action: createPageAction(visit, visitController.signal),
          collapsed: signal(false),
          notice: signal(null),
          duration,
          onTranscribe() {},
          onHide() {},
        }),
        root,
      );
    });
    const meter = () => root.querySelector('[data-testid="video-balance"]');
    expect(byName('Transcribe audio')).toBeDefined();
    expect(meter()?.textContent).toBe('12:30 of 1:58:00 left');
    expect(meter()?.hasAttribute('data-short')).toBe(false);
    await act(() => {
      state.spaceId.value = 4;
    });
    expect(meter()?.textContent).toBe('12:30 of 2:00 left — not enough for the whole video');
    expect(meter()?.hasAttribute('data-short')).toBe(true);
    await act(() => {
      duration.value = null;
    });
    expect(meter()).toBeNull();
  });
});

describe('calendar panel', () => {
  async function panelWith(startsAt: number | null) {
    const state = await pageState();
    const panel: EventPanel = createEventPanel(document.createElement('div'));
    updateRows(
      panel,
      [
        { service: 'google_meet', id: 'abc-defg-hij', url: 'https://meet.google.com/abc-defg-hij' },
        { service: 'zoom', id: '81234567890', url: 'https://zoom.us/j/81234567890?pwd=abc' },
      ],
      visit,
      visitController.signal,
    );
    panel.start.value = startsAt === null ? null : { startsAt, source: 'text' };
    const onSchedule = vi.fn();
    await act(() => {
      render(
        h(CalendarPanels, { state, panels: signal([panel]), now: () => NOW, onSend() {}, onSchedule }),
        root,
      );
    });
    return { panel, onSchedule };
  }

  const groups = () =>
    Array.from(root.querySelectorAll('fieldset')).map((group) => ({
      name: group.querySelector('legend')?.textContent,
      buttons: Array.from(group.querySelectorAll('button')).map((button) => button.textContent),
    }));

  it('has a "Send bot" per link and "Send at start" with the event’s start', async () => {
    await panelWith(new Date(2026, 2, 4, 10, 0).getTime());
    expect(groups()).toEqual([
      {
        name: 'Google Meet: meet.google.com/abc-defg-hij',
        buttons: ['Send bot', expect.stringMatching(/^Send at start \(Wed,? 4 Mar,? 10:00\)$/)],
      },
      {
        name: 'Zoom: zoom.us/j/81234567890?pwd=abc',
        buttons: ['Send bot', expect.stringMatching(/^Send at start \(/)],
      },
    ]);
  });

  it('offers no "Send at start" once the event has begun', async () => {
    await panelWith(NOW - 60_000);
    expect(groups().map((group) => group.buttons)).toEqual([['Send bot'], ['Send bot']]);
  });

  it('asks for the start when the event does not tell it', async () => {
    const { panel, onSchedule } = await panelWith(null);
    const ask = buttons().find((button) => button.textContent === 'Send at start…')!;
    await act(() => ask.click());
    const input = root.querySelector<HTMLInputElement>('input[type="datetime-local"]');
    expect(input?.value).toBe('2026-03-01T10:00');
    expect(document.activeElement).toBe(input);
    expect(panel.rows.value[0]?.asking.value).toBe(true);
    await act(() => root.querySelector('form')!.requestSubmit());
    expect(onSchedule).toHaveBeenCalledWith(panel, panel.rows.value[0], null, expect.anything());
  });
});
