import { describe, expect, it } from 'vitest';
import { NO_MARKS_MS, NO_TILES_MS, PageSampler, SAMPLE_MS, SEND_MS } from './sampler';
import type { PageSample, PageTimeline } from './timeline';

type Report = { timeline?: PageTimeline; missing?: string };

function harness(read: (now: number) => PageSample | null, recorded = true) {
  let now = 1_790_000_000_000;
  const reports: Report[] = [];
  const state = { recorded };
  const sampler = new PageSampler({
    now: () => now,
    read,
    send: async (report) => {
      reports.push(report);
      return state.recorded;
    },
  });
  const run = (ms: number) => {
    for (let t = 0; t < ms; t += SAMPLE_MS) {
      now += SAMPLE_MS;
      sampler.tick();
    }
  };
  return { sampler, reports, state, run, now: () => now };
}

const anna = (speaking: boolean) => (now: number) => ({
  t: now,
  present: [{ id: 'a', name: 'Anna' }],
  speaking: speaking ? ['a'] : [],
});

describe('the sampling of a recorded meeting page', () => {
  it('stays idle (reads nothing, sends nothing more) while the tab is not recorded', async () => {
    let reads = 0;
    const h = harness(() => {
      reads += 1;
      return null;
    }, false);
    await h.sampler.check();
    h.run(60_000);
    expect(h.sampler.active).toBe(false);
    expect(reads).toBe(0);
    expect(h.reports).toEqual([{}]);
  });

  it('samples while recorded, sends the timeline every few seconds, and once more at the end', async () => {
    const h = harness(anna(true));
    await h.sampler.check();
    expect(h.sampler.active).toBe(true);
    h.run(SEND_MS * 3);
    const sent = h.reports.filter((r) => r.timeline);
    expect(sent.length).toBe(3);
    expect(sent.at(-1)!.timeline!.participants).toEqual([{ id: 'a', name: 'Anna', self: false }]);
    expect(sent.at(-1)!.timeline!.speaking[0]!.length).toBe(1);
    // The recording stopped: the last timeline goes with the question, then nothing is read.
    h.state.recorded = false;
    await h.sampler.check();
    expect(h.reports.at(-1)!.timeline).toBeDefined();
    expect(h.sampler.active).toBe(false);
    const count = h.reports.length;
    h.run(SEND_MS * 2);
    expect(h.reports.length).toBe(count);
  });

  it('says once that the page showed no participant tiles, and sends no timeline then', async () => {
    const h = harness(() => null);
    await h.sampler.check();
    h.run(NO_TILES_MS + SEND_MS * 2);
    const missing = h.reports.filter((r) => r.missing);
    expect(missing).toEqual([{ missing: 'participant tiles' }]);
    expect(h.reports.some((r) => r.timeline)).toBe(false);
  });

  it('says at the end of a long recording that no speaking mark was ever seen', async () => {
    const h = harness(anna(false));
    await h.sampler.check();
    h.run(NO_MARKS_MS + SEND_MS);
    expect(h.reports.some((r) => r.missing)).toBe(false);
    h.state.recorded = false;
    await h.sampler.check();
    expect(h.reports.at(-1)!.missing).toBe('speaking marks');
  });

  it('says nothing of a short recording without marks', async () => {
    const short = harness(anna(false));
    await short.sampler.check();
    short.run(SEND_MS * 2);
    short.state.recorded = false;
    await short.sampler.check();
    expect(short.reports.some((r) => r.missing)).toBe(false);
  });

  it('asks again when told something while a question was on its way (a bot sent meanwhile)', async () => {
    // The first answer was decided before the bot was sent; the notice came while it travelled.
    const answers = [false, true];
    const pending: Array<() => void> = [];
    let asked = 0;
    const sampler = new PageSampler({
      now: () => 1_790_000_000_000,
      read: anna(true),
      send: () => {
        const answer = answers[asked]!;
        asked += 1;
        return new Promise<boolean>((resolve) => pending.push(() => resolve(answer)));
      },
    });
    const first = sampler.check();
    const second = sampler.check();
    await second;
    expect(asked).toBe(1);
    pending.shift()!();
    await Promise.resolve();
    await Promise.resolve();
    expect(asked).toBe(2);
    pending.shift()!();
    await first;
    expect(sampler.active).toBe(true);
  });
});
