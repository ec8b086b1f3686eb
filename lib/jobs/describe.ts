/** What a job is doing, or why it ended, as a sentence a person understands, in English and Russian. */
import { formatApiError } from '@/lib/api/messages';
import { formatDuration } from '@/lib/format/time';
import { defineMessages, type Lang } from '@/lib/i18n';
import type { Job, JobFailure } from './types';

function minutesOrHours(ms: number, lang: Lang): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 120) return lang === 'en' ? `${minutes} min` : `${minutes} мин`;
  const hours = Math.round(minutes / 60);
  return lang === 'en' ? `${hours} h` : `${hours} ч`;
}

function megabytesPerSecond(bytesPerSecond: number): string {
  return (bytesPerSecond / 1_000_000).toFixed(1);
}

const texts = defineMessages(
  {
    requesting: 'Sending the bot to the meeting…',
    waitingMeeting: 'The bot is in the meeting. The recording arrives after the meeting ends.',
    submittingLink: 'Submitting the link…',
    submittingVideo: 'Submitting the video page…',
    downloading: 'The service is downloading the recording…',
    uploading: (percent: number, speed?: string) =>
      `Uploading: ${percent}%${speed ? ` (${speed} MB/s)` : ''}`,
    assembling: 'The service is assembling the uploaded file…',
    starting: 'Starting processing…',
    processing: 'Processing…',
    uploaded: 'Uploaded: the recording is ready to process.',
    ready: 'The protocol is ready.',
    cancelled: 'Cancelled.',
    blockedSignIn: 'Sign in again to continue.',
    blockedPermission: 'Allow the extension to reach the service (options) to continue.',
    processingFailed: 'Processing failed. The charged time was returned to the balance.',
    processingServerError:
      'Processing failed: the service kept answering with an error for more than 3 minutes. The charged time was returned to the balance.',
    downloadProbablyFailed: (waited: string) =>
      `The service still has not received the file after ${waited}. It reports no error when a download fails, so the download has probably failed. Check that the link is public and leads to the file or video itself, then try again.`,
    botNoRecording: (waited: string) =>
      `No recording from the bot appeared within ${waited}. The service reports no status for the bot: it may not have been let into the meeting, or the meeting was not recorded.`,
    uploadFileMissing: 'The file is no longer stored in the browser. Choose it again to upload it.',
    notEnoughBalance: (left: string, needed: string, space?: string) =>
      `${left} of processing time left in ${space ? `“${space}”` : 'this space'}; this recording needs ${needed}. Top up the plan or choose another space.`,
    permissionDenied: (origin: string) =>
      `The extension has no access to ${origin}. Allow it in the options, then try again.`,
    processingNotStarted: (waited: string) =>
      `The service had not started processing the recording after ${waited}. Open the recording and start processing again.`,
    accountChanged: 'You signed in to another service or account, so this job was left behind.',
    recordingNotUploaded:
      "The recording's file has not fully arrived at the service, so it cannot be processed yet.",
  },
  {
    requesting: 'Бот отправляется на встречу…',
    waitingMeeting: 'Бот на встрече. Запись появится после её окончания.',
    submittingLink: 'Ссылка отправляется…',
    submittingVideo: 'Страница видео отправляется…',
    downloading: 'Сервис скачивает запись…',
    uploading: (percent: number, speed?: string) => `Загрузка: ${percent}%${speed ? ` (${speed} МБ/с)` : ''}`,
    assembling: 'Сервис собирает загруженный файл…',
    starting: 'Обработка запускается…',
    processing: 'Идёт обработка…',
    uploaded: 'Загружено: запись готова к обработке.',
    ready: 'Протокол готов.',
    cancelled: 'Отменено.',
    blockedSignIn: 'Чтобы продолжить, войдите снова.',
    blockedPermission: 'Чтобы продолжить, разрешите расширению доступ к сервису (в настройках).',
    processingFailed: 'Обработка завершилась ошибкой. Списанное время возвращено на баланс.',
    processingServerError:
      'Обработка завершилась ошибкой: сервис отвечал ошибкой дольше 3 минут. Списанное время возвращено на баланс.',
    downloadProbablyFailed: (waited: string) =>
      `Сервис так и не получил файл за ${waited}. Об ошибках скачивания он не сообщает, поэтому скачать, вероятно, не удалось. Проверьте, что ссылка открыта для всех и ведёт прямо на файл или видео, и попробуйте снова.`,
    botNoRecording: (waited: string) =>
      `Запись от бота не появилась за ${waited}. Сервис не сообщает состояние бота: возможно, его не впустили на встречу или встреча не записалась.`,
    uploadFileMissing: 'Файл больше не хранится в браузере. Выберите его снова, чтобы загрузить.',
    notEnoughBalance: (left: string, needed: string, space?: string) =>
      `${space ? `В пространстве «${space}»` : 'В этом пространстве'} осталось ${left} времени обработки; этой записи нужно ${needed}. Пополните тариф или выберите другое пространство.`,
    permissionDenied: (origin: string) =>
      `У расширения нет доступа к ${origin}. Разрешите его в настройках и попробуйте снова.`,
    processingNotStarted: (waited: string) =>
      `Сервис не начал обработку записи за ${waited}. Откройте запись и запустите обработку снова.`,
    accountChanged: 'Вы вошли в другой сервис или аккаунт, поэтому это задание осталось незавершённым.',
    recordingNotUploaded:
      'Файл записи ещё не полностью получен сервисом, поэтому обрабатывать её пока нельзя.',
  },
);

/** Why a job ended badly, with what to do about it. */
export function describeFailure(failure: JobFailure, lang: Lang): string {
  const t = texts[lang];
  switch (failure.kind) {
    case 'api':
      return formatApiError(failure.error, { lang });
    case 'processing-failed':
      return t.processingFailed;
    case 'processing-server-error':
      return t.processingServerError;
    case 'download-probably-failed':
      return t.downloadProbablyFailed(minutesOrHours(failure.waitedMs, lang));
    case 'bot-no-recording':
      return t.botNoRecording(minutesOrHours(failure.waitedMs, lang));
    case 'upload-file-missing':
      return t.uploadFileMissing;
    case 'not-enough-balance':
      return t.notEnoughBalance(
        formatDuration(failure.availableSeconds, lang),
        formatDuration(failure.neededSeconds, lang),
        failure.spaceName,
      );
    case 'permission-denied':
      return t.permissionDenied(failure.origin);
    case 'processing-not-started':
      return t.processingNotStarted(minutesOrHours(failure.waitedMs, lang));
    case 'account-changed':
      return t.accountChanged;
    case 'recording-not-uploaded':
      return t.recordingNotUploaded;
  }
}

/** The job's state in one sentence (its failure's reason when it failed). */
export function describeJob(job: Job, lang: Lang): string {
  const t = texts[lang];
  const state = (() => {
    switch (job.phase) {
      case 'requesting':
        return t.requesting;
      case 'waiting-meeting':
        return t.waitingMeeting;
      case 'submitting':
        return job.intent === 'video' ? t.submittingVideo : t.submittingLink;
      case 'downloading':
        return t.downloading;
      case 'uploading': {
        const total = job.upload?.totalBytes ?? job.size ?? 0;
        const percent = total > 0 ? Math.floor(((job.upload?.sentBytes ?? 0) * 100) / total) : 0;
        const speed = job.upload?.bytesPerSecond ? megabytesPerSecond(job.upload.bytesPerSecond) : undefined;
        return t.uploading(percent, speed);
      }
      case 'assembling':
        return t.assembling;
      case 'starting':
        return t.starting;
      case 'processing':
        return t.processing;
      case 'uploaded':
        return t.uploaded;
      case 'ready':
        return t.ready;
      case 'cancelled':
        return t.cancelled;
      case 'failed':
        return job.failure
          ? describeFailure(job.failure, lang)
          : formatApiError({ kind: 'unexpected', message: '—' }, { lang });
    }
  })();
  if (job.blocked === 'sign-in') return `${state} ${t.blockedSignIn}`;
  if (job.blocked === 'permission') return `${state} ${t.blockedPermission}`;
  return state;
}
