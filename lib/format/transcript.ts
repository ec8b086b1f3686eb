/** The transcript prepared for reading: display names, speaker statistics and search matches. */
import type { NormalizedDialog } from '@/lib/api/units';
import type { ExportDocument } from '@/lib/export/transcript';
import type { Lang } from '@/lib/i18n';
import { speakerLabel } from './speakers';

export interface ViewUtterance {
  start: number;
  end: number;
  speakerId: string;
  speaker: string;
  text: string;
}

export interface ViewBlock {
  header: string;
  utterances: ViewUtterance[];
}

export interface SpeakerStat {
  id: string;
  name: string;
  /** Seconds of speech. */
  talk: number;
  /** Share of all speech, 0..1. */
  share: number;
  turns: number;
  /** Seconds from the start when the speaker first spoke, or null. */
  first: number | null;
  /** `[start, end]` pairs in seconds. */
  intervals: Array<[number, number]>;
}

export interface TranscriptView {
  protocol: string;
  blocks: ViewBlock[];
  speakers: SpeakerStat[];
  /** The end of the last utterance or interval, in seconds. */
  end: number;
  utteranceCount: number;
}

/**
 * The transcript as the viewer shows and exports it. `renamed` holds the names given to speakers
 * in the viewer (speaker id → name, kept in the local archive); they replace the service's.
 */
export function prepareTranscript(
  dialog: NormalizedDialog,
  lang: Lang,
  renamed: Readonly<Record<string, string>> = {},
): TranscriptView {
  const names = (id: string) =>
    speakerLabel(renamed[id]?.trim() || (dialog.speakers[id] ?? `SPEAKER_${id}`), lang);
  let end = 0;
  let utteranceCount = 0;
  const turns = new Map<string, number>();
  const fromUtterances = new Map<string, Array<[number, number]>>();
  const blocks = dialog.blocks.map((block) => ({
    header: block.header,
    utterances: block.utterances.map((u) => {
      utteranceCount += 1;
      end = Math.max(end, u.end, u.start);
      turns.set(u.speakerId, (turns.get(u.speakerId) ?? 0) + 1);
      const list = fromUtterances.get(u.speakerId) ?? [];
      list.push([u.start, Math.max(u.start, u.end)]);
      fromUtterances.set(u.speakerId, list);
      return {
        start: u.start,
        end: u.end,
        speakerId: u.speakerId,
        speaker: names(u.speakerId),
        text: u.text,
      };
    }),
  }));
  const ids = new Set([...Object.keys(dialog.timeline), ...fromUtterances.keys()]);
  const raw = [...ids].map((id) => {
    const timeline = dialog.timeline[id];
    const intervals = timeline && timeline.length > 0 ? timeline : (fromUtterances.get(id) ?? []);
    let talk = 0;
    let first: number | null = null;
    for (const [start, stop] of intervals) {
      talk += Math.max(0, stop - start);
      first = first === null ? start : Math.min(first, start);
      end = Math.max(end, stop);
    }
    return { id, name: names(id), talk, turns: turns.get(id) ?? 0, first, intervals };
  });
  const total = raw.reduce((sum, s) => sum + s.talk, 0);
  const speakers = raw
    .map((s) => ({ ...s, share: total > 0 ? s.talk / total : 0 }))
    .sort((a, b) => b.talk - a.talk || a.name.localeCompare(b.name));
  return { protocol: dialog.protocol, blocks, speakers, end, utteranceCount };
}

export function toExportDocument(title: string, view: TranscriptView): ExportDocument {
  return { title, protocol: view.protocol, blocks: view.blocks };
}

export interface Match {
  block: number;
  utterance: number;
  /** Offset in the utterance text. */
  offset: number;
  length: number;
}

/** Case-insensitive plain-text occurrences of `query` in the utterance texts, in reading order. */
export function findMatches(blocks: readonly ViewBlock[], query: string, limit = 10_000): Match[] {
  const needle = query.trim().toLowerCase();
  const matches: Match[] = [];
  if (needle === '') return matches;
  blocks.forEach((block, b) => {
    block.utterances.forEach((u, i) => {
      const haystack = u.text.toLowerCase();
      // Lower-casing can change the length of a few characters; offsets are then not trusted.
      if (haystack.length !== u.text.length) return;
      for (
        let at = haystack.indexOf(needle);
        at !== -1 && matches.length < limit;
        at = haystack.indexOf(needle, at + needle.length)
      ) {
        matches.push({ block: b, utterance: i, offset: at, length: needle.length });
      }
    });
  });
  return matches;
}
