/** The background's own texts in Russian (lib/background/texts.ts says when they are loaded). */
import type { BackgroundTexts } from './texts';

export const ru: BackgroundTexts = {
  menuSendBot: 'Отправить бота на эту встречу',
  menuTranscribe: 'Расшифровать аудио',
  readyTitle: 'Протокол готов',
  readyMessage: (title: string) => `«${title}»: протокол и расшифровка готовы. Нажмите, чтобы открыть.`,
  uploadedTitle: 'Запись загружена',
  uploadedMessage: (title: string) => `«${title}» в пространстве и готова к обработке.`,
  failedTitle: (title: string) => `Не завершено: ${title}`,
  recordingFallback: 'запись',
  botFallback: 'бот на встречу',
  botSentTitle: 'Бот отправлен',
  botSentMessage: (link: string) => `Бот подключается к ${link}. Протокол придёт сам после встречи.`,
  transcribeTitle: 'Расшифровка начата',
  transcribeMessage: (what: string) =>
    `Сервис скачивает ${what}. Вы получите уведомление, когда всё будет готово.`,
  notMeetingTitle: 'Здесь нет встречи',
  notMeetingMessage: 'Эта вкладка — не встреча Google Meet, Zoom или Яндекс Телемоста.',
  notMediaTitle: 'Нечего расшифровывать',
  notMediaMessage: 'Эта ссылка не ведёт ни на страницу видео, ни прямо на аудио- или видеофайл.',
  notSignedInTitle: 'Сначала войдите',
  notSignedInMessage: 'Откройте Meeting Capture и войдите в сервис.',
  actionFailedTitle: 'Не получилось',
  sessionEndsTitle: 'Скоро нужно войти снова',
  sessionEndsMessage: (when: string) =>
    `Сеанс Meeting Capture нельзя будет продлить после ${when}. Войдите снова до этого, чтобы протоколы продолжали приходить.`,
  sessionExpiredTitle: 'Сеанс завершён',
  sessionExpiredMessage: 'Войдите в Meeting Capture снова, чтобы протоколы продолжали приходить.',
  scheduledSentTitle: 'Запланированный бот отправлен',
  scheduledMissedTitle: 'Запланированный бот не отправлен',
  scheduledMissedMessage: (what: string) =>
    `Бот на ${what} не отправлен: в момент начала браузер не работал.`,
  menuRecordTab: 'Записать эту вкладку',
  recordingBalanceTitle: (percent: number) =>
    percent >= 100 ? 'Запись длиннее оставшегося времени' : 'Запись подходит к оставшемуся времени',
  recordingBalanceMessage: (percent: number) =>
    percent >= 100
      ? 'Эта запись уже длиннее времени обработки, оставшегося в её пространстве. Запись продолжается и сохраняется: пополните баланс или выберите другое пространство, когда она закончится.'
      : 'Эта запись заняла 80 % времени обработки, оставшегося в её пространстве. Она продолжается и сохраняется в любом случае.',
  recordingFailedTitle: 'Запись не загружена',
  recordingFailed: (kind: string) =>
    kind === 'too-short'
      ? 'Запись длилась меньше секунды: ничего не загружено.'
      : kind === 'storage-full'
        ? 'Хранилище браузера заполнено: запись остановлена. Записанное сохранено; освободите место и загрузите его из Meeting Capture.'
        : kind === 'capture-refused'
          ? 'Chrome не разрешил записать вкладку. Нажмите кнопку Meeting Capture на панели инструментов, затем «Записать эту вкладку».'
          : kind === 'over-balance'
            ? 'Запись длиннее времени обработки, оставшегося в её пространстве. Она сохранена: откройте Meeting Capture, чтобы загрузить её в другое пространство, или сначала пополните баланс.'
            : 'Запись не удалось завершить. Записанное сохранено: откройте Meeting Capture, чтобы загрузить его.',
  recordingTabEnded: [
    'Запись остановлена',
    'Звук вкладки прервался (вкладка закрыта или её захватило другое приложение): записанное сохранено и загружается.',
  ],
  recordingMeetingEnded: [
    'Запись остановлена: встреча закончилась',
    'Записываемая вкладка ушла со встречи или звонок завершился: запись остановилась сама и загружается. Следите за ходом в Meeting Capture.',
  ],
  recordingMicLost: [
    'Ваш микрофон больше не записывается',
    'Микрофон отключился (выключен или отсоединён): дальше записывается только звук вкладки. Записанное сохранено.',
  ],
  recordingPageGone: [
    'Запись остановлена',
    'Страница записи неожиданно закрылась: записанное до этого сохранено. Откройте Meeting Capture, чтобы загрузить его.',
  ],
  recordingSilenceAskTitle: 'Запись ещё идёт?',
  recordingSilenceAsk: (heard: string, stops: string) =>
    `Уже ${heard} ничего не слышно. Через ${stops} тишины запись остановится сама: «Продолжить запись» сохранит её на всю эту тишину; если встреча закончилась, остановите её в Meeting Capture.`,
  recordingKeep: 'Продолжить запись',
  recordingSessionEnded: [
    'Вы вышли из сервиса: запись идёт',
    'Ваш сеанс в сервисе завершён, но эта вкладка всё ещё записывается. Войдите в Meeting Capture снова с той же учётной записью: тогда запись будет загружена.',
  ],
  recordingWaitsForSignIn: [
    'Запись ждёт вашего входа',
    'Запись остановлена и сохранена. Войдите в Meeting Capture снова с той же учётной записью: тогда она будет загружена.',
  ],
  uploadSiteTitle: 'Загрузка ждёт вашего разрешения',
  uploadSiteMessage: (title: string, site: string) =>
    `«${title}» загружается на ${site}, где сервис хранит загруженные записи, а у Meeting Capture пока нет к нему доступа. Откройте Meeting Capture на панели инструментов и разрешите доступ: загрузка продолжится.`,
  recordingSilenceCutTitle: 'Тишина вырезана',
  recordingSilenceCut: (length: string) =>
    `Тишина в конце записи (${length}) вырезана: она не загружается и не оплачивается.`,
  recordingSleepCutTitle: 'Сон компьютера исключён',
  recordingSleepCut: (length: string) =>
    `Время, пока компьютер спал во время записи (${length}), исключено из файла: оно не загружается и не оплачивается.`,
  recordingStartedTitle: 'Вкладка записывается',
  recordingStartedMessage:
    'Звук вкладки записывается. Остановите запись кнопкой Meeting Capture на панели инструментов; тогда запись загрузится.',
  recordingConsent: 'Предупредите участников, что встреча записывается.',
  recordingNotStartedTitle: 'Запись не начата',
  balanceShortTitle: 'Не хватит времени',
  balanceShortMessage: (space: string, needed: string, available: string) =>
    `Встречам на ближайшие 24 часа нужно ${needed} в «${space}», а там осталось ${available}.`,
  calendarCapTitle: 'Боты из календарей: дневной лимит исчерпан',
  calendarCapMessage: (cap: number) =>
    `Календари отправили ботов за последние 24 часа: ${cap} — это лимит из настроек. Остальные встречи до тех пор остаются без бота; отправить бота вручную по-прежнему можно.`,
};
