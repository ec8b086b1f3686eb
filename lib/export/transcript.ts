/**
 * Transcript exports: Markdown, plain text, SRT and WebVTT. Pure functions of a document whose
 * times are in seconds (see `normalizeDialog`) and whose speaker names are already display labels.
 * The Markdown export also gives each protocol line its suggested sources' times and speakers
 * (lib/grounding), when the document carries them.
 */
import { formatClock, formatCueTime } from '@/lib/format/time';

export interface ExportUtterance {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

/** A protocol line and the utterances suggested as its sources (lib/grounding/sources.ts). */
export interface ExportLine {
  text: string;
  /** Looked for: false past the linker's work budget. */
  checked: boolean;
  /** Best first; empty: no source found. */
  cited: Array<Pick<ExportUtterance, 'start' | 'speaker'>>;
}

export interface ExportDocument {
  title: string;
  /** The protocol in Markdown (may be empty). */
  protocol: string;
  blocks: Array<{ header: string; utterances: ExportUtterance[] }>;
  /** The protocol's lines with their suggested sources, when they were found. */
  lines?: ExportLine[];
}

export interface ExportLabels {
  protocol: string;
  transcript: string;
  /** The words of the protocol lines' sources (English when not given). */
  sources?: { title: string; none: string; notLookedFor: string };
}

export const ENGLISH_LABELS: ExportLabels = { protocol: 'Protocol', transcript: 'Transcript' };

const ENGLISH_SOURCES = {
  title: 'Suggested sources of the protocol’s lines',
  none: 'no source found',
  notLookedFor: 'not looked for',
};

export type ExportFormat = 'md' | 'txt' | 'srt' | 'vtt';

export const EXPORT_MIME: Record<ExportFormat, string> = {
  md: 'text/markdown;charset=utf-8',
  txt: 'text/plain;charset=utf-8',
  srt: 'application/x-subrip;charset=utf-8',
  vtt: 'text/vtt;charset=utf-8',
};

/** One line of text: line breaks and runs of whitespace become single spaces. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function* utterancesOf(doc: ExportDocument): Generator<ExportUtterance> {
  for (const block of doc.blocks) yield* block.utterances;
}

/** Each protocol line with its sources' times and speakers, one list item per line. */
function sourceLines(lines: readonly ExportLine[], words: NonNullable<ExportLabels['sources']>): string[] {
  return lines.map((line) => {
    const cited = !line.checked
      ? words.notLookedFor
      : line.cited.length === 0
        ? words.none
        : line.cited.map((u) => `[${formatClock(u.start)}] ${oneLine(u.speaker)}`).join('; ');
    // A line's text that begins like a block (`# `, `> `, `1. `) stays text in its list item.
    return `- ${oneLine(line.text).replace(/^([#>*+\-=|`~]|\d+[.)])/, '\\$1')} — ${cited}`;
  });
}

export function toMarkdown(doc: ExportDocument, labels: ExportLabels = ENGLISH_LABELS): string {
  const out: string[] = [`# ${oneLine(doc.title)}`, ''];
  if (doc.protocol.trim() !== '') out.push(`## ${labels.protocol}`, '', doc.protocol.trim(), '');
  if (doc.protocol.trim() !== '' && doc.lines && doc.lines.length > 0) {
    const words = labels.sources ?? ENGLISH_SOURCES;
    out.push(`## ${words.title}`, '', ...sourceLines(doc.lines, words), '');
  }
  out.push(`## ${labels.transcript}`, '');
  for (const block of doc.blocks) {
    if (block.header.trim() !== '') out.push(`### ${oneLine(block.header)}`, '');
    for (const u of block.utterances) {
      out.push(`**[${formatClock(u.start)}] ${oneLine(u.speaker)}:** ${oneLine(u.text)}`, '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

export function toPlainText(doc: ExportDocument, labels: ExportLabels = ENGLISH_LABELS): string {
  const out: string[] = [oneLine(doc.title), ''];
  if (doc.protocol.trim() !== '') out.push(labels.protocol.toUpperCase(), '', doc.protocol.trim(), '');
  out.push(labels.transcript.toUpperCase(), '');
  for (const block of doc.blocks) {
    if (block.header.trim() !== '') out.push(oneLine(block.header), '');
    for (const u of block.utterances)
      out.push(`[${formatClock(u.start)}] ${oneLine(u.speaker)}: ${oneLine(u.text)}`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** SubRip: numbered cues, `00:01:02,345 --> 00:01:05,000`, the speaker before the text. */
export function toSrt(doc: ExportDocument): string {
  return cuesOf(
    doc,
    (index, start, end, speaker, text) =>
      `${index}\n${formatCueTime(start, ',')} --> ${formatCueTime(end, ',')}\n${speaker}: ${text}\n`,
  ).join('\n');
}

/** The numbered cues of the utterances with text (their speaker and text on one line). */
function cuesOf(
  doc: ExportDocument,
  cue: (index: number, start: number, end: number, speaker: string, text: string) => string,
): string[] {
  const cues: string[] = [];
  for (const u of utterancesOf(doc)) {
    const text = oneLine(u.text);
    if (text === '') continue;
    cues.push(cue(cues.length + 1, u.start, Math.max(u.end, u.start), oneLine(u.speaker), text));
  }
  return cues;
}

/** Text inside a WebVTT cue: `&`, `<` and `>` are character references; `-->` cannot appear. */
function vttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** WebVTT: `WEBVTT` header, cues `00:01:02.345 --> 00:01:05.000` with a voice span per speaker. */
export function toWebVtt(doc: ExportDocument): string {
  const cues = cuesOf(
    doc,
    (index, start, end, speaker, text) =>
      `${index}\n${formatCueTime(start, '.')} --> ${formatCueTime(end, '.')}\n<v ${vttText(speaker)}>${vttText(text)}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}

export function exportAs(format: ExportFormat, doc: ExportDocument, labels?: ExportLabels): string {
  switch (format) {
    case 'md':
      return toMarkdown(doc, labels);
    case 'txt':
      return toPlainText(doc, labels);
    case 'srt':
      return toSrt(doc);
    case 'vtt':
      return toWebVtt(doc);
  }
}

const MEDIA_EXTENSION = /\.(mp3|m4a|wav|ogg|webm|mp4)$/i;
// Characters no common file system accepts in a name, and control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file name from the recording title: its media extension replaced, unsafe characters removed. */
export function exportFileName(title: string, format: ExportFormat): string {
  const stem = title
    .replace(MEDIA_EXTENSION, '')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s._]+|[\s.]+$/g, '');
  const cut = Array.from(stem).slice(0, 120).join('').trim();
  return `${cut === '' ? 'transcript' : cut}.${format}`;
}
