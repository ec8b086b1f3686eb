/**
 * What a destination receives. A webhook gets the JSON body below (schema v1, documented in
 * docs/deliveries.md); a Slack-compatible incoming webhook gets `{ text }` in Slack's mrkdwn (the
 * kinds, lib/delivery/kinds, choose). Bodies are made once (a Slack body at the first attempt, see
 * deliveries.ts), so every retry sends the same bytes. This module does not parse Markdown: a Slack
 * body takes the protocol already converted (format.ts `slackBody` converts it in the same thread;
 * the background worker has it converted outside, lib/background/markdown-conversion.ts).
 *
 * Speaker names: the service's label (`SPEAKER_03` or a name) unless `speakerNames` (names the
 * person gave in this browser, by speaker id) says otherwise.
 */
import type { ProcessingResult } from '@/lib/api/schemas';
import { normalizeDialog } from '@/lib/api/units';
import { speakerLabel } from '@/lib/format/speakers';
import { formatClock, formatDuration } from '@/lib/format/time';
import { citedUtterances, type ProtocolSources } from '@/lib/grounding/sources';
import type { Lang } from '@/lib/i18n';
import type { WebhookItem } from './items';
import { cutText, escapeSlack, SLACK_TEXT_MAX } from './slack-text';
import type { DeliveredRecording } from './types';

export const WEBHOOK_SCHEMA = 'meeting-capture.delivery/v1';

export interface DeliveryContent {
  recording: DeliveredRecording;
  /** The processing result (`result.protocol` is the protocol's Markdown). */
  result: ProcessingResult;
  /** When the protocol became ready (ms). */
  readyAt: number;
  /** What started the job (`bot`, `upload`, ...), when a job did. */
  source: string | null;
  /** Names given to speakers in this browser, by speaker id; they win over the service's labels. */
  speakerNames?: Record<string, string>;
}

export interface WebhookUtterance {
  start: number;
  end: number;
  speaker_id: string;
  speaker: string;
  text: string;
}

/** A suggested source of a protocol line: an utterance's place, time and speaker (never its text). */
export interface WebhookSource {
  block: number;
  utterance: number;
  start: number;
  end: number;
  speaker_id: string;
  speaker: string;
}

/** A line of the protocol (a list item, or a sentence of a paragraph) with its suggested sources. */
export interface WebhookLine {
  kind: 'item' | 'sentence';
  item: number | null;
  paragraph: number | null;
  sentence: number | null;
  text: string;
  /** Best first; [] when no source was found; absent when the line was not looked for. */
  sources?: WebhookSource[];
}

/** The JSON body of a webhook delivery, schema v1. */
export interface WebhookBodyV1 {
  schema: typeof WEBHOOK_SCHEMA;
  event: 'protocol.ready' | 'test';
  idempotency_key: string;
  ready_at: string;
  recording: {
    space_id: number;
    space_name: string | null;
    audio_id: number;
    title: string;
    duration_seconds: number | null;
    language: string | null;
    source: string | null;
  };
  protocol_markdown: string;
  speakers: Array<{ id: string; label: string; name: string | null }>;
  transcript: Array<{ header: string; utterances: WebhookUtterance[] }> | null;
  /** Added to v1: the protocol's lines and their suggested sources; absent when they could not be linked. */
  protocol_lines?: WebhookLine[];
  /**
   * The protocol's action items (optional, added within v1: a receiver that does not know it reads
   * the rest as before); absent when they could not be read, `[]` when the protocol has none.
   */
  items?: WebhookItem[];
}

function speakersOf(content: DeliveryContent) {
  const dialog = normalizeDialog(content.result);
  const given = content.speakerNames ?? {};
  const ids = new Set([
    ...Object.keys(dialog.speakers),
    ...dialog.blocks.flatMap((block) => block.utterances.map((u) => u.speakerId)),
  ]);
  const label = (id: string) => dialog.speakers[id] ?? `SPEAKER_${id}`;
  const name = (id: string) => given[id]?.trim() || null;
  return { dialog, ids: [...ids], label, name };
}

/** The protocol's lines with their sources' places, times and speakers (the names given winning). */
function protocolLines(
  sources: ProtocolSources,
  dialog: ReturnType<typeof normalizeDialog>,
  speaker: (id: string) => string,
): WebhookLine[] {
  return sources.lines.map((line) => ({
    kind: line.kind,
    item: line.item,
    paragraph: line.paragraph,
    sentence: line.sentence,
    text: line.text,
    ...(line.checked && {
      sources: citedUtterances(line, dialog.blocks).map(({ place, utterance }) => ({
        block: place.block,
        utterance: place.utterance,
        start: utterance.start,
        end: utterance.end,
        speaker_id: utterance.speakerId,
        speaker: speaker(utterance.speakerId),
      })),
    }),
  }));
}

export function webhookBody(
  content: DeliveryContent,
  options: {
    idempotencyKey: string;
    includeTranscript: boolean;
    test?: boolean;
    items?: WebhookItem[] | null;
  },
  sources: ProtocolSources | null = null,
): WebhookBodyV1 {
  const { dialog, ids, label, name } = speakersOf(content);
  const { recording, result } = content;
  const speaker = (id: string) => name(id) ?? label(id);
  return {
    schema: WEBHOOK_SCHEMA,
    event: options.test ? 'test' : 'protocol.ready',
    idempotency_key: options.idempotencyKey,
    ready_at: new Date(content.readyAt).toISOString(),
    recording: {
      space_id: recording.spaceId,
      space_name: recording.spaceName,
      audio_id: recording.audioId,
      title: recording.title,
      duration_seconds: result.duration ?? null,
      language: dialog.language,
      source: content.source,
    },
    protocol_markdown: dialog.protocol,
    speakers: ids.map((id) => ({ id, label: label(id), name: name(id) })),
    transcript: options.includeTranscript
      ? dialog.blocks.map((block) => ({
          header: block.header,
          utterances: block.utterances.map((u) => ({
            start: u.start,
            end: u.end,
            speaker_id: u.speakerId,
            speaker: speaker(u.speakerId),
            text: u.text,
          })),
        }))
      : null,
    ...(sources && { protocol_lines: protocolLines(sources, dialog, speaker) }),
    ...(options.items ? { items: options.items } : {}),
  };
}

const SLACK_LABELS = {
  en: {
    transcript: 'Transcript',
    test: 'Test delivery from Meeting Capture: this destination works.',
    noProtocol: '(The protocol is empty.)',
    cut: '_… shortened to fit Slack; the whole protocol is in Meeting Capture._',
  },
  ru: {
    transcript: 'Расшифровка',
    test: 'Проверка доставки из Meeting Capture: это назначение работает.',
    noProtocol: '(Протокол пуст.)',
    cut: '_… сокращено под ограничения Slack; полный протокол — в Meeting Capture._',
  },
} as const;

export interface SlackBodyOptions {
  includeTranscript: boolean;
  lang: Lang;
  test?: boolean;
  max?: number;
}

/** The protocol's Markdown, the text a Slack body shows converted (`markdownToSlack`). */
export function protocolMarkdown(content: DeliveryContent): string {
  return normalizeDialog(content.result).protocol;
}

/**
 * A Slack-compatible incoming webhook's body: the protocol (and the transcript) as mrkdwn, with
 * `protocol` the protocol's Markdown already converted (`markdownToSlack(protocolMarkdown(content))`).
 */
export function slackBodyWith(
  content: DeliveryContent,
  options: SlackBodyOptions,
  protocol: string,
): { text: string } {
  const labels = SLACK_LABELS[options.lang];
  const { dialog, name, label } = speakersOf(content);
  const { recording, result } = content;
  const facts = [recording.spaceName, result.duration ? formatDuration(result.duration, options.lang) : null]
    .filter((fact): fact is string => !!fact)
    .map(escapeSlack)
    .join(' · ');
  const parts: string[] = [];
  if (options.test) parts.push(escapeSlack(labels.test));
  parts.push(`*${escapeSlack(recording.title.replace(/\s+/g, ' ').trim())}*${facts ? `\n${facts}` : ''}`);
  parts.push(protocol || labels.noProtocol);
  if (options.includeTranscript && dialog.blocks.length > 0) {
    const lines: string[] = [`*${labels.transcript}*`];
    for (const block of dialog.blocks) {
      if (block.header.trim() !== '') lines.push('', `*${escapeSlack(block.header.trim())}*`);
      for (const u of block.utterances) {
        const who = speakerLabel(name(u.speakerId) ?? label(u.speakerId), options.lang);
        lines.push(
          `\`${formatClock(u.start)}\` *${escapeSlack(who)}:* ${escapeSlack(u.text.replace(/\s+/g, ' ').trim())}`,
        );
      }
    }
    parts.push(lines.join('\n'));
  }
  return { text: cutText(parts.join('\n\n'), options.max ?? SLACK_TEXT_MAX, labels.cut) };
}

/** What "Test" sends: a short made-up meeting, marked as a test. */
export function sampleContent(now: number): DeliveryContent {
  return {
    recording: { spaceId: 0, spaceName: 'Meeting Capture', audioId: 0, title: 'Test delivery' },
    readyAt: now,
    source: null,
    result: {
      classified: true,
      success: true,
      audio_id: 0,
      title: 'Test delivery',
      duration: 75,
      result: {
        language: 'en',
        protocol:
          '## Summary\nThis is a **test** of the destination.\n\n## Decisions\n- Deliveries work\n- Nothing else happens',
        dialog: [
          {
            header: 'Test',
            starts: [0, 30],
            ends: [28, 75],
            speakers: ['{1}', '{2}'],
            texts: ['Can you see this message?', 'Yes, the delivery arrived.'],
          },
        ],
        speakers_map: { '1': 'SPEAKER_01', '2': 'SPEAKER_02' },
      },
    },
  };
}
