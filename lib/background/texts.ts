/** Texts the background shows itself: notifications and context menu items, in English and Russian. */
import { defineMessages } from '@/lib/i18n';

export const backgroundTexts = defineMessages(
  {
    menuSendBot: 'Send bot to this meeting',
    menuTranscribe: 'Transcribe audio',
    readyTitle: 'Protocol ready',
    readyMessage: (title: string) => `“${title}”: the protocol and transcript are ready. Click to open.`,
    uploadedTitle: 'Recording uploaded',
    uploadedMessage: (title: string) => `“${title}” is in the space and ready to process.`,
    failedTitle: (title: string) => `Not finished: ${title}`,
    recordingFallback: 'recording',
    botFallback: 'meeting bot',
    botSentTitle: 'Bot sent',
    botSentMessage: (link: string) =>
      `The bot is joining ${link}. The protocol will arrive by itself after the meeting.`,
    transcribeTitle: 'Transcription started',
    transcribeMessage: (what: string) =>
      `The service is fetching ${what}. You will be notified when it is done.`,
    notMeetingTitle: 'No meeting here',
    notMeetingMessage: 'This tab is not a Google Meet, Zoom or Yandex Telemost meeting.',
    notMediaTitle: 'Nothing to transcribe',
    notMediaMessage: 'This link is neither a video page nor a direct link to an audio or video file.',
    notSignedInTitle: 'Sign in first',
    notSignedInMessage: 'Open Meeting Capture and sign in to the service.',
    actionFailedTitle: 'Could not do it',
    sessionEndsTitle: 'Sign in again soon',
    sessionEndsMessage: (when: string) =>
      `Your Meeting Capture session can no longer be renewed after ${when}. Sign in again before then to keep receiving protocols.`,
    sessionExpiredTitle: 'Session ended',
    sessionExpiredMessage: 'Sign in to Meeting Capture again to keep receiving protocols.',
    scheduledSentTitle: 'Scheduled bot sent',
    scheduledMissedTitle: 'Scheduled bot not sent',
    scheduledMissedMessage: (what: string) =>
      `The bot for ${what} was not sent: the browser was not running at the start time.`,
    balanceShortTitle: 'Not enough time left',
    balanceShortMessage: (space: string, needed: string, available: string) =>
      `The meetings planned for the next 24 hours need ${needed} in “${space}”, which has ${available} left.`,
  },
  {
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
    balanceShortTitle: 'Не хватит времени',
    balanceShortMessage: (space: string, needed: string, available: string) =>
      `Встречам на ближайшие 24 часа нужно ${needed} в «${space}», а там осталось ${available}.`,
  },
);
