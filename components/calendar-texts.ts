/** Text of the calendar features (options section, upcoming list), in English and Russian. */
import { FEED_CAPS } from '@/lib/calendar/caps';
import type { FeedSkipped } from '@/lib/calendar/types';
import { defineMessages, type Lang } from '@/lib/i18n';
import type { ErrorInfo } from '@/lib/messaging';
import { describeAddressProblem, featureText } from './feature-texts';

export const calendarTexts = defineMessages(
  {
    calendars: 'Calendars',
    calendarsHint:
      'Bots join the meetings of these calendars by themselves, by the rule of each calendar. The address is private: it stays in this browser.',
    calendarAddress: 'Calendar address (iCal)',
    calendarAddressHint:
      'Google: Settings → your calendar → “Secret address in iCal format”. Yandex: calendar settings → Export → link. Outlook: Settings → Shared calendars → Publish → ICS link.',
    addCalendar: 'Add calendar',
    addingCalendar: 'Adding…',
    noCalendars: 'No calendar yet.',
    unnamedCalendar: 'Calendar',
    lastSync: (when: string) => `Synced ${when}`,
    neverSynced: 'Not synced yet',
    upcomingCount: (n: number) =>
      n === 1 ? '1 upcoming meeting with a link' : `${n} upcoming meetings with links`,
    removeCalendar: (name: string) => `Remove ${name}`,
    remove: 'Remove',
    syncNow: 'Sync now',
    rule: 'Send a bot to',
    ruleOff: 'no meeting (off)',
    ruleAll: 'meetings I organise or have accepted',
    ruleOrganiser: 'only meetings I organise',
    ruleExternal: 'only meetings with someone outside my email domain',
    ruleSpace: 'Space',
    ruleDefaultSpace: 'Default space',
    ruleJoin: 'Join',
    joinAtStart: 'at the start',
    joinAfter: (n: number) => `${n} min after the start`,
    skipWords: 'Skip meetings whose title contains (comma-separated)',
    skipWordsPlaceholder: '1:1, private',
    ruleUnanswered: 'Also invitations I have not answered',
    ruleOthers: 'Also events from outside my email domain, or that do not name me',
    ruleOptInHint:
      'Anyone can put an invitation or an event into a calendar: with these on, a stranger can choose where your bot goes.',
    ownerEmail: 'My address in this calendar',
    ownerEmailPlaceholder: 'the signed-in account’s address',
    ownerEmailHint:
      'Who “I” am for the rule: your meetings and your answers are read against this address, never against the calendar’s own name.',
    ownerEmailInvalid: 'This is not an email address: the signed-in account’s address is used.',
    botsPerDay: 'At most this many bots a day from calendars',
    botsPerDayHint: (n: number) =>
      `Default: ${n}. Past the limit, further meetings get no bot for 24 hours (you are told once); “Send now” still works.`,
    botsPerDayInvalid: (max: number) => `Enter a whole number from 1 to ${max}.`,
    capped: 'No bot: the daily limit of calendar bots was reached',
    // Problems, in plain words
    errEmpty: 'Paste the calendar’s iCal address first.',
    errInvalid: 'This is not a web address. Copy the calendar’s iCal address (it often ends in .ics).',
    errScheme: 'The address must start with https:// or webcal://.',
    errInsecure: 'Only https addresses are accepted, except on this computer (127.0.0.1, localhost).',
    errCredentials: 'Remove the user name and password from the address.',
    errTooMany: 'At most 20 calendars can be added.',
    errPermission: (origin: string) =>
      `Meeting Capture was not allowed to read ${origin}. Add the calendar again and allow access when the browser asks.`,
    errNetwork: 'The calendar could not be reached. Check the address and the connection.',
    errDenied: (status: number) =>
      `The calendar refused access (HTTP ${status}): the private address may have been reset. Copy it again.`,
    errNotFound: 'There is no calendar at this address (HTTP 404). Copy the address again.',
    errHttp: (status: number) => `The calendar answered with an error (HTTP ${status}). Try again later.`,
    errNotIcal:
      'This address does not give a calendar in iCal format. Copy the secret or published iCal (.ics) address, not the calendar’s web page.',
    errTooLarge: 'The calendar is too large to read (over 20 MB).',
    errTooComplex: (seconds: number) =>
      `The calendar could not be read: too complex (its repeating events could not be worked out within ${seconds} s). Its other meetings were not read either; the other calendars are not affected.`,
    errRedirect:
      'The calendar address redirects to another site or scheme, which is not followed. Copy the final address.',
    errTimeout: (seconds: number) =>
      `The calendar did not answer within ${seconds} s. It will be tried again.`,
    errParseFailed: 'The calendar could not be read. It will be tried again.',
    cappedEvents: (n: string) =>
      `Only the first ${n} events of this calendar were read (the cap was reached).`,
    cappedOccurrences: (n: string) =>
      `Repeating events of this calendar were expanded up to the cap of ${n} occurrences; later ones were not read.`,
    skippedEvents: (n: number, why: string) =>
      `${n === 1 ? '1 event of this calendar could not be read and was left out' : `${n} events of this calendar could not be read and were left out`} (the first: ${why}). Its other events were read.`,
    skipTime: (property: string) => `a date or time that cannot be read in ${property}`,
    skipRule: 'a repeat rule that cannot be read',
    skipDuration: 'a duration out of range',
    skipStart: 'no start time',
    skipBroken: 'an event that cannot be read',
    skipZone: (zone: string) => `its time zone “${zone}” cannot be read`,
    skipLong: 'a repeat rule with too many occurrences before today',
    partsSkipped: (n: number, property: string) =>
      `${n === 1 ? '1 value or line of this calendar could not be read and was left out or mended' : `${n} values or lines of this calendar could not be read and were left out or mended`} (the first in ${property}); the events they belong to were read.`,
    unknownZones: (names: string) =>
      `Time zone not recognised (${names}): those meetings are read in your own time zone.`,
    heldCalendar: (since: string) =>
      `Bots held: this calendar has not been read since ${since} (why is said above), so its list may be out of date. Its meetings are not sent unless you send one with “Send now”.`,
    held: 'Held: its calendar cannot be read',
    capsTitle: 'Limits per calendar',
    capsText: (bytes: string, events: string, occurrences: string, seconds: number, fetchSeconds: number) =>
      `A calendar is read up to ${bytes}, ${events} events and ${occurrences} repeating occurrences, in at most ${seconds} s (answer within ${fetchSeconds} s). Redirects to another site are not followed.`,
    // Upcoming
    upcoming: 'Upcoming',
    noUpcoming: 'No upcoming meeting with a link.',
    botAt: (time: string, space: string) => `Bot at ${time} to ${space}`,
    noBotRule: 'No bot: the calendar’s rule does not send one',
    skipped: 'Skipped',
    sending: 'Sending…',
    sent: 'Bot sent',
    missed: 'Missed: the browser was closed at the start',
    failed: 'Not sent',
    fromCalendar: (name: string) => `from ${name}`,
    scheduledByHand: '“Send at start”',
    skipThisOne: 'Skip this one',
    unskip: 'Send this one',
    sendNow: 'Send now',
    cancelSchedule: 'Cancel',
    balanceShort: (space: string, needed: string, available: string) =>
      `Meetings in the next 24 hours need ${needed} in “${space}”, which has ${available} left.`,
  },
  {
    calendars: 'Календари',
    calendarsHint:
      'Боты сами подключаются к встречам этих календарей по правилу каждого календаря. Адрес секретный: он остаётся в этом браузере.',
    calendarAddress: 'Адрес календаря (iCal)',
    calendarAddressHint:
      'Google: Настройки → ваш календарь → «Закрытый адрес в формате iCal». Яндекс: настройки календаря → Экспорт → ссылка. Outlook: Параметры → Общие календари → Опубликовать → ссылка ICS.',
    addCalendar: 'Добавить календарь',
    addingCalendar: 'Добавляем…',
    noCalendars: 'Календарей пока нет.',
    unnamedCalendar: 'Календарь',
    lastSync: (when: string) => `Обновлён ${when}`,
    neverSynced: 'Ещё не обновлялся',
    upcomingCount: (n: number) => `Предстоящих встреч со ссылкой: ${n}`,
    removeCalendar: (name: string) => `Удалить ${name}`,
    remove: 'Удалить',
    syncNow: 'Обновить',
    rule: 'Отправлять бота',
    ruleOff: 'никуда (выключено)',
    ruleAll: 'на встречи, которые я организую, и на принятые приглашения',
    ruleOrganiser: 'только на встречи, которые организую я',
    ruleExternal: 'только на встречи с кем-то вне моего почтового домена',
    ruleSpace: 'Пространство',
    ruleDefaultSpace: 'Пространство по умолчанию',
    ruleJoin: 'Подключаться',
    joinAtStart: 'в начале',
    joinAfter: (n: number) => `через ${n} мин после начала`,
    skipWords: 'Пропускать встречи, в названии которых есть (через запятую)',
    skipWordsPlaceholder: '1:1, личное',
    ruleUnanswered: 'Также на приглашения, на которые я не ответил',
    ruleOthers: 'Также на события не из моего почтового домена или без моего адреса',
    ruleOptInHint:
      'Приглашение или событие в календарь может добавить кто угодно: с этими флажками посторонний может выбрать, куда пойдёт ваш бот.',
    ownerEmail: 'Мой адрес в этом календаре',
    ownerEmailPlaceholder: 'адрес аккаунта, в который вы вошли',
    ownerEmailHint:
      'Кто «я» для правила: ваши встречи и ваши ответы определяются по этому адресу, а не по названию календаря.',
    ownerEmailInvalid: 'Это не адрес почты: используется адрес аккаунта, в который вы вошли.',
    botsPerDay: 'Не больше стольких ботов из календарей в сутки',
    botsPerDayHint: (n: number) =>
      `По умолчанию: ${n}. Сверх лимита встречи 24 часа остаются без бота (об этом придёт одно уведомление); «Отправить сейчас» работает.`,
    botsPerDayInvalid: (max: number) => `Введите целое число от 1 до ${max}.`,
    capped: 'Без бота: дневной лимит ботов из календарей исчерпан',
    errEmpty: 'Сначала вставьте адрес календаря в формате iCal.',
    errInvalid: 'Это не веб-адрес. Скопируйте адрес календаря iCal (часто он заканчивается на .ics).',
    errScheme: 'Адрес должен начинаться с https:// или webcal://.',
    errInsecure: 'Принимаются только адреса https, кроме этого компьютера (127.0.0.1, localhost).',
    errCredentials: 'Уберите из адреса имя пользователя и пароль.',
    errTooMany: 'Можно добавить не больше 20 календарей.',
    errPermission: (origin: string) =>
      `Meeting Capture не получил доступ к ${origin}. Добавьте календарь снова и разрешите доступ, когда браузер спросит.`,
    errNetwork: 'Календарь недоступен. Проверьте адрес и подключение.',
    errDenied: (status: number) =>
      `Календарь отказал в доступе (HTTP ${status}): возможно, секретный адрес сброшен. Скопируйте его заново.`,
    errNotFound: 'По этому адресу нет календаря (HTTP 404). Скопируйте адрес заново.',
    errHttp: (status: number) => `Календарь ответил ошибкой (HTTP ${status}). Попробуйте позже.`,
    errNotIcal:
      'По этому адресу нет календаря в формате iCal. Скопируйте секретный или опубликованный адрес iCal (.ics), а не веб-страницу календаря.',
    errTooLarge: 'Календарь слишком большой (больше 20 МБ).',
    errTooComplex: (seconds: number) =>
      `Календарь не удалось прочитать: слишком сложный (повторяющиеся события не удалось разобрать за ${seconds} с). Его остальные встречи тоже не прочитаны; другие календари это не затрагивает.`,
    errRedirect:
      'Адрес календаря перенаправляет на другой сайт или протокол; по такому перенаправлению мы не переходим. Скопируйте конечный адрес.',
    errTimeout: (seconds: number) => `Календарь не ответил за ${seconds} с. Попробуем ещё раз.`,
    errParseFailed: 'Календарь не удалось прочитать. Попробуем ещё раз.',
    cappedEvents: (n: string) =>
      `Из этого календаря прочитаны только первые ${n} событий (достигнут предел).`,
    cappedOccurrences: (n: string) =>
      `Повторяющиеся события этого календаря развёрнуты до предела в ${n} повторений; дальнейшие не прочитаны.`,
    skippedEvents: (n: number, why: string) =>
      `Событий этого календаря, которые не удалось прочитать и которые пропущены: ${n} (первое — ${why}). Остальные события прочитаны.`,
    skipTime: (property: string) => `дата или время в ${property}, которые не удалось прочитать`,
    skipRule: 'правило повторения, которое не удалось прочитать',
    skipDuration: 'длительность вне допустимых пределов',
    skipStart: 'нет времени начала',
    skipBroken: 'событие, которое не удалось прочитать',
    skipZone: (zone: string) => `его часовой пояс «${zone}» не удалось прочитать`,
    skipLong: 'правило повторения со слишком многими повторениями до сегодняшнего дня',
    partsSkipped: (n: number, property: string) =>
      `Значений или строк этого календаря, которые не удалось прочитать и которые пропущены или исправлены: ${n} (первое — в ${property}); события, к которым они относятся, прочитаны.`,
    unknownZones: (names: string) =>
      `Часовой пояс не распознан (${names}): эти встречи прочитаны в вашем часовом поясе.`,
    heldCalendar: (since: string) =>
      `Боты приостановлены: этот календарь не удаётся прочитать с ${since} (почему — сказано выше), и его список может быть устаревшим. Его встречи не отправляются, пока вы не отправите бота кнопкой «Отправить сейчас».`,
    held: 'Приостановлено: календарь не читается',
    capsTitle: 'Пределы для календаря',
    capsText: (bytes: string, events: string, occurrences: string, seconds: number, fetchSeconds: number) =>
      `Календарь читается до ${bytes}, ${events} событий и ${occurrences} повторений, не дольше ${seconds} с (ответ — не дольше ${fetchSeconds} с). Перенаправления на другой сайт не выполняются.`,
    upcoming: 'Ближайшие встречи',
    noUpcoming: 'Ближайших встреч со ссылкой нет.',
    botAt: (time: string, space: string) => `Бот в ${time} в «${space}»`,
    noBotRule: 'Без бота: правило календаря его не отправляет',
    skipped: 'Пропущена',
    sending: 'Отправляем…',
    sent: 'Бот отправлен',
    missed: 'Пропущена: в начале встречи браузер был закрыт',
    failed: 'Не отправлен',
    fromCalendar: (name: string) => `из «${name}»`,
    scheduledByHand: '«Отправить в начале»',
    skipThisOne: 'Пропустить эту',
    unskip: 'Отправить на эту',
    sendNow: 'Отправить сейчас',
    cancelSchedule: 'Отменить',
    balanceShort: (space: string, needed: string, available: string) =>
      `Встречам на ближайшие 24 часа нужно ${needed} в «${space}», а там осталось ${available}.`,
  },
);

export const calendarText = featureText(calendarTexts);

/** Why the first left-out event of a calendar could not be read, in plain words. */
export function skipReasonText(skipped: FeedSkipped, t: typeof calendarText.value): string {
  switch (skipped.reason) {
    case 'time':
      return t.skipTime(skipped.property ?? 'DTSTART');
    case 'rule':
      return t.skipRule;
    case 'duration':
      return t.skipDuration;
    case 'start':
      return t.skipStart;
    case 'zone':
      return t.skipZone(skipped.property ?? '');
    case 'long':
      return t.skipLong;
    default:
      return t.skipBroken;
  }
}

/** A calendar's sync problem, or a refused `calendars.add`, in plain words. */
export function describeCalendarProblem(
  problem: { reason: string; problem?: string; status?: number; origin?: string },
  language: Lang,
): string {
  const t = calendarTexts[language];
  switch (problem.reason) {
    case 'invalid-address':
      return describeAddressProblem(problem.problem, t);
    case 'too-many':
      return t.errTooMany;
    case 'permission':
      return t.errPermission(problem.origin ?? '');
    case 'network':
      return t.errNetwork;
    case 'http':
      if (problem.status === 401 || problem.status === 403) return t.errDenied(problem.status);
      if (problem.status === 404 || problem.status === 410) return t.errNotFound;
      return t.errHttp(problem.status ?? 0);
    case 'not-ical':
      return t.errNotIcal;
    case 'too-large':
      return t.errTooLarge;
    case 'too-complex':
      return t.errTooComplex(FEED_CAPS.parseMs / 1000);
    case 'redirect':
      return t.errRedirect;
    case 'timeout':
      return t.errTimeout(FEED_CAPS.fetchMs / 1000);
    case 'parse-failed':
      return t.errParseFailed;
    default:
      return t.errNetwork;
  }
}

export function calendarErrorInfo(
  error: ErrorInfo,
): { reason: string; problem?: string; status?: number } | null {
  return error.kind === 'calendar' ? error : null;
}
