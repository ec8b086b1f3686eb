/**
 * Names for the service's `SPEAKER_<nn>` labels, by overlap voting between the page's speaking
 * intervals (aligned to the recording) and the service's `speakers_timeline`.
 *
 * For each label: its talk time while the page was watched, and for each page participant the
 * seconds in which both spoke. The participant with the most seconds names the label only if
 * - coverage: those seconds are at least `coverage` of the label's watched talk time,
 * - support: they are at least `support` seconds,
 * - lead: they are at least `lead` times the runner-up's seconds.
 * Otherwise the label stays, and the page's names are offered as choices (most overlap first).
 *
 * Names the user (or the service) already gave never change: only labels still reading
 * `SPEAKER_<nn>` get suggestions. A labelled voice still claims the page participant it matches,
 * so that participant's name is not given to another voice.
 *
 * One page name for one label: labels are served in order of their evidence (most seconds first)
 * and a participant already claimed is given to a second label only on overwhelming evidence (the
 * same person split into two voices by the diarization): coverage >= 0.9, support >= 60 s and a
 * lead of 5 over the runner-up. The evidence says how the name was found.
 *
 * A voice heard too little for the thresholds is still named when the page's evidence for it is
 * unambiguous (`ALONE`), however short its talk: over the time it spoke alone (no other voice at
 * once), one tile was lit for at least 80 % of it (at least 1 s) and any other for at most a fifth
 * of that, that tile was lit mostly for this voice (at least half of its lit time in which any
 * voice spoke), and its participant is not claimed. These come after every other name, so a name
 * given by the thresholds is never taken by one; the evidence says it was found this way.
 *
 * Page names are matched by participant, never by name: two people called Anna are two
 * participants; two participants showing the very same name are told apart as "Anna", "Anna (2)".
 */

import type { Alignment } from './align';
import { type Interval, intersect, mergeIntervals, overlapLength, subtract, totalLength } from './intervals';
import type { PageTimeline } from './timeline';

export interface Thresholds {
  coverage: number;
  support: number;
  lead: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { coverage: 0.5, support: 5, lead: 2 };
export const OVERWHELMING: Thresholds = { coverage: 0.9, support: 60, lead: 5 };
/**
 * A voice named by the time it spoke alone (see the module comment): its one tile lit for this
 * share of that time, for at least this many seconds, with this lead over any other tile.
 */
export const ALONE: Thresholds = { coverage: 0.8, support: 1, lead: 5 };
/** The share of its tile's lit time (while any voice spoke) a voice named `ALONE` must account for. */
const ALONE_TILE_SHARE = 0.5;
/** At most this many names are offered as choices for one label. */
export const MAX_CHOICES = 20;

const UNLABELLED = /^SPEAKER_\d+$/i;

/** True for a name the service gives a voice it does not know (`SPEAKER_03`), or none. */
export function isUnlabelled(name: string | undefined): boolean {
  const trimmed = (name ?? '').trim();
  return trimmed === '' || UNLABELLED.test(trimmed);
}

export interface Suggestion {
  speakerId: string;
  /** The label's current name (`SPEAKER_01`). */
  label: string;
  /** The page name suggested, or null when the evidence falls short. */
  name: string | null;
  /**
   * How the name was found: `overlap` by the thresholds over all its talk; `alone` by the time it
   * spoke alone with one tile lit (`seconds` and `coverage` are of that time then).
   */
  basis: 'overlap' | 'alone';
  /** Seconds the label and the suggested (else the best) participant spoke together. */
  seconds: number;
  /** Those seconds as a share of the label's talk time while the page was watched (0..1). */
  coverage: number;
  /** The label's talk time while the page was watched. */
  talk: number;
  /** Page names offered for the label, most overlap first (empty when a name is suggested). */
  choices: string[];
  /**
   * `named`; else why not: `unaligned` (the page's timeline could not be placed on the
   * recording), `none` (nobody on the page spoke with it), `weak` (below the thresholds), `taken`
   * (its best match already names another voice: `takenBy` is that voice's label).
   */
  reason: 'named' | 'unaligned' | 'none' | 'weak' | 'taken';
  /** The best match's name when it was not suggested. */
  best: string | null;
  takenBy: string | null;
}

export interface Matching {
  /** One per unlabelled speaker of the result, in the order of the result's speaker ids. */
  suggestions: Suggestion[];
}

export interface MatchInput {
  timeline: PageTimeline;
  alignment: Alignment;
  /** Speaker id → intervals in seconds of the recording (the normalized `speakers_timeline`). */
  speakers: Readonly<Record<string, readonly Interval[]>>;
  /** Speaker id → current name (the service's map with the user's renames over it). */
  names: Readonly<Record<string, string>>;
  thresholds?: Thresholds;
  /** The evidence a second voice needs to get a name already given (`OVERWHELMING`). */
  overwhelming?: Thresholds;
}

/** Display names of the participants, identical names told apart by a number in join order. */
export function displayNames(timeline: PageTimeline): string[] {
  const seen = new Map<string, number>();
  return timeline.participants.map((participant) => {
    if (!participant.name) return '';
    const key = participant.name.toLocaleLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? participant.name : `${participant.name} (${count})`;
  });
}

interface Votes {
  speakerId: string;
  label: string;
  labelled: boolean;
  /** Its intervals, merged. */
  merged: Interval[];
  talk: number;
  /** Participant indices with their seconds, most first. */
  ranked: Array<{ index: number; seconds: number }>;
}

const passes = (votes: Votes, t: Thresholds) => {
  const first = votes.ranked[0];
  if (!first || votes.talk <= 0) return false;
  const second = votes.ranked[1]?.seconds ?? 0;
  return (
    first.seconds >= t.support && first.seconds / votes.talk >= t.coverage && first.seconds >= t.lead * second
  );
};

export function matchSpeakers(input: MatchInput): Matching {
  const { timeline, alignment } = input;
  const thresholds = input.thresholds ?? DEFAULT_THRESHOLDS;
  const overwhelming = input.overwhelming ?? OVERWHELMING;
  const shift = alignment.offset;
  const names = displayNames(timeline);
  const pageLists = timeline.speaking.map((list) => mergeIntervals(list));
  const observed = mergeIntervals(timeline.observed);
  const usable = alignment.confident;

  const votes: Votes[] = Object.entries(input.speakers).map(([speakerId, list]) => {
    const merged = mergeIntervals(list);
    const label = input.names[speakerId]?.trim() || `SPEAKER_${speakerId}`;
    const talk = observed.length > 0 ? overlapLength(merged, observed, shift) : totalLength(merged);
    const ranked: Votes['ranked'] = [];
    if (usable) {
      pageLists.forEach((pageList, index) => {
        if (!names[index] || pageList.length === 0) return;
        const seconds = overlapLength(merged, pageList, shift);
        if (seconds > 0) ranked.push({ index, seconds });
      });
      ranked.sort((a, b) => b.seconds - a.seconds || a.index - b.index);
    }
    return { speakerId, label, labelled: !isUnlabelled(input.names[speakerId]), merged, talk, ranked };
  });

  // Participants a labelled voice already stands for: by its name, and by its evidence.
  const claimed = new Map<number, string>();
  const used = new Set(votes.filter((v) => v.labelled).map((v) => v.label.toLocaleLowerCase()));
  names.forEach((name, index) => {
    if (name && used.has(name.toLocaleLowerCase())) claimed.set(index, name);
  });
  for (const v of votes) if (v.labelled && passes(v, thresholds)) claimed.set(v.ranked[0]!.index, v.label);

  const chosen = new Map<string, number>();
  const order = votes
    .filter((v) => !v.labelled)
    .sort((a, b) => (b.ranked[0]?.seconds ?? 0) - (a.ranked[0]?.seconds ?? 0));
  for (const v of order) {
    if (!passes(v, thresholds)) continue;
    const index = v.ranked[0]!.index;
    if (claimed.has(index) && !passes(v, overwhelming)) continue;
    if (!claimed.has(index)) claimed.set(index, v.label);
    chosen.set(v.speakerId, index);
  }
  const alone = usable
    ? namedAlone(votes, order, chosen, claimed, pageLists, names, observed, shift)
    : new Map();
  for (const [speakerId, found] of alone) chosen.set(speakerId, found.index);

  const suggestions = votes
    .filter((v) => !v.labelled)
    .map((v): Suggestion => {
      const index = chosen.get(v.speakerId);
      const top = v.ranked[0];
      const seconds =
        index !== undefined ? (v.ranked.find((r) => r.index === index)?.seconds ?? 0) : (top?.seconds ?? 0);
      const choices: string[] = [];
      if (index === undefined) {
        const seen = new Set<number>();
        for (const r of v.ranked) {
          if (choices.length >= MAX_CHOICES) break;
          seen.add(r.index);
          choices.push(names[r.index]!);
        }
        names.forEach((name, i) => {
          if (name && !seen.has(i) && choices.length < MAX_CHOICES) choices.push(name);
        });
      }
      const found = alone.get(v.speakerId);
      let reason: Suggestion['reason'] = 'named';
      if (index === undefined) {
        if (!usable) reason = 'unaligned';
        else if (!top) reason = 'none';
        else if (passes(v, thresholds) && claimed.get(top.index) !== undefined) reason = 'taken';
        else reason = 'weak';
      }
      return {
        reason,
        best: index === undefined && top ? names[top.index]! : null,
        takenBy: reason === 'taken' ? claimed.get(top!.index)! : null,
        speakerId: v.speakerId,
        label: v.label,
        name: index !== undefined ? names[index]! : null,
        basis: found ? 'alone' : 'overlap',
        seconds: found ? found.seconds : seconds,
        coverage: found ? found.coverage : v.talk > 0 ? Math.min(1, seconds / v.talk) : 0,
        talk: v.talk,
        choices,
      };
    });
  return { suggestions };
}

/**
 * The voices the thresholds left unnamed that the page names unambiguously by the time each spoke
 * alone (`ALONE`, see the module comment), most evidence first; `claimed` takes their participants.
 */
function namedAlone(
  votes: readonly Votes[],
  order: readonly Votes[],
  chosen: ReadonlyMap<string, number>,
  claimed: Map<number, string>,
  pageLists: readonly Interval[][],
  names: readonly string[],
  observed: readonly Interval[],
  shift: number,
): Map<string, { index: number; seconds: number; coverage: number }> {
  const found = new Map<string, { index: number; seconds: number; coverage: number }>();
  const waiting = order.filter((v) => !chosen.has(v.speakerId) && v.talk > 0);
  if (waiting.length === 0) return found;
  const anyVoice = mergeIntervals(votes.flatMap((v) => v.merged));
  /** Seconds each tile was lit while any voice spoke. */
  const tileTalk = pageLists.map((list) => overlapLength(anyVoice, list, shift));
  const candidates: Array<{ v: Votes; index: number; seconds: number; coverage: number }> = [];
  for (const v of waiting) {
    const others = mergeIntervals(votes.filter((o) => o !== v).flatMap((o) => o.merged));
    let solo = subtract(v.merged, others);
    if (observed.length > 0) solo = intersect(solo, observed, shift);
    const soloTalk = totalLength(solo);
    if (soloTalk <= 0) continue;
    const ranked = pageLists
      .map((list, index) => ({ index, seconds: names[index] ? overlapLength(solo, list, shift) : 0 }))
      .sort((a, b) => b.seconds - a.seconds || a.index - b.index);
    const [first, second] = ranked;
    if (!first || first.seconds < ALONE.support) continue;
    if (first.seconds / soloTalk < ALONE.coverage || first.seconds < ALONE.lead * (second?.seconds ?? 0))
      continue;
    const own = overlapLength(v.merged, pageLists[first.index]!, shift);
    if (own < ALONE_TILE_SHARE * tileTalk[first.index]!) continue;
    candidates.push({
      v,
      index: first.index,
      seconds: first.seconds,
      coverage: Math.min(1, first.seconds / soloTalk),
    });
  }
  candidates.sort((a, b) => b.seconds - a.seconds);
  for (const candidate of candidates) {
    if (claimed.has(candidate.index)) continue;
    claimed.set(candidate.index, candidate.v.label);
    found.set(candidate.v.speakerId, candidate);
  }
  return found;
}
