import { describe, expect, it } from 'vitest';
import { meetingDayOf } from './days';
import { findDue } from './due';

// Tuesday, 10 March 2026.
const TUESDAY = meetingDayOf('2026-03-10T15:00:00.000000+03:00');
const due = (text: string, language = 'en', meetingDay = TUESDAY) =>
  findDue(text, { meetingDay, language })?.date ?? null;

describe('due dates read from a line, relative to the meeting', () => {
  it('reads the day of the meeting from created_at as written in its offset', () => {
    expect(meetingDayOf('2026-03-10T23:30:00.000000-08:00')).toBe(meetingDayOf('2026-03-10'));
    expect(meetingDayOf('not a date')).toBeNull();
    expect(meetingDayOf(undefined)).toBeNull();
    expect(meetingDayOf('2026-02-30T10:00:00Z')).toBeNull();
  });

  it.each([
    ['Anna will send the budget by Friday', '2026-03-13'],
    ['on Tuesday', '2026-03-17'],
    ['this Tuesday', '2026-03-10'],
    ['Tom to review next Tuesday', '2026-03-17'],
    ['next Friday', '2026-03-20'],
    ['by Fri', '2026-03-13'],
    ['by tomorrow', '2026-03-11'],
    ['by end of day', '2026-03-10'],
    ['the day after tomorrow', '2026-03-12'],
    ['this week', '2026-03-13'],
    ['by the end of the week', '2026-03-13'],
    ['next week', '2026-03-20'],
    ['end of next week', '2026-03-20'],
    ['early next week', '2026-03-16'],
    ['by the end of the month', '2026-03-31'],
    ['end of next month', '2026-04-30'],
    ['by the end of the quarter', '2026-03-31'],
    ['end of Q2', '2026-06-30'],
    ['by Q3', '2026-07-01'],
    ['by year-end', '2026-12-31'],
    ['in 3 days', '2026-03-13'],
    ['within two weeks', '2026-03-24'],
    ['in a month', '2026-04-10'],
    ['within 5 working days', '2026-03-17'],
    ['by March 15th', '2026-03-15'],
    ['before 20 March', '2026-03-20'],
    ['the fifteenth of April', '2026-04-15'],
    ['by 15.03', '2026-03-15'],
    ['due 2026-04-01', '2026-04-01'],
    ['by 15.04.2026', '2026-04-15'],
    ['by the 20th', '2026-03-20'],
    ['by the 5th', '2026-04-05'],
    ['in April', '2026-04-30'],
    ['by April', '2026-04-01'],
    ['by mid-April', '2026-04-15'],
    ['early April', '2026-04-10'],
    ['by the end of April', '2026-04-30'],
    ['by Friday 20 March', '2026-03-20'],
    ['on Monday, March 16th', '2026-03-16'],
    ['by EOD Friday', '2026-03-13'],
  ])('English: "%s" is %s', (text, date) => {
    expect(due(text)).toBe(date);
  });

  it.each([
    ['Сергей Петрович подготовит смету до 15 марта', '2026-03-15'],
    ['к пятнице', '2026-03-13'],
    ['до пятницы', '2026-03-13'],
    ['в пятницу', '2026-03-13'],
    ['в следующий вторник', '2026-03-17'],
    ['к следующему вторнику', '2026-03-17'],
    ['в эту пятницу', '2026-03-13'],
    ['до пт', '2026-03-13'],
    ['на этой неделе', '2026-03-13'],
    ['до конца недели', '2026-03-13'],
    ['на следующей неделе', '2026-03-20'],
    ['к концу следующей недели', '2026-03-20'],
    ['в начале следующей недели', '2026-03-16'],
    ['до конца месяца', '2026-03-31'],
    ['в следующем месяце', '2026-04-30'],
    ['до конца квартала', '2026-03-31'],
    ['до конца второго квартала', '2026-06-30'],
    ['до конца года', '2026-12-31'],
    ['сегодня', '2026-03-10'],
    ['завтра', '2026-03-11'],
    ['послезавтра', '2026-03-12'],
    ['через две недели', '2026-03-24'],
    ['через неделю', '2026-03-17'],
    ['в течение 3 рабочих дней', '2026-03-13'],
    ['в течение двух недель', '2026-03-24'],
    ['до 15.03', '2026-03-15'],
    ['до 1 апреля 2026 г.', '2026-04-01'],
    ['к 20-му числу', '2026-03-20'],
    ['до 30-го', '2026-03-30'],
    ['до пятнадцатого марта', '2026-03-15'],
    ['к середине апреля', '2026-04-15'],
    ['в начале апреля', '2026-04-10'],
    ['в апреле', '2026-04-30'],
    ['к апрелю', '2026-04-01'],
    ['срок — конец апреля', '2026-04-30'],
    ['в понедельник, 16 марта', '2026-03-16'],
  ])('Russian: "%s" is %s', (text, date) => {
    expect(due(text, 'ru')).toBe(date);
  });

  it('gives the words the date came from, with the word of deadline', () => {
    expect(findDue('Anna will send the budget by Friday.', { meetingDay: TUESDAY })).toEqual({
      date: '2026-03-13',
      words: 'by Friday',
    });
    expect(findDue('Подготовить смету до 15 марта (Анна)', { meetingDay: TUESDAY })?.words).toBe(
      'до 15 марта',
    );
    expect(findDue('в пятницу обсудить', { meetingDay: TUESDAY })?.words).toBe('в пятницу');
  });

  it('gives no date for one that does not exist, and does not fall back to another', () => {
    expect(due('before 31 February')).toBeNull();
    expect(due('до 30 февраля', 'ru')).toBeNull();
    expect(due('до 31.04', 'ru')).toBeNull();
    expect(due('by 29 February')).toBeNull();
    expect(due('book the venue for 29 February 2028')).toBe('2028-02-29');
    expect(due('move the jobs before 31 September, then review on Friday')).toBeNull();
  });

  it('gives no date where none is stated: versions, shares, quarters named, amounts, times', () => {
    for (const text of [
      'Upgrade the monitoring agent to 1.12',
      'Обновить агент до версии 1.12',
      'About 3/4 of the queries are reads',
      'Check the invoices for Q2',
      'Проверить счета за второй квартал',
      'Archive the 2025 logs',
      'Заархивировать логи за 2025 год',
      'Budget: 12,500 euros, 4,1 %',
      'Send the agenda a week before the meeting',
      'Разослать повестку за неделю до заседания',
      'Freeze the branch for two weeks',
      'Anna may not come',
      'The sat-nav and the wed app',
      'Grow 18% this year',
    ])
      expect(findDue(text, { meetingDay: TUESDAY, language: 'en' }), text).toBeNull();
  });

  it('reads a number date without a year only after a word of deadline, or in a due column', () => {
    expect(due('Patch the hosts 15.09')).toBeNull();
    expect(due('Patch the hosts by 15.09')).toBe('2026-09-15');
    expect(findDue('15.09', { meetingDay: TUESDAY, cell: true })?.date).toBe('2026-09-15');
    expect(findDue('Fri', { meetingDay: TUESDAY, cell: true })?.date).toBe('2026-03-13');
    expect(due('see you Fri')).toBeNull();
  });

  it('reads 03/04 by the language when both readings exist, and the one that exists otherwise', () => {
    expect(due('due 04/05', 'en')).toBe('2026-04-05');
    expect(due('до 04/05', 'ru')).toBe('2026-05-04');
    expect(due('due 04/15', 'ru')).toBe('2026-04-15');
    expect(due('due 15/04', 'en')).toBe('2026-04-15');
    expect(due('due 15.04', 'en')).toBe('2026-04-15');
  });

  it('places a date without a year from 60 days before the meeting to 305 days after it', () => {
    const december = meetingDayOf('2025-12-17T12:00:00+03:00');
    expect(due('by 15 January', 'en', december)).toBe('2026-01-15');
    expect(due('early January', 'en', december)).toBe('2026-01-10');
    expect(due('до 1 декабря', 'ru', december)).toBe('2025-12-01');
    expect(due('by 1 March', 'en', TUESDAY)).toBe('2026-03-01');
    expect(due('by 5 January', 'en', TUESDAY)).toBe('2027-01-05');
  });

  it('prefers the date after a word of deadline to one mentioned before it', () => {
    expect(due('Review the results of the 5 March test by Friday')).toBe('2026-03-13');
    expect(due('Sophie will present the designs on 9 April')).toBe('2026-04-09');
    expect(due('Sophie presented the designs on 9 February')).toBe('2026-02-09');
  });

  it('without the meeting day reads only dates with a year', () => {
    expect(due('by Friday', 'en', null)).toBeNull();
    expect(due('by 15 March', 'en', null)).toBeNull();
    expect(due('by 15 March 2026', 'en', null)).toBe('2026-03-15');
    expect(due('до 15.03.2026', 'ru', null)).toBe('2026-03-15');
  });

  it('reads at most the first 2,000 characters of a line, and a line of 1 MB ends at once', () => {
    const long = `${'word '.repeat(500)}by Friday`;
    expect(due(long)).toBeNull();
    const huge = `до ${'1'.repeat(1_000_000)} марта`;
    expect(due(huge, 'ru')).toBeNull();
    expect(due(`${'15.03 '.repeat(200_000)}`)).toBeNull();
  });
});
