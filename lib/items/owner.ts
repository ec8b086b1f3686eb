/**
 * Who a line gives the work to, among the people of the meeting, read from where the name stands
 * and in what case, never guessed:
 *
 * 1. an owner field: "Owner: Victoria", "Ответственный: Юлия Фёдорова", "(отв. Ольга)";
 * 2. the names the line starts with: "Anna will…", "Tom and Sam: …", "Анна подготовит…",
 *    "Сергею Петровичу согласовать…" (a Russian name there in the nominative or the dative);
 *    "За Анной — …"; "Сергея Петровича попросили…";
 * 3. a verb of assigning before the names: "assigned to Anna", "поручить Сергею",
 *    "возложить на Иванова А. С.";
 * 4. a tag: "(Karen)", "— Michael, by 29 May";
 * 5. the subject of a verb of doing, anywhere: "By Friday, Anna will send…", "Ask Anna to…",
 *    "В среду Анна проверит…", "Поручить Сергею Петровичу согласовать…".
 *
 * A name in any other place is someone the work is for or about ("Send Tom the estimates",
 * "Передать Дмитрию контакты", "для Анны", "с Ильёй"): no owner. Outside a section of tasks a line
 * is an action item only when it assigns work this way (rules 1 to 3 and 5, with a verb of doing
 * after the names, not "will be the release manager" or "Анна рассказала").
 */
import { ACC, DAT, GEN, INS, type Mention, NOM, POSS, type Token } from './people';

export interface OwnerFinding {
  /** The people given the work (indices into `People.list`), or null when no one of the meeting is. */
  owners: number[] | null;
  /** The words that name them. */
  words: string | null;
  /** The line assigns work to someone (an owner field, or names followed by a verb of doing). */
  assigns: boolean;
  /** How the owner was read. */
  rule: 'field' | 'lead' | 'assign' | 'tag' | 'subject' | null;
}

interface Group {
  mentions: Mention[];
  first: number;
  last: number;
  start: number;
  end: number;
  cases: number;
}

const JOINER = /^\s*(?:,\s*(?:and|и)?|and|&|и|\/|\+)\s*$/iu;

function groupsOf(found: readonly Mention[], text: string): Group[] {
  const out: Group[] = [];
  for (const mention of found) {
    const last = out[out.length - 1];
    if (last && JOINER.test(text.slice(last.end, mention.start))) {
      last.mentions.push(mention);
      last.last = mention.last;
      last.end = mention.end;
      last.cases = last.cases & mention.cases ? last.cases & mention.cases : last.cases | mention.cases;
      continue;
    }
    out.push({
      mentions: [mention],
      first: mention.first,
      last: mention.last,
      start: mention.start,
      end: mention.end,
      cases: mention.cases,
    });
  }
  return out;
}

/** The people a group names for sure: mentions that could be two people are left out. */
function ownersOf(group: Group): number[] | null {
  const owners: number[] = [];
  for (const mention of group.mentions)
    if (mention.people.length === 1 && !owners.includes(mention.people[0] as number))
      owners.push(mention.people[0] as number);
  return owners.length > 0 ? owners : null;
}

const EN_SIGNAL =
  /^[\s,]*(?:(?:also|then|still|both|will\s+then|personally)\s+)?(?<verb>will|'ll|shall|should|must|needs?\s+to|has\s+to|have\s+to|is\s+going\s+to|are\s+going\s+to|is\s+to|are\s+to|to|agreed\s+to|agrees?\s+to|promised\s+to|volunteered\s+to|offered\s+to|committed\s+to|owns?|takes?\s+(?:over|on|care\s+of)|is\s+responsible|are\s+responsible|is\s+in\s+charge|are\s+in\s+charge|handles?|leads?|drives?)(?![\p{L}])(?<rest>.*)$/isu;
const NOT_A_VERB =
  /^(?:the|a|an|all|everyone|everybody|his|her|their|our|my|your|its|this|that|these|those|me|him|them|us|\d)(?![\p{L}])/iu;
const BE_DOING = /^be\s+(?:responsible|in\s+charge|\p{L}+ing)(?![\p{L}])/iu;

/** English: the words after the names say they will do something. */
function englishSignal(after: string): boolean {
  const match = EN_SIGNAL.exec(after);
  if (!match) return false;
  const verb = (match.groups?.verb ?? '').toLowerCase();
  const rest = (match.groups?.rest ?? '').trimStart();
  if (/^(?:will|'ll|shall|should|must)$/.test(verb)) {
    const next = rest.replace(/^(?:not\s+|also\s+|then\s+)/i, '');
    if (/^be(?![\p{L}])/iu.test(next)) return BE_DOING.test(next);
    // "should have come up with…": what was not done, no task.
    if (
      /^have\s+(?:\p{L}+(?:ed|en|ne|wn|ught)|come|made|sent|done|been|had|gone|said|told|put|set)(?![\p{L}])/iu.test(
        next,
      )
    )
      return false;
    return /^\p{L}/u.test(next);
  }
  if (/to$/.test(verb)) return /^\p{L}/u.test(rest) && !NOT_A_VERB.test(rest);
  return true;
}

const RU_PAST = /(?:л|ла|ло|ли|лся|лась|лось|лись)$/;
const RU_FINITE = /(?:ет|ит|ут|ют|ат|ят|ется|ится|утся|ются|атся|ятся)$/;
const RU_INFINITIVE = /(?:ть|ти|чь)(?:ся|сь)?$/;
const RU_NOT_INFINITIVE =
  /(?:ость|есть|асть|сеть|путь|мать|дочь|ночь|помощь|речь|вещь|часть|власть|смерть|треть|четверть|связь|роль|цель|тетрадь|площадь|лошадь|печать|подпись|память|глубь|зыбь)$/;
/** Verbs that tell or describe rather than take on work ("Вера говорит", "Анна отвечает за…"). */
const RU_TELLING =
  /^(?:говор|счита|счит|дума|полага|отмеча|сообща|предлага|зна|хоч|хот|мож|работа|занима|уверен|рассказыва|показыва|отвеча|явля|оста|возглавля|нрав|жал|благодар|поддержива|соглас(?:ен|на))/;
/** Nouns that end like a verb ("Анна бюджет…" is not "Анна будет…"). */
const RU_NOT_VERB =
  /^(?:бюджет|отчет|совет|ответ|предмет|кабинет|билет|пакет|макет|проект|объект|сюжет|портрет|запрет|привет|расчет|учет|счет|полет|кредит|лимит|визит|аудит|депозит|результат|формат|кандидат|комитет|приоритет|акт|контракт|факт|агент|клиент|документ|момент|процент|контент|элемент|аргумент|инцидент|комплект|эксперимент|менеджмент|тест|текст|чат|сайт|брат|зять|сват|март|старт|спринт|бот|лот|код|план|кот)$/;
const RU_PROMISE =
  /^(?:должен|должна|должно|должны|обязан|обязана|обязаны|обещал|обещала|обещали|вызвался|вызвалась|вызвались|взял|взяла|взяли|взялся|взялась|согласился|согласилась|берется|берет|возьмет|возьмется|планирует|собирается)$/;
const RU_NEED = /^(?:нужно|надо|необходимо|следует|поручено|предстоит|поручается)$/;
const RU_ASKED = /^(?:попросили|попросил|попросила|поручили|поручил|поручила|назначили|обязали)$/;
const RU_SKIP = /^(?:же|тоже|также|сам|сама|сами|лично|вместе|сегодня|завтра|обязательно)$/;

/** A Russian infinitive ("подготовить"), not a noun that ends like one ("часть"). */
export function infinitive(word: string | undefined): boolean {
  return word !== undefined && word.length >= 4 && RU_INFINITIVE.test(word) && !RU_NOT_INFINITIVE.test(word);
}

/** Russian: the words after a name in the nominative (a verb of doing) or the dative (an infinitive). */
function russianSignal(
  words: readonly Token[],
  after: number,
  cases: number,
  text: string,
  end: number,
): boolean {
  let i = after;
  // Only spaces between the names and the verb: "Анна — бюджет" is no sentence of doing.
  if (!/^[\s,]*$/.test(text.slice(end, words[i]?.start ?? end))) return false;
  while (words[i] && RU_SKIP.test(words[i]?.folded ?? '')) i += 1;
  const word = words[i]?.folded;
  if (word === undefined) return false;
  if (cases & DAT) {
    if (infinitive(word)) return true;
    if (RU_NEED.test(word)) return infinitive(words[i + 1]?.folded);
  }
  if (cases & NOM) {
    if (word === 'будет' || word === 'будут') {
      const next = words[i + 1]?.folded;
      return infinitive(next) && !/^отвеча/.test(next ?? '');
    }
    if (RU_PROMISE.test(word)) return true;
    if (RU_PAST.test(word) || RU_TELLING.test(word) || RU_NOT_VERB.test(word)) return false;
    return RU_FINITE.test(word);
  }
  return false;
}

/** Russian: a verb of doing right before the names in the nominative ("ведёт Олег", "проверят Ульяна и Вера"). */
function verbBefore(words: readonly Token[], first: number, text: string): boolean {
  const verb = words[first - 1];
  if (!verb || !/^\s+$/.test(text.slice(verb.end, words[first]?.start ?? verb.end))) return false;
  const word = verb.folded;
  if (words[first - 2]?.folded === 'не') return false;
  if (RU_PROMISE.test(word)) return true;
  if (RU_PAST.test(word) || RU_TELLING.test(word) || RU_NOT_VERB.test(word)) return false;
  return RU_FINITE.test(word);
}

const PARTICIPLE =
  '(?:\\p{L}+ed|done|run|led|taken|written|sent|driven|owned|handled|covered|given|made|built|drawn|set\\s+up)';
/** English: work given to someone by the passive, "will be handled by", "is to be reviewed by". */
const TO_BE_DONE_BY = new RegExp(
  `(?<![\\p{L}])(?:will|'ll|shall|to|is\\s+to|are\\s+to|is\\s+going\\s+to|are\\s+going\\s+to)\\s+be\\s+${PARTICIPLE}\\s+by\\s+$`,
  'iu',
);
/** In a section of tasks the passive alone: "Security review — owned by Uma". */
const DONE_BY = new RegExp(`(?<![\\p{L}])${PARTICIPLE}\\s+by\\s+$`, 'iu');

const CYRILLIC = /[а-яё]/i;
const PREPOSITIONS = new Set([
  'with',
  'to',
  'for',
  'from',
  'about',
  'by',
  'of',
  'at',
  'on',
  'cc',
  'via',
  'с',
  'со',
  'для',
  'у',
  'от',
  'о',
  'об',
  'обо',
  'про',
  'к',
  'ко',
  'по',
  'при',
  'на',
  'за',
  'без',
  'через',
  'перед',
  'между',
  'из',
  'в',
  'во',
  'до',
  'после',
]);

const FIELD =
  /(?<![\p{L}])(?:(?:owners?|responsible|assignees?|dri)\s*[:—–=]\s*|assigned\s+to\s+|(?:ответственн(?:ый|ая|ые|ое|ого|ой)|отв\.|исполнител(?:ь|и|ем))(?:\s+за\s+[^:—–\n]{1,40}?)?\s*(?:[:—–=-]\s*|\s+))/giu;
const ASSIGN_DATIVE = /(?<![\p{L}])(?:поручить|поручено|поручается|поручили)\s+$/iu;
const ASSIGN_ACCUSATIVE = /(?<![\p{L}])(?:возложить|возлагается|возложено|возложены)\s+на\s+$/iu;
const ASSIGN_ENGLISH =
  /(?<![\p{L}])(?:assigned\s+to|assign\s+to|assigning\s+to|handed\s+(?:over\s+)?to|goes\s+to)\s+$/iu;
const TEAM_WORDS = /^\s*(?:team|group|squad|department|side|people|folks)(?![\p{L}])/iu;

function isRussian(group: Group, words: readonly Token[]): boolean {
  for (let i = group.first; i <= group.last; i += 1) if (CYRILLIC.test(words[i]?.text ?? '')) return true;
  return false;
}

/** The group may be the one doing the work by its case: nominative or dative (Russian); any (English). */
function doerCase(group: Group, words: readonly Token[]): boolean {
  if (!isRussian(group, words)) return group.cases !== POSS;
  return (group.cases & (NOM | DAT)) !== 0;
}

function signal(group: Group, words: readonly Token[], text: string): boolean {
  if (isRussian(group, words)) return russianSignal(words, group.last + 1, group.cases, text, group.end);
  if (group.cases === POSS) {
    // "Raj's team will add…": the team of the person named.
    const after = text.slice(group.end);
    const team = TEAM_WORDS.exec(after);
    return team !== null && englishSignal(after.slice(team[0].length));
  }
  return englishSignal(text.slice(group.end));
}

function finding(group: Group, text: string, rule: OwnerFinding['rule'], assigns: boolean): OwnerFinding {
  return { owners: ownersOf(group), words: text.slice(group.start, group.end), assigns, rule };
}

/**
 * Who `text` gives the work to. `inTasks`: the line is in a section of tasks, where the names it
 * starts with own it whatever follows them.
 */
export function findOwner(
  text: string,
  words: readonly Token[],
  found: readonly Mention[],
  inTasks: boolean,
): OwnerFinding {
  const groups = groupsOf(found, text);

  // 1. An owner field.
  FIELD.lastIndex = 0;
  let fieldSeen = false;
  for (const match of text.matchAll(FIELD)) {
    fieldSeen = true;
    const from = (match.index ?? 0) + match[0].length;
    const group = groups.find((g) => g.start >= from && g.start - from <= 2);
    if (group) return finding(group, text, 'field', true);
  }

  const lead = groups[0]?.first === 0 ? groups[0] : undefined;
  const firstWord = words[0]?.folded;
  // 2. The names the line starts with.
  if (lead) {
    const next = words[lead.last + 1]?.folded ?? '';
    if ((lead.cases & (GEN | ACC)) !== 0 && RU_ASKED.test(next)) return finding(lead, text, 'lead', true);
    const acts = signal(lead, words, text);
    if (lead.cases === POSS) {
      if (acts) return finding(lead, text, 'lead', true);
    } else if (doerCase(lead, words) && (acts || inTasks)) return finding(lead, text, 'lead', acts);
  }
  const second = groups.find((g) => g.first === 1);
  if (firstWord === 'за' && second && (second.cases & INS) !== 0) return finding(second, text, 'lead', true);

  // 3. A verb of assigning before the names.
  for (const group of groups) {
    const before = text.slice(Math.max(0, group.start - 40), group.start);
    if (
      (ASSIGN_DATIVE.test(before) && (group.cases & DAT) !== 0) ||
      (ASSIGN_ACCUSATIVE.test(before) && (group.cases & ACC) !== 0) ||
      (ASSIGN_ENGLISH.test(before) && !isRussian(group, words))
    )
      return finding(group, text, 'assign', true);
  }

  // 4. A tag: "(Karen)", "— Michael, by 29 May".
  if (inTasks)
    for (const group of groups) {
      const before = text.slice(0, group.start);
      const after = text.slice(group.end);
      const opened = /\(\s*$/.test(before) || /[—–-]\s*$/.test(before);
      const closed = /^\s*(?:$|[),.;:]|(?:by|до|к|till|until)(?![\p{L}]))/iu.test(after);
      if (opened && closed && (!isRussian(group, words) || (group.cases & NOM) !== 0))
        return finding(group, text, 'tag', false);
    }

  // 5. The subject of a verb of doing: after it, or before it ("Смету подготовит Анна", "will be
  // handled by Victor").
  for (const group of groups) {
    if (group === lead) continue;
    const before = text.slice(Math.max(0, group.start - 60), group.start);
    if (!isRussian(group, words) && (inTasks ? DONE_BY : TO_BE_DONE_BY).test(before))
      return finding(group, text, 'subject', true);
    if (isRussian(group, words) && (group.cases & NOM) !== 0 && verbBefore(words, group.first, text))
      return finding(group, text, 'subject', true);
    const previous = words[group.first - 1]?.folded;
    if (previous !== undefined && PREPOSITIONS.has(previous)) continue;
    if (!doerCase(group, words) && group.cases !== POSS) continue;
    if (signal(group, words, text)) return finding(group, text, 'subject', true);
  }

  return { owners: null, words: null, assigns: fieldSeen, rule: null };
}

/** A line that is nothing but names ("Anna", "Chris and Dana:"): the people it names, else null. */
export function onlyNames(text: string, found: readonly Mention[]): number[] | null {
  const groups = groupsOf(found, text);
  if (groups.length !== 1) return null;
  const group = groups[0] as Group;
  const rest = text.slice(0, group.start) + text.slice(group.end);
  if (!/^[\s\p{P}]*$/u.test(rest.replace(/@/g, ''))) return null;
  return ownersOf(group);
}
