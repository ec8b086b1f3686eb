// @vitest-environment jsdom
/** "Add all past meetings": the spaces it offers, in the listed order, and a failed read of them. */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpaceListItem } from '@/lib/api/schemas';

let spacesAnswer: () => unknown;
let asked = 0;

vi.mock('@/lib/messaging', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/messaging')>()),
  sendMessage: async (type: string) => {
    if (type === 'spaces.list') {
      asked += 1;
      const data = spacesAnswer();
      return data && typeof data === 'object' && 'error' in data
        ? { ok: false, error: data.error }
        : { ok: true, data };
    }
    if (type === 'archive.import.status') return { ok: true, data: { running: false, startedAt: 0 } };
    return { ok: false, error: { kind: 'unknown-message', type } };
  },
}));

const { AddPastMeetings } = await import('@/components/search/AddPastMeetings');
await (await import('@/components/failures')).loadFailureTexts();

const space = (id: number, name: string, main: boolean): SpaceListItem =>
  ({ is_main_space: main, space: { id, name } }) as SpaceListItem;

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

let host: HTMLElement;

beforeEach(() => {
  document.body.innerHTML = '';
  host = document.createElement('div');
  document.body.append(host);
  asked = 0;
});

async function open() {
  render(h(AddPastMeetings, {}), host);
  const details = host.querySelector('details')!;
  details.open = true;
  details.dispatchEvent(new Event('toggle'));
  await settle();
}

describe('Add all past meetings', () => {
  it('a failed read of the spaces is said with a retry, and the retry lists them (main first)', async () => {
    spacesAnswer = () => ({ error: { kind: 'network', message: 'Failed to fetch' } });
    await open();
    expect(host.querySelectorAll('input[type=checkbox]')).toHaveLength(0);
    const alert = host.querySelector('[role=alert]');
    expect(alert?.textContent).toMatch(/network|connection|reach/i);
    spacesAnswer = () => [space(3, 'Sales', false), space(1, 'Personal', true), space(2, 'Alpha', false)];
    const retry = [...alert!.querySelectorAll('button')].at(-1)!;
    retry.click();
    await settle();
    expect(asked).toBeGreaterThan(1);
    expect([...host.querySelectorAll('label')].map((label) => label.textContent)).toEqual([
      'Personal',
      'Alpha',
      'Sales',
    ]);
    expect(host.querySelector('[role=alert]')).toBeNull();
    render(null, host);
  });
});
