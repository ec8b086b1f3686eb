/**
 * The linker: for each protocol line, up to three utterances of the meeting that support it,
 * ranked, or none. See docs/grounding.md for the method and its measured figures.
 */
import type { MeetingIndex } from './meeting';
import type { ProtocolLine } from './protocol';
import { reportingStems, termsOf } from './terms';

export interface LinkParams {
  k1: number;
  b: number;
  /** Weight of a reporting word ("discussed") against a content word. */
  reporting: number;
  /** Weight of a stem that names a speaker. */
  name: number;
  /** Share of a neighbour's match an utterance takes, one and two neighbours away. */
  near1: number;
  near2: number;
  /** Extra weight of the turns of a speaker the line names. */
  speaker: number;
  /** Extra weight of the turns of a speaker the line's heading names. */
  headingSpeaker: number;
  /** Weight of the section's context (its heading and the other lines under it). */
  context: number;
  /** Weight of the heading against the sibling lines in the context. */
  heading: number;
  /** Spread of the context over the transcript, in utterances. */
  spread: number;
  /** Weight of a topic block whose header shares the line's words. */
  block: number;
  /** Weight of the heading's own words added to each line's query. */
  headingTerms: number;
  /**
   * "No source found" below this support: log(1 + z) of the best candidate (z: how many standard
   * deviations it stands above this line's scores over the whole meeting) plus `fit` times the
   * protocol's fit (the mean, over its lines, of the gap between each line's first and second
   * candidate, in units of the meeting's largest idf).
   */
  threshold: number;
  fit: number;
  /** Weight of the order prior (the lines of a section follow the meeting's order). */
  align: number;
  /** Candidates of a neighbouring line that say where it is, and how sharply their scores count. */
  alignCandidates: number;
  alignPower: number;
  /** Utterances a line may go back from its predecessor without losing the prior. */
  alignSlack: number;
  /** Links closer than this (in utterances) to a better one are passed over for the next. */
  apart: number;
  /** Work one protocol may cost (`MAX_WORK`). */
  work: number;
  /** Links given to a line, at most. */
  links: number;
  /** Distinct stems of a line considered, at most. */
  maxTerms: number;
}

export const DEFAULT_PARAMS: LinkParams = {
  k1: 0.5,
  b: 0.3,
  reporting: 0.3,
  name: 0.5,
  near1: 0.3,
  near2: 0.15,
  speaker: 0.3,
  context: 0.3,
  heading: 1,
  spread: 20,
  block: 1,
  threshold: 3.4,
  fit: 1.6,
  maxTerms: 64,
  links: 3,
  work: 60_000_000,
  headingTerms: 0.2,
  apart: 0,
  headingSpeaker: 0.2,
  align: 0.6,
  alignCandidates: 10,
  alignPower: 2,
  alignSlack: 3,
};

export interface LinkedUtterance {
  /** Flat index of the utterance (its position in the transcript, blocks in order). */
  flat: number;
  score: number;
}

export interface LineLinks {
  line: ProtocolLine;
  /** Up to three, best first; empty for "no source found". */
  links: LinkedUtterance[];
  /** The best candidate's score before the threshold, and the support the threshold is on. */
  best: number;
  support: number;
  /** Measures of the line and its candidates, for the threshold. */
  features: Record<string, number>;
}

/** A line's candidates: the utterances it matched and their scores, in the order first reached. */
interface Candidates {
  flats: Int32Array;
  scores: Float64Array;
}

const NO_CANDIDATES: Candidates = { flats: new Int32Array(0), scores: new Float64Array(0) };

/** A line after the first pass: its candidates, its query, how many speakers it names. */
interface Pass {
  candidates: Candidates;
  query: Query;
  named: number;
  limited: boolean;
}

interface Query {
  stems: string[];
  weights: number[];
  /** Sum of the weights: the score of a perfect match with term frequency saturating. */
  mass: number;
  /** The weight the line's stems that the meeting never uses would have, said once. */
  missing: number;
}

function queryOf(
  index: MeetingIndex,
  text: string,
  params: LinkParams,
  names: ReadonlySet<string>,
  extra = '',
): Query {
  const reporting = reportingStems();
  const counts = new Map<string, number>();
  for (const stem of termsOf(text.length > 20_000 ? text.slice(0, 20_000) : text)) {
    if (!counts.has(stem) && counts.size >= params.maxTerms) continue;
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  const stems: string[] = [];
  const weights: number[] = [];
  let mass = 0;
  let missing = 0;
  if (extra && params.headingTerms > 0) {
    for (const stem of new Set(termsOf(extra.slice(0, 2_000)))) {
      if (counts.has(stem) || reporting.has(stem) || names.has(stem)) continue;
      const weight = index.idf(stem) * params.headingTerms;
      if (weight <= 0) continue;
      stems.push(stem);
      weights.push(weight);
    }
  }
  for (const [stem, count] of counts) {
    let factor = Math.min(count, 2);
    if (reporting.has(stem)) factor *= params.reporting;
    if (names.has(stem)) factor *= params.name;
    const idf = index.idf(stem);
    if (idf === 0) {
      missing += index.maxIdf * factor;
      continue;
    }
    const weight = idf * factor;
    mass += weight;
    stems.push(stem);
    weights.push(weight);
  }
  return { stems, weights, mass, missing };
}

/**
 * Work one protocol may cost, in postings visited and context cells spread (about a second): the
 * lines beyond it are not looked at (a hostile protocol against a long transcript stays bounded).
 */
export const MAX_WORK = 60_000_000; // DEFAULT_PARAMS.work
/** Sections whose context (heading and lines) is weighed, at most. */
export const MAX_CONTEXTS = 200;

interface Budget {
  left: number;
}

/**
 * Scratch arrays of `matchScores`, one value per utterance, made once per `linkLines` and reused
 * from line to line (a meeting of 60,000 utterances would otherwise allocate and collect a
 * megabyte per line); all zero between calls, each cleared through the list of the places it
 * touched.
 */
class Scratch {
  readonly best: Float64Array;
  readonly total: Float64Array;
  readonly bestTouched: Int32Array;
  readonly totalTouched: Int32Array;
  constructor(readonly size: number) {
    this.best = new Float64Array(size);
    this.total = new Float64Array(size);
    this.bestTouched = new Int32Array(size);
    this.totalTouched = new Int32Array(size);
  }
}

/**
 * Each utterance's BM25 match of the query and its neighbours' share of theirs: for each stem, an
 * utterance takes the best of its own match and its neighbours' shares; the stems' values add up.
 * The utterances reached, in the order first reached (the callers rank by score, then position).
 */
function matchScores(
  index: MeetingIndex,
  query: Query,
  params: LinkParams,
  budget: Budget,
  scratch: Scratch,
): Candidates {
  const { k1, b } = params;
  const { best, total, bestTouched, totalTouched } = scratch;
  const n = index.size;
  let totals = 0;
  for (let q = 0; q < query.stems.length; q += 1) {
    const posting = index.postings.get(query.stems[q] as string);
    if (!posting) continue;
    const weight = query.weights[q] as number;
    let touched = 0;
    // (Values are positive: a zero place has not been offered one yet.)
    const offer = (u: number, value: number) => {
      if (u < 0 || u >= n || !(value > 0)) return;
      const known = best[u] as number;
      if (known === 0) bestTouched[touched++] = u;
      if (known < value) best[u] = value;
    };
    budget.left -= posting.utterances.length * (params.near1 > 0 ? 5 : 1);
    for (let i = 0; i < posting.utterances.length; i += 1) {
      const u = posting.utterances[i] as number;
      const tf = posting.counts[i] as number;
      const norm = k1 * (1 - b + (b * (index.lengths[u] as number)) / index.averageLength);
      const value = (weight * tf * (k1 + 1)) / (tf + norm);
      offer(u, value);
      if (params.near1 > 0) {
        const before = index.previous[u] as number;
        const after = index.next[u] as number;
        offer(before, value * params.near1);
        offer(after, value * params.near1);
        if (params.near2 > 0) {
          if (before >= 0) offer(index.previous[before] as number, value * params.near2);
          if (after >= 0) offer(index.next[after] as number, value * params.near2);
        }
      }
    }
    for (let t = 0; t < touched; t += 1) {
      const u = bestTouched[t] as number;
      if (total[u] === 0) totalTouched[totals++] = u;
      total[u] = (total[u] as number) + (best[u] as number);
      best[u] = 0;
    }
  }
  const out: Candidates = { flats: new Int32Array(totals), scores: new Float64Array(totals) };
  for (let t = 0; t < totals; t += 1) {
    const u = totalTouched[t] as number;
    out.flats[t] = u;
    out.scores[t] = total[u] as number;
    total[u] = 0;
  }
  return out;
}

/** A smoothed relevance of each utterance to a context (heading and sibling lines), 0 to 1. */
function contextPrior(
  index: MeetingIndex,
  query: Query,
  params: LinkParams,
  budget: Budget,
  scratch: Scratch,
): Float64Array | null {
  const n = index.size;
  if (n === 0 || query.stems.length === 0) return null;
  const raw = new Float64Array(n);
  const matched = matchScores(index, query, { ...params, near1: 0, near2: 0 }, budget, scratch);
  for (let i = 0; i < matched.flats.length; i += 1)
    raw[matched.flats[i] as number] = matched.scores[i] as number;
  const radius = Math.max(1, Math.round(params.spread * 2));
  budget.left -= n * (2 * radius + 1);
  const kernel: number[] = [];
  for (let d = 0; d <= radius; d += 1) kernel.push(Math.exp(-(d * d) / (2 * params.spread * params.spread)));
  const out = new Float64Array(n);
  let max = 0;
  for (let u = 0; u < n; u += 1) {
    const value = raw[u] as number;
    if (value === 0) continue;
    for (let d = -radius; d <= radius; d += 1) {
      const v = u + d;
      if (v < 0 || v >= n) continue;
      out[v] = (out[v] as number) + value * (kernel[Math.abs(d)] as number);
    }
  }
  for (let u = 0; u < n; u += 1) max = Math.max(max, out[u] as number);
  if (max <= 0) return null;
  for (let u = 0; u < n; u += 1) out[u] = (out[u] as number) / max;
  return out;
}

/** Links every line (module comment). */
export function linkLines(
  index: MeetingIndex,
  lines: readonly ProtocolLine[],
  params: LinkParams = DEFAULT_PARAMS,
): LineLinks[] {
  const out: LineLinks[] = [];
  if (index.size === 0) return lines.map((line) => ({ line, links: [], best: 0, support: 0, features: {} }));
  const budget: Budget = { left: params.work };
  const scratch = new Scratch(index.size);
  // The context of each section: its heading and all its lines (the first `MAX_CONTEXTS` sections).
  const sections = new Map<number, ProtocolLine[]>();
  for (const line of lines) {
    const siblings = sections.get(line.section);
    if (siblings) siblings.push(line);
    else sections.set(line.section, [line]);
  }
  const contexts = new Map<number, Float64Array | null>();
  const contextOf = (section: number): Float64Array | null => {
    if (contexts.has(section)) return contexts.get(section) ?? null;
    let prior: Float64Array | null = null;
    if (params.context > 0 && contexts.size < MAX_CONTEXTS && budget.left > 0) {
      const siblings = sections.get(section) ?? [];
      const heading = siblings[0]?.heading ?? '';
      const parts: string[] = [];
      for (let i = 0; i < params.heading; i += 1) parts.push(heading);
      for (const line of siblings.slice(0, 200)) parts.push(line.text.slice(0, 2_000));
      const query = queryOf(index, parts.join('\n'), { ...params, maxTerms: 200 }, new Set());
      prior = contextPrior(index, query, params, budget, scratch);
    }
    contexts.set(section, prior);
    return prior;
  };
  // The topic blocks whose header holds each stem.
  const headed = new Map<string, number[]>();
  index.headers.forEach((header, b) => {
    for (const stem of new Set(header)) {
      const blocks = headed.get(stem);
      if (blocks) blocks.push(b);
      else headed.set(stem, [b]);
    }
  });
  const headingNames = new Map<number, Set<string>>();
  const namedByHeading = (line: ProtocolLine): Set<string> => {
    let ids = headingNames.get(line.section);
    if (!ids) {
      ids = params.headingSpeaker > 0 ? index.matcher.inLine(line.heading).ids : new Set();
      headingNames.set(line.section, ids);
    }
    return ids;
  };
  // Pass 1: every line's candidates, scored on their own.
  const passes: Pass[] = [];
  for (const line of lines) {
    if (budget.left <= 0) {
      passes.push({
        candidates: NO_CANDIDATES,
        query: { stems: [], weights: [], mass: 0, missing: 0 },
        named: 0,
        limited: true,
      });
      continue;
    }
    const named = index.matcher.inLine(line.text.slice(0, 20_000));
    const query = queryOf(index, line.text, params, named.stems, line.heading);
    const scores = matchScores(index, query, params, budget, scratch);
    const context = contextOf(line.section);
    const byHeading = namedByHeading(line);
    const blockBonus = new Map<number, number>();
    if (params.block > 0 && query.mass > 0 && headed.size > 0)
      query.stems.forEach((stem, q) => {
        for (const b of headed.get(stem) ?? [])
          blockBonus.set(b, (blockBonus.get(b) ?? 0) + (query.weights[q] as number) / query.mass);
      });
    // The matches become the line's candidates, their scores weighed in place.
    const candidates = scores;
    for (let c = 0; c < candidates.flats.length; c += 1) {
      const u = candidates.flats[c] as number;
      let score = candidates.scores[c] as number;
      const speaker = index.speakers[u] as string;
      if (named.ids.size > 0 && named.ids.has(speaker)) score *= 1 + params.speaker;
      else if (byHeading.size > 0 && byHeading.has(speaker)) score *= 1 + params.headingSpeaker;
      if (context) score *= 1 + params.context * (context[u] as number);
      const block = blockBonus.get((index.places[u] as { block: number }).block);
      if (block) score *= 1 + params.block * block;
      candidates.scores[c] = score;
    }
    passes.push({ candidates, query, named: named.ids.size, limited: false });
  }
  // Pass 2: the lines of a section follow the meeting's order; each line's candidates between
  // where its neighbours' are likely to be are favoured.
  if (params.align > 0) align(lines, passes, params);
  lines.forEach((line, k) => {
    const { candidates, query, named, limited } = passes[k] as Pass;
    const count = candidates.scores.length;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < count; i += 1) {
      const score = candidates.scores[i] as number;
      sum += score;
      squares += score * score;
    }
    const mean = sum / index.size;
    const deviation = Math.sqrt(Math.max(0, squares / index.size - mean * mean));
    // The best ten are enough for the links and the measures below, unless links must lie apart.
    const ranked = params.apart > 0 ? best(candidates, count) : best(candidates, Math.max(params.links, 10));
    const top: LinkedUtterance[] = [];
    for (const candidate of ranked) {
      if (top.length >= params.links) break;
      if (params.apart > 0 && top.some((chosen) => Math.abs(chosen.flat - candidate.flat) <= params.apart))
        continue;
      top.push(candidate);
    }
    if (top.length < params.links)
      for (const candidate of ranked) {
        if (top.length >= params.links) break;
        if (!top.includes(candidate)) top.push(candidate);
      }
    const bestScore = top[0]?.score ?? 0;
    const z = deviation > 0 ? (bestScore - mean) / deviation : 0;
    const maxIdf = index.maxIdf || 1;
    const features = {
      best: bestScore,
      mass: query.mass,
      missing: query.missing,
      second: top[1]?.score ?? 0,
      third: top[2]?.score ?? 0,
      tenth: ranked[9]?.score ?? 0,
      candidates: count,
      terms: query.stems.length,
      named,
      mean,
      deviation,
      z,
      gap: (bestScore - (top[1]?.score ?? 0)) / maxIdf,
      limited: limited ? 1 : 0,
    };
    out.push({ line, links: bestScore > 0 ? top : [], best: bestScore, support: 0, features });
  });
  // The protocol's fit to this transcript, and each line's support.
  let gaps = 0;
  let looked = 0;
  for (const linked of out)
    if (!linked.features.limited) {
      gaps += linked.features.gap ?? 0;
      looked += 1;
    }
  const fit = looked > 0 ? gaps / looked : 0;
  for (const linked of out) {
    linked.support = Math.log1p(Math.max(0, linked.features.z ?? 0)) + params.fit * fit;
    linked.features.fit = fit;
    if (linked.support < params.threshold) linked.links = [];
  }
  return out;
}

/**
 * The order prior: for each line, where its section's previous and next lines probably are (a
 * distribution over their best candidates, sharpened by `alignPower`), and for each of its own
 * candidates the chance that it lies after the previous one and before the next one (with
 * `alignSlack` utterances of slack). Scores are multiplied by 1 + align × that chance. The
 * neighbours' own scores are those before the prior (one pass, no feedback).
 */
function align(lines: readonly ProtocolLine[], passes: Pass[], params: LinkParams): void {
  const where = passes.map(({ candidates }) => {
    const top = best(candidates, params.alignCandidates);
    const weights = top.map((candidate) => candidate.score ** params.alignPower);
    const total = weights.reduce((a, b) => a + b, 0);
    return top.map((candidate, i) => ({
      flat: candidate.flat,
      p: total > 0 ? (weights[i] as number) / total : 0,
    }));
  });
  // Every line's neighbours are read before any line's scores change.
  passes.forEach(({ candidates }, k) => {
    const line = lines[k] as ProtocolLine;
    const before = k > 0 && (lines[k - 1] as ProtocolLine).section === line.section ? where[k - 1] : null;
    const after =
      k + 1 < lines.length && (lines[k + 1] as ProtocolLine).section === line.section ? where[k + 1] : null;
    if ((!before || before.length === 0) && (!after || after.length === 0)) return;
    const { flats, scores } = candidates;
    for (let i = 0; i < scores.length; i += 1) {
      const flat = flats[i] as number;
      let chance = 1;
      if (before && before.length > 0) {
        let p = 0;
        for (let j = 0; j < before.length; j += 1) {
          const place = before[j] as { flat: number; p: number };
          if (place.flat <= flat + params.alignSlack) p += place.p;
        }
        chance *= p;
      }
      if (after && after.length > 0) {
        let p = 0;
        for (let j = 0; j < after.length; j += 1) {
          const place = after[j] as { flat: number; p: number };
          if (place.flat >= flat - params.alignSlack) p += place.p;
        }
        chance *= p;
      }
      scores[i] = (scores[i] as number) * (1 + params.align * chance);
    }
  });
}

/** Whether candidate a ranks before b: the higher score, then the earlier utterance. */
const before = (scoreA: number, flatA: number, scoreB: number, flatB: number) =>
  scoreA > scoreB || (scoreA === scoreB && flatA < flatB);

/**
 * The best `k` candidates, best first (the higher score, then the earlier utterance): a line has
 * up to one candidate per utterance, and only its first few are ever read, so they are picked
 * rather than all sorted.
 */
function best(candidates: Candidates, k: number): LinkedUtterance[] {
  const { flats, scores } = candidates;
  const top: LinkedUtterance[] = [];
  if (k <= 0) return top;
  for (let i = 0; i < scores.length; i += 1) {
    const score = scores[i] as number;
    const flat = flats[i] as number;
    if (top.length === k) {
      const last = top[k - 1] as LinkedUtterance;
      if (!before(score, flat, last.score, last.flat)) continue;
      top.pop();
    }
    let at = top.length;
    while (
      at > 0 &&
      before(score, flat, (top[at - 1] as LinkedUtterance).score, (top[at - 1] as LinkedUtterance).flat)
    )
      at -= 1;
    top.splice(at, 0, { flat, score });
  }
  return top;
}
