// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createEventPanel, updateRows } from '@/components/page/calendar-panels';
import { createPageAction } from '@/components/page/page-action';
import { createPageState } from '@/components/page/page-state';
import type { PageContext } from '@/lib/messaging';
import {
  fromLocalInputValue,
  LINGER_MS,
  lingerLeft,
  nextFullHour,
  toLocalInputValue,
} from '@/lib/page/event-panel';
import type { PageVisit } from '@/lib/page/feature';
import { PAGE_TEXT } from '@/lib/page/page-text';
import { orderSpaces } from '@/lib/page/spaces';

const spaces: PageContext['spaces'] = [
  { id: 2, name: 'Team', isMain: false, availableSeconds: 7200, isActive: true },
  { id: 1, name: 'Personal', isMain: true, availableSeconds: 36_000, isActive: true },
  { id: 4, name: 'Almost empty', isMain: false, availableSeconds: 120, isActive: true },
];
const context = (patch: Partial<PageContext> = {}): PageContext => ({
  signedIn: true,
  lang: 'en',
  defaultSpaceId: null,
  spaces,
  hidden: false,
  text: PAGE_TEXT.en,
  ...patch,
});

describe('space order', () => {
  it('puts the chosen default first, else the personal space', () => {
    expect(orderSpaces(context()).map((space) => space.id)).toEqual([1, 2, 4]);
    expect(orderSpaces(context({ defaultSpaceId: 4 })).map((space) => space.id)).toEqual([4, 2, 1]);
    expect(orderSpaces(context({ defaultSpaceId: 99 })).map((space) => space.id)).toEqual([1, 2, 4]);
  });

  it('offers nothing when signed out or unknown', () => {
    expect(orderSpaces(context({ signedIn: false, spaces: [] }))).toEqual([]);
    expect(orderSpaces(null)).toEqual([]);
  });
});

describe('page state', () => {
  it('loads the context and picks the default space', async () => {
    // The background sends the spaces in their order (orderSpaces), the default first.
    const state = createPageState(new AbortController().signal, async () => {
      const answer = context({ lang: 'ru' });
      return { ...answer, spaces: orderSpaces(answer) };
    });
    await state.refresh();
    expect(state.lang).toBe('ru');
    expect(state.spaceId).toBe(1);
    expect(state.space?.name).toBe('Personal');
  });

  it('keeps the person’s choice across refreshes while the space exists', async () => {
    let answer = context();
    const state = createPageState(new AbortController().signal, async () => ({
      ...answer,
      spaces: orderSpaces(answer),
    }));
    await state.refresh();
    state.spaceId = 4;
    await state.refresh();
    expect(state.spaceId).toBe(4);
    answer = context({ spaces: spaces.filter((space) => space.id !== 4) });
    await state.refresh();
    expect(state.spaceId).toBe(1);
  });

  it('copes with a background that cannot answer', async () => {
    const state = createPageState(new AbortController().signal, async () => {
      throw new Error('no background');
    });
    await state.refresh();
    expect(state.context).toBeNull();
    expect(state.spaces).toEqual([]);
    expect(['en', 'ru']).toContain(state.lang);
  });

  it('ignores an answer that arrives after the visit ended', async () => {
    const visit = new AbortController();
    let release!: (value: PageContext) => void;
    const state = createPageState(visit.signal, () => new Promise((resolve) => (release = resolve)));
    visit.abort();
    release(context());
    await state.refresh();
    expect(state.context).toBeNull();
  });
});

describe('event panel rows', () => {
  const visit = {
    url: new URL('https://calendar.google.com/calendar/r'),
    ctx: { isInvalid: false, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) },
  } as unknown as PageVisit;
  const meet = {
    service: 'google_meet' as const,
    id: 'abc-defg-hij',
    url: 'https://meet.google.com/abc-defg-hij',
  };
  const zoom = { service: 'zoom' as const, id: '81234567890', url: 'https://zoom.us/j/81234567890' };

  const signal = new AbortController().signal;
  const state = createPageState(signal, async () => context());
  const makeAction = () => createPageAction(visit, signal, state);

  it('keep their state while their link stays in the event', () => {
    const panel = createEventPanel(document.createElement('div'));
    updateRows(panel, [meet], makeAction);
    const [row] = panel.rows;
    row!.action.outcome = { tone: 'success', text: 'sent' };
    const before = panel.rows;
    expect(updateRows(panel, [meet], makeAction)).toBe(false);
    expect(panel.rows).toBe(before);
    updateRows(panel, [meet, zoom], makeAction);
    expect(panel.rows[0]).toBe(row);
    expect(panel.rows[0]?.action.outcome?.text).toBe('sent');
    updateRows(panel, [{ ...zoom, url: `${zoom.url}?pwd=1` }], makeAction);
    expect(panel.rows.map((item) => item.link.url)).toEqual(['https://zoom.us/j/81234567890?pwd=1']);
  });

  it('stay while an action runs and for a moment after its answer, when their event has closed', async () => {
    const panel = createEventPanel(document.createElement('div'));
    updateRows(panel, [meet], makeAction);
    expect(lingerLeft(panel, 1000)).toBe(0);
    let answer!: () => void;
    const running = panel.rows[0]!.action.run(
      null,
      () => new Promise((resolve) => (answer = () => resolve({ tone: 'success', text: 'sent' }))),
    );
    await Promise.resolve();
    expect(lingerLeft(panel, 1000)).toBe(LINGER_MS);
    answer();
    await running;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(panel.rows[0]!.action.busy).toBe(false);
    // Gone before the answer (the press closed the dialog): the answer stays a moment.
    panel.settledAt = 1000;
    panel.goneAt = 900;
    expect(lingerLeft(panel, 2000)).toBe(LINGER_MS - 1000);
    expect(lingerLeft(panel, 1000 + LINGER_MS)).toBe(0);
    // Gone after the answer (hidden, or reused for another event): the panel goes at once.
    panel.goneAt = 1500;
    expect(lingerLeft(panel, 2000)).toBe(0);
    // Still shown: nothing lingers.
    panel.goneAt = undefined;
    expect(lingerLeft(panel, 2000)).toBe(0);
  });

  it('datetime-local values round-trip in local time', () => {
    const ms = new Date(2026, 2, 4, 10, 30).getTime();
    expect(toLocalInputValue(ms)).toBe('2026-03-04T10:30');
    expect(fromLocalInputValue('2026-03-04T10:30')).toBe(ms);
    expect(fromLocalInputValue('2026-02-30T10:30')).toBeNull();
    expect(fromLocalInputValue('tomorrow')).toBeNull();
    expect(nextFullHour(new Date(2026, 2, 4, 10, 30).getTime())).toBe(new Date(2026, 2, 4, 11, 0).getTime());
  });
});
