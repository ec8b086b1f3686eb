import { describe, expect, it } from 'vitest';
import { serialQueue } from '@/lib/serial';

describe('serialQueue', () => {
  it('runs works one after another in the order given, never two at once', async () => {
    const serial = serialQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const work = (name: string, ticks: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`${name} start`);
      for (let i = 0; i < ticks; i += 1) await Promise.resolve();
      log.push(`${name} end`);
      running -= 1;
      return name;
    };
    const answers = await Promise.all([serial(work('a', 5)), serial(work('b', 1)), serial(work('c', 3))]);
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(most).toBe(1);
  });

  it('hands a failure to its caller and goes on with the next work', async () => {
    const serial = serialQueue();
    const failed = serial(async () => {
      throw new Error('broken');
    });
    const next = serial(async () => 'after');
    await expect(failed).rejects.toThrow('broken');
    await expect(next).resolves.toBe('after');
  });

  it('keeps separate queues apart', async () => {
    const first = serialQueue();
    const second = serialQueue();
    const log: string[] = [];
    let release: () => void = () => undefined;
    const blocked = first(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await second(async () => log.push('second ran'));
    expect(log).toEqual(['second ran']);
    release();
    await blocked;
  });
});
