import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiErrorInfo } from '@/lib/api/errors';
import { describeError } from '@/lib/failures';
import { isMessagingError, sendMessage } from '@/lib/messaging';
import { PAGE_SCOPED, pageRequestSchemas, requestSchemas } from '@/lib/messaging-schemas';
import { isPageAction } from '@/lib/page/outcome';

describe('isMessagingError', () => {
  it('recognises the background’s own failures', () => {
    expect(isMessagingError({ kind: 'permission-denied', origin: 'https://x.test' })).toBe(true);
    expect(isMessagingError({ kind: 'internal', message: 'boom' })).toBe(true);
    expect(isMessagingError({ kind: 'not-a-video-page' })).toBe(true);
  });

  it('leaves the service’s errors to the API formatter', () => {
    const network = { kind: 'network', message: 'reset' } as unknown as ApiErrorInfo;
    expect(isMessagingError(network)).toBe(false);
    // A kind named like an Object.prototype member is not mistaken for one of ours.
    expect(isMessagingError({ kind: 'toString' } as unknown as ApiErrorInfo)).toBe(false);
  });
});

describe('sendMessage', () => {
  afterEach(() => {
    fakeBrowser.reset();
    vi.restoreAllMocks();
  });

  it('gives the background’s answer, with the page sentence when there is one', async () => {
    const answer = { ok: true, data: null, outcome: { tone: 'success', text: 'Hidden.' } };
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(answer);
    expect(await sendMessage('page.hideOnSite', { host: 'meet.google.com' })).toEqual(answer);
  });

  it('no answer, a thrown error or a stranger’s answer are one `no-answer` failure', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    const noAnswer = { ok: false, error: { kind: 'no-answer' } };
    send.mockResolvedValueOnce(undefined);
    expect(await sendMessage('session.get', {})).toEqual(noAnswer);
    send.mockRejectedValueOnce(new Error('Could not establish connection. Receiving end does not exist.'));
    expect(await sendMessage('page.context', {})).toEqual(noAnswer);
    send.mockResolvedValueOnce('pong');
    expect(await sendMessage('jobs.list', {})).toEqual(noAnswer);
  });

  it('words no answer in the language in force (no English inside a Russian sentence)', () => {
    expect(describeError({ kind: 'no-answer' }, 'en')).toMatch(/background did not answer/);
    const ru = describeError({ kind: 'no-answer' }, 'ru');
    expect(ru).toMatch(/не ответила/);
    expect(ru).not.toMatch(/[A-Za-z]{3,}/);
  });
});

describe('the page messages derive from the one message table', () => {
  it('the senders’ check and the page actions follow pageRequestSchemas', () => {
    const pageTypes = Object.keys(pageRequestSchemas);
    expect([...PAGE_SCOPED].sort()).toEqual([...pageTypes].sort());
    for (const type of pageTypes) expect(Object.hasOwn(requestSchemas, type)).toBe(true);
    expect(pageTypes.filter(isPageAction).sort()).toEqual(
      pageTypes.filter((t) => t !== 'page.context').sort(),
    );
    expect(isPageAction('session.get')).toBe(false);
  });
});
