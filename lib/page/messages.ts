/** Texts of the controls Meeting Capture puts on host pages, in English and Russian. */
import { defineMessages } from '@/lib/i18n';
import type { MeetingService } from '@/lib/links';

const quote = (name: string) => `“${name}”`;
const guillemets = (name: string) => `«${name}»`;

export const pageMessages = defineMessages(
  {
    productName: 'Meeting Capture',
    space: 'Space',
    spaceOption: (name: string, left: string) => `${name} — ${left} left`,
    spaceNotPaid: (name: string) => `${name} — plan not paid`,
    collapse: 'Collapse',
    expand: 'Show Meeting Capture',
    hideOnSite: 'Hide on this site',
    hiddenOnSite: (host: string) => `Hidden on ${host}. Show it again from the extension's options.`,
    close: 'Close',
    sending: 'Sending…',
    signedOut:
      'You are signed out. Open the Meeting Capture popup (its button on the browser toolbar) to sign in, then try again.',
    sessionEnded: 'Your session has ended. Open the Meeting Capture popup to sign in again, then try again.',
    reloadPage: 'Meeting Capture was updated or restarted. Reload this page and try again.',
    failed: (message: string) => `Meeting Capture could not do this: ${message}`,
    notMeetingLink: 'This is not a meeting link Meeting Capture recognises.',
    notVideoPage: 'This page is not a video Meeting Capture can transcribe.',
    // Meetings
    sendBot: 'Send bot',
    botSent: (space: string) =>
      `Bot sent to the meeting (space ${quote(space)}). The protocol appears in Meeting Capture after the meeting.`,
    botSentNoSpace: 'Bot sent to the meeting. The protocol appears in Meeting Capture after the meeting.',
    botAlreadySent: (space: string) =>
      `The bot was already sent to this meeting (space ${quote(space)}); it is not sent twice.`,
    botBusy: (space: string) =>
      `A bot is already in a meeting of space ${quote(space)}. Wait until that meeting ends or choose another space.`,
    botLowBalance: (space: string, left: string) =>
      `Not enough minutes in ${quote(space)}: ${left} left, and the bot needs at least 5:00. Top up the plan or choose another space.`,
    // Calendars
    eventLinks: 'Meeting links in this event',
    sendAtStart: 'Send at start',
    sendAtStartTime: (when: string) => `Send at start (${when})`,
    meetingStart: 'Meeting start',
    schedule: 'Schedule',
    cancel: 'Cancel',
    chooseFuture: 'Choose a time in the future.',
    scheduled: (when: string, space: string) =>
      `The bot will be sent at ${when} (space ${quote(space)}). Keep the browser running until then.`,
    scheduledNoSpace: (when: string) =>
      `The bot will be sent at ${when}. Keep the browser running until then.`,
    // Video pages
    transcribe: 'Transcribe audio',
    lengthOfLeft: (length: string, left: string) => `${length} of ${left} left`,
    lengthOnly: (length: string) => `Video length ${length}`,
    notEnoughFor: 'not enough for the whole video',
    transcribeSent: (space: string) =>
      `Sent to ${quote(space)}: the audio is being downloaded, then transcribed. Follow it in the Meeting Capture popup.`,
    transcribeSentNoSpace:
      'Sent: the audio is being downloaded, then transcribed. Follow it in the Meeting Capture popup.',
  },
  {
    productName: 'Meeting Capture',
    space: 'Пространство',
    spaceOption: (name: string, left: string) => `${name} — осталось ${left}`,
    spaceNotPaid: (name: string) => `${name} — тариф не оплачен`,
    collapse: 'Свернуть',
    expand: 'Показать Meeting Capture',
    hideOnSite: 'Скрыть на этом сайте',
    hiddenOnSite: (host: string) => `Скрыто на ${host}. Вернуть можно в настройках расширения.`,
    close: 'Закрыть',
    sending: 'Отправка…',
    signedOut:
      'Вы не вошли. Откройте окно Meeting Capture (кнопка расширения на панели браузера), войдите и повторите попытку.',
    sessionEnded: 'Сеанс завершён. Откройте окно Meeting Capture, войдите снова и повторите попытку.',
    reloadPage: 'Meeting Capture обновился или перезапустился. Перезагрузите страницу и повторите попытку.',
    failed: (message: string) => `Meeting Capture не смог выполнить действие: ${message}`,
    notMeetingLink: 'Это не ссылка на встречу, которую знает Meeting Capture.',
    notVideoPage: 'Это не страница видео, которое Meeting Capture может расшифровать.',
    sendBot: 'Отправить бота',
    botSent: (space: string) =>
      `Бот отправлен на встречу (пространство ${guillemets(space)}). Протокол появится в Meeting Capture после встречи.`,
    botSentNoSpace: 'Бот отправлен на встречу. Протокол появится в Meeting Capture после встречи.',
    botAlreadySent: (space: string) =>
      `Бот уже отправлен на эту встречу (пространство ${guillemets(space)}); второй раз он не отправляется.`,
    botBusy: (space: string) =>
      `Бот уже участвует во встрече пространства ${guillemets(space)}. Дождитесь её окончания или выберите другое пространство.`,
    botLowBalance: (space: string, left: string) =>
      `В пространстве ${guillemets(space)} мало времени: осталось ${left}, а боту нужно не меньше 5:00. Пополните тариф или выберите другое пространство.`,
    eventLinks: 'Ссылки на встречи в этом событии',
    sendAtStart: 'Отправить к началу',
    sendAtStartTime: (when: string) => `Отправить к началу (${when})`,
    meetingStart: 'Начало встречи',
    schedule: 'Запланировать',
    cancel: 'Отмена',
    chooseFuture: 'Выберите время в будущем.',
    scheduled: (when: string, space: string) =>
      `Бот будет отправлен ${when} (пространство ${guillemets(space)}). Не закрывайте браузер до этого времени.`,
    scheduledNoSpace: (when: string) =>
      `Бот будет отправлен ${when}. Не закрывайте браузер до этого времени.`,
    transcribe: 'Расшифровать аудио',
    lengthOfLeft: (length: string, left: string) => `${length} из оставшихся ${left}`,
    lengthOnly: (length: string) => `Длина видео ${length}`,
    notEnoughFor: 'не хватит на всё видео',
    transcribeSent: (space: string) =>
      `Отправлено в ${guillemets(space)}: аудио скачивается, затем будет расшифровано. Следите за ходом в окне Meeting Capture.`,
    transcribeSentNoSpace:
      'Отправлено: аудио скачивается, затем будет расшифровано. Следите за ходом в окне Meeting Capture.',
  },
);

export type PageMessages = (typeof pageMessages)['en'];

export const SERVICE_NAMES: Record<MeetingService, { en: string; ru: string }> = {
  google_meet: { en: 'Google Meet', ru: 'Google Meet' },
  zoom: { en: 'Zoom', ru: 'Zoom' },
  telemost: { en: 'Telemost', ru: 'Телемост' },
};
