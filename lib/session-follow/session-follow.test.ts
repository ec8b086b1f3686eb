import { describe, expect, it } from 'vitest';
import type { SessionView } from '@/lib/messaging';
import { sessionStep, shownAccount } from './index';

const URL_A = 'https://a.example';
const signedIn = (email: string, serviceUrl = URL_A, extra: Partial<SessionView> = {}): SessionView => ({
  signedIn: true,
  serviceUrl,
  email,
  warning: null,
  ...extra,
});
const signedOut = (serviceUrl = URL_A, email?: string): SessionView => ({
  signedIn: false,
  serviceUrl,
  warning: email === undefined ? null : 'expired',
  ...(email === undefined ? {} : { email }),
});

describe('the account a page shows', () => {
  it('is the service and the e-mail when signed in, and nobody when signed out', () => {
    expect(shownAccount(signedIn('demo@example.com'))).toBe(`${URL_A}\ndemo@example.com`);
    expect(shownAccount(signedOut())).toBeNull();
    // The e-mail a signed-out view offers again is nobody's data on screen.
    expect(shownAccount(signedOut(URL_A, 'demo@example.com'))).toBeNull();
    expect(shownAccount(null)).toBeNull();
    expect(shownAccount(undefined)).toBeNull();
  });
});

describe('the step an open page takes when the session changed', () => {
  it('keeps what it shows for the same account (a renewed token, a new warning)', () => {
    const now = signedIn('demo@example.com', URL_A, { warning: 'renewal-ends-soon', renewableUntil: 5 });
    expect(sessionStep(signedIn('demo@example.com'), now)).toBe('same');
    expect(sessionStep(signedOut(), signedOut())).toBe('same');
    expect(sessionStep(signedOut(), signedOut(URL_A, 'demo@example.com'))).toBe('same');
  });

  it('drops the account on a sign-out, whoever ended the session', () => {
    expect(sessionStep(signedIn('demo@example.com'), signedOut())).toBe('signed-out');
    expect(sessionStep(signedIn('demo@example.com'), signedOut(URL_A, 'demo@example.com'))).toBe(
      'signed-out',
    );
  });

  it('drops the account and reads the new one on a sign-in as another account', () => {
    expect(sessionStep(signedOut(), signedIn('other@example.com'))).toBe('other-account');
    expect(sessionStep(signedIn('demo@example.com'), signedIn('other@example.com'))).toBe('other-account');
  });

  it('treats the same e-mail at another service as another account', () => {
    expect(sessionStep(signedIn('demo@example.com'), signedIn('demo@example.com', 'https://b.example'))).toBe(
      'other-account',
    );
  });

  it('takes the view as it is when nothing was known yet', () => {
    expect(sessionStep(null, signedOut())).toBe('signed-out');
    expect(sessionStep(null, signedIn('demo@example.com'))).toBe('other-account');
  });
});
