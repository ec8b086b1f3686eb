import { describe, expect, it } from 'vitest';
import { describeJobFailure as describeFailure } from '../failures';
import type { Lang } from '../i18n';
import { describeJob } from './describe';
import type { Job, JobFailure, JobPhase } from './types';

const FAILURES: JobFailure[] = [
  { kind: 'api', error: { kind: 'bot-busy' } },
  { kind: 'api', error: { kind: 'unpaid' } },
  { kind: 'processing-failed' },
  { kind: 'processing-server-error' },
  { kind: 'download-probably-failed', waitedMs: 31 * 60_000 },
  { kind: 'bot-no-recording', waitedMs: 6 * 3_600_000 + 60_000 },
  { kind: 'upload-file-missing' },
  { kind: 'not-enough-balance', availableSeconds: 120, neededSeconds: 3600, spaceName: 'Team' },
  { kind: 'not-enough-balance', availableSeconds: 0, neededSeconds: 60 },
  { kind: 'permission-denied', origin: 'https://storage.example.org' },
  { kind: 'processing-not-started', waitedMs: 11 * 60_000 },
  { kind: 'account-changed' },
  { kind: 'recording-not-uploaded' },
];

const PHASES: JobPhase[] = [
  'requesting',
  'waiting-meeting',
  'submitting',
  'downloading',
  'uploading',
  'assembling',
  'starting',
  'processing',
  'uploaded',
  'ready',
  'cancelled',
];

function job(phase: JobPhase, extra: Partial<Job> = {}): Job {
  return {
    id: 'j',
    intent: 'upload',
    phase,
    spaceId: 1,
    createdAt: 0,
    updatedAt: 0,
    autoProcess: true,
    ...extra,
  };
}

describe('descriptions a person understands', () => {
  for (const lang of ['en', 'ru'] as Lang[]) {
    it(`every failure has its own sentence (${lang})`, () => {
      const texts = FAILURES.map((failure) => describeFailure(failure, lang));
      for (const text of texts) expect(text.length).toBeGreaterThan(15);
      expect(new Set(texts).size).toBe(texts.length);
    });

    it(`every phase has its own sentence (${lang})`, () => {
      const texts = PHASES.map((phase) => describeJob(job(phase), lang));
      expect(new Set(texts).size).toBe(texts.length);
    });
  }

  it('names the limits and the numbers', () => {
    expect(describeFailure(FAILURES[4]!, 'en')).toContain('31 min');
    expect(describeFailure(FAILURES[5]!, 'en')).toContain('6 h');
    expect(describeFailure(FAILURES[7]!, 'en')).toBe(
      '2 min of processing time left in Team; this recording needs 1 h 00 min.',
    );
    expect(describeFailure(FAILURES[7]!, 'ru')).toContain('В пространстве «Team» осталось 2 мин');
    expect(describeFailure(FAILURES[9]!, 'ru')).toContain('https://storage.example.org');
  });

  it('API failures use the client messages', () => {
    expect(describeFailure({ kind: 'api', error: { kind: 'auth', reason: 'session-expired' } }, 'en')).toBe(
      'Your session has ended. Sign in again.',
    );
  });

  it('upload progress, speed, and a job waiting for the user', () => {
    const uploading = job('uploading', {
      upload: { sentBytes: 5, totalBytes: 10, bytesPerSecond: 2_500_000 },
    });
    expect(describeJob(uploading, 'en')).toBe('Uploading: 50% (2.5 MB/s)');
    expect(describeJob(job('processing', { blocked: 'sign-in' }), 'ru')).toBe(
      'Идёт обработка… Чтобы продолжить, войдите снова.',
    );
    const waiting = job('uploading', { blocked: 'site', blockedOrigin: 'http://localhost:9000' });
    expect(describeJob(waiting, 'en')).toBe(
      'Uploading: 0% Waiting for access to localhost:9000, where recordings are uploaded: allow it in Meeting Capture to continue.',
    );
    expect(describeJob(waiting, 'ru')).toContain('Ждёт доступа к localhost:9000');
    expect(describeJob(job('failed', { failure: { kind: 'processing-failed' } }), 'en')).toContain(
      'returned',
    );
  });
});
