/**
 * The sentences a page control shows after an action (sent, scheduled, every failure), in English
 * and Russian. Made in the background (lib/page/outcome.ts), which sends the sentence with its
 * answer; the controls' own labels are lib/page/page-text.ts.
 */
import { defineMessages } from '@/lib/i18n';
import { PAGE_TEXT } from './page-text';
import { fill } from './template';

const quote = (name: string) => `“${name}”`;
const guillemets = (name: string) => `«${name}»`;

export const pageMessages = defineMessages(
  {
    signedOut:
      'You are signed out. Open the Meeting Capture popup (its button on the browser toolbar) to sign in, then try again.',
    sessionEnded: 'Your session has ended. Open the Meeting Capture popup to sign in again, then try again.',
    reloadPage: PAGE_TEXT.en.reloadPage,
    failed: (message: string) => fill(PAGE_TEXT.en.failed, { message }),
    notMeetingLink: 'This is not a meeting link Meeting Capture recognises.',
    notVideoPage: 'This page is not a video Meeting Capture can transcribe.',
    botSent: (space: string) =>
      `Bot sent to the meeting (space ${quote(space)}). The protocol appears in Meeting Capture after the meeting.`,
    botSentNoSpace: 'Bot sent to the meeting. The protocol appears in Meeting Capture after the meeting.',
    botAlreadySent: (space: string) =>
      `The bot was already sent to this meeting (space ${quote(space)}); it is not sent twice.`,
    botBusy: (space: string) =>
      `A bot is already in a meeting of space ${quote(space)}. Wait until that meeting ends or choose another space.`,
    botLowBalance: (space: string, left: string) =>
      `Not enough minutes in ${quote(space)}: ${left} left, and the bot needs at least 5:00. Top up the plan or choose another space.`,
    scheduled: (when: string, space: string) =>
      `The bot will be sent at ${when} (space ${quote(space)}). Keep the browser running until then.`,
    scheduledNoSpace: (when: string) =>
      `The bot will be sent at ${when}. Keep the browser running until then.`,
    transcribeSent: (space: string) =>
      `Sent to ${quote(space)}: the audio is being downloaded, then transcribed. Follow it in the Meeting Capture popup.`,
    autoJoinCancelled: 'Cancelled: no bot is sent to this meeting.',
    transcribeSentNoSpace:
      'Sent: the audio is being downloaded, then transcribed. Follow it in the Meeting Capture popup.',
  },
  {
    signedOut:
      'Вы не вошли. Откройте окно Meeting Capture (кнопка расширения на панели браузера), войдите и повторите попытку.',
    sessionEnded: 'Сеанс завершён. Откройте окно Meeting Capture, войдите снова и повторите попытку.',
    reloadPage: PAGE_TEXT.ru.reloadPage,
    failed: (message: string) => fill(PAGE_TEXT.ru.failed, { message }),
    notMeetingLink: 'Это не ссылка на встречу, которую знает Meeting Capture.',
    notVideoPage: 'Это не страница видео, которое Meeting Capture может расшифровать.',
    botSent: (space: string) =>
      `Бот отправлен на встречу (пространство ${guillemets(space)}). Протокол появится в Meeting Capture после встречи.`,
    botSentNoSpace: 'Бот отправлен на встречу. Протокол появится в Meeting Capture после встречи.',
    botAlreadySent: (space: string) =>
      `Бот уже отправлен на эту встречу (пространство ${guillemets(space)}); второй раз он не отправляется.`,
    botBusy: (space: string) =>
      `Бот уже участвует во встрече пространства ${guillemets(space)}. Дождитесь её окончания или выберите другое пространство.`,
    botLowBalance: (space: string, left: string) =>
      `В пространстве ${guillemets(space)} мало времени: осталось ${left}, а боту нужно не меньше 5:00. Пополните тариф или выберите другое пространство.`,
    scheduled: (when: string, space: string) =>
      `Бот будет отправлен ${when} (пространство ${guillemets(space)}). Не закрывайте браузер до этого времени.`,
    scheduledNoSpace: (when: string) =>
      `Бот будет отправлен ${when}. Не закрывайте браузер до этого времени.`,
    transcribeSent: (space: string) =>
      `Отправлено в ${guillemets(space)}: аудио скачивается, затем будет расшифровано. Следите за ходом в окне Meeting Capture.`,
    autoJoinCancelled: 'Отменено: бот на эту встречу не отправляется.',
    transcribeSentNoSpace:
      'Отправлено: аудио скачивается, затем будет расшифровано. Следите за ходом в окне Meeting Capture.',
  },
);

export type PageMessages = (typeof pageMessages)['en'];
