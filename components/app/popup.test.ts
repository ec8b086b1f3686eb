// @vitest-environment jsdom
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Recording } from '@/lib/api/schemas';
import type { MessagePayload, MessageType } from '@/lib/messaging';
import { listedSpace } from './testing';

const calls: Array<{ type: MessageType; payload: unknown }> = [];
let answers: Partial<Record<MessageType, (payload: never) => unknown>> = {};

vi.mock('@/lib/messaging', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/messaging')>()),
  sendMessage: async <T extends MessageType>(type: T, payload: MessagePayload<T>) => {
    calls.push({ type, payload });
    const answer = answers[type];
    if (!answer) return { ok: false, error: { kind: 'unknown-message', type } };
    const data = answer(payload as never);
    return data && typeof data === 'object' && 'error' in data
      ? { ok: false, error: data.error }
      : { ok: true, data };
  },
}));

const { App } = await import('@/components/app/App');
const store = await import('@/components/app/store');

const space = listedSpace;

const recording = (id: number, title: string, flags: Partial<Recording> = {}): Recording => ({
  id,
  title,
  created_at: '2026-11-20T10:00:00.000000+00:00',
  duration: 600,
  size: 1000,
  content_type: 'audio/mpeg',
  space_id: 1,
  is_active: true,
  is_favorite: false,
  is_uploaded: true,
  was_classified: true,
  result_is_ready: true,
  url: 'https://storage.example/file',
  ...flags,
});

async function settle(ms = 50) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** Settles until `selector` is shown: views loaded on demand (the sign-in form) arrive a moment later. */
async function settleUntil(selector: string) {
  for (let waited = 0; waited < 5_000 && !host.querySelector(selector); waited += 50) await settle();
}

let host: HTMLElement;

beforeEach(() => {
  fakeBrowser.reset();
  calls.length = 0;
  answers = {
    'session.get': () => ({
      signedIn: true,
      email: 'demo@example.com',
      serviceUrl: 'http://127.0.0.1:1',
      warning: null,
    }),
    'spaces.list': () => [space(2, 'Team', false, 7200), space(1, 'Personal', true, 36_000)],
    'jobs.list': () => [],
    'recordings.list': () => ({
      count: 3,
      results: [
        recording(11, 'Ready one.mp3'),
        recording(12, 'Never processed.wav', { was_classified: false, result_is_ready: false }),
        recording(13, 'Pending.mp4', {
          is_uploaded: false,
          was_classified: false,
          result_is_ready: false,
          duration: null,
        }),
      ],
    }),
    'recording.result': () => null,
    'space.get': () => space(1, 'Personal', true, 36_000).space,
  };
  host = document.createElement('div');
  document.body.append(host);
  store.session.value = null;
  store.spaces.value = null;
  store.spaceId.value = null;
  store.recordings.value = [];
  store.jobs.value = [];
  store.jobsError.value = null;
  store.probes.value = {};
  store.searchText.value = '';
});

afterEach(() => {
  render(null, host);
  host.remove();
});

/** An upload job of the account's first space, as the background lists it. */
function uploadJob(id: string, title: string) {
  return {
    id,
    intent: 'upload',
    phase: 'uploading',
    spaceId: 1,
    createdAt: 1,
    updatedAt: 2,
    title,
    autoProcess: false,
  };
}
describe('popup home', () => {
  it('first frame: the cached list, marked as refreshing, with nothing asked of the background yet', async () => {
    const { popupCacheItem } = await import('@/lib/storage');
    await popupCacheItem.setValue({
      signedIn: true,
      email: 'demo@example.com',
      serviceUrl: 'http://127.0.0.1:1',
      spaces: [space(1, 'Personal', true, 36_000)],
      spaceId: 1,
      recordings: [recording(21, 'Cached one.mp3'), recording(22, 'Cached two.wav')],
      count: 2,
      savedAt: Date.now(),
    });
    await store.primeFromCache();
    // One synchronous render, before any effect runs: what the page paints first.
    render(h(App, {}), host);
    const rows = [...host.querySelectorAll('[data-testid="recording"]')].map((row) => row.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Cached one.mp3');
    expect(host.querySelector('[data-testid="skeleton"]')).toBeNull();
    expect(host.querySelector('[data-testid="recording-list"]')?.getAttribute('aria-busy')).toBe('true');
    expect(calls).toEqual([]);
    // Then the background's answers replace it.
    await settleUntil('[data-id="11"]');
    expect(host.textContent).not.toContain('Cached one.mp3');
    expect(host.querySelector('[data-testid="recording-list"]')?.getAttribute('aria-busy')).toBe('false');
  });

  it('shows the personal space first, the balance in hours and minutes and a chip per recording', async () => {
    await act(() => render(h(App, {}), host));
    await settle();
    const options = [...host.querySelectorAll('#space option')].map((o) => o.textContent);
    expect(options).toEqual(['Personal (personal)', 'Team']);
    expect(host.querySelector('[data-testid="balance-value"]')?.textContent).toContain('10 h 00 min');
    expect(host.querySelector('[data-testid="plan"]')?.textContent).toContain('Business');
    const chips = [...host.querySelectorAll('[data-testid="recording"]')].map((row) => [
      row.getAttribute('data-id'),
      row.querySelector('[data-testid="status-chip"]')?.textContent,
    ]);
    // 12 was asked about at the result endpoint (404 → never started).
    expect(chips).toEqual([
      ['11', 'Ready'],
      ['12', 'Ready to process'],
      ['13', 'Upload pending'],
    ]);
    expect(calls.filter((c) => c.type === 'recording.result').map((c) => c.payload)).toEqual([
      { spaceId: 1, audioId: 12 },
    ]);
  });

  it('searches as plain text unless regex is asked for, from the first page', async () => {
    await act(() => render(h(App, {}), host));
    await settle();
    const input = host.querySelector<HTMLInputElement>('#search')!;
    await act(() => {
      input.value = 'a.b';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settle(350);
    const last = calls.filter((c) => c.type === 'recordings.list').at(-1);
    expect(last?.payload).toEqual({ spaceId: 1, limit: 20, offset: 0, search: 'a.b', regex: false });
  });

  it('shows the charge and the balance after it before starting processing', async () => {
    await act(() => render(h(App, {}), host));
    await settle();
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
    const button = host.querySelector<HTMLButtonElement>(
      '[aria-label="Start processing Never processed.wav"]',
    )!;
    await act(() => button.click());
    const dialog = host.querySelector('[data-testid="process-dialog"]')!;
    expect(dialog.querySelector('[data-testid="charge"]')?.textContent).toBe('10 min');
    expect(dialog.querySelector('[data-testid="balance-now"]')?.textContent).toBe('10 h 00 min');
    expect(dialog.querySelector('[data-testid="balance-after"]')?.textContent).toBe('9 h 50 min');
    expect(calls.some((c) => c.type === 'recording.process')).toBe(false);
  });

  it('shows an error with a retry when the list fails, and an empty state when there is nothing', async () => {
    answers['recordings.list'] = () => ({ error: { kind: 'network', message: 'offline' } });
    await act(() => render(h(App, {}), host));
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('Could not reach the service');
    answers['recordings.list'] = () => ({ count: 0, results: [] });
    await act(() => (host.querySelector('[role="alert"] button') as HTMLButtonElement).click());
    await settle();
    expect(host.querySelector('[data-testid="empty-state"]')?.textContent).toContain('No recordings yet');
  });

  it('signed out: the form with its three labelled fields', async () => {
    answers['session.get'] = () => ({ signedIn: false, serviceUrl: 'http://127.0.0.1:1', warning: null });
    await act(() => render(h(App, {}), host));
    await settleUntil('form');
    const labels = [...host.querySelectorAll('form label')].map((l) => l.textContent);
    expect(labels).toEqual(['Service URL', 'Email', 'Password']);
    expect(host.querySelector('button[type="submit"]')?.textContent).toBe('Sign in');
  });

  it('sign-in: a refused connection is told at once, then tried again after 1 s and 2 s, one attempt per message', async () => {
    answers['session.get'] = () => ({ signedIn: false, serviceUrl: '', warning: null });
    answers['session.signIn'] = () => ({ error: { kind: 'network', message: 'Failed to fetch' } });
    await act(() => render(h(App, {}), host));
    await settleUntil('form');
    const type = async (id: string, value: string) => {
      const input = host.querySelector<HTMLInputElement>(`#${id}`)!;
      await act(() => {
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    await type('service-url', 'localhost:9');
    expect(host.querySelector('[data-testid="service-url-preview"]')?.textContent).toBe(
      'Will connect to http://localhost:9',
    );
    await type('email', 'demo@example.com');
    await type('password', 'pw');
    await act(() => {
      host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await settle();
    const attempts = () => calls.filter((call) => call.type === 'session.signIn');
    expect(attempts()).toHaveLength(1);
    expect(attempts()[0]?.payload).toMatchObject({ serviceUrl: 'http://localhost:9', retry: false });
    expect(host.querySelector('[data-testid="sign-in-progress"]')?.textContent).toContain(
      'http://localhost:9 cannot be reached: nothing answers there.',
    );
    expect(host.querySelector('[data-testid="sign-in-progress"]')?.textContent).toContain('Trying again…');
    await settle(1_050);
    expect(attempts()).toHaveLength(2);
    await settle(2_050);
    expect(attempts()).toHaveLength(3);
    expect(host.querySelector('[data-testid="sign-in-progress"]')).toBeNull();
    expect(host.querySelector('[data-testid="sign-in-error"]')?.textContent).toContain(
      'http://localhost:9 cannot be reached: nothing answers there.',
    );
    expect(host.querySelector('button[type="submit"]')?.textContent).toBe('Sign in');
  });

  it('sign-in: a wrong password is not retried, and a refused address never reaches the background', async () => {
    answers['session.get'] = () => ({ signedIn: false, serviceUrl: '', warning: null });
    answers['session.signIn'] = () => ({ error: { kind: 'auth', reason: 'invalid-credentials' } });
    await act(() => render(h(App, {}), host));
    await settleUntil('form');
    // The form checks the e-mail and password before anything else is sent.
    for (const [id, value] of [
      ['email', 'demo@example.com'],
      ['password', 'not-the-password'],
    ] as const) {
      const field = host.querySelector<HTMLInputElement>(`#${id}`)!;
      await act(() => {
        field.value = value;
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
    const input = host.querySelector<HTMLInputElement>('#service-url')!;
    const submit = () =>
      act(() => {
        host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      });
    await act(() => {
      input.value = 'https://me:hunter2@example.com';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await submit();
    await settle();
    expect(calls.filter((call) => call.type === 'session.signIn')).toHaveLength(0);
    expect(host.querySelector('[data-testid="sign-in-error"]')?.textContent).toContain(
      'A user name or password inside the address is not accepted',
    );
    expect(host.innerHTML).not.toContain('hunter2');
    await act(() => {
      input.value = '127.0.0.1:1';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await submit();
    await settle(1_200);
    expect(calls.filter((call) => call.type === 'session.signIn')).toHaveLength(1);
    expect(host.querySelector('[data-testid="sign-in-error"]')?.textContent).toContain(
      'Wrong email or password',
    );
  });

  it('shows upload progress and speed per file, and cancels through the background', async () => {
    const uploading = {
      ...uploadJob('job-1', 'Board meeting.wav'),
      upload: {
        sentBytes: 12 * 1024 * 1024,
        totalBytes: 25 * 1024 * 1024,
        bytesPerSecond: 1.5 * 1024 * 1024,
      },
    };
    answers['jobs.list'] = () => [uploading];
    answers['jobs.cancel'] = () => ({ ...uploading, phase: 'cancelled' });
    await act(() => render(h(App, {}), host));
    await settle();
    const job = host.querySelector('[data-testid="job"]')!;
    expect(job.querySelector('[data-testid="upload-progress"]')?.textContent).toBe(
      '12.0 MB of 25.0 MB (48%)',
    );
    expect(job.querySelector('[data-testid="upload-speed"]')?.textContent).toBe('1.5 MB/s');
    expect(job.querySelector('progress')?.getAttribute('value')).toBe('48');
    await act(() =>
      (job.querySelector('[aria-label="Cancel Board meeting.wav"]') as HTMLButtonElement).click(),
    );
    await settle();
    expect(calls.filter((c) => c.type === 'jobs.cancel').map((c) => c.payload)).toEqual([{ jobId: 'job-1' }]);
  });

  it('a failed read of the jobs is said in their section with a retry; the retry shows them', async () => {
    const uploading = uploadJob('job-2', 'Weekly.wav');
    answers['jobs.list'] = () => ({ error: { kind: 'network', message: 'Failed to fetch' } });
    await (await import('@/components/failures')).loadFailureTexts();
    await act(() => render(h(App, {}), host));
    await settleUntil('[data-testid="jobs"] [role="alert"]');
    const section = host.querySelector('[data-testid="jobs"]')!;
    expect(section.querySelector('[role="alert"]')?.textContent).not.toBe('');
    expect(section.querySelector('[data-testid="job"]')).toBeNull();
    answers['jobs.list'] = () => [uploading];
    await act(() => (section.querySelector('[role="alert"] button') as HTMLButtonElement).click());
    await settleUntil('[data-testid="job"]');
    expect(host.querySelector('[data-testid="job"]')?.textContent).toContain('Weekly.wav');
    expect(host.querySelector('[data-testid="jobs"] [role="alert"]')).toBeNull();
  });

  it('warns when the session must be renewed soon', async () => {
    answers['session.get'] = () => ({
      signedIn: true,
      email: 'demo@example.com',
      serviceUrl: 'http://127.0.0.1:1',
      warning: 'renewal-ends-soon',
    });
    await act(() => render(h(App, {}), host));
    await settle();
    expect(host.querySelector('[data-testid="session-warning"]')?.textContent).toContain(
      'Your session ends within a day',
    );
  });
});
