/** The texts of "Record here" in the popup and the side panel (components/app/Recorder.tsx), both languages. */
import { featureText } from './feature-texts';

const en = {
  title: 'Record here',
  intro:
    'Records this tab’s sound (the other participants) and your microphone, then processes it like an upload.',
  consent: 'Tell the participants that the meeting is being recorded.',
  consentOk: 'OK',
  recordTab: 'Record this tab',
  withMicrophone: 'Also record my microphone',
  starting: 'Starting…',
  recording: 'Recording',
  elapsed: 'Recorded time',
  stop: 'Stop and upload',
  stopping: 'Finishing the recording…',
  uploading: 'The recording is being uploaded: see it in the list below.',
  done: 'The recording was uploaded.',
  micRecorded: 'Your microphone is recorded too.',
  micMissing: 'Your microphone is not recorded: no microphone was found.',
  micOff: 'Your microphone is not recorded.',
  micLost: 'Your microphone stopped (switched off or unplugged): only the tab’s sound is recorded now.',
  silenceTitle: 'Still recording?',
  silenceAsk: (heard: string, stops: string) =>
    `Nothing has been heard for ${heard}. The recording stops by itself after ${stops} of silence, and the silence is not uploaded.`,
  keep: 'Keep recording',
  kept: 'Kept: the recording goes on through this silence. A later silence, after a sound, is asked about again.',
  timeLeft: (space: string, left: string) => `Time left in ${space}: ${left}.`,
  unfinished: (title: string) => `A recording was left unfinished: “${title}”.`,
  uploadRecorded: (length: string) => `Upload what was recorded (${length})`,
  discard: 'Discard',
  uploadTo: 'Upload to',
  keptTitle: 'Kept recordings',
  keptItem: (title: string, length: string, space: string) => `“${title}”: ${length}, ${space}`,
  keptSpace: (title: string) => `Space for “${title}”`,
  keptInterrupted: 'The recording stopped before its file was made. What was recorded is kept.',
  spaceWithTime: (space: string, left: string) => `${space} (${left} left)`,
  siteRefused: (origin: string) =>
    `Access to ${origin} (where recordings are uploaded) was not granted. What was recorded is kept: upload it again to be asked once more.`,
  unsupported:
    'Recording a tab needs Chrome or another Chromium browser: Firefox lets no extension record a tab’s sound.',
  waitsRecording: (time: string, email: string) =>
    `A tab is still being recorded (${time}), though you are signed out. Sign in again as ${email || 'the same account'}: the recording is uploaded once it stops.`,
  waitsKept: (count: number, email: string) =>
    `${count === 1 ? 'A recording is' : `${count} recordings are`} kept for ${email || 'the account signed in before'}: sign in again as that account to upload ${count === 1 ? 'it' : 'them'}.`,
  stopRecording: 'Stop recording',
  failed: (kind: string): string =>
    kind === 'too-short'
      ? 'The recording lasted under a second: nothing was uploaded.'
      : kind === 'page-gone'
        ? 'The recording page closed unexpectedly: the recording stopped. What was recorded is kept.'
        : kind === 'storage-full'
          ? 'The browser’s storage is full: the recording stopped. What was recorded is kept.'
          : kind === 'capture-refused'
            ? 'Chrome did not let the tab be recorded.'
            : kind === 'upload-refused'
              ? 'The recording could not be uploaded. What was recorded is kept.'
              : kind === 'over-balance'
                ? 'The recording is longer than the processing time left in its space. It is kept: upload it to another space, or top up first.'
                : 'The recording could not be finished. What was recorded is kept.',
  stoppedItself: (reason: string, silence = '15 min'): string =>
    reason === 'silence'
      ? `The last recording stopped by itself: nothing was heard for ${silence}. The silence at its end was not uploaded.`
      : 'The last recording stopped by itself: the meeting ended.',
};

const ru: typeof en = {
  title: 'Записать здесь',
  intro:
    'Записывает звук этой вкладки (других участников) и ваш микрофон, затем обрабатывает как загруженный файл.',
  consent: 'Предупредите участников, что встреча записывается.',
  consentOk: 'Понятно',
  recordTab: 'Записать эту вкладку',
  withMicrophone: 'Записывать и мой микрофон',
  starting: 'Запуск…',
  recording: 'Идёт запись',
  elapsed: 'Записано',
  stop: 'Остановить и загрузить',
  stopping: 'Запись завершается…',
  uploading: 'Запись загружается: она в списке ниже.',
  done: 'Запись загружена.',
  micRecorded: 'Ваш микрофон тоже записывается.',
  micMissing: 'Ваш микрофон не записывается: микрофон не найден.',
  micOff: 'Ваш микрофон не записывается.',
  micLost: 'Микрофон отключился (выключен или отсоединён): теперь записывается только звук вкладки.',
  silenceTitle: 'Запись ещё идёт?',
  silenceAsk: (heard: string, stops: string) =>
    `Уже ${heard} ничего не слышно. Через ${stops} тишины запись остановится сама, а тишина не будет загружена.`,
  keep: 'Продолжить запись',
  kept: 'Запись продолжится всю эту тишину. О следующей тишине, после звука, будет спрошено снова.',
  timeLeft: (space: string, left: string) => `Осталось времени в «${space}»: ${left}.`,
  unfinished: (title: string) => `Осталась незавершённая запись: «${title}».`,
  uploadRecorded: (length: string) => `Загрузить записанное (${length})`,
  discard: 'Удалить',
  uploadTo: 'Загрузить в',
  keptTitle: 'Сохранённые записи',
  keptItem: (title: string, length: string, space: string) => `«${title}»: ${length}, ${space}`,
  keptSpace: (title: string) => `Пространство для «${title}»`,
  keptInterrupted: 'Запись прервалась до того, как был собран файл. Записанное сохранено.',
  spaceWithTime: (space: string, left: string) => `${space} (осталось ${left})`,
  siteRefused: (origin: string) =>
    `Доступ к ${origin} (туда загружаются записи) не предоставлен. Записанное сохранено: загрузите его снова, чтобы ответить на запрос ещё раз.`,
  unsupported:
    'Для записи вкладки нужен Chrome или другой браузер на Chromium: Firefox не даёт расширениям записывать звук вкладки.',
  waitsRecording: (time: string, email: string) =>
    `Вкладка всё ещё записывается (${time}), хотя вы вышли из сервиса. Войдите снова как ${email || 'прежняя учётная запись'}: запись будет загружена, когда остановится.`,
  waitsKept: (count: number, email: string) =>
    `${count === 1 ? 'Запись сохранена' : `Сохранено записей: ${count}, все`} для ${email || 'учётной записи, входившей раньше'}: войдите снова под ней, чтобы загрузить ${count === 1 ? 'её' : 'их'}.`,
  stopRecording: 'Остановить запись',
  failed: (kind: string): string =>
    kind === 'too-short'
      ? 'Запись длилась меньше секунды: ничего не загружено.'
      : kind === 'page-gone'
        ? 'Страница записи неожиданно закрылась: запись остановлена. Записанное сохранено.'
        : kind === 'storage-full'
          ? 'Хранилище браузера заполнено: запись остановлена. Записанное сохранено.'
          : kind === 'capture-refused'
            ? 'Chrome не разрешил записать вкладку.'
            : kind === 'upload-refused'
              ? 'Запись не удалось загрузить. Записанное сохранено.'
              : kind === 'over-balance'
                ? 'Запись длиннее времени обработки, оставшегося в её пространстве. Она сохранена: загрузите её в другое пространство или сначала пополните баланс.'
                : 'Запись не удалось завершить. Записанное сохранено.',
  stoppedItself: (reason: string, silence = '15 мин'): string =>
    reason === 'silence'
      ? `Последняя запись остановилась сама: ${silence} ничего не было слышно. Тишина в её конце не загружена.`
      : 'Последняя запись остановилась сама: встреча закончилась.',
};

export const recorderText = featureText({ en, ru });
