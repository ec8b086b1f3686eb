/**
 * What a job is doing as a sentence a person understands, in English and Russian; why it ended
 * badly is worded by the one describer of failures (lib/failures).
 */
import { describeJobFailure } from '@/lib/failures';
import { defineMessages, type Lang } from '@/lib/i18n';
import type { Job } from './types';

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
  },
);

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
        return describeJobFailure(job.failure, lang);
    }
  })();
  if (job.blocked === 'sign-in') return `${state} ${t.blockedSignIn}`;
  if (job.blocked === 'permission') return `${state} ${t.blockedPermission}`;
  return state;
}
