/** Page samples for the timeline's tests (timeline.test.ts, stored-timeline.test.ts). */
import type { PageSample } from './timeline';

export const T0 = 1_790_000_000_000;
export const people = [
  { id: 'a', name: 'Anna Petrova', self: true },
  { id: 'b', name: 'Tom Becker' },
];

/** Samples every 250 ms from `from` to `to` seconds, `who(t)` speaking. */
export function* samples(from: number, to: number, who: (t: number) => string[]): Generator<PageSample> {
  for (let t = from; t <= to + 1e-9; t += 0.25)
    yield { t: T0 + Math.round(t * 1000), present: people, speaking: who(t) };
}
