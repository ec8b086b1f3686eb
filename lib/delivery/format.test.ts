import { describe, expect, it } from 'vitest';
import type { ProcessingResult } from '@/lib/api/schemas';
import { type DeliveryContent, sampleContent, slackBody, WEBHOOK_SCHEMA, webhookBody } from './format';

const result: ProcessingResult = {
  classified: true,
  success: true,
  audio_id: 42,
  title: 'Weekly sync',
  duration: 3_700,
  result: {
    language: 'ru',
    protocol: '## Итоги\n- **Решили** перенести релиз',
    dialog: [
      {
        header: 'Релиз',
        // Milliseconds: the duration tells.
        starts: [0, 65_000],
        ends: [60_000, 70_000],
        speakers: ['{1}', '{2}'],
        texts: ['Переносим?', 'Да, на пятницу <b>точно</b>.'],
      },
    ],
    speakers_map: { '1': 'SPEAKER_01', '2': 'Анна' },
  },
};

const content: DeliveryContent = {
  recording: { spaceId: 7, spaceName: 'Team', audioId: 42, title: 'Weekly sync' },
  result,
  readyAt: Date.UTC(2026, 10, 22, 12, 0, 0),
  source: 'bot',
};

describe('webhook body v1', () => {
  it('has every documented field, times in seconds, and no transcript unless asked', () => {
    const body = webhookBody(content, { idempotencyKey: 'mc-7-42-job1', includeTranscript: false });
    expect(body).toEqual({
      schema: WEBHOOK_SCHEMA,
      event: 'protocol.ready',
      idempotency_key: 'mc-7-42-job1',
      ready_at: '2026-11-22T12:00:00.000Z',
      recording: {
        space_id: 7,
        space_name: 'Team',
        audio_id: 42,
        title: 'Weekly sync',
        duration_seconds: 3_700,
        language: 'ru',
        source: 'bot',
      },
      protocol_markdown: '## Итоги\n- **Решили** перенести релиз',
      speakers: [
        { id: '1', label: 'SPEAKER_01', name: null },
        { id: '2', label: 'Анна', name: null },
      ],
      transcript: null,
    });
  });

  it('with the transcript: utterances in seconds, renamed speakers win over labels', () => {
    const body = webhookBody(
      { ...content, speakerNames: { '1': 'Пётр' } },
      { idempotencyKey: 'k', includeTranscript: true },
    );
    expect(body.speakers[0]).toEqual({ id: '1', label: 'SPEAKER_01', name: 'Пётр' });
    expect(body.transcript).toEqual([
      {
        header: 'Релиз',
        utterances: [
          { start: 0, end: 60, speaker_id: '1', speaker: 'Пётр', text: 'Переносим?' },
          { start: 65, end: 70, speaker_id: '2', speaker: 'Анна', text: 'Да, на пятницу <b>точно</b>.' },
        ],
      },
    ]);
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
  });

  it('the test sample is marked as such', () => {
    expect(
      webhookBody(sampleContent(0), { idempotencyKey: 'k', includeTranscript: true, test: true }).event,
    ).toBe('test');
  });
});

describe('Slack body', () => {
  it('title, facts and the protocol in mrkdwn; transcript lines with readable speaker names', () => {
    const { text } = slackBody(
      { ...content, speakerNames: { '2': 'Anna <admin>' } },
      { includeTranscript: true, lang: 'en' },
    );
    expect(text).toBe(
      [
        '*Weekly sync*\nTeam · 1 h 01 min',
        '*Итоги*\n\n• *Решили* перенести релиз',
        '*Transcript*\n\n*Релиз*\n`0:00` *Speaker 1:* Переносим?\n`1:05` *Anna &lt;admin&gt;:* Да, на пятницу &lt;b&gt;точно&lt;/b&gt;.',
      ].join('\n\n'),
    );
  });

  it('Russian labels; no transcript unless asked', () => {
    const { text } = slackBody(content, { includeTranscript: false, lang: 'ru' });
    expect(text).toContain('Team · 1 ч 01 мин');
    expect(text).not.toContain('Переносим');
  });

  it('a long text is cut to the limit with a note', () => {
    const long = {
      ...content,
      result: { ...result, result: { ...result.result!, protocol: 'word '.repeat(20_000) } },
    };
    const { text } = slackBody(long, { includeTranscript: false, lang: 'en', max: 40_000 });
    expect(text.length).toBeLessThanOrEqual(40_000);
    expect(text.endsWith('_… shortened to fit Slack; the whole protocol is in Meeting Capture._')).toBe(true);
  });

  it('the test sample says it is a test', () => {
    expect(slackBody(sampleContent(0), { includeTranscript: false, lang: 'ru', test: true }).text).toMatch(
      /^Проверка доставки/,
    );
  });
});
