import { describe, expect, it } from 'vitest';
import {
  activeJobFor,
  needsProbe,
  probeFromResult,
  recordingStatus,
  type StatusFlags,
} from '@/lib/format/status';
import type { Job } from '@/lib/jobs/types';

const flags = (overrides: Partial<StatusFlags>): StatusFlags => ({
  is_active: true,
  is_uploaded: true,
  was_classified: false,
  result_is_ready: false,
  ...overrides,
});

const job = (overrides: Partial<Job>): Job => ({
  id: 'j1',
  intent: 'process',
  phase: 'processing',
  spaceId: 1,
  createdAt: 0,
  updatedAt: 0,
  autoProcess: false,
  audioId: 7,
  ...overrides,
});

describe('recording status from the states table', () => {
  it('trash wins over every other flag', () => {
    expect(recordingStatus(flags({ is_active: false, result_is_ready: true, was_classified: true }))).toBe(
      'trash',
    );
  });

  it('not uploaded: upload pending, or downloading while a link job downloads it', () => {
    expect(recordingStatus(flags({ is_uploaded: false }))).toBe('upload-pending');
    expect(
      recordingStatus(flags({ is_uploaded: false }), { job: job({ intent: 'link', phase: 'downloading' }) }),
    ).toBe('downloading');
  });

  it('result ready and failed runs follow the flags', () => {
    expect(recordingStatus(flags({ was_classified: true, result_is_ready: true }))).toBe('ready');
    expect(recordingStatus(flags({ was_classified: true, result_is_ready: false }))).toBe('failed');
  });

  it('uploaded and never classified: the result endpoint decides', () => {
    const uploaded = flags({});
    expect(needsProbe(uploaded)).toBe(true);
    expect(recordingStatus(uploaded)).toBe('checking');
    expect(recordingStatus(uploaded, { probe: 'not-started' })).toBe('ready-to-process');
    expect(recordingStatus(uploaded, { probe: 'running' })).toBe('processing');
    expect(recordingStatus(uploaded, { probe: 'failed' })).toBe('failed');
    expect(recordingStatus(uploaded, { probe: 'succeeded' })).toBe('ready');
  });

  it('a running job means processing, also for a re-run of a finished recording', () => {
    expect(recordingStatus(flags({}), { job: job({ phase: 'starting' }) })).toBe('processing');
    expect(recordingStatus(flags({ was_classified: true, result_is_ready: true }), { job: job({}) })).toBe(
      'processing',
    );
  });

  it('only open recordings with undecided flags need the result endpoint', () => {
    expect(needsProbe(flags({ is_uploaded: false }))).toBe(false);
    expect(needsProbe(flags({ is_active: false }))).toBe(false);
    expect(needsProbe(flags({ was_classified: true }))).toBe(false);
    expect(needsProbe(flags({ result_is_ready: true }))).toBe(false);
  });

  it('reads the result answer', () => {
    expect(probeFromResult(null)).toBe('not-started');
    expect(probeFromResult({ classified: false })).toBe('running');
    expect(probeFromResult({ classified: true, success: true })).toBe('succeeded');
    expect(probeFromResult({ classified: true, success: false })).toBe('failed');
    expect(probeFromResult({ classified: true, success: null })).toBe('failed');
  });

  it('finds the job still working on a recording and ignores finished ones', () => {
    const jobs = [
      job({ id: 'a', phase: 'ready' }),
      job({ id: 'b', phase: 'processing' }),
      job({ id: 'c', audioId: 8 }),
    ];
    expect(activeJobFor(7, jobs)?.id).toBe('b');
    expect(activeJobFor(9, jobs)).toBeUndefined();
  });
});
