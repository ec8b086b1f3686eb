/**
 * A stored page timeline (timeline.ts) read back: storage and messages hold whatever they were
 * given, so the builder's bounds are applied again. A module of its own so that the meeting pages'
 * sampling script, which builds timelines, takes none of the schema library it uses.
 */
import { z } from '@/lib/zod';
import type { Interval } from './intervals';
import { cleanId, cleanName, MAX_INTERVALS, MAX_PARTICIPANTS, type PageTimeline } from './timeline';

// Intervals are checked one by one (a bad one is dropped, not the timeline).
const interval = z.unknown();
const stored = z.object({
  v: z.literal(1),
  origin: z.number(),
  participants: z.array(z.object({ id: z.string(), name: z.string(), self: z.boolean() })),
  speaking: z.array(z.array(interval)),
  observed: z.array(interval),
  truncated: z.boolean(),
});

/**
 * A stored timeline read back, with the builder's bounds applied again (names cleaned, at most
 * 500 participants and 20,000 intervals, only finite, ordered intervals); null when it is not a
 * timeline at all.
 */
export function parseTimeline(value: unknown): PageTimeline | null {
  const parsed = stored.safeParse(value);
  if (!parsed.success || !Number.isFinite(parsed.data.origin)) return null;
  const data = parsed.data;
  let budget = MAX_INTERVALS;
  const take = (list: unknown[]): Interval[] => {
    const kept: Interval[] = [];
    for (const item of list) {
      if (budget <= 0) break;
      if (!Array.isArray(item) || item.length !== 2) continue;
      const [s, e] = item as unknown[];
      if (
        typeof s === 'number' &&
        typeof e === 'number' &&
        Number.isFinite(s) &&
        Number.isFinite(e) &&
        e > s &&
        s >= 0
      ) {
        kept.push([s, e]);
        budget -= 1;
      }
    }
    return kept;
  };
  const count = Math.min(MAX_PARTICIPANTS, data.participants.length);
  const participants = data.participants
    .slice(0, count)
    .map((p) => ({ id: cleanId(p.id), name: cleanName(p.name), self: p.self }));
  const observed = take(data.observed);
  const speaking = participants.map((_, i) => take(data.speaking[i] ?? []));
  return {
    v: 1,
    origin: data.origin,
    participants,
    speaking,
    observed,
    truncated: data.truncated || data.participants.length > count || budget <= 0,
  };
}
