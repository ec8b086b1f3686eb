import { describe, expect, it } from 'vitest';
import type { ApiErrorInfo } from '@/lib/api/errors';
import { isMessagingError } from '@/lib/messaging';

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
