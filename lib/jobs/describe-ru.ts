/** A job's state in Russian (lib/jobs/describe.ts says when it is loaded). */
import type { JobTexts } from './describe';

export const ru: JobTexts = {
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
  blockedSite: (site: string) =>
    `Ждёт доступа к ${site}, куда загружаются записи: разрешите его в Meeting Capture, чтобы продолжить.`,
};
