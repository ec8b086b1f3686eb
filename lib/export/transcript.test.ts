import { describe, expect, it } from 'vitest';
import {
  type ExportDocument,
  exportAs,
  exportFileName,
  toMarkdown,
  toPlainText,
  toSrt,
  toWebVtt,
} from '@/lib/export/transcript';

const doc: ExportDocument = {
  title: 'Weekly sync.mp3',
  protocol: '## Decisions\n\n- Ship on Friday',
  blocks: [
    {
      header: 'Release',
      utterances: [
        { start: 62.345, end: 65, speaker: 'Anna', text: 'We ship on Friday.' },
        { start: 65.5, end: 70.25, speaker: 'Speaker 3', text: 'Agreed.\n\nWith  tests.' },
      ],
    },
    {
      header: 'Budget',
      utterances: [{ start: 3723.004, end: 3725, speaker: 'Boris', text: 'a < b & c > d --> e' }],
    },
  ],
};

describe('transcript exports', () => {
  it('Markdown', () => {
    expect(toMarkdown(doc)).toBe(
      [
        '# Weekly sync.mp3',
        '',
        '## Protocol',
        '',
        '## Decisions',
        '',
        '- Ship on Friday',
        '',
        '## Transcript',
        '',
        '### Release',
        '',
        '**[1:02] Anna:** We ship on Friday.',
        '',
        '**[1:05] Speaker 3:** Agreed. With tests.',
        '',
        '### Budget',
        '',
        '**[1:02:03] Boris:** a < b & c > d --> e',
        '',
      ].join('\n'),
    );
  });

  it('Markdown with Russian labels', () => {
    expect(toMarkdown(doc, { protocol: 'Протокол', transcript: 'Расшифровка' })).toContain(
      '## Протокол\n\n## Decisions',
    );
  });

  it('Markdown gives each protocol line its suggested sources’ times and speakers, in the labels’ language', () => {
    const lines = [
      {
        text: 'Ship on Friday',
        checked: true,
        cited: [
          { start: 62.345, speaker: 'Anna' },
          { start: 3723, speaker: 'Boris' },
        ],
      },
      { text: '# Not a heading\nbut one line', checked: true, cited: [] },
      { text: 'Past the budget', checked: false, cited: [] },
    ];
    const md = toMarkdown({ ...doc, lines });
    expect(md).toContain(
      [
        '- Ship on Friday',
        '',
        '## Suggested sources of the protocol’s lines',
        '',
        '- Ship on Friday — [1:02] Anna; [1:02:03] Boris',
        '- \\# Not a heading but one line — no source found',
        '- Past the budget — not looked for',
        '',
        '## Transcript',
      ].join('\n'),
    );
    const ru = toMarkdown(
      { ...doc, lines },
      {
        protocol: 'Протокол',
        transcript: 'Расшифровка',
        sources: {
          title: 'Предполагаемые источники строк протокола',
          none: 'источник не найден',
          notLookedFor: 'не искали',
        },
      },
    );
    expect(ru).toContain(
      '## Предполагаемые источники строк протокола\n\n- Ship on Friday — [1:02] Anna; [1:02:03] Boris\n- \\# Not a heading but one line — источник не найден',
    );
    // No lines, or no protocol: no section.
    expect(toMarkdown({ ...doc, lines: [] })).not.toContain('Suggested sources');
    expect(toMarkdown({ ...doc, protocol: '', lines })).not.toContain('Suggested sources');
  });

  it('plain text', () => {
    expect(toPlainText(doc)).toBe(
      [
        'Weekly sync.mp3',
        '',
        'PROTOCOL',
        '',
        '## Decisions',
        '',
        '- Ship on Friday',
        '',
        'TRANSCRIPT',
        '',
        'Release',
        '',
        '[1:02] Anna: We ship on Friday.',
        '[1:05] Speaker 3: Agreed. With tests.',
        '',
        'Budget',
        '',
        '[1:02:03] Boris: a < b & c > d --> e',
        '',
      ].join('\n'),
    );
  });

  it('SRT with comma milliseconds', () => {
    expect(toSrt(doc)).toBe(
      [
        '1',
        '00:01:02,345 --> 00:01:05,000',
        'Anna: We ship on Friday.',
        '',
        '2',
        '00:01:05,500 --> 00:01:10,250',
        'Speaker 3: Agreed. With tests.',
        '',
        '3',
        '01:02:03,004 --> 01:02:05,000',
        'Boris: a < b & c > d --> e',
        '',
      ].join('\n'),
    );
  });

  it('WebVTT with dot milliseconds, voice spans and escaped text', () => {
    expect(toWebVtt(doc)).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:01:02.345 --> 00:01:05.000',
        '<v Anna>We ship on Friday.',
        '',
        '2',
        '00:01:05.500 --> 00:01:10.250',
        '<v Speaker 3>Agreed. With tests.',
        '',
        '3',
        '01:02:03.004 --> 01:02:05.000',
        '<v Boris>a &lt; b &amp; c &gt; d --&gt; e',
        '',
      ].join('\n'),
    );
  });

  it('skips empty utterances, never ends a cue before it starts and numbers cues densely', () => {
    const odd: ExportDocument = {
      title: 't.wav',
      protocol: '',
      blocks: [
        {
          header: '',
          utterances: [
            { start: 1, end: 2, speaker: 'A', text: '   ' },
            { start: 5, end: 4, speaker: 'B', text: 'late end' },
          ],
        },
      ],
    };
    expect(toSrt(odd)).toBe('1\n00:00:05,000 --> 00:00:05,000\nB: late end\n');
    expect(toMarkdown(odd)).toBe('# t.wav\n\n## Transcript\n\n**[0:01] A:** \n\n**[0:05] B:** late end\n');
  });

  it('exportAs dispatches by format', () => {
    expect(exportAs('srt', doc)).toBe(toSrt(doc));
    expect(exportAs('vtt', doc)).toBe(toWebVtt(doc));
    expect(exportAs('txt', doc)).toBe(toPlainText(doc));
    expect(exportAs('md', doc)).toBe(toMarkdown(doc));
  });
});

describe('exportFileName', () => {
  it('replaces the media extension', () => {
    expect(exportFileName('Weekly sync.mp3', 'srt')).toBe('Weekly sync.srt');
    expect(exportFileName('Планёрка.M4A', 'vtt')).toBe('Планёрка.vtt');
  });

  it('removes characters file systems reject and direction overrides', () => {
    expect(exportFileName('<img src=x>/../a:b|c?.mp3', 'md')).toBe('img src=x__.._a_b_c_.md');
    expect(exportFileName('\u202Egnp.exe\u202C.wav', 'txt')).toBe('gnp.exe_.txt');
  });

  it('falls back to a neutral name and caps the length', () => {
    expect(exportFileName('.mp3', 'txt')).toBe('transcript.txt');
    expect(exportFileName(`${'a'.repeat(300)}.mp3`, 'md')).toBe(`${'a'.repeat(120)}.md`);
  });
});
