/**
 * From matching passages to what a page shows: the utterances of each meeting that hold the
 * matched words, read from the stored record, with those words' offsets for marking, the
 * utterances holding the query as written first. Independent of the index that found the passages.
 */
import type {
  MeetingHits,
  Range,
  RecordSource,
  SearchFilters,
  SearchLimits,
  SearchOutcome,
  UtteranceHit,
} from './search';
import { CHUNK_UTTERANCES, prepare } from './search';
import { processTerm, tokenize, words } from './text';

/** A matching passage of a meeting: its block, its first utterance and its score (higher is better). */
export interface ChunkRef {
  block: number;
  from: number;
  score: number;
}

/** Which stems the query matched, and the first two letters any such word starts with. */
export interface StemMatcher {
  matches: (stem: string) => boolean;
  /**
   * The first two letters (lower case, ё as е) of every stem the query can match: a Snowball stem
   * keeps the start of its word, so a word starting otherwise is not stemmed at all (stemming
   * every word of the passages shown costs more than the search).
   */
  heads: ReadonlySet<string>;
}

const head = (word: string) => word.slice(0, 2).toLowerCase().replace(/ё/g, 'е');

/** The heads of a set of stems (see `StemMatcher.heads`). */
export function headsOf(stems: readonly string[]): Set<string> {
  return new Set(stems.map(head));
}

/** One word from a given offset (the index's word pattern, lib/archive/text.ts), sticky. */
const WORD_AT = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/uy;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const APOSTROPHE = /['’]/;

/** True when a word of the index's pattern starts at `at` (not inside a word, nor after its apostrophe). */
function startsWord(text: string, at: number): boolean {
  if (at === 0) return true;
  const before = text[at - 1] as string;
  if (WORD_CHAR.test(before)) return false;
  return !(APOSTROPHE.test(before) && at >= 2 && WORD_CHAR.test(text[at - 2] as string));
}

/**
 * Offsets of the words of `text` whose stem the query matched. Only the words starting with one
 * of the matcher's heads are cut out and stemmed, found by searching the lower-cased text for the
 * heads (most utterances of a passage hold none): the same words as going through every word.
 */
export function matchedRangesBy(text: string, matcher: StemMatcher): Range[] {
  const ranges: Range[] = [];
  let lower = text.toLowerCase();
  // A letter whose lower case is longer (rare): offsets would shift, every word is looked at.
  if (lower.length !== text.length) return everyWordMatched(text, matcher);
  if (lower.includes('ё')) lower = lower.replace(/ё/g, 'е');
  const starts: number[] = [];
  for (const start of matcher.heads) {
    if (start === '') continue;
    for (let at = lower.indexOf(start); at !== -1; at = lower.indexOf(start, at + 1))
      if (startsWord(text, at)) starts.push(at);
  }
  if (starts.length === 0) return ranges;
  starts.sort((a, b) => a - b);
  let previous = -1;
  for (const at of starts) {
    if (at === previous) continue;
    previous = at;
    WORD_AT.lastIndex = at;
    const word = WORD_AT.exec(text)?.[0];
    if (!word || !matcher.heads.has(head(word))) continue;
    const stem = processTerm(word);
    if (stem !== null && matcher.matches(stem)) ranges.push([at, word.length]);
  }
  return ranges;
}

/** The same as `matchedRangesBy`, going through every word of the text. */
export function everyWordMatched(text: string, matcher: StemMatcher): Range[] {
  const ranges: Range[] = [];
  for (const word of words(text)) {
    if (!matcher.heads.has(head(word.text))) continue;
    const stem = processTerm(word.text);
    if (stem !== null && matcher.matches(stem)) ranges.push([word.offset, word.text.length]);
  }
  return ranges;
}

/**
 * A test of whether a text holds `query` as written, in any case and with any run of spaces
 * between its parts: one case-insensitive pattern, so the texts of every passage read are not
 * lower-cased and copied to be compared (that was most of a several-word search's time).
 */
export function phraseTest(query: string): ((text: string) => boolean) | null {
  const parts = query.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return null;
  const pattern = new RegExp(
    parts.map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('\\s+'),
    'iu',
  );
  return (text) => pattern.test(text);
}

/**
 * The hits of the passages found (`groups`: meeting key → its passages, best meeting first;
 * `counts`: every matching passage per meeting; `total`: meetings that matched).
 */
export async function resolveHits(
  query: string,
  found: { groups: Map<string, ChunkRef[]>; counts: Map<string, number>; total: number },
  filters: SearchFilters,
  source: RecordSource,
  matches: StemMatcher,
  limits: SearchLimits = {},
): Promise<SearchOutcome> {
  const maxMeetings = limits.meetings ?? 20;
  const perMeeting = limits.hitsPerMeeting ?? 5;
  const speaker = filters.speaker?.trim().toLowerCase() || null;
  // A query of several words found as written (a pasted phrase) comes first.
  const phrase = tokenize(query).length >= 2 ? phraseTest(query) : null;
  const meetings: Array<MeetingHits & { exact: boolean }> = [];
  let shownMeetings = 0;
  // The records are asked for all at once (the reads overlap), and used in order.
  const reading = new Map(
    [...found.groups.keys()].slice(0, maxMeetings).map((key) => [key, source(key).catch(() => null)]),
  );
  for (const [key, chunks] of found.groups) {
    if (shownMeetings >= maxMeetings) break;
    const loaded = await (reading.get(key) ?? source(key));
    if (!loaded) continue;
    shownMeetings += 1;
    const prepared = prepare(loaded.record, loaded.names);
    const hits: Array<UtteranceHit & { weight: number; order: number }> = [];
    // The best passages are enough to pick the hits shown (those holding the phrase first).
    const holding = phrase
      ? chunks.filter((chunk) =>
          prepared.dialog.blocks[chunk.block]?.utterances
            .slice(chunk.from, chunk.from + CHUNK_UTTERANCES)
            .some((u) => phrase(u.text)),
        )
      : [];
    const read = [...new Set([...holding, ...chunks])].slice(0, perMeeting * 3);
    let exact = false;
    for (const chunk of read) {
      const block = prepared.dialog.blocks[chunk.block];
      if (!block) continue;
      const headerRanges = matchedRangesBy(block.header, matches);
      const slice = block.utterances.slice(chunk.from, chunk.from + CHUNK_UTTERANCES);
      let inChunk = 0;
      slice.forEach((u, i) => {
        const name = prepared.names[u.speakerId] ?? u.speaker;
        if (speaker && name.toLowerCase() !== speaker) return;
        const ranges = matchedRangesBy(u.text, matches);
        if (ranges.length === 0) return;
        inChunk += 1;
        const distinct = new Set(
          ranges.map(([offset, length]) => processTerm(u.text.slice(offset, offset + length))),
        );
        const asWritten = phrase?.(u.text) === true;
        if (asWritten) exact = true;
        hits.push({
          block: chunk.block,
          utterance: chunk.from + i,
          header: block.header,
          headerRanges,
          speaker: name,
          start: u.start,
          text: u.text,
          ranges,
          weight: (asWritten ? 1_000_000 : 0) + distinct.size * 1000 + chunk.score,
          order: chunk.block * 1_000_000 + chunk.from + i,
        });
      });
      if (inChunk === 0 && headerRanges.length > 0 && slice[0] && !speaker) {
        // Only the topic header matched: its first utterance stands for it.
        const u = slice[0];
        hits.push({
          block: chunk.block,
          utterance: chunk.from,
          header: block.header,
          headerRanges,
          speaker: prepared.names[u.speakerId] ?? u.speaker,
          start: u.start,
          text: u.text,
          ranges: [],
          weight: chunk.score,
          order: chunk.block * 1_000_000 + chunk.from,
        });
      }
    }
    if (hits.length === 0) continue;
    hits.sort((a, b) => b.weight - a.weight || a.order - b.order);
    const shown = hits.slice(0, perMeeting).sort((a, b) => a.order - b.order);
    const all = found.counts.get(key) ?? chunks.length;
    meetings.push({
      exact,
      key,
      spaceId: loaded.record.spaceId,
      audioId: loaded.record.audioId,
      title: loaded.record.title,
      createdAt: loaded.record.createdAt,
      hits: shown.map(({ weight: _w, order: _o, ...hit }) => hit),
      more: hits.length - shown.length + (all - read.length),
    });
  }
  // Stable: meetings holding the phrase as written first, each group in the index's order.
  const ordered = [...meetings.filter((m) => m.exact), ...meetings.filter((m) => !m.exact)];
  return {
    meetings: ordered.map(({ exact: _exact, ...meeting }) => meeting),
    moreMeetings: Math.max(0, found.total - shownMeetings),
  };
}
