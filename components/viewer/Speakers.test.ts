// @vitest-environment jsdom
/**
 * The speakers tab's rename: a voice left `SPEAKER_<nn>` is offered the meeting page's names
 * (PageNames tells them), most overlap first; a name fills the field, which keeps the focus, and
 * nothing is saved until Save. In English and Russian.
 */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpeakerStat } from '@/lib/format/transcript';
import { lang } from '../lang';
import { MAX_SHOWN_CHOICES, Speakers } from './Speakers';

const stat = (id: string, name: string): SpeakerStat => ({
  id,
  name,
  talk: 60,
  share: 0.5,
  turns: 3,
  first: 0,
  intervals: [[0, 60]],
});

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  lang.value = 'en';
});

function show(
  choices: Record<string, string[]>,
  onRename = vi.fn(async () => true),
  choicesFrom: 'page' | 'calendar' | 'both' = 'page',
) {
  act(() => {
    render(
      h(Speakers, {
        speakers: [stat('0', 'Anna Petrova'), stat('1', 'SPEAKER_01')],
        end: 120,
        colorOf: () => 0,
        renamed: {},
        onRename,
        choices,
        choicesFrom,
      }),
      root,
    );
  });
  return onRename;
}

const renameOf = (name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('[data-testid="rename-speaker"]')].find((b) =>
    b.getAttribute('aria-label')?.includes(name),
  )!;

describe('renaming a voice left unnamed', () => {
  it('offers the meeting page’s names in their order, and a name fills the field without saving', () => {
    const onRename = show({ '1': ['Tom Becker', 'Chen Wei'] });
    act(() => renameOf('SPEAKER_01').click());
    const group = root.querySelector('[data-testid="name-choices"]')!;
    // A group named by its legend.
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')?.textContent).toBe('From the meeting page:');
    const buttons = [...group.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Tom Becker', 'Chen Wei']);
    expect(buttons.every((b) => b.type === 'button')).toBe(true);

    act(() => buttons[1]!.click());
    const input = root.querySelector<HTMLInputElement>('#speaker-name-1')!;
    expect(input.value).toBe('Chen Wei');
    expect(document.activeElement).toBe(input);
    expect(onRename).not.toHaveBeenCalled();

    act(() => root.querySelector<HTMLFormElement>('form.speaker-rename')!.requestSubmit());
    expect(onRename).toHaveBeenCalledWith('1', 'Chen Wei');
  });

  it('offers nothing to a voice without choices (a named one), nor when the page gave none', () => {
    show({ '1': ['Tom Becker'] });
    act(() => renameOf('Anna Petrova').click());
    expect(root.querySelector('[data-testid="name-choices"]')).toBeNull();
    show({});
    act(() => renameOf('SPEAKER_01').click());
    expect(root.querySelector('[data-testid="name-choices"]')).toBeNull();
  });

  it('shows at most a dozen names', () => {
    show({ '1': Array.from({ length: 20 }, (_, i) => `Person ${i}`) });
    act(() => renameOf('SPEAKER_01').click());
    const buttons = root.querySelectorAll('[data-testid="name-choices"] button');
    expect(buttons).toHaveLength(MAX_SHOWN_CHOICES);
    expect(buttons[0]!.textContent).toBe('Person 0');
  });

  it('shows a name offered that is markup as text', () => {
    show({ '1': ['<img src=x onerror=alert(1)>'] });
    act(() => renameOf('SPEAKER_01').click());
    const group = root.querySelector('[data-testid="name-choices"]')!;
    expect(group.querySelector('img')).toBeNull();
    expect(group.querySelector('button')!.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('says where the names come from: the calendar event, or the page and the event', () => {
    show({ '1': ['Anna Petrova'] }, undefined, 'calendar');
    act(() => renameOf('SPEAKER_01').click());
    expect(root.querySelector('[data-testid="name-choices"] legend')?.textContent).toBe(
      'From the calendar event:',
    );
    render(null, root);
    show({ '1': ['Tom Becker', 'Anna Petrova'] }, undefined, 'both');
    act(() => renameOf('SPEAKER_01').click());
    expect(root.querySelector('[data-testid="name-choices"] legend')?.textContent).toBe(
      'From the meeting page and the calendar event:',
    );
    // A short list has no list of its own on the field.
    expect(root.querySelector<HTMLInputElement>('#speaker-name-1')!.getAttribute('list')).toBeNull();
  });

  it('a long list (an event’s 200 attendees): a dozen buttons, every name in the field’s own list, an attendee that is markup as text', () => {
    const names = ['<b>Bold</b> Person', ...Array.from({ length: 199 }, (_, i) => `Person ${i}`)];
    show({ '1': names }, undefined, 'calendar');
    act(() => renameOf('SPEAKER_01').click());
    expect(root.querySelectorAll('[data-testid="name-choices"] button')).toHaveLength(MAX_SHOWN_CHOICES);
    const input = root.querySelector<HTMLInputElement>('#speaker-name-1')!;
    const list = root.querySelector<HTMLDataListElement>(`#${input.getAttribute('list')}`)!;
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(names);
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('[data-testid="name-choices"] button')!.textContent).toBe('<b>Bold</b> Person');
    expect(root.querySelector('[data-testid="name-choices"]')!.textContent).toContain('find 188 more');
  });

  it('speaks Russian', () => {
    lang.value = 'ru';
    show({ '1': ['Том Беккер'] });
    act(() => renameOf('SPEAKER_01').click());
    const group = root.querySelector('[data-testid="name-choices"]')!;
    expect(group.textContent).toContain('Со страницы встречи:');
    expect(group.querySelector('button')!.textContent).toBe('Том Беккер');
    render(null, root);
    show({ '1': ['Том Беккер'] }, undefined, 'both');
    act(() => renameOf('SPEAKER_01').click());
    expect(root.querySelector('[data-testid="name-choices"] legend')?.textContent).toBe(
      'Со страницы встречи и из события календаря:',
    );
  });
});
