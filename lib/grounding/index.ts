/**
 * Grounding: where each line of a protocol was said, and questions about past meetings answered
 * with the moments that answer them. Pure (no browser API, no network, no model): the same code
 * runs in the extension, in Node tests and in the benchmark (scripts/grounding.ts). The method,
 * its measured figures and its limits: docs/grounding.md.
 *
 * Sources of a protocol's lines:
 * - `groundResult(result, names)` for a processing result as the service gives it (with the
 *   speaker names given locally, `SpeakerMap`), or `groundProtocol({ protocol, blocks, names })`
 *   for a transcript already normalized (lib/api/units.ts `normalizeDialog`).
 * - Each line (a list item, or a sentence of a paragraph) gets up to three suggested sources,
 *   best first, as `{ block, utterance }` (the transcript's `at=<block>.<utterance>`), or `null`:
 *   no source found. `citedBy` gives the other direction, from an utterance to the lines citing it.
 * - `toProtocolSources` makes it the plain data pages, the archive and deliveries take
 *   (./sources.ts, which imports nothing heavy).
 * - Cost: a 2-hour meeting (1,500 utterances, 40 lines) is linked in tens of milliseconds
 *   (docs/grounding.md). The result is plain data: it can be made where the record is (the
 *   viewer, or a worker) and sent to a page that cannot afford the code.
 *
 * Questions: `askArchive` (archive-ask.ts) over the search index's candidates, or `answer`
 * (ask.ts) over meetings made ready with `askMeeting`.
 */
import type { ProcessingResult } from '@/lib/api/schemas';
import { normalizeDialog } from '@/lib/api/units';
import { effectiveSpeakerMap, type SpeakerMap } from '@/lib/archive/store';
import { DEFAULT_PARAMS, type LinkParams, linkLines } from './link';
import { MeetingIndex, type MeetingInput } from './meeting';
import { MAX_LINES, type ProtocolLine, protocolLines } from './protocol';
import { LINE_TEXT_MAX, type ProtocolSources } from './sources';

export type { AskHit, AskMeetingHits, AskOutcome, AskScope } from './archive-ask';
export { AskCache, askArchive } from './archive-ask';
export type { AskCandidate, AskMeeting, AskParams, MeetingAnswer } from './ask';
export { answer, askMeeting, DEFAULT_ASK, indexQuery, questionTerms } from './ask';
export type { LinkParams } from './link';
export { DEFAULT_PARAMS } from './link';
export type { MeetingInput } from './meeting';
export type { ProtocolLine } from './protocol';
export { protocolLines } from './protocol';
export type { LineSources, ProtocolSources, SourcePlace } from './sources';
export { citedBy, isProtocolSources } from './sources';

/** A suggested source: an utterance of the transcript. */
export interface SourceRef {
  /** Topic block and utterance in it: the transcript's `at=<block>.<utterance>`. */
  block: number;
  utterance: number;
  /** Position in the transcript, blocks in order. */
  flat: number;
  /** How well it matches the line (higher is better; comparable within one line only). */
  score: number;
}

/**
 * A line of the protocol (`ProtocolLine`: its kind, the k-th list item or paragraph it is, its text
 * and heading) and its suggested sources.
 */
export interface GroundedLine
  extends Pick<ProtocolLine, 'kind' | 'item' | 'paragraph' | 'sentence' | 'text' | 'heading'> {
  /** Up to three, best first; null: no source found (or not looked for, see `checked`). */
  sources: SourceRef[] | null;
  /** False for a line beyond the work one protocol may cost (`MAX_WORK`): not looked for. */
  checked: boolean;
}

export interface GroundedProtocol {
  lines: GroundedLine[];
  /**
   * How well the protocol as a whole fits this transcript (the mean gap between each line's first
   * and second candidate, in units of the meeting's rarest word's weight); low for a protocol of
   * another meeting.
   */
  fit: number;
  /** Every line was looked for (false when a huge protocol ran out of its work budget). */
  complete: boolean;
}

/** The protocol's lines with their suggested sources (module comment). */
export function groundProtocol(
  input: MeetingInput & { protocol: string },
  params: LinkParams = DEFAULT_PARAMS,
): GroundedProtocol {
  const lines = protocolLines(input.protocol);
  const index = new MeetingIndex(input);
  const linked = linkLines(index, lines, params);
  let fit = 0;
  let complete = true;
  const out = linked.map(({ line, links, features }) => {
    fit = features.fit ?? fit;
    const checked = !features.limited;
    if (!checked) complete = false;
    return {
      checked,
      kind: line.kind,
      item: line.item,
      paragraph: line.paragraph,
      sentence: line.sentence,
      text: line.text,
      heading: line.heading,
      sources:
        links.length === 0
          ? null
          : links.map(({ flat, score }) => {
              const place = index.places[flat] as { block: number; utterance: number };
              return { block: place.block, utterance: place.utterance, flat, score };
            }),
    };
  });
  return { lines: out, fit, complete };
}

/** The same for a processing result as the service gives it, with the speaker names in force. */
export function groundResult(
  result: ProcessingResult,
  names: SpeakerMap = {},
  params: LinkParams = DEFAULT_PARAMS,
): GroundedProtocol {
  const dialog = normalizeDialog(result);
  return groundProtocol(
    { protocol: dialog.protocol, blocks: dialog.blocks, names: effectiveSpeakerMap(result, names) },
    params,
  );
}

/**
 * The list items' sources in document order, as flat utterance indices (null: no source found):
 * the benchmark's `bullets` (scripts/grounding.ts).
 */
export function itemSources(grounded: GroundedProtocol): Array<number[] | null> {
  return grounded.lines
    .filter((line) => line.kind === 'item')
    .map((line) => (line.sources ? line.sources.map((source) => source.flat) : null));
}

/** A line's text within `LINE_TEXT_MAX`, an ellipsis where it was cut (never half a surrogate pair). */
function cutLine(text: string): string {
  if (text.length <= LINE_TEXT_MAX) return text;
  let end = LINE_TEXT_MAX - 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * The plain data of ./sources.ts: each line's join keys, its text cut at `LINE_TEXT_MAX`, and its
 * sources' places (no scores: they compare within a line only). `complete` is false also when the
 * protocol had more lines than are read (`MAX_LINES`).
 */
export function toProtocolSources(grounded: GroundedProtocol): ProtocolSources {
  return {
    complete: grounded.complete && grounded.lines.length < MAX_LINES,
    lines: grounded.lines.map((line) => ({
      kind: line.kind,
      item: line.item,
      paragraph: line.paragraph,
      sentence: line.sentence,
      text: cutLine(line.text),
      checked: line.checked,
      sources: line.sources ? line.sources.map(({ block, utterance }) => ({ block, utterance })) : null,
    })),
  };
}

/** A processing result's lines and their suggested sources as plain data (what the linker's thread answers). */
export function sourcesOfResult(result: ProcessingResult, names: SpeakerMap = {}): ProtocolSources {
  return toProtocolSources(groundResult(result, names));
}
