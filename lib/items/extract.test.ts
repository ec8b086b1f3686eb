import { describe, expect, it } from 'vitest';
import { extractItems, ITEMS_MAX } from './extract';
import type { ActionItem } from './types';

const MEETING = {
  names: ['Anna Ivanova', 'Tom Hill', 'SPEAKER_02', 'Сергей Петрович Волков', 'Ольга Кузнецова'],
  createdAt: '2026-03-10T15:00:00.000000+03:00',
  language: 'en',
};
const extract = (protocol: string, meeting = MEETING) => extractItems(protocol, meeting);
const brief = (items: ActionItem[]) => items.map((i) => [i.text, i.owner, i.due]);

describe('action items of a protocol', () => {
  it('takes every list item of a section of tasks, with its owner, due date and bullet', () => {
    const items = extract(
      '# Sync\n\n## Summary\n\n- Anna presented the budget.\n\n## Action items\n\n- Anna will send the budget by Friday.\n- Update the wiki.\n- Send Tom the estimates.\n\n## Decisions\n\n- We will use Postgres.\n',
    );
    expect(brief(items)).toEqual([
      ['Anna will send the budget by Friday.', ['Anna Ivanova'], '2026-03-13'],
      ['Update the wiki.', null, null],
      ['Send Tom the estimates.', null, null],
    ]);
    expect(items.map((i) => i.bullet)).toEqual([1, 2, 3]);
    expect(items[0]).toMatchObject({
      ownerWords: 'Anna',
      dueWords: 'by Friday',
      row: null,
      checked: null,
      section: 'Action items',
    });
  });

  it('recognises the headings of tasks in both languages, numbered or with a note', () => {
    for (const heading of [
      'Next steps',
      '3. Action items (owners and dates)',
      'To do',
      'Follow-ups',
      'Tasks for next week',
      'Задачи',
      'Поручения',
      'Следующие шаги',
      'Кто что делает',
      'Дальнейшие действия',
      'Задачи и сроки',
    ])
      expect(extract(`## ${heading}\n\n- Обновить вики\n`), heading).toHaveLength(1);
    for (const heading of ['Decisions', 'Решения', 'Summary', 'Tasks sync with design', 'Итоги'])
      expect(extract(`## ${heading}\n\n- Обновить вики\n`), heading).toHaveLength(0);
  });

  it('elsewhere takes only a line that gives work to a person of the meeting, not decisions or reports', () => {
    const items = extract(
      [
        '## Discussion',
        '',
        '- Anna presented the new flow.',
        '- Tom to test it on older phones by Thursday.',
        '- The payment step stays as it is.',
        "- Anna's team will add the endpoint next week.",
        '- Tom will be the release manager.',
        '- Сергей Петрович подготовит смету до 15 марта.',
        '- Сергей Петрович рассказал о смете.',
        '- Ольге проверить договор.',
        '- Передать Ольге контакты клиента.',
        '- Ответственный: Ольга Кузнецова, срок — завтра.',
        '- Mike to upgrade the runners.',
        '- Tom should have come up with a plan.',
      ].join('\n'),
    );
    expect(brief(items)).toEqual([
      ['Tom to test it on older phones by Thursday.', ['Tom Hill'], '2026-03-12'],
      ["Anna's team will add the endpoint next week.", ['Anna Ivanova'], '2026-03-20'],
      ['Сергей Петрович подготовит смету до 15 марта.', ['Сергей Петрович Волков'], '2026-03-15'],
      ['Ольге проверить договор.', ['Ольга Кузнецова'], null],
      ['Ответственный: Ольга Кузнецова, срок — завтра.', ['Ольга Кузнецова'], '2026-03-11'],
    ]);
  });

  it('gives an owner only when the line names a person of the meeting as the one doing it', () => {
    const items = extract(
      [
        '## Поручения',
        '',
        '- Поручить Сергею Петровичу согласовать договор.',
        '- За Ольгой — презентация.',
        '- Подготовить отчёт для Ольги.',
        '- С Ольгой согласовать формат.',
        '- Подготовить отчёт (отв. Ольга).',
        '- Automate the changelog — Tom, by 29 May.',
        '- Ask legal about the terms (Anna).',
        '- Everyone will think about it.',
        '- Mike will upgrade the runners.',
        '- SPEAKER_02 will check the logs.',
      ].join('\n'),
    );
    expect(items.map((i) => i.owner)).toEqual([
      ['Сергей Петрович Волков'],
      ['Ольга Кузнецова'],
      null,
      null,
      ['Ольга Кузнецова'],
      ['Tom Hill'],
      ['Anna Ivanova'],
      null,
      null,
      null,
    ]);
  });

  it('reads the one doing it after the verb (Russian word order) or after "by" in the passive', () => {
    const items = extract(
      [
        '## Обсуждение',
        '',
        '- Смету до пятницы подготовит Ольга.',
        '- Договор проверят Сергей Петрович и Ольга.',
        '- Об этом говорит Ольга.',
        '- Смету подготовила Ольга.',
        '- The migration will be handled by Tom.',
        '- The report was prepared by Anna.',
        '',
        '## Action items',
        '',
        '- Security review — owned by Anna',
      ].join('\n'),
    );
    expect(brief(items)).toEqual([
      ['Смету до пятницы подготовит Ольга.', ['Ольга Кузнецова'], '2026-03-13'],
      ['Договор проверят Сергей Петрович и Ольга.', ['Сергей Петрович Волков', 'Ольга Кузнецова'], null],
      ['The migration will be handled by Tom.', ['Tom Hill'], null],
      ['Security review — owned by Anna', ['Anna Ivanova'], null],
    ]);
  });

  it('gives several owners when several are named, and none for a first name two people share', () => {
    const two = { ...MEETING, names: [...MEETING.names, 'Anna Berg'] };
    expect(
      extract(
        '## Tasks\n\n- Anna and Tom will draft it.\n- Anna will fix the test.\n- Anna Berg will review it.\n',
        two,
      ).map((i) => i.owner),
    ).toEqual([['Tom Hill'], null, ['Anna Berg']]);
  });

  it('gives the owner of a sub-heading, a bold label or a parent item that is only names', () => {
    const items = extract(
      [
        '## Who does what',
        '',
        '### Anna',
        '',
        '- Finalise the press release',
        '',
        '**Tom:**',
        '',
        '- Brief the agency',
        '',
        '### Other',
        '',
        '- Ольга',
        '  - обновить скриншоты',
        '- Backend:',
        '  - Migrate the database (Tom)',
        '  - Clean the caches',
      ].join('\n'),
    );
    expect(items.map((i) => [i.text, i.owner, i.bullet])).toEqual([
      ['Finalise the press release', ['Anna Ivanova'], 0],
      ['Brief the agency', ['Tom Hill'], 1],
      ['обновить скриншоты', ['Ольга Кузнецова'], 3],
      ['Migrate the database (Tom)', ['Tom Hill'], 5],
      ['Clean the caches', null, 6],
    ]);
  });

  it('reads tables of tasks (task, owner, due) anywhere, and no other table', () => {
    const items = extract(
      [
        '## Notes',
        '',
        '| # | Task | Owner | Due |',
        '| - | --- | --- | --- |',
        '| 1 | Send the NDA | Anna | Fri |',
        '| 2 | Compare the quotes | Tom, Anna | 15.03 |',
        '| 3 | Collect feedback | Team | — |',
        '| 4 | — | Tom | Fri |',
        '',
        '| Decision | Made by |',
        '| --- | --- |',
        '| Shortlist two vendors | Anna |',
        '',
        '| Кто | Что | Когда |',
        '| --- | --- | --- |',
        '| Сергею Петровичу | Согласовать бюджет | до конца месяца |',
      ].join('\n'),
    );
    expect(items.map((i) => [i.text, i.owner, i.due, i.bullet, i.row])).toEqual([
      ['Send the NDA', ['Anna Ivanova'], '2026-03-13', null, { table: 0, row: 0 }],
      ['Compare the quotes', ['Tom Hill', 'Anna Ivanova'], '2026-03-15', null, { table: 0, row: 1 }],
      ['Collect feedback', null, null, null, { table: 0, row: 2 }],
      ['Согласовать бюджет', ['Сергей Петрович Волков'], '2026-03-31', null, { table: 2, row: 0 }],
    ]);
  });

  it('keeps the state of a task box', () => {
    const items = extract(
      '**Next steps:**\n\n- [ ] Tom to publish the schedule\n- [x] Anna sent the calendar\n',
    );
    expect(items.map((i) => [i.owner, i.checked])).toEqual([
      [['Tom Hill'], false],
      [['Anna Ivanova'], true],
    ]);
  });

  it('gives nothing for a protocol with no items, or none at all', () => {
    expect(
      extract(
        '# Research readout\n\n## Findings\n\n- Users want faster search.\n- 3/5 could not find export.\n',
      ),
    ).toEqual([]);
    expect(extract('')).toEqual([]);
    expect(extract('## Action items\n')).toEqual([]);
  });

  it('a protocol of 10,000 items: the first 1,000 kept, each with its own bullet', () => {
    const protocol = `## Action items\n\n${Array.from({ length: 10_000 }, (_, i) => `- Task ${i} for Tom by Friday`).join('\n')}\n`;
    const items = extract(protocol);
    expect(items).toHaveLength(ITEMS_MAX);
    expect(items[999]).toMatchObject({ text: 'Task 999 for Tom by Friday', bullet: 999, due: '2026-03-13' });
  });

  it('a line of 1 MB: read to the first million characters of the protocol, its text cut to 1,000', () => {
    const items = extract(
      `## Action items\n\n- Tom to review it by Friday\n- Anna will ${'read '.repeat(200_000)}by Friday\n`,
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ owner: ['Tom Hill'], due: '2026-03-13', bullet: 0 });
    expect(items[1]?.text.length).toBeLessThanOrEqual(1_000);
    expect(items[1]).toMatchObject({ owner: ['Anna Ivanova'], due: null, bullet: 1 });
  });

  it('an item that names no one has no owner; a date that does not exist gives no date', () => {
    const items = extract('## Задачи\n\n- Обновить презентацию.\n- Ольге перенести задания до 30 февраля.\n');
    expect(brief(items)).toEqual([
      ['Обновить презентацию.', null, null],
      ['Ольге перенести задания до 30 февраля.', ['Ольга Кузнецова'], null],
    ]);
  });

  it('without the meeting day or any names, still finds the items of a section of tasks', () => {
    const items = extractItems(
      '## Action items\n\n- Anna will send it by Friday\n- Send it by 15 March 2026\n',
      {
        names: [],
        createdAt: null,
      },
    );
    expect(brief(items)).toEqual([
      ['Anna will send it by Friday', null, null],
      ['Send it by 15 March 2026', null, '2026-03-15'],
    ]);
  });
});
