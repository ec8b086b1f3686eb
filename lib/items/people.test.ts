import { describe, expect, it } from 'vitest';
import { DAT, GEN, INS, meetingPeople, mentions, NOM, PEOPLE_MAX, POSS } from './people';

const named = (names: string[], text: string) => {
  const people = meetingPeople(names);
  return mentions(people, text).map((m) => ({
    words: text.slice(m.start, m.end),
    people: m.people.map((i) => people.list[i]?.name),
    cases: m.cases,
  }));
};

describe('people of a meeting named in a line, whatever the case form', () => {
  it('finds a Russian name in every case, whole or in part', () => {
    const people = ['Сергей Петрович Волков', 'Анна Смирнова', 'Лев Гордеев', 'Илья Морозов', 'Ирина Белова'];
    for (const [text, words, name] of [
      ['Сергей Петрович подготовит смету', 'Сергей Петрович', 'Сергей Петрович Волков'],
      ['Поручить Сергею Петровичу', 'Сергею Петровичу', 'Сергей Петрович Волков'],
      ['Сергея Петровича попросили', 'Сергея Петровича', 'Сергей Петрович Волков'],
      ['Волкову согласовать', 'Волкову', 'Сергей Петрович Волков'],
      ['для Анны', 'Анны', 'Анна Смирнова'],
      ['За Анной — презентация', 'Анной', 'Анна Смирнова'],
      ['Льву подготовить стенд', 'Льву', 'Лев Гордеев'],
      ['С Ильёй согласовать', 'Ильёй', 'Илья Морозов'],
      ['Ирине описать правило', 'Ирине', 'Ирина Белова'],
    ] as const) {
      const found = named([...people], text);
      expect(
        found.map((m) => [m.words, m.people]),
        text,
      ).toEqual([[words, [name]]]);
    }
  });

  it('tells the case: nominative, dative, genitive, instrumental', () => {
    const people = ['Анна Смирнова', 'Сергей Петрович Волков'];
    expect(named(people, 'Анна подготовит')[0]?.cases).toBe(NOM);
    expect((named(people, 'Анне подготовить')[0]?.cases ?? 0) & DAT).toBe(DAT);
    expect((named(people, 'для Анны')[0]?.cases ?? 0) & GEN).toBe(GEN);
    expect((named(people, 'с Анной')[0]?.cases ?? 0) & INS).toBe(INS);
    expect((named(people, 'Сергею Петровичу подготовить')[0]?.cases ?? 0) & NOM).toBe(0);
  });

  it('reads a surname with initials after it as one name', () => {
    const found = named(
      ['Иванов Алексей Сергеевич', 'Петрова Мария Ивановна'],
      'Иванову А. С. представить план; Петровой М. И. подготовить смету',
    );
    expect(found.map((m) => [m.words, m.people])).toEqual([
      ['Иванову А. С.', ['Иванов Алексей Сергеевич']],
      ['Петровой М. И.', ['Петрова Мария Ивановна']],
    ]);
  });

  it("reads English names and their possessive (Anna's)", () => {
    const found = named(['Raj Patel', "James O'Connor"], "Raj's team will add it; O'Connor to sign");
    expect(found.map((m) => [m.words, m.people, m.cases])).toEqual([
      ["Raj's", ['Raj Patel'], POSS],
      ["O'Connor", ["James O'Connor"], NOM],
    ]);
  });

  it('names no one with a first name two people share, unless the surname tells them apart', () => {
    const people = ['Anna Berg', 'Anna Kowalska', 'Tom Reed'];
    expect(named(people, 'Anna will fix it')[0]?.people).toEqual(['Anna Berg', 'Anna Kowalska']);
    expect(named(people, 'Anna Kowalska will fix it')[0]?.people).toEqual(['Anna Kowalska']);
    expect(named(people, 'Berg will fix it')[0]?.people).toEqual(['Anna Berg']);
  });

  it('matches a name written in the other alphabet, declined', () => {
    const people = ['Anna Smirnova', 'Pavel Ivanov', 'Olga Kuznetsova', 'Сергей Волков'];
    expect(named(people, 'Анна подготовит')[0]?.people).toEqual(['Anna Smirnova']);
    expect(named(people, 'Павлу созвониться')[0]?.people).toEqual(['Pavel Ivanov']);
    expect(named(people, 'Ольге отправить')[0]?.people).toEqual(['Olga Kuznetsova']);
    expect(named(people, 'Sergey will call')[0]?.people).toEqual(['Сергей Волков']);
  });

  it('takes a name only when it is written with a capital, or after @', () => {
    const people = ['Роман Сидоров', 'Victoria Grant'];
    expect(named(people, 'дочитать роман')).toEqual([]);
    expect(named(people, 'Роман запишет видео')[0]?.people).toEqual(['Роман Сидоров']);
    expect(named(people, '@victoria will update the board')[0]?.people).toEqual(['Victoria Grant']);
    expect(named(people, 'victoria will update the board')).toEqual([]);
  });

  it('names no one in a capitalised word beside another name, nor in the role a name gives in brackets', () => {
    const people = [
      'Project Manager',
      'Industrial Designer',
      'Anna Berg',
      'Hon. David Lametti (Minister of Justice and Attorney General of Canada)',
      'The Chair (Hon. Anthony Rota)',
    ];
    expect(named(people, 'In the next meeting, Industrial Manager will be responsible')).toEqual([]);
    expect(named(people, 'Then Anna Smith will send it')).toEqual([]);
    expect(named(people, 'Service Canada should be responsible')).toEqual([]);
    expect(named(people, 'Lametti will answer')[0]?.people).toEqual([people[3]]);
    expect(named(people, 'Rota will answer')[0]?.people).toEqual([people[4]]);
    expect(named(people, 'Update Anna Berg on it')[0]?.people).toEqual(['Anna Berg']);
    expect(named(people, 'On Friday Anna will send it')[0]?.people).toEqual(['Anna Berg']);
    expect(named(people, 'Project Manager will send the minutes')[0]?.people).toEqual(['Project Manager']);
  });

  it('leaves out the unlabelled voices, blanks, repeats and titles, and keeps names bounded', () => {
    const people = meetingPeople([
      'SPEAKER_00',
      '',
      '  ',
      'Anna Berg',
      'Berg  Anna',
      42,
      'The Chair (Hon. Anthony Rota)',
    ]);
    expect(people.list.map((p) => p.name)).toEqual(['Anna Berg', 'The Chair (Hon. Anthony Rota)']);
    expect(people.list[1]?.parts).toEqual(['chair', 'anthony', 'rota']);
    const many = meetingPeople(Array.from({ length: 10_000 }, (_, i) => `Person${i} Name${i}`));
    expect(many.list).toHaveLength(PEOPLE_MAX);
    const long = meetingPeople([`${'Анна'.repeat(250_000)} Смирнова`]);
    expect(long.list[0]?.name.length).toBeLessThanOrEqual(100);
  });
});
