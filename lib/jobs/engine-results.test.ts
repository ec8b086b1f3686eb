import { describe, expect, it } from 'vitest';
import { SEED, useHarness } from './testing/harness';

const PERSONAL = SEED.spaces.personal;
const UPLOADED = SEED.recordings.uploadedNotProcessed;

describe('a ready job hands its result on once, before it is marked ready', () => {
  const h = useHarness();

  it('the result read to finish the job reaches onResult exactly once', async () => {
    const job = await h().engine.createProcess(PERSONAL, UPLOADED);
    const done = await h().tickUntil(job.id, (j) => j.phase === 'ready');
    for (let i = 0; i < 3; i += 1) await h().engine.tick();
    const handed = h().results.filter((r) => r.job.id === job.id);
    expect(handed).toHaveLength(1);
    expect(handed[0]!.job.phase).not.toBe('ready');
    expect(handed[0]!.result.classified).toBe(true);
    expect(handed[0]!.result.success).toBe(true);
    expect(typeof handed[0]!.result.result?.protocol).toBe('string');
    expect(done.phase).toBe('ready');
  });

  it('a failing onResult does not keep the job from ending ready', async () => {
    const harness = h();
    const job = await harness.engine.createProcess(PERSONAL, UPLOADED);
    harness.failResults = true;
    const done = await harness.tickUntil(job.id, (j) => j.phase === 'ready');
    expect(done.phase).toBe('ready');
    expect(harness.results.filter((r) => r.job.id === job.id)).toHaveLength(1);
  });
});
