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
    recordStarted: 'Recording this tab. Stop it here or in the Meeting Capture popup: it is uploaded then.',
    recordStopped: 'Recording stopped: it is being uploaded. Follow it in the Meeting Capture popup.',
    /** "Still recording?" of a long silence, with the control's Keep recording. */
    recordSilence: (heard: string, stops: string) =>
      `Still recording? Nothing has been heard for ${heard}: the recording stops by itself after ${stops} of silence. Keep recording holds it through this silence.`,
    recordKept: 'The recording goes on through this silence.',
    /** Said once, with the first recording ever started. */
    recordConsent: 'Tell the participants that the meeting is being recorded.',
    /** How this tab's recording broke, and what was kept. */
    recordBroke: (how: string): string =>
      how === 'microphone'
        ? 'Your microphone is no longer recorded (switched off or unplugged): only the tab’s sound is, from now on. What was recorded is kept.'
        : how === 'tab'
          ? 'Recording stopped: the tab’s sound ended. What was recorded is kept and being uploaded.'
          : 'Recording stopped: the recording page closed unexpectedly. What was recorded until then is kept: upload it from the Meeting Capture popup.',
    /** Chrome refused: a press on the page is not an invocation of the extension. */
    recordPress: (shortcut: string) =>
      `Chrome lets Meeting Capture record a tab only after you use the extension itself. Press ${shortcut} or click the Meeting Capture toolbar button, then “Record this tab”.`,
    recordPressNoShortcut:
      'Chrome lets Meeting Capture record a tab only after you use the extension itself. Click the Meeting Capture toolbar button, then “Record this tab”.',
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
    recordStarted:
      'Вкладка записывается. Остановите запись здесь или в окне Meeting Capture: тогда она загрузится.',
    recordStopped: 'Запись остановлена и загружается. Следите за ходом в окне Meeting Capture.',
    recordSilence: (heard: string, stops: string) =>
      `Запись ещё идёт? Уже ${heard} ничего не слышно: через ${stops} тишины запись остановится сама. «Продолжить запись» сохранит её на всю эту тишину.`,
    recordKept: 'Запись продолжится всю эту тишину.',
    recordConsent: 'Предупредите участников, что встреча записывается.',
    recordBroke: (how: string): string =>
      how === 'microphone'
        ? 'Ваш микрофон больше не записывается (выключен или отсоединён): дальше записывается только звук вкладки. Записанное сохранено.'
        : how === 'tab'
          ? 'Запись остановлена: звук вкладки прервался. Записанное сохранено и загружается.'
          : 'Запись остановлена: страница записи неожиданно закрылась. Записанное до этого сохранено: загрузите его в окне Meeting Capture.',
    recordPress: (shortcut: string) =>
      `Chrome разрешает Meeting Capture записать вкладку, только когда вы обратились к самому расширению. Нажмите ${shortcut} или кнопку Meeting Capture на панели инструментов, затем «Записать эту вкладку».`,
    recordPressNoShortcut:
      'Chrome разрешает Meeting Capture записать вкладку, только когда вы обратились к самому расширению. Нажмите кнопку Meeting Capture на панели инструментов, затем «Записать эту вкладку».',
  },
);
