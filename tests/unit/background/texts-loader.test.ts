/**
 * The worker's Russian texts (lib/background/texts-loader.ts): loaded with the part `texts-ru`
 * through `part()` (importScripts, faked here) the first time a text in Russian is asked for, all
 * catalogs at once; an English worker, or one with nothing to say, loads nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Session } from '@/lib/api';
import type { ChargeIncident } from '@/lib/charges/types';
import type { Job } from '@/lib/jobs/types';

type Scope = { importScripts?: (...urls: string[]) => void; __mcParts?: object };
const scope = globalThis as unknown as Scope;

/**
 * Fresh copies of the catalogs (the test setup provides every language to the ones other tests
 * use), the worker's hooks set with `part('texts-ru')`, and a fake importScripts that runs the
 * part's script the way the worker would.
 */
async function worker(options: { failing?: boolean } = {}) {
  vi.resetModules();
  delete scope.__mcParts;
  const [loader, parts, textsRu, background, failures, charges, jobs, session] = await Promise.all([
    import('@/lib/background/texts-loader'),
    import('@/lib/background/parts'),
    import('@/lib/background/parts/texts-ru'),
    import('@/lib/background/texts'),
    import('@/lib/failures'),
    import('@/lib/charges/texts'),
    import('@/lib/jobs/describe'),
    import('@/lib/background/session'),
  ]);
  const imported: string[] = [];
  scope.importScripts = (...urls: string[]) => {
    imported.push(...urls);
    if (options.failing) throw new Error('NetworkError: script not installed');
    parts.definePart('texts-ru', textsRu);
  };
  loader.loadTextsOnDemand(() => parts.part('texts-ru'));
  return { imported, background, failures, charges, jobs, session };
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
    delete scope.importScripts;
    delete scope.__mcParts;
    vi.restoreAllMocks();
  });

  it('English never loads the part', async () => {
    const { imported, background, failures, charges, jobs } = await worker();
    expect(background.backgroundTexts('en').readyTitle).toBe('Protocol ready');
    expect(failures.describeError({ kind: 'unpaid' }, 'en')).toMatch(/paid/);
    expect(charges.incidentTitle(incident, 'en')).toBe('Charged more than once');
    expect(jobs.describeJob(readyJob, 'en')).toBe('The protocol is ready.');
    expect(imported).toEqual([]);
  });

  it('the first Russian text loads the part once, and every catalog is Russian from then on', async () => {
    const { imported, background, failures, charges, jobs } = await worker();
    expect(background.backgroundTexts('ru').readyTitle).toBe('Протокол готов');
    expect(imported).toEqual(['/worker-texts-ru.js']);
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
    expect(imported).toEqual(['/worker-texts-ru.js']);
  });

  it('whichever catalog asks first loads them all (a failure sentence here)', async () => {
    const { imported, background, failures } = await worker();
    expect(failures.describeError({ kind: 'not-a-video-page' }, 'ru')).toBe(
      'Это не страница с видео, которую сервис может расшифровать.',
    );
    expect(background.backgroundTexts('ru').menuSendBot).toBe('Отправить бота на эту встречу');
    expect(imported).toHaveLength(1);
  });

  it('a Russian session check with nothing to say loads nothing; a notice is in Russian', async () => {
    const { imported, session } = await worker();
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
    expect(imported).toEqual([]);
    await session.checkSessionNotices(signedIn, null, T0 + 29 * DAY + 5, 'ru');
    expect((await fakeBrowser.notifications.getAll()).session).toMatchObject({
      title: 'Скоро нужно войти снова',
    });
    expect(imported).toEqual(['/worker-texts-ru.js']);
  });

  it('a part that cannot load is logged, not silent; the text is English and the next one tries again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { imported, background } = await worker({ failing: true });
    expect(background.backgroundTexts('ru').readyTitle).toBe('Protocol ready');
    expect(error).toHaveBeenCalledWith('background texts (ru) not loaded', expect.any(Error));
    expect(error).toHaveBeenCalledWith('background texts (ru) missing: English used');
    background.backgroundTexts('ru');
    expect(imported).toHaveLength(2);
  });
});
