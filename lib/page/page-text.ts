/**
 * The texts the page controls show, as templates with `{placeholders}` (no functions, so they
 * travel in a message). The background sends the catalog of the language in force with each
 * `page.context` answer; content scripts carry no text of their own, in no language. The
 * sentences after an action (sent, scheduled, every failure) are made by the background too
 * (lib/page/outcome.ts), with the same words the popup uses for the same failures.
 */
import type { Lang } from '@/lib/i18n';
import { serviceTexts } from '@/lib/meetings';

const en = {
  space: 'Space',
  spaceOption: '{name} — {left} left',
  spaceNotPaid: '{name} — plan not paid',
  collapse: 'Collapse',
  expand: 'Show Meeting Capture',
  hideOnSite: 'Hide on this site',
  hiddenOnSite: "Hidden on {host}. Show it again from the extension's options.",
  sending: 'Sending…',
  reloadPage: 'Meeting Capture was updated or restarted. Reload this page and try again.',
  failed: 'Meeting Capture could not do this: {message}',
  confirmPress:
    'Something on this page may be covering this button. If you meant to press it, press it again to confirm.',
  // Meetings
  sendBot: 'Send bot',
  // "Send the bot when I open a meeting tab": the countdown before the background sends.
  autoJoinCountdown: 'Bot joins this meeting in {seconds} s',
  autoJoinAnnounce: 'The bot will be sent to this meeting in {seconds} seconds. Press Cancel to stop it.',
  // "Record here": this tab's sound recorded in the browser.
  recordHere: 'Record here',
  recordStop: 'Stop',
  recordKeep: 'Keep recording',
  recordingFor: 'Recording for {time}',
  // Calendars
  eventLinks: 'Meeting links in this event',
  sendAtStart: 'Send at start',
  sendAtStartTime: 'Send at start ({when})',
  meetingStart: 'Meeting start',
  schedule: 'Schedule',
  cancel: 'Cancel',
  chooseFuture: 'Choose a time in the future.',
  // A meeting page of a service that sends no bot there (lib/meetings: `bot` null).
  noBotHere: 'No bot joins {service} meetings. Record this tab here instead.',
  // `service_<id>`: each meeting service's name (lib/meetings).
  ...serviceTexts('en'),
  // Video pages
  transcribe: 'Transcribe audio',
  lengthOfLeft: '{length} of {left} left',
  lengthOnly: 'Video length {length}',
  notEnoughFor: 'not enough for the whole video',
};

export type PageTextKey = keyof typeof en;
export type PageText = Record<PageTextKey, string>;

const ru: PageText = {
  space: 'Пространство',
  spaceOption: '{name} — осталось {left}',
  spaceNotPaid: '{name} — тариф не оплачен',
  collapse: 'Свернуть',
  expand: 'Показать Meeting Capture',
  hideOnSite: 'Скрыть на этом сайте',
  hiddenOnSite: 'Скрыто на {host}. Вернуть можно в настройках расширения.',
  sending: 'Отправка…',
  reloadPage: 'Meeting Capture обновился или перезапустился. Перезагрузите страницу и повторите попытку.',
  failed: 'Meeting Capture не смог выполнить действие: {message}',
  confirmPress:
    'Эту кнопку может перекрывать что-то на странице. Если вы хотели её нажать, нажмите ещё раз для подтверждения.',
  sendBot: 'Отправить бота',
  autoJoinCountdown: 'Бот придёт на встречу через {seconds} с',
  autoJoinAnnounce:
    'Бот будет отправлен на эту встречу через {seconds} секунд. Нажмите «Отмена», чтобы не отправлять.',
  recordHere: 'Записать здесь',
  recordStop: 'Стоп',
  recordKeep: 'Продолжить запись',
  recordingFor: 'Запись идёт {time}',
  eventLinks: 'Ссылки на встречи в этом событии',
  sendAtStart: 'Отправить к началу',
  sendAtStartTime: 'Отправить к началу ({when})',
  meetingStart: 'Начало встречи',
  schedule: 'Запланировать',
  cancel: 'Отмена',
  chooseFuture: 'Выберите время в будущем.',
  noBotHere: 'Бот не подключается к встречам {service}. Запишите эту вкладку здесь.',
  ...serviceTexts('ru'),
  transcribe: 'Расшифровать аудио',
  lengthOfLeft: '{length} из оставшихся {left}',
  lengthOnly: 'Длина видео {length}',
  notEnoughFor: 'не хватит на всё видео',
};

export const PAGE_TEXT: Record<Lang, PageText> = { en, ru };
