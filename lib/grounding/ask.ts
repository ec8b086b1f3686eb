/**
 * Ask your meetings: a question in plain words ("кто отвечает за смету?", "what did marketing say
 * about the price?") answered with the utterances that answer it, grouped by meeting, best first.
 *
 * The search index (lib/archive/fts.ts) gives the candidates: the meetings whose passages hold any
 * of the question's words, with their best passages. They are ranked again here, on what a
 * meeting offers beyond its passages: how well the question matches its protocol (the protocol is
 * a summary of the meeting, written in the words a question uses) and whether it names one of the
 * meeting's speakers; a meeting whose best passages and protocol hold too little of the question
 * is not cited. In each
 * meeting the utterances are ranked as the linker ranks a protocol line's (link.ts: the
 * question's stems weighed by rarity, a named speaker's turns favoured, neighbours counting).
 *
 * "Nothing found" (an empty answer) when no meeting scores well. Pure: the caller reads the
 * candidates from the index and the records, and gives the words' rarity across the archive.
 */
import { processTerm } from '@/lib/archive/text';
import { DEFAULT_PARAMS, type LinkParams, linkLines } from './link';
import { MeetingIndex, type MeetingInput } from './meeting';
import { SpeakerMatcher } from './names';
import { type ProtocolLine, protocolLines } from './protocol';
import { reportingStems, termsOf } from './terms';

/** Words that make a question a question, never what it asks about. */
const QUESTION_WORDS = [
  'what which who whom whose why how when where whether did does do done summarize summarise summary',
  'think thought opinion opinions view views say said tell told about towards toward regarding discuss',
  'discussed discussing discussion talk talked talking group',
  'что кто кого кому чем как какой какая какое какие каким почему зачем когда где ли сколько',
  'обсуждали обсудили говорили сказал сказала сказали думает думают мнение насчет про',
]
  .join(' ')
  .split(' ');

let questionStems: Set<string> | null = null;
function questionWordStems(): ReadonlySet<string> {
  if (questionStems) return questionStems;
  questionStems = new Set();
  for (const word of QUESTION_WORDS) {
    const stem = processTerm(word);
    if (stem) questionStems.add(stem);
  }
  return questionStems;
}

/** The question's words worth looking for (stems, question words and reporting words left out). */
export function questionTerms(question: string): string[] {
  const skip = questionWordStems();
  const out: string[] = [];
  for (const stem of termsOf(question.slice(0, 2_000)))
    if (!skip.has(stem) && !out.includes(stem)) out.push(stem);
  return out.slice(0, 24);
}

/**
 * The question as the search index's query: its words worth looking for, as written (the index
 * stems them itself).
 */
export function indexQuery(question: string): string {
  const skip = questionWordStems();
  const words: string[] = [];
  for (const word of question.slice(0, 2_000).split(/[^\p{L}\p{N}'’-]+/u)) {
    if (!word) continue;
    const stem = processTerm(word);
    if (stem && !skip.has(stem) && !reportingStems().has(stem)) words.push(word);
  }
  return words.join(' ');
}

/**
 * A meeting made ready for questions: its protocol's lines and their stems, who may be named, and
 * its transcript's index, made the first time it is needed (only for the meetings an answer
 * cites: building it is most of an answer's cost).
 */
export interface AskMeeting {
  readonly lines: ProtocolLine[];
  readonly lineTerms: Array<Set<string>>;
  readonly speakers: SpeakerMatcher;
  readonly index: MeetingIndex;
}

/** A meeting made ready for questions (the caller keeps it while the meeting may be asked again). */
export function askMeeting(meeting: MeetingInput, protocol: string): AskMeeting {
  const lines = protocolLines(typeof protocol === 'string' ? protocol.slice(0, 200_000) : '').slice(0, 500);
  let index: MeetingIndex | null = null;
  return {
    lines,
    lineTerms: lines.map((line) => new Set(termsOf(line.text))),
    // Before the transcript is read, a single word of a name counts only when the question writes
    // it with a capital letter.
    speakers: new SpeakerMatcher(meeting.names, () => false),
    get index() {
      index ??= new MeetingIndex(meeting);
      return index;
    },
  };
}

/** A meeting the index found for a question. */
export interface AskCandidate {
  /** The archive's key of the meeting. */
  key: string;
  meeting: AskMeeting;
  /** Only these speakers' utterances are cited (a question scoped to a person), when set. */
  speakers?: ReadonlySet<string>;
  /** Its passages the index found, best first: block, first utterance, score (higher is better). */
  passages: ReadonlyArray<{ block: number; from: number; score: number }>;
}

export interface AskParams {
  /** Weights of the meeting's evidence: its best passages, its protocol, a named speaker. */
  passage: number;
  protocol: number;
  speaker: number;
  /** Passages whose mean score is the meeting's. */
  topPassages: number;
  /** Passages of a meeting read for its utterances. */
  passages: number;
  /** Utterances per passage (the index's passage length). */
  passageLength: number;
  /** Citations given to the first, second, ... meeting. */
  spread: number[];
  /**
   * A meeting whose best passages and protocol each hold less than this share of the question's
   * weight is no answer ("nothing found" when no meeting holds more).
   */
  threshold: number;
  link: LinkParams;
}

export const DEFAULT_ASK: AskParams = {
  passage: 1,
  protocol: 1,
  speaker: 0.3,
  passages: 8,
  topPassages: 1,
  passageLength: 20,
  spread: [4, 1],
  threshold: 0.3,
  // A question weighs its meeting's topic blocks more than a protocol line does (block 2, not 1):
  // a question asks about a topic, and the block whose header shares its words holds the answer
  // more often (fitted on train: questions top-5 49.1 → 51.0 % from 0.3; 1 gave 50.5 %).
  link: { ...DEFAULT_PARAMS, context: 1, speaker: 1, align: 0, block: 2 },
};

/** One utterance of an answer. */
export interface AnswerUtterance {
  block: number;
  utterance: number;
  /** Position in the meeting's transcript, blocks in order. */
  flat: number;
  score: number;
}

/** The answer from one meeting. */
export interface MeetingAnswer {
  key: string;
  score: number;
  utterances: AnswerUtterance[];
}

interface MeetingFeatures {
  passage: number;
  protocol: number;
  speaker: number;
}

interface Scored {
  candidate: AskCandidate;
  score: number;
  features: MeetingFeatures;
}

/**
 * Answers a question from the candidates (module comment): at most `spread.length` meetings, best
 * first, each with its cited utterances; empty when nothing scores well.
 *
 * @param rarity the words' inverse document frequency across the archive; by default, across the
 *   candidates' utterances
 */
export function answer(
  question: string,
  candidates: readonly AskCandidate[],
  params: AskParams = DEFAULT_ASK,
  rarity: (stem: string) => number = candidateRarity(candidates),
): MeetingAnswer[] {
  const terms = questionTerms(question);
  if (terms.length === 0 || candidates.length === 0) return [];
  const reporting = reportingStems();
  const weights = terms.map((stem) => rarity(stem) * (reporting.has(stem) ? params.link.reporting : 1));
  const possible = weights.reduce((a, b) => a + b, 0) || 1;
  const scored: Scored[] = candidates.map((candidate) => {
    const features = meetingFeatures(question, terms, weights, candidate, params);
    const score =
      (params.passage * features.passage + params.protocol * features.protocol) / possible +
      params.speaker * features.speaker;
    return { candidate, score, features };
  });
  scored.sort((a, b) => b.score - a.score);
  const out: MeetingAnswer[] = [];
  for (const { candidate, score, features } of scored.slice(0, params.spread.length)) {
    // Too little of the question in this meeting (its best passages and its protocol): not an answer.
    const coverage = coverageOf(terms, weights, candidate, params);
    if (Math.max(coverage, features.protocol) / possible < params.threshold) continue;
    const count = params.spread[out.length] ?? 0;
    const utterances = pickUtterances(indexQuery(question), candidate, count, params);
    if (utterances.length > 0) out.push({ key: candidate.key, score, utterances });
  }
  return out;
}

/** Inverse document frequency of a stem across the candidates' utterances. */
export function candidateRarity(candidates: readonly AskCandidate[]): (stem: string) => number {
  let total = 0;
  for (const candidate of candidates) total += candidate.meeting.index.size;
  const known = new Map<string, number>();
  return (stem) => {
    let value = known.get(stem);
    if (value === undefined) {
      let df = 0;
      for (const candidate of candidates)
        df += candidate.meeting.index.postings.get(stem)?.utterances.length ?? 0;
      value = df === 0 ? 0 : Math.log(1 + (total - df + 0.5) / (df + 0.5));
      known.set(stem, value);
    }
    return value;
  };
}

function meetingFeatures(
  question: string,
  terms: string[],
  weights: number[],
  candidate: AskCandidate,
  params: AskParams,
): MeetingFeatures {
  let passage = 0;
  const top = candidate.passages.slice(0, params.topPassages);
  for (const found of top) passage += found.score / top.length;
  // The protocol: the best line's share of the question's weight.
  let protocol = 0;
  const termSet = new Map(terms.map((stem, i) => [stem, weights[i] as number]));
  for (const line of candidate.meeting.lineTerms) {
    let shared = 0;
    for (const stem of line) shared += termSet.get(stem) ?? 0;
    protocol = Math.max(protocol, shared);
  }
  const speaker = candidate.meeting.speakers.inLine(question).ids.size > 0 ? 1 : 0;
  return { passage, protocol, speaker };
}

/** The question's weight found in the meeting's best passages. */
function coverageOf(terms: string[], weights: number[], candidate: AskCandidate, params: AskParams): number {
  const found = new Set<string>();
  const { index } = candidate.meeting;
  for (const passage of candidate.passages.slice(0, params.passages)) {
    const from = index.flatOf({ block: passage.block, utterance: passage.from });
    if (from < 0) continue;
    const to = Math.min(index.size, from + params.passageLength);
    for (const stem of terms) if (!found.has(stem) && index.saysIn(stem, from, to)) found.add(stem);
  }
  let coverage = 0;
  terms.forEach((stem, i) => {
    if (found.has(stem)) coverage += weights[i] as number;
  });
  return coverage;
}

/** A line of text to link, outside any protocol (a question, or a protocol line alone). */
function looseLine(text: string, heading = ''): ProtocolLine {
  return {
    index: 0,
    kind: 'sentence',
    item: null,
    paragraph: null,
    sentence: null,
    text,
    heading,
    section: 0,
  };
}

/**
 * The meeting's utterances that answer the question best, `count` of them, ranked as the linker
 * ranks a protocol line's (only the scope's person's, when the question is about a person).
 */
function pickUtterances(
  asked: string,
  candidate: AskCandidate,
  count: number,
  params: AskParams,
): AnswerUtterance[] {
  if (count <= 0) return [];
  const { index } = candidate.meeting;
  const only = candidate.speakers;
  const link = {
    ...params.link,
    threshold: Number.NEGATIVE_INFINITY,
    align: 0,
    links: only ? count * 20 : count,
  };
  const out: AnswerUtterance[] = [];
  for (const { flat, score } of linkLines(index, [looseLine(asked)], link)[0]?.links ?? []) {
    if (out.length >= count) break;
    if (only && !only.has(index.speakers[flat] as string)) continue;
    const place = index.places[flat];
    if (place) out.push({ block: place.block, utterance: place.utterance, flat, score });
  }
  return out;
}
