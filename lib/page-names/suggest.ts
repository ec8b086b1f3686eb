/**
 * Names for a result's speakers from the page's timeline of a "Record here" recording (the exact
 * alignment: the page and the recording share the browser's clock) or of a meeting our bot
 * recorded (a searched one), then the voting
 * (lib/page-names/match.ts) against the result's `speakers_timeline` with the names in force (the
 * service's, and the user's over them). Used by the viewer, the popup, and the background when
 * confident names are given without asking. `offeredNames` adds the calendar event's attendees to
 * the names offered for the voices left unnamed.
 */
import { exactAlignment, searchAlignment } from './align';
import { placeOnFile, type SleepCut } from './cuts';
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
 * (lib/page-names/align.ts), and no name is suggested when it is not clearly found.
 * `page.cuts`: the sleeps taken out of a "Record here" recording's file: the page's times after
 * each are placed back on the file (lib/page-names/cuts.ts).
 */
export function suggestNames(
  page: { timeline: PageTimeline; startedAt: number; bot?: boolean; cuts?: readonly SleepCut[] },
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
  if (page.bot) {
    const alignment = searchAlignment(page.timeline, speakers);
    return matchSpeakers({ timeline: page.timeline, alignment, speakers, names });
  }
  const alignment = exactAlignment(page.timeline, page.startedAt, PAGE_MARK_LAG);
  const timeline = placeOnFile(page.timeline, alignment.offset, page.cuts ?? []);
  return matchSpeakers({ timeline, alignment, speakers, names });
}

/** Where the names offered under the speakers' rename come from. */
export type OfferedFrom = 'page' | 'calendar' | 'both';

export interface OfferedNames {
  /** Speaker id → the names offered for that voice left unnamed, in order. */
  byVoice: Record<string, string[]>;
  /** Null when nothing is offered. */
  from: OfferedFrom | null;
}

export const NOTHING_OFFERED: OfferedNames = { byVoice: {}, from: null };

/**
 * The names offered for each voice the matching left unnamed (every voice still labelled
 * `SPEAKER_<nn>`, the user's and the service's names never): the page's names first (those that
 * spoke with the voice first, lib/page-names/match.ts), then the calendar event's attendees not
 * already offered (compared case-insensitively), in the event's order. Choices, never names given.
 */
export function offeredNames(matching: Matching, attendees: readonly string[] = []): OfferedNames {
  const byVoice: Record<string, string[]> = {};
  let page = false;
  let calendar = false;
  for (const suggestion of matching.suggestions) {
    if (suggestion.name !== null) continue;
    const seen = new Set(suggestion.choices.map((name) => name.toLowerCase()));
    const extra = attendees.filter((name) => {
      const key = name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const list = [...suggestion.choices, ...extra];
    if (list.length === 0) continue;
    byVoice[suggestion.speakerId] = list;
    page ||= suggestion.choices.length > 0;
    calendar ||= extra.length > 0;
  }
  return { byVoice, from: page && calendar ? 'both' : calendar ? 'calendar' : page ? 'page' : null };
}
