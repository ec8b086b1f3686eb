import { describe, expect, it } from 'vitest';
import { describeError } from '@/lib/failures';
import type { MessagingErrorInfo } from '@/lib/messaging';

describe('describeError: the background’s own refusals, in both languages', () => {
  const refusal: MessagingErrorInfo = { kind: 'not-cancellable' };

  it('a job past its request says why it cannot be cancelled', () => {
    expect(describeError(refusal, 'en')).toMatch(/can no longer be cancelled.*charged/);
    expect(describeError(refusal, 'ru')).toMatch(/уже нельзя отменить.*оплачивается/);
  });

  it('a denied origin names the origin', () => {
    const denied: MessagingErrorInfo = { kind: 'permission-denied', origin: 'https://svc.example' };
    expect(describeError(denied, 'en')).toContain('https://svc.example');
    expect(describeError(denied, 'ru')).toContain('https://svc.example');
  });
});
