/**
 * The linker's parts on meetings written for the tests: stems, names in any case form, numbers
 * written either way, a line that needs two neighbouring turns, the order prior, the "none"
 * threshold, and hostile protocols (bounded, never stuck).
 */
import { describe, expect, it } from 'vitest';
import type { ProcessingResult } from '@/lib/api/schemas';
import { citedBy, DEFAULT_PARAMS, groundProtocol, groundResult, itemSources } from '.';
import { MAX_LINE_CHARS, MAX_LINES } from './protocol';

type Turn = [speaker: string, text: string];

function meeting(turns: Turn[], names: Record<string, string>, protocol: string, blocks = 1) {
  const size = Math.ceil(turns.length / blocks);
  return {
    protocol,
    names,
    blocks: Array.from({ length: blocks }, (_, b) => ({
      header: `Part ${b + 1}`,
      utterances: turns.slice(b * size, (b + 1) * size).map(([speakerId, text]) => ({ speakerId, text })),
    })),
  };
}

/** Small talk that says nothing a line is about. */
const FILLER: Turn[] = [
  ['0', 'Okay, let us start, everyone is here I think.'],
  ['1', 'Yes, morning.'],
  ['2', 'Mm-hmm.'],
  ['0', 'Can you all hear me well enough on the line today?'],
  ['1', 'Loud and clear, go ahead please.'],
  ['2', 'The coffee machine on our floor is broken again by the way.'],
  ['0', 'Right, somebody should call the landlord about it.'],
  ['1', 'I will mention it at lunch.'],
];

const sourcesOf = (grounded: ReturnType<typeof groundProtocol>) => itemSources(grounded);
/** The ranking alone, every line linked whatever its support (the threshold has its own test). */
const RANKING = { ...DEFAULT_PARAMS, threshold: Number.NEGATIVE_INFINITY };
const ranked = (input: Parameters<typeof groundProtocol>[0]) => sourcesOf(groundProtocol(input, RANKING));

describe('the linker', () => {
  it('matches words by their stems, in English and Russian', () => {
    const grounded = groundProtocol(
      meeting(
        [
          ...FILLER,
          ['1', 'We decided that the deliveries will be reorganised next quarter.'],
          ['0', 'Встречу с подрядчиком переносим на четверг.'],
          ...FILLER,
        ],
        {},
        '- Deciding to reorganise deliveries\n- Встречи с подрядчиками перенесли',
      ),
    );
    expect(sourcesOf(grounded).map((links) => links?.[0])).toEqual([8, 9]);
  });

  it('favours the turns of a speaker the line names, whatever the case form of the name', () => {
    const turns: Turn[] = [
      ...FILLER,
      ['1', 'Я подготовлю отчёт по продажам к пятнице.'],
      ...FILLER,
      ['0', 'Я подготовлю отчёт по продажам к пятнице, если Борис не успеет.'],
      ...FILLER,
    ];
    const names = { '0': 'Анна Петрова', '1': 'Борис', '2': 'Ольга' };
    for (const [line, expected] of [
      ['- Анне поручили подготовить отчёт по продажам к пятнице', 17],
      ['- Анна подготовит отчёт по продажам к пятнице', 17],
      ['- Отчёт по продажам к пятнице готовит Борис', 8],
      ['- Бориса попросили подготовить отчёт по продажам к пятнице', 8],
    ] as const)
      expect(ranked(meeting(turns, names, line))[0]?.[0], line).toBe(expected);
  });

  it('reads numbers written either way', () => {
    const links = ranked(
      meeting(
        [
          ...FILLER,
          ['0', 'The price will be euros, as usual, and the launch is in spring.'],
          ['1', 'I would sell it for twenty five euros.'],
          ['2', 'Перенесём запуск на пятнадцатое марта.'],
          ['0', 'Запуск в марте, но дату назовём позже.'],
          ...FILLER,
        ],
        {},
        '- The price will be 25 euros\n- Запуск 15 марта',
      ),
    );
    expect(links.map((line) => line?.[0])).toEqual([9, 10]);
  });

  it('finds a line said across two neighbouring turns, and cites both', () => {
    const [links] = ranked(
      meeting(
        [
          ...FILLER,
          ['0', 'Who will book the conference venue for the autumn?'],
          ['1', 'Mm.'],
          ['1', 'I can do that, Pavel will pay the deposit.'],
          ['2', 'The venue near the station is too small anyway.'],
          ...FILLER,
          ['0', 'The deposit for the printer was paid yesterday.'],
          ...FILLER,
        ],
        {},
        '- The autumn conference venue will be booked, with a deposit',
      ),
    );
    expect(links?.slice(0, 2).sort((a, b) => a - b)).toEqual([8, 10]);
  });

  it('favours, for lines of one section, the candidates in the order the lines come', () => {
    // "budget" is said twice; the first line is about the start, the third about the end.
    const turns: Turn[] = [
      ...FILLER,
      ['0', 'The budget for the design work is agreed.'],
      ['1', 'Then the prototype goes to the workshop on Monday.'],
      ['2', 'The budget for the design work is agreed, I repeat, and it is final.'],
      ...FILLER,
      ['0', 'The workshop needs the drawings of the prototype before Monday.'],
      ['1', 'Agreed, the budget for the design work stays as it is.'],
      ...FILLER,
    ];
    const protocol =
      '## Notes\n\n- The design budget is agreed\n- The prototype goes to the workshop\n- The design budget stays';
    const [first, , last] = ranked(meeting(turns, {}, protocol));
    expect(first?.[0]).toBeLessThan(12);
    expect(last?.[0]).toBeGreaterThan(12);
  });

  it('says "no source found" for a protocol of another meeting, and gives sources for its own', () => {
    const turns: Turn[] = [
      ...FILLER,
      ['0', 'The new remote control will have a rubber case in bright yellow.'],
      ['1', 'We keep the price at twenty five euros for the shops.'],
      ['2', 'The battery lasts two years with the standby button.'],
      ['0', 'Marketing will test the yellow case with ten customers next week.'],
      ...FILLER,
      ['1', 'The speech recognition chip is too expensive for this price.'],
      ['2', 'Then we drop the speech recognition and keep the buttons simple.'],
      ...FILLER,
    ];
    const own =
      '- The case will be yellow rubber\n- The price stays 25 euros\n- The battery lasts two years\n- Ten customers test the yellow case\n- Speech recognition is dropped as too expensive';
    const other =
      '- The team chose a titanium case for the premium line\n- A solar cell replaces the battery\n- The kick-off meeting introduced the designers\n- The whiteboard drawings were animals\n- The next meeting is about the interface';
    const mine = groundProtocol(meeting(turns, {}, own));
    const borrowed = groundProtocol(meeting(turns, {}, other));
    expect(sourcesOf(mine).every((links) => links !== null)).toBe(true);
    expect(sourcesOf(borrowed).filter((links) => links === null).length).toBeGreaterThanOrEqual(4);
    expect(mine.fit).toBeGreaterThan(borrowed.fit);
  });

  it('gives the utterances that lines cite back to the transcript', () => {
    const grounded = groundProtocol(
      meeting(
        [...FILLER, ['0', 'The deadline is the fifth of May.'], ...FILLER],
        {},
        '- Deadline 5 May\n- The deadline is in May',
      ),
      RANKING,
    );
    expect(citedBy(grounded).get('0.8')).toEqual([0, 1]);
  });
});

describe('a hostile protocol or transcript', () => {
  const result = (protocol: string, dialog: unknown): ProcessingResult =>
    ({
      audio_id: 1,
      title: 'x.mp3',
      duration: 60,
      classified: true,
      success: true,
      is_shared: false,
      is_uploaded: true,
      result:
        dialog === null
          ? null
          : { language: 'en', protocol, dialog, speakers_map: {}, speakers_timeline: {} },
    }) as ProcessingResult;
  const dialog = [
    {
      header: 'A',
      starts: [0, 5],
      ends: [5, 9],
      speakers: ['{0}', '{1}'],
      texts: ['We ship on Friday.', 'Budget is fine.'],
    },
  ];

  it('links the lines of a 10,000-line protocol, each with at most three sources', () => {
    const protocol = Array.from({ length: 10_000 }, (_, i) => `- line ${i} we ship on Friday`).join('\n');
    const grounded = groundResult(result(protocol, dialog));
    expect(grounded.lines.length).toBe(MAX_LINES);
    expect(grounded.lines.every((line) => line.sources === null || line.sources.length <= 3)).toBe(true);
  });

  it('stops looking past its work budget on a long protocol against a long transcript, and says so', () => {
    const words = 'we ship the budget on friday and the release moves to the next quarter'.split(' ');
    const long = [
      {
        header: 'A',
        starts: Array.from({ length: 4_000 }, (_, i) => i),
        ends: Array.from({ length: 4_000 }, (_, i) => i + 1),
        speakers: Array.from({ length: 4_000 }, (_, i) => `{${i % 3}}`),
        texts: Array.from(
          { length: 20_000 },
          (_, i) =>
            `${words[i % words.length]} ${words[(i * 7) % words.length]} ${words[(i * 3) % words.length]} budget`,
        ),
      },
    ];
    const protocol = Array.from(
      { length: 10_000 },
      (_, i) => `- line ${i}: the budget ships on friday, the release moves`,
    ).join('\n');
    const grounded = groundResult(result(protocol, long), {}, { ...DEFAULT_PARAMS, work: 5_000_000 });
    expect(grounded.complete).toBe(false);
    expect(grounded.lines).toHaveLength(10_000);
    expect(grounded.lines[0]?.checked).toBe(true);
    expect(grounded.lines.at(-1)).toMatchObject({ checked: false, sources: null });
  });

  it('reads a 1 MB line as a bounded one', () => {
    const grounded = groundResult(result(`- ${'budget '.repeat(150_000)}\n- we ship on Friday`, dialog));
    expect(grounded.lines).toHaveLength(2);
    expect(grounded.lines[0]?.text.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
    expect(grounded.lines[1]?.sources?.[0]?.flat).toBe(0);
  });

  it('gives every line "no source found" without a transcript or with an empty dialog', () => {
    for (const input of [
      result('- We ship on Friday', null),
      result('- We ship on Friday', []),
      result('- We ship', [{ header: '', starts: [], ends: [], speakers: [], texts: [] }]),
    ]) {
      const grounded = groundResult(input);
      expect(grounded.lines.map((line) => line.sources)).toEqual(input.result ? [null] : []);
    }
  });

  it('takes parallel arrays of different lengths as the transcript does (the complete utterances only)', () => {
    const ragged = [
      {
        header: 'A',
        starts: [0, 5, 9],
        ends: [5],
        speakers: ['{0}', '{1}'],
        texts: ['We ship on Friday.', 'Budget.'],
      },
    ];
    const grounded = groundResult(result('- We ship on Friday', ragged));
    expect(grounded.lines[0]?.sources?.map((source) => source.flat)).toEqual([0]);
  });
});
