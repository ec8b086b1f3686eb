/**
 * What a protocol's heading (or bold label) announces: a section of tasks (Action items, Next
 * steps, Задачи, Поручения, Кто что делает…), one known to hold something else (Decisions,
 * Summary, Participants, Решения, Итоги…), or one that says neither (a topic's title), which keeps
 * the kind of the section it is in.
 */

export type SectionKind = 'tasks' | 'mixed' | 'other' | 'unknown';

const TASK_HEADINGS = [
  'action items?',
  'action points?',
  'actions?',
  'action plan',
  'next steps?',
  'next actions?',
  'follow[- ]?ups?',
  'follow[- ]?up (?:items|actions|tasks)',
  'tasks?',
  'open tasks',
  'assigned tasks',
  'to[- ]?dos?',
  'to[- ]?do list',
  'assignments?',
  'who does what',
  "who'?s doing what",
  'owners?',
  'open items',
  'homework',
  'deliverables?',
  'commitments?',
  "what'?s next",
  'задачи',
  'задача',
  'список задач',
  'распределение задач',
  'поручения',
  'поручение',
  'следующие шаги',
  'дальнейшие шаги',
  'дальнейшие действия',
  'следующие действия',
  'действия',
  'план действий',
  'кто что делает',
  'кто и что делает',
  'кто что делает и когда',
  'что сделать',
  'что делаем дальше',
  'домашнее задание',
  'to do',
];

const TASK_COMPANIONS = [
  'owners?',
  'dates?',
  'deadlines?',
  'due dates?',
  'responsibles?',
  'ответственные',
  'сроки',
  'исполнители',
];

const OTHER_HEADINGS = [
  'decisions?',
  'key decisions',
  'decided',
  'agreed',
  'agreements?',
  'resolutions?',
  'outcomes?',
  'conclusions?',
  'summary',
  'overview',
  'tl;?dr',
  'participants',
  'attendees',
  'present',
  'agenda',
  'open questions',
  'questions',
  'risks?',
  'issues',
  'blockers',
  'discussion',
  'discussion points',
  'notes',
  'key points',
  'highlights',
  'findings',
  'recommendations',
  'background',
  'context',
  'updates?',
  'status',
  'next meeting',
  'links',
  'references',
  'parking lot',
  'what went well',
  'what did not go well',
  "what didn'?t go well",
  'решения',
  'решение',
  'решили',
  'постановили',
  'договорились',
  'договоренности',
  'итоги',
  'итог',
  'краткое содержание',
  'кратко',
  'резюме',
  'участники',
  'присутствовали',
  'повестка',
  'повестка дня',
  'вопросы',
  'открытые вопросы',
  'риски',
  'проблемы',
  'обсуждение',
  'ход обсуждения',
  'заметки',
  'выводы',
  'рекомендации',
  'ссылки',
  'следующая встреча',
  'слушали',
  'основное',
  'что прошло хорошо',
  'что прошло плохо',
];

const group = (words: readonly string[]) => `(?:${words.join('|')})`;
const TAIL = '(?:\\s+(?:for|from|of|after|until|on|на|до|по|после|к|с)\\s.*)?';
const TASKS = new RegExp(
  `^${group(TASK_HEADINGS)}(?:\\s*(?:,|and|&|/|\\+|и)\\s*${group([...TASK_HEADINGS, ...TASK_COMPANIONS])})*${TAIL}$`,
  'u',
);
const OTHERS = new RegExp(`^${group(OTHER_HEADINGS)}${TAIL}$`, 'u');
const MIXED = new RegExp(
  `^${group(OTHER_HEADINGS)}\\s*(?:,|and|&|/|\\+|и)\\s*${group(TASK_HEADINGS)}.*$|^${group(TASK_HEADINGS)}\\s*(?:,|and|&|/|\\+|и)\\s*${group(OTHER_HEADINGS)}.*$`,
  'u',
);

/** A heading's words as compared: lower case, ё as е, numbering, symbols and a closing note dropped. */
export function headingWords(text: string): string {
  return text
    .slice(0, 200)
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[’`]/g, "'")
    .replace(/\([^)]*\)/g, ' ')
    .replace(/^[\s\p{P}\p{S}]*(?:\d+|[ivx]+|[a-zа-я])?[.)]\s+/u, '')
    .replace(/[^\p{L}\p{N}\s&/+,;'-]/gu, ' ')
    .replace(/[\s,;:.-]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The kind of section a heading (or bold label) opens. */
export function sectionKind(text: string): SectionKind {
  const words = headingWords(text);
  if (words === '') return 'unknown';
  if (MIXED.test(words)) return 'mixed';
  if (TASKS.test(words)) return 'tasks';
  if (OTHERS.test(words)) return 'other';
  return 'unknown';
}

const TASK_COLUMN =
  /^(?:#\s*)?(?:tasks?|action(?: items?)?|items?|what|to[- ]?dos?|descriptions?|deliverables?|next steps?|steps?|задач[аи]|что|что сделать|действи[ея]|поручени[ея]|описание|мероприяти[ея]|шаг|содержание)$/u;
const OWNER_COLUMN =
  /^(?:owners?|who|responsible|assignees?|assigned to|persons?|people|lead|dri|ответственн(?:ый|ые|ая)|кто|исполнител(?:ь|и)|отв\.?)$/u;
const DUE_COLUMN =
  /^(?:due|due date|deadline|when|dates?|by|by when|target date|eta|срок|сроки|когда|дата|до|дедлайн|срок исполнения|крайний срок)$/u;

export interface TaskColumns {
  task: number;
  owner: number;
  due: number;
}

/**
 * Which columns of a table hold the task, its owner and its due date (-1 when none). A table is a
 * table of tasks when it has a task column and an owner or a due column, or (in a section of
 * tasks) a task column alone.
 */
export function taskColumns(header: readonly string[], inTasks: boolean): TaskColumns | null {
  const names = header.map((cell) => headingWords(cell));
  const find = (re: RegExp) => names.findIndex((name) => re.test(name));
  const task = find(TASK_COLUMN);
  const owner = find(OWNER_COLUMN);
  const due = find(DUE_COLUMN);
  if (task < 0) return null;
  if (owner < 0 && due < 0 && !inTasks) return null;
  return { task, owner, due };
}
