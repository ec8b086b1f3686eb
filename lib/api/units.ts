/**
 * Times in the transcript. The contract does not show the unit of `starts`, `ends` and the
 * timeline pairs, so it is inferred from the recording's duration:
 *
 * - With a known duration D > 0 (seconds): the times are milliseconds when the largest time exceeds
 *   `2 × D + 60`. In seconds no time can exceed D (the slack absorbs rounding and a duration measured
 *   slightly differently); in milliseconds the largest time is about `1000 × D`, far above the bound
 *   for any recording longer than a fraction of a second.
 * - Without a duration (null or 0): milliseconds when the largest time exceeds 86 400 (a day in
 *   seconds, longer than any meeting); otherwise seconds. A millisecond transcript shorter than
 *   86.4 s is then misread as seconds; the result's own `duration` is used first to avoid this.
 *
 * Every time is returned in seconds.
 */
import type { ProcessingResult, ResultBody } from './schemas';

export type TimeUnit = 's' | 'ms';

export interface Utterance {
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** The id inside `{...}`, e.g. `"3"`. */
  speakerId: string;
  /** The speaker's name from `speakers_map`, else its label, else `SPEAKER_<id>`. */
  speaker: string;
  text: string;
}

export interface TopicBlock {
  header: string;
  utterances: Utterance[];
}

export interface NormalizedDialog {
  unit: TimeUnit;
  language: string | null;
  protocol: string;
  blocks: TopicBlock[];
  /** Speaker id (without braces) to name. */
  speakers: Record<string, string>;
  /** Speaker id (without braces) to `[start, end]` pairs in seconds. */
  timeline: Record<string, Array<[number, number]>>;
}

/** `{3}` → `3`; anything else is returned trimmed. */
export function speakerIdOf(value: string): string {
  const match = /^\s*\{\s*([^{}]*?)\s*\}\s*$/.exec(value);
  return (match ? match[1]! : value).trim();
}

function allTimes(body: ResultBody): number[] {
  // Element by element: spreading a long block into one call overflows the stack.
  const times: number[] = [];
  const add = (time: number) => {
    if (Number.isFinite(time)) times.push(time);
  };
  for (const block of body.dialog) {
    for (const time of block.starts) add(time);
    for (const time of block.ends) add(time);
  }
  for (const pairs of Object.values(body.speakers_timeline ?? {})) {
    for (const [start, end] of pairs) {
      add(start);
      add(end);
    }
  }
  return times;
}

/** Infers the unit of the transcript's times; see the module comment for the rule. */
export function inferTimeUnit(times: number[], durationSeconds: number | null | undefined): TimeUnit {
  if (times.length === 0) return 's';
  let largest = Number.NEGATIVE_INFINITY;
  for (const time of times) if (time > largest) largest = time;
  if (durationSeconds != null && durationSeconds > 0) {
    return largest > durationSeconds * 2 + 60 ? 'ms' : 's';
  }
  return largest > 86_400 ? 'ms' : 's';
}

/**
 * The transcript with every time in seconds. `durationSeconds` defaults to the result's own
 * `duration`; pass the recording's duration when the result lacks it.
 */
export function normalizeDialog(
  result: ProcessingResult | ResultBody,
  durationSeconds?: number | null,
): NormalizedDialog {
  const body: ResultBody | null | undefined = 'classified' in result ? result.result : result;
  const duration = durationSeconds ?? ('classified' in result ? result.duration : null) ?? null;
  if (!body) {
    return { unit: 's', language: null, protocol: '', blocks: [], speakers: {}, timeline: {} };
  }
  const unit = inferTimeUnit(allTimes(body), duration);
  const toSeconds = (time: number) => (unit === 'ms' ? time / 1000 : time);
  const speakers: Record<string, string> = {};
  for (const [id, name] of Object.entries(body.speakers_map ?? {})) speakers[speakerIdOf(id)] = name;

  const blocks = body.dialog.map((block) => {
    // Parallel arrays: a length mismatch keeps only the complete utterances.
    const count = Math.min(block.starts.length, block.ends.length, block.speakers.length, block.texts.length);
    const utterances: Utterance[] = [];
    for (let index = 0; index < count; index += 1) {
      const speakerId = speakerIdOf(block.speakers[index]!);
      utterances.push({
        start: toSeconds(block.starts[index]!),
        end: toSeconds(block.ends[index]!),
        speakerId,
        speaker: speakers[speakerId] ?? `SPEAKER_${speakerId}`,
        text: block.texts[index]!,
      });
    }
    return { header: block.header ?? '', utterances };
  });

  const timeline: Record<string, Array<[number, number]>> = {};
  for (const [id, pairs] of Object.entries(body.speakers_timeline ?? {})) {
    timeline[speakerIdOf(id)] = pairs.map(([start, end]) => [toSeconds(start), toSeconds(end)]);
  }
  return { unit, language: body.language ?? null, protocol: body.protocol, blocks, speakers, timeline };
}
