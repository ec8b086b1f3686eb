/**
 * A protocol's lines with their suggested sources as plain data: what the linker's thread answers
 * (lib/grounding/thread.ts), the archive keeps beside a result, the background sends to the popup
 * and the side panel, and the exports and deliveries read. It imports nothing heavy (no marked, no
 * stemmers): a page that shows sources carries this module, never the linker.
 *
 * A line is joined to the protocol by its `item` (the k-th list item in document order, the k-th
 * `<li>` a page renders; the join key of the open items, lib/items) or by its `paragraph` and
 * `sentence`. Its sources are places in the transcript, `{ block, utterance }` (the viewer's
 * `at=<block>.<utterance>`), best first; `null` with `checked` is "no source found", `checked:
 * false` is "not looked for" (past the linker's work budget).
 */

/** A suggested source: an utterance of the transcript, the viewer's `at=<block>.<utterance>`. */
export interface SourcePlace {
  block: number;
  utterance: number;
}

export interface LineSources {
  kind: 'item' | 'sentence';
  /** For an item: its position among the protocol's list items (the k-th `<li>`); else null. */
  item: number | null;
  /** For a sentence: its paragraph's position among the protocol's paragraphs, and its own there. */
  paragraph: number | null;
  sentence: number | null;
  /** The line's plain text, cut at `LINE_TEXT_MAX` characters. */
  text: string;
  /** False: past the linker's work budget, not looked for. */
  checked: boolean;
  /** Up to `SOURCES_PER_LINE`, best first; null: no source found (or not looked for). */
  sources: SourcePlace[] | null;
}

export interface ProtocolSources {
  lines: LineSources[];
  /** Every line of the protocol was looked for (false: the work budget or the line limit was reached). */
  complete: boolean;
}

/** A line's text kept with its sources, at most (enough to tell it and to find it on the page). */
export const LINE_TEXT_MAX = 240;
/** Lines of one protocol, at most (lib/grounding/protocol.ts `MAX_LINES`). */
export const SOURCE_LINES_MAX = 10_000;
/** Sources of one line, at most. */
export const SOURCES_PER_LINE = 3;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const index = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const indexOrNull = (value: unknown) => value === null || index(value);

function isPlace(value: unknown): value is SourcePlace {
  return isObject(value) && index(value.block) && index(value.utterance);
}

function isLine(value: unknown): value is LineSources {
  if (!isObject(value)) return false;
  return (
    (value.kind === 'item' || value.kind === 'sentence') &&
    indexOrNull(value.item) &&
    indexOrNull(value.paragraph) &&
    indexOrNull(value.sentence) &&
    typeof value.text === 'string' &&
    value.text.length <= LINE_TEXT_MAX &&
    typeof value.checked === 'boolean' &&
    (value.sources === null ||
      (Array.isArray(value.sources) &&
        value.sources.length <= SOURCES_PER_LINE &&
        value.sources.every(isPlace)))
  );
}

/**
 * Whether `value` is a protocol's sources in today's shape, within its bounds: what a thread
 * answered or the archive kept is believed only then.
 */
export function isProtocolSources(value: unknown): value is ProtocolSources {
  return (
    isObject(value) &&
    typeof value.complete === 'boolean' &&
    Array.isArray(value.lines) &&
    value.lines.length <= SOURCE_LINES_MAX &&
    value.lines.every(isLine)
  );
}

/** `"<block>.<utterance>"`, the key of a place (and the viewer's `at=` value). */
export const placeKey = (place: SourcePlace) => `${place.block}.${place.utterance}`;

/** For each cited utterance (`"<block>.<utterance>"`), the indices of the lines citing it, in order. */
export function citedBy(grounded: {
  lines: ReadonlyArray<{ sources: ReadonlyArray<SourcePlace> | null }>;
}): Map<string, number[]> {
  const out = new Map<string, number[]>();
  grounded.lines.forEach((line, i) => {
    for (const source of line.sources ?? []) {
      const key = placeKey(source);
      const lines = out.get(key);
      if (lines) lines.push(i);
      else out.set(key, [i]);
    }
  });
  return out;
}

/**
 * The utterances a line cites, looked up in the transcript's blocks (a place the transcript does
 * not hold, as for sources made from another version of it, is left out).
 */
export function citedUtterances<U>(
  line: Pick<LineSources, 'sources'>,
  blocks: ReadonlyArray<{ utterances: ReadonlyArray<U> }>,
): Array<{ place: SourcePlace; utterance: U }> {
  const out: Array<{ place: SourcePlace; utterance: U }> = [];
  for (const place of line.sources ?? []) {
    const utterance = blocks[place.block]?.utterances[place.utterance];
    if (utterance !== undefined) out.push({ place, utterance });
  }
  return out;
}
