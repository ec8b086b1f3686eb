/**
 * The due date an action item states, in English or Russian, read relative to the meeting's day:
 * a small grammar of the ways protocols write deadlines, not a general date parser. It gives a date
 * only when one is stated, and the words it came from; a date that does not exist (31 February,
 * 30 февраля) gives none. The readings, chosen once and written in docs/open-items.md:
 *
 * - a weekday ("by Friday", "к пятнице", "в пятницу") is the first such day after the meeting;
 *   "this Friday" / "в эту пятницу" may be the meeting's own day; "next Friday" / "в следующую
 *   пятницу" is the Friday of the next calendar week (weeks start on Monday);
 * - "this week" / "end of the week" / "на этой неделе" / "до конца недели": that week's Friday (its
 *   Sunday when the meeting is at the weekend); "next week" / "на следующей неделе": the next week's
 *   Friday; "early next week" / "в начале следующей недели": its Monday;
 * - "end of the month" / "до конца месяца": the month's last day; "next month": the next month's
 *   last day; the same for a quarter ("end of Q2", "до конца квартала") and the year;
 * - a month alone: "in April" / "в апреле" its last day, "by April" / "к апрелю" / "до апреля" its
 *   first; "early April" / "в начале апреля" the 10th, "mid-April" / "в середине апреля" the 15th,
 *   "late April" / "end of April" / "в конце апреля" its last day;
 * - "in 3 days", "within two weeks", "через неделю", "в течение 10 дней": counted from the
 *   meeting's day ("working days" skip Saturdays and Sundays);
 * - a date without a year is the one that falls from 60 days before the meeting to 305 days after
 *   it ("15 January" said on 17 December is next year's);
 * - numbers: `15.03` is always day.month; `03/15` is month/day in English and day/month in
 *   Russian when both readings exist; a number date without a year ("15.03", "the 20th", "3/4")
 *   counts only after a word of deadline ("by", "due", "до", "к", "срок") or in a due column, so
 *   "version 2.3" or "3/4 of the budget" are no dates.
 *
 * Of several dates in one item, the first one after a word of deadline wins ("review the 5 March
 * results by Friday"), else the first. Bounded: only the first `DUE_TEXT_MAX` characters are read.
 */
import {
  addMonths,
  addWorkingDays,
  type Day,
  dayOf,
  daysInMonth,
  isoOf,
  lastOfMonth,
  partsOf,
  weekdayOf,
} from './days';
import { monthOf, numberOf, ordinalOf, weekdayIndex } from './due-words';

export interface DueDate {
  /** `YYYY-MM-DD`. */
  date: string;
  /** The words it came from, as written ("by Friday", "до 15 марта"). */
  words: string;
}

export interface DueOptions {
  /** The meeting's day (lib/items/days.ts); null: only dates with a year can be read. */
  meetingDay: Day | null;
  /** The protocol's language (`en`, `ru`, …): how an ambiguous `03/04` is read. */
  language?: string | null;
  /** The text is a due column's cell: a number date needs no word of deadline before it. */
  cell?: boolean;
}

/** Characters of an item read for its date. */
export const DUE_TEXT_MAX = 2_000;

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const S = '[\\s\\u00a0]+';
const SO = '[\\s\\u00a0]*';

const EN_MONTH =
  '(?:january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)(?:\\.|' +
  E +
  ')';
const RU_MONTH =
  '(?:январ(?:ь|я|е|ю|ем)|янв|феврал(?:ь|я|е|ю|ем)|февр|фев|март(?:а|е|у|ом)?|мар|апрел(?:ь|я|е|ю|ем)|апр|ма(?:й|я|е|ю|ем)|июн(?:ь|я|е|ю|ем)?|июл(?:ь|я|е|ю|ем)?|август(?:а|е|у|ом)?|авг|сентябр(?:ь|я|е|ю|ем)|сент|сен|октябр(?:ь|я|е|ю|ем)|окт|ноябр(?:ь|я|е|ю|ем)|нояб|ноя|декабр(?:ь|я|е|ю|ем)|дек)(?:\\.|' +
  E +
  ')';
const MONTH = `(?<month>${EN_MONTH}|${RU_MONTH})`;
const YEAR = `(?:,?${S}(?<year>\\d{4})(?:${S}?(?:г\\.|года|год|г${E}))?)?`;

const EN_WEEKDAY =
  '(?:monday|mon|tuesday|tues|tue|wednesday|wed|thursday|thurs|thur|thu|friday|fri|saturday|sat|sunday|sun)';
const RU_WEEKDAY =
  '(?:понедельник(?:а|у|ом|е)?|вторник(?:а|у|ом|е)?|сред(?:а|у|ы|е|ой)|четверг(?:а|у|ом|е)?|пятниц(?:а|у|ы|е|ей)|суббот(?:а|у|ы|е|ой)|воскресень(?:е|я|ю|ем)|пн|вт|ср|чт|пт|сб|вс)';
const WEEKDAY_MODIFIER =
  '(?:(?<mod>next|this|coming|the coming|following|the following|следующ(?:ий|ую|его|ему|ей|ая|ее)|эт(?:от|у|ого|ому|ой|а)|ближайш(?:ий|ую|его|ему|ей|ая)|будущ(?:ий|ую|его|ему|ей|ая))' +
  S +
  ')?';

const EN_ORDINAL =
  '(?:(?<tens>twenty|thirty)[- ])?(?<ord>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)';
const RU_ORDINAL =
  '(?:(?<rtens>двадцать|тридцать)' +
  S +
  ')?(?<rord>одиннадцат|двенадцат|тринадцат|четырнадцат|пятнадцат|шестнадцат|семнадцат|восемнадцат|девятнадцат|двадцат|тридцат|перв|втор|трет|четверт|пят|шест|седьм|восьм|девят|десят)(?:ого|ому|ое|ьего|ьему|ье)';
const ORDINAL = `(?:${EN_ORDINAL}|${RU_ORDINAL})`;

const number = (name: string) =>
  `(?<${name}>\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|couple of|один|одну|одного|одной|одна|два|две|двух|три|трех|четыре|четырех|пять|пяти|шесть|шести|семь|семи|восемь|восьми|девять|девяти|десять|десяти|пару|пары)`;

const CUE =
  '(?:by|until|till|before|due(?:\\s+(?:by|on|date))?|deadline|no\\s+later\\s+than|not\\s+later\\s+than|on\\s+or\\s+before|до|к|ко|не\\s+позднее|не\\s+позже|срок(?:ом)?|в\\s+срок\\s+до|крайний\\s+срок|дедлайн)';
const CUE_BEFORE = new RegExp(`${B}${CUE}\\s*[:—–-]?\\s*(?:the\\s+)?$`, 'iu');
const ON_BEFORE = new RegExp(`${B}on\\s+(?:the\\s+)?$`, 'iu');
const PREPOSITION_BEFORE = new RegExp(`${B}(?:on|в|во)\\s+$`, 'iu');
const CUE_INSIDE = /^(?:by|until|till|before|до|к|ко)[\s\u00a0]/iu;

type Kind = 'date' | 'weekday' | 'relative';

interface Made {
  /** The day, or null for a stated date that does not exist (or cannot be read without the meeting's day). */
  value: Day | null;
  kind: Kind;
  /** Counts only after a word of deadline (or in a due column). */
  needsCue?: boolean;
  /** Counts after a word of deadline or "on". */
  needsCueOrOn?: boolean;
}

interface Rule {
  re: RegExp;
  make(groups: Record<string, string | undefined>, text: string, ctx: Context): Made | null;
}

interface Context {
  meeting: Day | null;
  language: string;
}

/** The date `month`/`date` with no year stated: the one in [meeting − 60 days, meeting + 305 days]. */
function inWindow(month: number, date: number, meeting: Day | null): Day | null {
  if (meeting === null) return null;
  const { year } = partsOf(meeting);
  for (const y of [year - 1, year, year + 1]) {
    const day = dayOf(y, month, date);
    if (day === null) continue;
    if (day >= meeting - 60 && day <= meeting + 305) return day;
  }
  // The date exists in no year near the meeting (29 February outside a leap year): none.
  return null;
}

/** A stated date: with its year, or placed near the meeting. `exists` false for 31 February. */
function stated(year: string | undefined, month: number, date: number, meeting: Day | null): Made {
  if (month < 1 || month > 12 || date < 1 || date > 31) return { value: null, kind: 'date' };
  if (year !== undefined) {
    const y = year.length === 2 ? 2000 + Number(year) : Number(year);
    return { value: dayOf(y, month, date), kind: 'date' };
  }
  // 29 February: it exists in some year; 31 February, 31 September: in none.
  if (date > daysInMonth(2024, month)) return { value: null, kind: 'date' };
  return { value: inWindow(month, date, meeting), kind: 'date' };
}

/** The first day with `weekday` after the meeting (or on it when `sameDay`). */
function nextWeekday(meeting: Day, weekday: number, sameDay: boolean): Day {
  const diff = (weekday - weekdayOf(meeting) + 7) % 7;
  return meeting + (diff === 0 && !sameDay ? 7 : diff);
}

/** Monday of the meeting's week plus `weeks`. */
function mondayOf(meeting: Day, weeks = 0): Day {
  return meeting - weekdayOf(meeting) + 7 * weeks;
}

/** The Friday of the meeting's week (`weeks` later), or its Sunday when that Friday has passed. */
function endOfWeek(meeting: Day, weeks: number): Day {
  const friday = mondayOf(meeting, weeks) + 4;
  return friday >= meeting ? friday : friday + 2;
}

function endOfQuarter(year: number, quarter: number): Day {
  return lastOfMonth(year, quarter * 3);
}

function quarterOf(word: string): number {
  const w = word.toLowerCase();
  const roman: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4 };
  if (roman[w]) return roman[w] as number;
  if (/^[1-4]$/.test(w)) return Number(w);
  if (w.startsWith('перв')) return 1;
  if (w.startsWith('втор')) return 2;
  if (w.startsWith('трет')) return 3;
  if (w.startsWith('четв')) return 4;
  return 0;
}

/** The quarter `quarter` of the meeting's year, or the next year's when it has ended. */
function quarterNear(meeting: Day, quarter: number, year: string | undefined): number {
  if (year) return Number(year);
  const { year: y, month } = partsOf(meeting);
  return quarter * 3 < month ? y + 1 : y;
}

/** The day `date` of `month` (a number, or `'last'`) in the year stated, else the one near the meeting. */
function inMonth(
  month: number,
  date: number | 'last',
  year: string | undefined,
  meeting: Day | null,
): Day | null {
  if (month < 1 || month > 12) return null;
  const at = (y: number) => dayOf(y, month, date === 'last' ? daysInMonth(y, month) : date);
  if (year !== undefined) return at(Number(year));
  if (meeting === null) return null;
  const { year: y } = partsOf(meeting);
  for (const candidate of [y - 1, y, y + 1]) {
    const day = at(candidate);
    if (day !== null && day >= meeting - 60 && day <= meeting + 305) return day;
  }
  return null;
}

/** Each rule is tried only where a word starts (sticky), which keeps a line's reading cheap. */
const rule = (source: string, make: Rule['make']): Rule => ({ re: new RegExp(source, 'iuy'), make });

const relative = (value: Day | null): Made => ({ value, kind: 'relative' });

const RULES: Rule[] = [
  // 2026-03-15, 2026/03/15
  rule(`${B}(?<y>\\d{4})[-/](?<m>\\d{1,2})[-/](?<d>\\d{1,2})${E}`, (g, _t, c) =>
    stated(g.y, Number(g.m), Number(g.d), c.meeting),
  ),
  // 15.03.2026, 15.03.26, 03/15/2026 (slash: month first in English when both readings exist)
  rule(
    `(?<![\\p{L}\\p{N}./])(?<a>\\d{1,2})(?<sep>[./])(?<b>\\d{1,2})\\k<sep>(?<y>\\d{4}|\\d{2})(?:${S}?(?:г\\.|года|г${E}))?(?![./]?\\d)`,
    (g, _t, c) => numeric(g, c, g.y),
  ),
  // 15.03, 03/15: only after a word of deadline
  rule(
    `(?<![\\p{L}\\p{N}./,])(?<a>\\d{1,2})(?<sep>[./])(?<b>\\d{1,2})(?![./]?\\d|[\\s\\u00a0]*%)`,
    (g, _t, c) => ({
      ...numeric(g, c, undefined),
      needsCue: true,
    }),
  ),
  // 15 March 2026, 15th of March, 15 марта 2026 г., 15-го марта
  rule(
    `${B}(?<d>\\d{1,2})(?:st|nd|rd|th|-?(?:го|е|ое|ого|му|ому))?${S}(?:of${S})?${MONTH}${YEAR}(?!\\d|:)`,
    (g, _t, c) => stated(g.year, monthOf(g.month ?? ''), Number(g.d), c.meeting),
  ),
  // March 15, March 15th, 2026
  rule(
    `${B}(?<month>${EN_MONTH})${S}(?<d>\\d{1,2})(?:st|nd|rd|th)?${E}(?:,?${S}(?<year>\\d{4}))?(?![\\d:])`,
    (g, _t, c) => stated(g.year, monthOf(g.month ?? ''), Number(g.d), c.meeting),
  ),
  // the fifteenth of March, пятнадцатого марта
  rule(`${B}(?:the${S})?${ORDINAL}${S}(?:of${S})?${MONTH}${YEAR}`, (g, _t, c) =>
    stated(g.year, monthOf(g.month ?? ''), ordinalOf(g.tens ?? g.rtens, g.ord ?? g.rord ?? ''), c.meeting),
  ),
  // March fifteenth
  rule(`${B}(?<month>${EN_MONTH})${S}(?:the${S})?${EN_ORDINAL}${E}`, (g, _t, c) =>
    stated(undefined, monthOf(g.month ?? ''), ordinalOf(g.tens, g.ord ?? ''), c.meeting),
  ),
  // mid-April, early April, the end of April, в середине апреля, к концу апреля, конец января
  rule(
    `${B}(?:(?<en>mid|early|late)[-\\s\\u00a0]*|(?:the${S})?(?<of>middle|beginning|start|end)${S}of${S}|(?:(?:в|к|до)${S})?(?<ru>середин[аеуы]|начал[аеоу]|конц[ауе]|конец)${S})${MONTH}${YEAR}`,
    (g, _t, c) => {
      const part = (g.en ?? g.of ?? g.ru ?? '').toLowerCase();
      const date = /^(?:mid|middle|середин)/.test(part)
        ? 15
        : /^(?:early|beginning|start|начал)/.test(part)
          ? 10
          : 'last';
      return { value: inMonth(monthOf(g.month ?? ''), date, g.year, c.meeting), kind: 'date' };
    },
  ),
  // in April, by April, в апреле, к апрелю, до апреля
  rule(
    `${B}(?<p>in|by|until|till|before|during|в|во|к|до|в${S}течение)${S}${MONTH}(?:${S}(?<year>\\d{4}))?(?!${SO}\\d|${S}(?:the${S})?(?:first|second|third|\\p{L}+th)${E})`,
    (g, text, c) => {
      const word = g.month ?? '';
      // "may" the verb: a month only when written as a name.
      if (word.toLowerCase() === 'may' && !text.includes('May')) return null;
      const start = /^(?:by|until|till|before|к|до)$/.test((g.p ?? '').toLowerCase());
      return { value: inMonth(monthOf(word), start ? 1 : 'last', g.year, c.meeting), kind: 'date' };
    },
  ),
  // the 20th (after "by" or "on"); к 20-му, до 30-го, 20 числа
  rule(`${B}(?:the${S})?(?<d>\\d{1,2})(?:st|nd|rd|th)${E}`, (g, _t, c) => ({
    value: dayOfMonth(Number(g.d), c.meeting),
    kind: 'date',
    needsCueOrOn: true,
  })),
  rule(`${B}(?<d>\\d{1,2})(?:-?(?<suffix>го|му|е|ое|ого|ому))?(?:${S}(?<of>числ[ауе]))?${E}`, (g, _t, c) => {
    if (!g.suffix && !g.of) return null;
    return { value: dayOfMonth(Number(g.d), c.meeting), kind: 'date', needsCue: !g.of };
  }),
  // Friday, next Tuesday, в следующий вторник, к пятнице, до пт
  rule(`${B}${WEEKDAY_MODIFIER}(?<wd>${EN_WEEKDAY}|${RU_WEEKDAY})(?:\\.|${E})`, (g, _t, c) => {
    const word = g.wd ?? '';
    const index = weekdayIndex(word);
    if (index < 0) return null;
    const abbreviated = /^[a-z]/i.test(word) ? word.length <= 5 : word.length <= 2;
    const mod = (g.mod ?? '').toLowerCase();
    if (c.meeting === null) return { value: null, kind: 'weekday', needsCue: abbreviated };
    let value: Day;
    if (/^(?:next|following|the following|следующ|будущ)/.test(mod)) value = mondayOf(c.meeting, 1) + index;
    else value = nextWeekday(c.meeting, index, /^(?:this|эт)/.test(mod));
    return { value, kind: 'weekday', needsCue: abbreviated && mod === '' };
  }),
  // today, tomorrow, end of day, сегодня, завтра, до конца дня
  rule(
    `${B}(?<w>today|tonight|tomorrow|(?:the${S})?day${S}after${S}tomorrow|(?:the${S})?end${S}of${S}(?:the${S})?(?:business${S})?day|eod|cob|close${S}of${S}business|сегодня|завтра|послезавтра|(?:до|к)${S}конц[ау]${S}дня)${E}`,
    (g, _t, c) => {
      const w = (g.w ?? '').toLowerCase();
      const add = /tomorrow|послезавтра/.test(w)
        ? /after|послезавтра/.test(w)
          ? 2
          : 1
        : /завтра/.test(w)
          ? 1
          : 0;
      return relative(c.meeting === null ? null : c.meeting + add);
    },
  ),
  // this week, next week, end of next week, eow, на следующей неделе, до конца недели
  rule(
    `${B}(?:(?<start>early${S}|(?:the${S})?(?:start|beginning)${S}of${S}|(?:в${S})?начал[еау]${S})(?<n1>next|следующей)${S}(?:week|недели)|(?:(?:the${S})?end${S}of${S}(?:the${S})?)?(?<n2>this|next|the)${S}week|end${S}of${S}week|eow|(?:(?:до|к|в)${S})?(?:конц[ауе]|конец)${S}(?:(?<n3>этой|текущей|следующей|будущей)${S})?недели|(?:на${S})?(?<n4>этой|текущей|следующей|будущей)${S}неделе)${E}`,
    (g, text, c) => {
      if (c.meeting === null) return relative(null);
      if (g.start) return relative(mondayOf(c.meeting, 1));
      const which = (g.n2 ?? g.n3 ?? g.n4 ?? 'this').toLowerCase();
      // "the week" alone is a week of something ("the week of the launch"), unless it is its end.
      if (which === 'the' && !/end/i.test(text)) return null;
      return relative(endOfWeek(c.meeting, /^(?:next|следующ|будущ)/.test(which) ? 1 : 0));
    },
  ),
  // end of the month, next month, до конца месяца, в следующем месяце, в начале следующего месяца
  rule(
    `${B}(?:(?:the${S})?end${S}of${S}(?:the${S})?(?<n1>this|next|the)?${SO}month|(?<n2>this|next)${S}month|end${S}of${S}month|eom|month[-\\s]end|(?:(?:до|к|в)${S})?(?<part>конц[ауе]|конец|начал[еау]|середин[еуы])${S}(?:(?<n3>этого|текущего|следующего)${S})?месяца|в${S}(?<n4>этом|текущем|следующем)${S}месяце)${E}`,
    (g, _t, c) => {
      if (c.meeting === null) return relative(null);
      const which = (g.n1 ?? g.n2 ?? g.n3 ?? g.n4 ?? 'this').toLowerCase();
      const { year, month } = partsOf(addMonths(c.meeting, /^(?:next|следующ)/.test(which) ? 1 : 0));
      const part = (g.part ?? '').toLowerCase();
      const date = part.startsWith('начал') ? 10 : part.startsWith('середин') ? 15 : daysInMonth(year, month);
      return relative(dayOf(year, month, date));
    },
  ),
  // end of the quarter, end of Q2, in Q3, by Q3, до конца квартала, до конца второго квартала
  rule(
    `${B}(?:(?:the${S})?end${S}of${S}(?:the${S})?(?<n1>this|next)?${SO}quarter|quarter[-\\s]end|eoq|(?<p>(?:the${S})?end${S}of|in|during|by|before|until)${S}q(?<q1>[1-4])(?:${S}(?<y1>\\d{4}))?|(?:(?:до|к|в)${S})?(?:конц[ауе]|конец)${S}(?:(?<n2>этого|текущего|следующего)${S})?квартала|(?:(?:до|к|в)${S})?(?:конц[ауе]|конец)${S}(?<q2>iv|iii|ii|i|[1-4]|перв\\p{L}*|втор\\p{L}*|трет\\p{L}*|четв\\p{L}*)(?:-?го)?${S}квартала(?:${S}(?<y2>\\d{4}))?|в${S}(?<q3>iv|iii|ii|i|[1-4]|перв\\p{L}*|втор\\p{L}*|трет\\p{L}*|четв\\p{L}*)(?:-?м)?${S}квартале(?:${S}(?<y3>\\d{4}))?)${E}`,
    (g, _t, c) => {
      const q = g.q1 ?? g.q2 ?? g.q3;
      const year = g.y1 ?? g.y2 ?? g.y3;
      if (c.meeting === null && year === undefined) return relative(null);
      if (q !== undefined) {
        const quarter = quarterOf(q);
        if (quarter === 0) return null;
        const y = quarterNear(c.meeting as Day, quarter, year);
        const p = (g.p ?? '').toLowerCase();
        if (/^(?:by|before|until)$/.test(p)) return { value: dayOf(y, quarter * 3 - 2, 1), kind: 'date' };
        return { value: endOfQuarter(y, quarter), kind: 'date' };
      }
      const meeting = c.meeting as Day;
      const { year: y, month } = partsOf(meeting);
      const next = /^(?:next|следующ)/.test((g.n1 ?? g.n2 ?? '').toLowerCase()) ? 1 : 0;
      const index = Math.floor((month - 1) / 3) + next;
      return relative(endOfQuarter(y + Math.floor(index / 4), (index % 4) + 1));
    },
  ),
  // end of the year, year-end, до конца года
  rule(
    `${B}(?:(?:the${S})?end${S}of${S}(?:the${S})?(?:this${S})?year|year[-\\s]end|eoy|(?:(?:до|к|в)${S})?(?:конц[ауе]|конец)${S}(?:(?:этого|текущего)${S})?года)${E}`,
    (_g, _t, c) => relative(c.meeting === null ? null : (dayOf(partsOf(c.meeting).year, 12, 31) as Day)),
  ),
  // in 3 days, within two weeks, 5 working days from now, через неделю, в течение 10 дней
  rule(
    `${B}(?:(?:in|within)${S}(?:the${S}next${S})?${number('n1')}${S}(?<work>business${S}|working${S})?(?<unit>days?|weeks?|months?|fortnight)|${number('n2')}${S}(?<work2>business${S}|working${S})?(?<unit2>days?|weeks?)${S}from${S}(?:now|today)|(?:через|в${S}течение)${S}(?:${number('n3')}${S})?(?<work3>рабоч\\p{L}*${S})?(?<unit3>день|дня|дней|сутки|суток|неделю|недели|недель|неделя|месяц|месяца|месяцев))${E}`,
    (g, _t, c) => {
      const n = numberOf(g.n1 ?? g.n2 ?? g.n3);
      if (n <= 0 || n > 366) return null;
      if (c.meeting === null) return relative(null);
      const unit = (g.unit ?? g.unit2 ?? g.unit3 ?? '').toLowerCase();
      const working = Boolean(g.work ?? g.work2 ?? g.work3);
      if (/^(?:day|дн|ден|сут)/.test(unit) || unit === 'день')
        return relative(working ? addWorkingDays(c.meeting, n) : c.meeting + n);
      if (unit === 'fortnight') return relative(c.meeting + 14 * n);
      if (/^(?:week|недел)/.test(unit)) return relative(c.meeting + 7 * n);
      return relative(addMonths(c.meeting, n));
    },
  ),
];

function dayOfMonth(date: number, meeting: Day | null): Day | null {
  if (date < 1 || date > 31 || meeting === null) return null;
  const { year, month } = partsOf(meeting);
  for (let i = 0; i < 12; i += 1) {
    const index = year * 12 + month - 1 + i;
    const day = dayOf(Math.floor(index / 12), (index % 12) + 1, date);
    if (day !== null && day >= meeting) return day;
  }
  return null;
}

/** `a.b` or `a/b` (with `year` or without): dots are day.month; a slash is read by the language. */
function numeric(g: Record<string, string | undefined>, c: Context, year: string | undefined): Made {
  const a = Number(g.a);
  const b = Number(g.b);
  if (g.sep === '/') {
    const monthFirst = stated(year, a, b, c.meeting);
    const dayFirst = stated(year, b, a, c.meeting);
    const monthFirstExists = a >= 1 && a <= 12 && b >= 1 && b <= daysInMonth(2024, a);
    const dayFirstExists = b >= 1 && b <= 12 && a >= 1 && a <= daysInMonth(2024, b);
    if (monthFirstExists && dayFirstExists) return c.language === 'en' ? monthFirst : dayFirst;
    return monthFirstExists ? monthFirst : dayFirst;
  }
  return stated(year, b, a, c.meeting);
}

interface Candidate extends Made {
  start: number;
  end: number;
  cued: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
/**
 * The words a date can start with: a number; a month, a weekday or an ordinal; a word of time or
 * of deadline. Only these are tried, so a line's other words cost nothing.
 */
const TRIGGER = new RegExp(
  '^(?:\\d|' +
    [
      'the|in|within|by|until|till|before|during|on|this|next|coming|following|today|tonight|tomorrow|day|end|eod|cob|close|early|late|mid|middle|beginning|start|eow|eom|eoq|eoy|month|quarter|year|q[1-4]$|a$|an$',
      'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple',
      'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun',
      'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twent|thirt',
      'в$|во$|к$|ко$|до$|на$|через|сегодня|завтра|послезавтра|конц|конец|начал|середин|эт|текущ|следующ|ближайш|будущ',
      'янв|фев|мар|апр|ма[йяею]|июн|июл|авг|сен|окт|ноя|дек|понедельн|вторн|сред|четв|пятн|суббот|воскрес|пн$|вт$|ср$|чт$|пт$|сб$|вс$',
      'перв|втор|трет|пят|шест|седьм|восьм|девят|десят|одиннадцат|двенадцат|тринадцат|четырнадцат|пятнадцат|шестнадцат|семнадцат|восемнадцат|девятнадцат|двадцат|тридцат',
      'один|одн|два|две|двух|три|трех|четыре|четырех|пару|пары',
    ].join('|') +
    ')',
  'iu',
);
const ADJACENT = /^[\s\u00a0,(–—-]*$/;

/** Every date stated in `text`, in order, overlaps resolved (the earlier, then the longer, wins). */
function candidates(text: string, ctx: Context, cell: boolean): Candidate[] {
  const found: Candidate[] = [];
  const starts: number[] = [];
  for (const match of text.matchAll(WORD)) if (TRIGGER.test(match[0])) starts.push(match.index ?? 0);
  for (const { re, make } of RULES)
    for (const at of starts) {
      re.lastIndex = at;
      const match = re.exec(text);
      if (!match) continue;
      const made = make(match.groups ?? {}, match[0], ctx);
      if (!made) continue;
      const before = text.slice(Math.max(0, at - 40), at);
      const cued = cell || CUE_BEFORE.test(before) || CUE_INSIDE.test(match[0]);
      if (made.needsCue && !cued) continue;
      if (made.needsCueOrOn && !cued && !ON_BEFORE.test(before)) continue;
      found.push({ ...made, start: at, end: at + match[0].length, cued });
    }
  // The longest reading of each stretch wins ("by March 15th" is a day, not "by March").
  found.sort((x, y) => y.end - y.start - (x.end - x.start) || x.start - y.start);
  const longest: Candidate[] = [];
  for (const candidate of found)
    if (!longest.some((other) => candidate.start < other.end && other.start < candidate.end))
      longest.push(candidate);
  longest.sort((x, y) => x.start - y.start);
  const kept: Candidate[] = [];
  for (const candidate of longest) {
    const last = kept[kept.length - 1];
    if (last && candidate.start < last.end) continue;
    // "Monday, September 14", "by Friday 16 January", "Friday EOD": one date, the most precise.
    if (last && ADJACENT.test(text.slice(last.end, candidate.start))) {
      const rank = (c: Candidate) => (c.kind === 'date' ? 2 : c.kind === 'weekday' ? 1 : 0);
      if (rank(candidate) !== rank(last)) {
        const best = rank(candidate) > rank(last) ? candidate : last;
        kept[kept.length - 1] = {
          ...best,
          start: last.start,
          end: candidate.end,
          cued: last.cued || candidate.cued,
        };
        continue;
      }
    }
    kept.push(candidate);
  }
  return kept;
}

/** Where the words of a date begin: at the word of deadline before it, when there is one. */
function wordsStart(text: string, start: number): number {
  const before = text.slice(Math.max(0, start - 40), start);
  const match = CUE_BEFORE.exec(before) ?? PREPOSITION_BEFORE.exec(before);
  return match ? start - before.length + match.index : start;
}

/**
 * The due date stated in `text`, or null when none is (or the one stated does not exist). Never
 * throws.
 */
export function findDue(text: string, options: DueOptions): DueDate | null {
  if (typeof text !== 'string' || text === '') return null;
  const source = text.slice(0, DUE_TEXT_MAX).replace(/ё/g, 'е').replace(/Ё/g, 'Е');
  const ctx: Context = {
    meeting: options.meetingDay,
    language: (options.language ?? '').toLowerCase().slice(0, 2),
  };
  const found = candidates(source, ctx, options.cell === true);
  if (found.length === 0) return null;
  const chosen = found.find((c) => c.cued) ?? (found[0] as Candidate);
  if (chosen.value === null) return null;
  const start = wordsStart(source, chosen.start);
  // A full stop after a whole word ends the sentence, not an abbreviation ("Fri.", "г." keep theirs).
  const words = text
    .slice(start, chosen.end)
    .trim()
    .replace(/(\p{L}{5,})\.$/u, '$1');
  return { date: isoOf(chosen.value), words };
}
