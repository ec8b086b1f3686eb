/**
 * The sentences a page control shows after an action went through (sent, scheduled), in English
 * and Russian; failures are worded by lib/failures. Made in the background (lib/page/outcome.ts),
 * which sends the sentence with its answer; the controls' own labels are lib/page/page-text.ts.
 */
import { defineMessages } from '@/lib/i18n';

const quote = (name: string) => `“${name}”`;
const guillemets = (name: string) => `«${name}»`;

export const pageMessages = defineMessages(
  {
    botSent: (space: string) =>
      `Bot sent to the meeting (space ${quote(space)}). The protocol appears in Meeting Capture after the meeting.`,
    botSentNoSpace: 'Bot sent to the meeting. The protocol appears in Meeting Capture after the meeting.',
    botAlreadySent: (space: string) =>
      `The bot was already sent to this meeting (space ${quote(space)}); it is not sent twice.`,
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
    botSent: (space: string) =>
      `Бот отправлен на встречу (пространство ${guillemets(space)}). Протокол появится в Meeting Capture после встречи.`,
    botSentNoSpace: 'Бот отправлен на встречу. Протокол появится в Meeting Capture после встречи.',
    botAlreadySent: (space: string) =>
      `Бот уже отправлен на эту встречу (пространство ${guillemets(space)}); второй раз он не отправляется.`,
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
