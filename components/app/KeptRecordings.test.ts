// @vitest-environment jsdom
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeptRecording } from '@/lib/recording/view';
import { lang } from '../lang';
import { KeptRecordings } from './KeptRecordings';
import { spaces } from './store';
import { listedSpace } from './testing';

const space = (id: number, name: string, seconds: number) => listedSpace(id, name, id === 1, seconds);

const kept: KeptRecording[] = [
  { id: 'b', title: 'Planning', startedAt: 2, recordedMs: 20_000, spaceId: 1, reason: 'over-balance' },
  { id: 'a', title: 'Standup', startedAt: 1, recordedMs: 125_000, spaceId: 2, reason: 'interrupted' },
];

function mount(onAction: (...args: unknown[]) => void) {
  const root = document.createElement('div');
  document.body.append(root);
  act(() => render(h(KeptRecordings, { kept, busy: false, onAction }), root));
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
  lang.value = 'en';
});

describe('the kept recordings in the popup', () => {
  it('lists every kept recording with its length, space and reason; each is uploaded to the space chosen or discarded on its own', () => {
    spaces.value = [space(1, 'Personal', 12), space(2, 'Team', 3_600)];
    const actions: unknown[][] = [];
    const root = mount((...args) => actions.push(args));
    const rows = [...root.querySelectorAll('[data-testid="kept-recording"]')];
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('“Planning”: 20 s, Personal');
    expect(rows[0]!.textContent).toContain('longer than the processing time left');
    expect(rows[1]!.textContent).toContain('“Standup”: 2 min 05 s, Team');
    expect(rows[1]!.textContent).toContain('stopped before its file was made');
    const select = rows[0]!.querySelector('select')!;
    act(() => {
      select.value = '2';
      select.dispatchEvent(new Event('change'));
    });
    const [upload, discard] = [...rows[0]!.querySelectorAll('button')];
    act(() => upload!.click());
    act(() => rows[1]!.querySelectorAll('button')[1]!.click());
    act(() => discard!.click());
    expect(actions).toEqual([
      ['upload', 'b', 2],
      ['discard', 'a'],
      ['discard', 'b'],
    ]);
  });

  it('speaks Russian', () => {
    lang.value = 'ru';
    spaces.value = [space(1, 'Личное', 12), space(2, 'Команда', 3_600)];
    const root = mount(() => undefined);
    expect(root.textContent).toContain('Сохранённые записи');
    expect(root.textContent).toContain('«Standup»');
    expect(root.textContent).toContain('Записанное сохранено.');
  });
});
