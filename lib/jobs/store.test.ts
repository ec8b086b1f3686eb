import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FINISHED_JOB_TTL_MS, MAX_FINISHED_JOBS } from './limits';
import { createJobStore, jobsItem, pruneFinished } from './store';
import type { Job } from './types';

const NOW = Date.UTC(2030, 0, 1);

function job(id: string, extra: Partial<Job> = {}): Job {
  return {
    id,
    intent: 'process',
    phase: 'processing',
    spaceId: 1,
    createdAt: NOW,
    updatedAt: NOW,
    autoProcess: true,
    ...extra,
  };
}

describe('job store', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('concurrent updates of different jobs all land', async () => {
    const store = createJobStore(() => NOW);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.update(`j${i}`, () => job(`j${i}`))));
    expect(Object.keys(await jobsItem.getValue())).toHaveLength(20);
  });

  it('keeps active jobs, drops finished ones past the age or count limit', () => {
    const jobs: Record<string, Job> = { active: job('active', { updatedAt: 0 }) };
    jobs.old = job('old', { phase: 'ready', finishedAt: NOW - FINISHED_JOB_TTL_MS - 1 });
    for (let i = 0; i < MAX_FINISHED_JOBS + 5; i += 1) {
      jobs[`f${i}`] = job(`f${i}`, { phase: 'failed', finishedAt: NOW - i * 1000 });
    }
    const kept = pruneFinished(jobs, NOW);
    expect(kept.active).toBeDefined();
    expect(kept.old).toBeUndefined();
    expect(Object.keys(kept)).toHaveLength(MAX_FINISHED_JOBS + 1);
    expect(kept.f0).toBeDefined();
    expect(kept[`f${MAX_FINISHED_JOBS}`]).toBeUndefined();
  });

  it('an update that returns undefined changes nothing', async () => {
    const store = createJobStore(() => NOW);
    await store.update('a', () => job('a'));
    expect(await store.update('a', () => undefined)).toMatchObject({ id: 'a' });
    await store.remove('a');
    expect(await store.list()).toEqual([]);
  });
});
