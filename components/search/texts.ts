/**
 * Text of the meeting search, "Add all past meetings", the archive section of the options in
 * English and Russian. Loaded with those views (not with a page's first
 * script).
 */
import { computed } from '@preact/signals';
import { defineMessages } from '@/lib/i18n';
import { lang } from '../lang';

const texts = defineMessages(
  {
    searchAll: 'Search all meetings',
    searchHint: 'Words said in any meeting kept in this browser',
    filters: 'Filters',
    space: 'Space',
    allSpaces: 'All spaces',
    spaceNumbered: (id: number) => `Space ${id}`,
    speaker: 'Speaker',
    anySpeaker: 'Anyone',
    dateFrom: 'From',
    dateTo: 'To',
    clearSearch: 'Clear',
    searching: 'Searching…',
    searchedSoFar: (searched: number, total: number) =>
      `Searched ${searched} of ${total} ${total === 1 ? 'meeting' : 'meetings'}, still loading…`,
    indexedCount: (total: number) => (total === 1 ? '1 meeting in search' : `${total} meetings in search`),
    emptyArchive: 'No meeting is in search yet. Open a recording, or add all past meetings below.',
    noHits: 'Nothing found.',
    moreHits: (n: number) =>
      n === 1 ? '1 more matching passage in this meeting' : `${n} more matching passages in this meeting`,
    moreMeetings: (n: number) => (n === 1 ? '1 more meeting matches' : `${n} more meetings match`),
    hitLabel: (speaker: string, time: string, title: string) => `${speaker} at ${time} in ${title}`,
    searchFailed: (message: string) => `Search failed: ${message}`,
    rebuilding: (done: number, total: number) => `Rebuilding the search index… ${done} of ${total}`,
    indexBroken:
      'The search index could not be rebuilt, so search is unavailable for now. Close this page and open it again to try once more.',
    // Ask your meetings
    placeholder: 'Words, or a question',
    searchBy: 'Search by',
    modeKeywords: 'Keywords',
    modeAsk: 'Ask a question',
    onlyThisMeeting: 'Only this meeting',
    askHint:
      "Answered with the moments that answer it, found by the question's words: suggestions to check, best first.",
    askNote: 'Suggested moments, found by the question’s words. Open one to check what was said.',
    asking: 'Looking for the moments that answer it…',
    noAnswer: 'Nothing found: no moment answers this question well enough.',
    noWords:
      'Nothing to look for: the question has only question words and common words. Add what it is about, such as a topic, a name or a number.',
    answersFound: (n: number) =>
      n === 1 ? 'Suggested answer from 1 meeting.' : `Suggested answers from ${n} meetings, best first.`,
    questionTooLong: (length: number, max: number) =>
      `This question is not asked: it has ${length.toLocaleString('en')} characters, and a question may have ${max.toLocaleString('en')}. Shorten it, or search by keywords.`,
    otherScript:
      'Questions are understood in English and Russian; words in other scripts are looked for as they are written.',
    answerLabel: (speaker: string, time: string, title: string) =>
      `Suggested answer: ${speaker} at ${time} in ${title}`,
    // Add all past meetings
    addPast: 'Add all past meetings to search',
    addPastHint:
      'Reads every ready recording of the chosen spaces once and keeps it in this browser. Nothing is processed or charged.',
    addPastStart: 'Add to search',
    addPastStop: 'Stop',
    addPastProgress: (done: number, total: number, added: number) =>
      `${done} of ${total} recordings checked, ${added} added`,
    addPastListing: 'Listing ready recordings…',
    addPastDone: (added: number, total: number) =>
      `Done: ${added} added, ${total} ready recordings in search.`,
    addPastStopped: (done: number, total: number) => `Stopped after ${done} of ${total} recordings.`,
    addPastFailed: (failed: number) =>
      failed === 1 ? '1 recording could not be read.' : `${failed} recordings could not be read.`,
    addPastError: (message: string) => `Stopped: ${message}`,
    chooseSpace: 'Choose at least one space.',
    // Options: the archive
    archiveTitle: 'Meetings kept for search',
    archiveHint:
      'Results you open are kept in this browser so they open offline and can be searched. Signing out clears them.',
    archiveEmpty: 'Nothing is kept yet.',
    archiveRow: (recordings: number, size: string) =>
      `${recordings === 1 ? '1 recording' : `${recordings} recordings`}, ${size}`,
    clearSpace: (name: string) => `Clear ${name}`,
    clear: 'Clear',
    cleared: 'Cleared.',
  },
  {
    searchAll: 'Поиск по всем встречам',
    searchHint: 'Слова, сказанные на любой встрече, сохранённой в этом браузере',
    filters: 'Фильтры',
    space: 'Пространство',
    allSpaces: 'Все пространства',
    spaceNumbered: (id: number) => `Пространство ${id}`,
    speaker: 'Спикер',
    anySpeaker: 'Любой',
    dateFrom: 'С',
    dateTo: 'По',
    clearSearch: 'Очистить',
    searching: 'Идёт поиск…',
    searchedSoFar: (searched: number, total: number) =>
      `Просмотрено встреч: ${searched} из ${total}, остальные ещё загружаются…`,
    indexedCount: (total: number) => `Встреч в поиске: ${total}`,
    emptyArchive: 'В поиске пока нет встреч. Откройте запись или добавьте все прошлые встречи ниже.',
    noHits: 'Ничего не найдено.',
    moreHits: (n: number) => `Ещё фрагментов с совпадениями в этой встрече: ${n}`,
    moreMeetings: (n: number) => `Ещё встреч с совпадениями: ${n}`,
    hitLabel: (speaker: string, time: string, title: string) => `${speaker}, ${time}, «${title}»`,
    searchFailed: (message: string) => `Поиск не удался: ${message}`,
    rebuilding: (done: number, total: number) => `Поисковый индекс создаётся заново… ${done} из ${total}`,
    indexBroken:
      'Не удалось заново создать поисковый индекс, поэтому поиск сейчас недоступен. Закройте эту страницу и откройте её снова, чтобы попробовать ещё раз.',
    placeholder: 'Слова или вопрос',
    searchBy: 'Искать',
    modeKeywords: 'По словам',
    modeAsk: 'Ответ на вопрос',
    onlyThisMeeting: 'Только в этой встрече',
    askHint:
      'Ответом будут моменты встреч, найденные по словам вопроса: это предположения, которые стоит проверить; лучшие первыми.',
    askNote:
      'Предполагаемые моменты, найденные по словам вопроса. Откройте момент, чтобы проверить, что было сказано.',
    asking: 'Ищем моменты, которые отвечают на вопрос…',
    noAnswer: 'Ничего не найдено: ни один момент не отвечает на этот вопрос достаточно близко.',
    noWords:
      'Искать нечего: в вопросе только вопросительные и служебные слова. Добавьте, о чём он: тему, имя или число.',
    answersFound: (n: number) =>
      n === 1
        ? 'Предполагаемый ответ из 1 встречи.'
        : `Предполагаемые ответы из ${n} ${n % 10 === 1 && n % 100 !== 11 ? 'встречи' : 'встреч'}, лучшие первыми.`,
    questionTooLong: (length: number, max: number) =>
      `Вопрос не задан: в нём ${length.toLocaleString('ru')} знаков, а допустимо ${max.toLocaleString('ru')}. Сократите его или ищите по словам.`,
    otherScript:
      'Вопросы понимаются на русском и английском; слова в других письменностях ищутся так, как написаны.',
    answerLabel: (speaker: string, time: string, title: string) =>
      `Предполагаемый ответ: ${speaker}, ${time}, «${title}»`,
    addPast: 'Добавить все прошлые встречи в поиск',
    addPastHint:
      'Каждая готовая запись выбранных пространств читается один раз и сохраняется в этом браузере. Ничего не обрабатывается и не списывается.',
    addPastStart: 'Добавить в поиск',
    addPastStop: 'Остановить',
    addPastProgress: (done: number, total: number, added: number) =>
      `Проверено записей: ${done} из ${total}, добавлено: ${added}`,
    addPastListing: 'Составляется список готовых записей…',
    addPastDone: (added: number, total: number) =>
      `Готово: добавлено ${added}, готовых записей в поиске: ${total}.`,
    addPastStopped: (done: number, total: number) => `Остановлено после ${done} из ${total} записей.`,
    addPastFailed: (failed: number) => `Не удалось прочитать записей: ${failed}.`,
    addPastError: (message: string) => `Остановлено: ${message}`,
    chooseSpace: 'Выберите хотя бы одно пространство.',
    archiveTitle: 'Встречи, сохранённые для поиска',
    archiveHint:
      'Открытые вами результаты сохраняются в этом браузере: они открываются без сети и находятся поиском. Выход из аккаунта их удаляет.',
    archiveEmpty: 'Пока ничего не сохранено.',
    archiveRow: (recordings: number, size: string) => `Записей: ${recordings}, ${size}`,
    clearSpace: (name: string) => `Очистить «${name}»`,
    clear: 'Очистить',
    cleared: 'Очищено.',
  },
);

export const searchText = computed(() => texts[lang.value]);
