/**
 * Names for a result's speakers from the page's timeline of a "Record here" recording (the exact
 * alignment: the page and the recording share the browser's clock) or of a meeting our bot
 * recorded (a searched one), then the voting
 * (lib/speakers/match.ts) against the result's `speakers_timeline` with the names in force (the
 * service's, and the user's over them). Used by the viewer, the popup, and the background when
 * confident names are given without asking.
 */
import { exactAlignment, searchAlignment } from './align';
import { type Matching, matchSpeakers } from './match';
import type { PageTimeline } from './timeline';

/** How late a page marks a speaker after the voice is heard (seconds): Meet's and Telemost's marks come about 0.4 s late. */
export const PAGE_MARK_LAG = 0.4;

export interface ResultSpeakers {
  /** Speaker id → the service's name. */
  speakers: Readonly<Record<string, string>>;
  /** Speaker id → `[start, end]` seconds of the recording. */
  timeline: Readonly<Record<string, ReadonlyArray<readonly [number, number]>>>;
}

/**
 * `page.bot`: the timeline was taken while our bot recorded the meeting, whose recording starts
 * when the bot is let in: the offset is searched within the meeting's length
 * (lib/speakers/align.ts), and no name is suggested when it is not clearly found.
 */
export function suggestNames(
  page: { timeline: PageTimeline; startedAt: number; bot?: boolean },
  result: ResultSpeakers,
  renamed: Readonly<Record<string, string>>,
): Matching {
  const names: Record<string, string> = {};
  for (const id of Object.keys(result.timeline)) {
    const name = renamed[id]?.trim() || result.speakers[id]?.trim();
    if (name) names[id] = name;
  }
  const speakers: Record<string, Array<[number, number]>> = {};
  for (const [id, pairs] of Object.entries(result.timeline))
    speakers[id] = pairs.map(([start, end]) => [start, end]);
  return matchSpeakers({
    timeline: page.timeline,
    alignment: page.bot
      ? searchAlignment(page.timeline, speakers)
      : exactAlignment(page.timeline, page.startedAt, PAGE_MARK_LAG),
    speakers,
    names,
  });
}
