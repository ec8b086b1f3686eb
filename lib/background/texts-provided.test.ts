/**
 * The worker's Russian texts (lib/background/texts-provided.ts): handed to every catalog of the
 * worker when it starts; without them a Russian text reads in English and says so in the console.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Session } from '@/lib/api';
import type { ChargeIncident } from '@/lib/charges/types';
import type { Job } from '@/lib/jobs/types';

/**
 * Fresh copies of the catalogs (the test setup provides every language to the ones other tests
 * use), with the worker's Russian texts provided unless `provided` is false.
 */
async function worker(options: { provided?: boolean } = {}) {
  vi.resetModules();
  const [provider, background, failures, charges, jobs, session] = await Promise.all([
    import('@/lib/background/texts-provided'),
    import('@/lib/background/texts'),
    import('@/lib/failures'),
    import('@/lib/charges/texts'),
    import('@/lib/jobs/describe'),
    import('@/lib/background/session'),
  ]);
  if (options.provided ?? true) provider.provideRussianTexts();
  return { background, failures, charges, jobs, session };
}

const incident: ChargeIncident = {
  id: 'i1',
  kind: 'double-charge',
  at: Date.UTC(2030, 0, 1, 10),
  spaceId: 1,
  audioId: 7,
  title: 'Board meeting.wav',
  durationSeconds: 600,
  extraCharges: 1,
} as ChargeIncident;

const readyJob = { id: 'j1', phase: 'ready', intent: 'upload', spaceId: 1 } as Job;

describe('the worker’s Russian texts', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('English is English', async () => {
    const { background, failures, charges, jobs } = await worker();
    expect(background.backgroundTexts('en').readyTitle).toBe('Protocol ready');
    expect(failures.describeError({ kind: 'unpaid' }, 'en')).toMatch(/paid/);
    expect(charges.incidentTitle(incident, 'en')).toBe('Charged more than once');
    expect(jobs.describeJob(readyJob, 'en')).toBe('The protocol is ready.');
  });

  it('every catalog of the worker is Russian', async () => {
    const { background, failures, charges, jobs } = await worker();
    expect(background.backgroundTexts('ru').readyTitle).toBe('Протокол готов');
    // The service's errors, through the failure texts' `api` catalog.
    expect(failures.describeError({ kind: 'unpaid' }, 'ru')).toMatch(/[а-я]/);
    expect(failures.describeError({ kind: 'unpaid' }, 'ru')).not.toBe(
      failures.describeError({ kind: 'unpaid' }, 'en'),
    );
    expect(failures.describeJobFailure({ kind: 'processing-failed' }, 'ru')).toBe(
      failures.failureTexts('ru').processingFailed,
    );
    expect(failures.failureTexts('ru').processingFailed).toMatch(/^Обработка завершилась ошибкой/);
    expect(charges.incidentTitle(incident, 'ru')).toBe('Списано больше одного раза');
    expect(charges.incidentText(incident, 'ru')).toMatch(
      /«Board meeting\.wav» 2 раза вместо одного \(по 10 мин/,
    );
    expect(jobs.describeJob(readyJob, 'ru')).toBe('Протокол готов.');
    expect(failures.describeError({ kind: 'not-a-video-page' }, 'ru')).toBe(
      'Это не страница с видео, которую сервис может расшифровать.',
    );
    expect(background.backgroundTexts('ru').menuSendBot).toBe('Отправить бота на эту встречу');
  });

  it('a Russian session notice is in Russian', async () => {
    const { session } = await worker();
    const DAY = 86_400_000;
    const T0 = Date.UTC(2030, 0, 1);
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = (exp: number) => `${part({ alg: 'HS256' })}.${part({ iat: T0 / 1000, exp })}.s`;
    const signedIn: Session = {
      access: token(T0 / 1000 + 30 * 86_400),
      refresh: token(T0 / 1000 + 86_400),
      accessExpiresAt: T0 + 30 * DAY,
      refreshExpiresAt: T0 + DAY,
      email: 'demo@example.com',
    };
    await session.checkSessionNotices(signedIn, null, T0 + DAY, 'ru');
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
    await session.checkSessionNotices(signedIn, null, T0 + 29 * DAY + 5, 'ru');
    expect((await fakeBrowser.notifications.getAll()).session).toMatchObject({
      title: 'Скоро нужно войти снова',
    });
  });

  it('texts not provided read in English and say so in the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { background } = await worker({ provided: false });
    expect(background.backgroundTexts('ru').readyTitle).toBe('Protocol ready');
    expect(error).toHaveBeenCalledWith('background texts (ru) missing: English used');
  });
});
