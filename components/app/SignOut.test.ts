// @vitest-environment jsdom
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageType } from '@/lib/messaging';
import type { RecordingView } from '@/lib/recording/view';

const calls: Array<{ type: MessageType; payload: unknown }> = [];
let status: Partial<RecordingView> = {};

vi.mock('@/lib/messaging', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/messaging')>()),
  sendMessage: async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    if (type === 'recording.status')
      return { ok: true, data: { supported: true, state: null, offer: null, kept: [], now: 0, ...status } };
    if (type === 'session.signOut')
      return { ok: true, data: { signedIn: false, serviceUrl: '', warning: null } };
    return { ok: false, error: { kind: 'unknown-message', type } };
  },
}));

const { SignOutButton, recordingsAtStake } = await import('./SignOut');

const keptOne = {
  id: 'a',
  title: 'Standup',
  startedAt: 1,
  recordedMs: 5_000,
  spaceId: 1,
  reason: 'over-balance',
};

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  calls.length = 0;
  document.body.innerHTML = '';
});

function mount() {
  const root = document.createElement('div');
  document.body.append(root);
  act(() => render(h(SignOutButton, { label: 'Sign out', className: 'ghost small' }), root));
  return root;
}

const signOuts = () => calls.filter((call) => call.type === 'session.signOut');

describe('Sign out with kept recordings', () => {
  it('counts the recording running or offered and every one set aside', () => {
    expect(recordingsAtStake(null)).toBe(0);
    expect(recordingsAtStake({ supported: true, state: null, offer: null, kept: [], now: 0 })).toBe(0);
    expect(
      recordingsAtStake({
        supported: true,
        state: null,
        offer: { recordedMs: 5_000, title: 'x' },
        kept: [keptOne, { ...keptOne, id: 'b' }],
        now: 0,
      }),
    ).toBe(3);
  });

  it('signs out at once when nothing is kept', async () => {
    status = {};
    const root = mount();
    act(() => root.querySelector('button')!.click());
    await settle();
    expect(signOuts()).toEqual([{ type: 'session.signOut', payload: {} }]);
  });

  it('asks first when recordings are kept: Cancel keeps the session and them, the confirmation deletes and signs out', async () => {
    status = { kept: [keptOne, { ...keptOne, id: 'b' }] };
    const root = mount();
    act(() => root.querySelector('button')!.click());
    await settle();
    const dialog = root.querySelector('dialog')!;
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.textContent).toContain('Sign out and delete 2 kept recordings?');
    expect(signOuts()).toEqual([]);
    const [cancel] = [...dialog.querySelectorAll('button')];
    act(() => cancel!.click());
    await settle();
    expect(signOuts()).toEqual([]);
    act(() => root.querySelector('button')!.click());
    await settle();
    const confirm = [...root.querySelectorAll('dialog button')].at(-1)!;
    expect(confirm.textContent).toBe('Delete and sign out');
    act(() => (confirm as HTMLButtonElement).click());
    await settle();
    expect(signOuts()).toEqual([{ type: 'session.signOut', payload: {} }]);
  });
});
