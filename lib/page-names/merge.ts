/**
 * Two page timelines of one meeting made one: two tabs of the meeting sampled at once, or a tab
 * reloaded (a new timeline from its first sample on). Each page sends its whole timeline so far
 * every few seconds, so what is kept is the union of what every page saw: participants by their
 * page id (a name seen later replaces an empty one, the own-tile mark is kept), speaking and
 * observed intervals joined on the earlier origin. The union is the same whatever order the
 * reports come in, and a report sent again changes nothing.
 *
 * Bounds as the builder's (timeline.ts): at most `MAX_PARTICIPANTS` participants and
 * `MAX_INTERVALS` intervals (the earliest kept); a timeline cut by them is `truncated`.
 */
import { type Interval, mergeIntervals } from './intervals';
import { MAX_INTERVALS, MAX_PARTICIPANTS, type PageTimeline, type Participant } from './timeline';

/** A timeline with nobody in it and nothing watched: an entry's placeholder, which adds nothing. */
function isEmpty(timeline: PageTimeline): boolean {
  return timeline.participants.length === 0 && timeline.observed.length === 0;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function mergeTimelines(a: PageTimeline, b: PageTimeline): PageTimeline {
  if (isEmpty(a)) return b;
  if (isEmpty(b)) return a;
  const origin = Math.min(a.origin, b.origin);
  const shifted = (list: readonly Interval[], from: number): Interval[] => {
    const by = (from - origin) / 1000;
    return list.map(([start, end]) => [round(start + by), round(end + by)]);
  };
  const participants: Participant[] = [];
  const speaking: Interval[][] = [];
  const index = new Map<string, number>();
  let truncated = a.truncated || b.truncated;
  for (const timeline of [a, b])
    timeline.participants.forEach((participant, i) => {
      let at = index.get(participant.id);
      if (at === undefined) {
        if (participants.length >= MAX_PARTICIPANTS) {
          truncated = true;
          return;
        }
        at = participants.length;
        index.set(participant.id, at);
        participants.push({ ...participant });
        speaking.push([]);
      } else {
        const known = participants[at]!;
        if (participant.name) known.name = participant.name;
        if (participant.self) known.self = true;
      }
      speaking[at]!.push(...shifted(timeline.speaking[i] ?? [], timeline.origin));
    });
  let budget = MAX_INTERVALS;
  const take = (list: Interval[]): Interval[] => {
    const merged = mergeIntervals(list);
    if (merged.length > budget) truncated = true;
    const kept = merged.slice(0, Math.max(0, budget));
    budget -= kept.length;
    return kept;
  };
  const observed = take([...shifted(a.observed, a.origin), ...shifted(b.observed, b.origin)]);
  return {
    v: 1,
    origin,
    participants,
    speaking: speaking.map(take),
    observed,
    truncated,
  };
}
