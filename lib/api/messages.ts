/** Messages a person can act on, for every error kind, in English and Russian. */

import { formatDuration as formatDurationInWords } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import type { ApiErrorInfo, OutcomeCheck, UnsafeOperation } from './errors';

function fieldList(fields: Record<string, string[]>, lang: Lang): string {
  const general = lang === 'en' ? 'request' : 'запрос';
  return Object.entries(fields)
    .map(([field, messages]) => {
      const name = field === 'non_field_errors' ? general : field;
      return `${name}: ${messages.join(' ')}`;
    })
    .join('; ');
}

const OPERATION_NAMES: Record<UnsafeOperation, { en: string; ru: string }> = {
  createRecording: { en: 'creating the recording', ru: 'создание записи' },
  uploadByUrl: { en: 'submitting the link', ru: 'отправка ссылки' },
  uploadFromVideoSite: { en: 'submitting the video page', ru: 'отправка страницы видео' },
  sendBot: { en: 'sending the bot', ru: 'отправка бота' },
  startProcessing: { en: 'starting processing', ru: 'запуск обработки' },
  completeUpload: { en: 'completing the upload', ru: 'завершение загрузки' },
};

function outcomeAdvice(check: OutcomeCheck, audioId: number | undefined, lang: Lang): string {
  const id = audioId === undefined ? '' : lang === 'en' ? ` (recording ${audioId})` : ` (запись ${audioId})`;
  if (lang === 'en') {
    switch (check) {
      case 'recent-recordings':
        return 'Check the recent recordings of the space in a few minutes before submitting it again.';
      case 'delete-orphan':
        return `The recording was created${id} but its upload links were lost: delete it and upload the file again.`;
      case 'processing-result':
        return `Open the recording${id} to see whether processing is running before starting it again: a repeated start charges again.`;
      case 'meeting':
        return 'Check whether the bot has joined the meeting before sending it again.';
      case 'upload-status':
        return `Check the recording${id} in a few minutes; upload the file again if it does not appear.`;
    }
  }
  switch (check) {
    case 'recent-recordings':
      return 'Через несколько минут проверьте последние записи пространства, прежде чем отправлять снова.';
    case 'delete-orphan':
      return `Запись создана${id}, но ссылки для загрузки потеряны: удалите её и загрузите файл заново.`;
    case 'processing-result':
      return `Откройте запись${id} и проверьте, идёт ли обработка, прежде чем запускать снова: повторный запуск списывает время ещё раз.`;
    case 'meeting':
      return 'Проверьте, подключился ли бот к встрече, прежде чем отправлять его снова.';
    case 'upload-status':
      return `Проверьте запись${id} через несколько минут; если она не появится, загрузите файл заново.`;
  }
}

/** A message for a person: what happened and what to do about it. */
export function formatApiError(info: ApiErrorInfo, options: { lang: Lang } = { lang: 'en' }): string {
  const message = messageOf(info, options.lang);
  if (!info.trashedOrphans?.length) return message;
  return options.lang === 'en'
    ? `${message} An incomplete copy of the recording was moved to the trash.`
    : `${message} Незавершённая копия записи перемещена в корзину.`;
}

function messageOf(info: ApiErrorInfo, lang: Lang): string {
  const en = lang === 'en';
  switch (info.kind) {
    case 'network':
      return en
        ? `Could not reach the service (${info.message}). Check the internet connection and the service address, then try again.`
        : `Не удалось связаться с сервисом (${info.message}). Проверьте подключение к интернету и адрес сервиса и повторите попытку.`;
    case 'timeout':
      if (info.phase === 'assembling') {
        return en
          ? 'The service has not finished assembling the uploaded file. Check the recording later.'
          : 'Сервис ещё не собрал загруженный файл. Проверьте запись позже.';
      }
      return en
        ? 'The service did not answer in time. Try again in a minute.'
        : 'Сервис не ответил вовремя. Повторите попытку через минуту.';
    case 'aborted':
      return en ? 'Cancelled.' : 'Отменено.';
    case 'html':
      return en
        ? `The service address answered with a web page instead of data (status ${info.status}${info.text ? `: ${info.text}` : ''}). Check the service address in the options.`
        : `По адресу сервиса пришла веб-страница вместо данных (статус ${info.status}${info.text ? `: ${info.text}` : ''}). Проверьте адрес сервиса в настройках.`;
    case 'invalid-response': {
      const paths = info.issues
        .map((issue) => issue.path || '(body)')
        .slice(0, 5)
        .join(', ');
      return en
        ? `The service answered with data this version of the extension does not understand (status ${info.status}; ${paths}). Update the extension or report the problem.`
        : `Сервис ответил данными, которые эта версия расширения не понимает (статус ${info.status}; ${paths}). Обновите расширение или сообщите о проблеме.`;
    }
    case 'validation': {
      const parts = [info.detail, fieldList(info.fields, lang)].filter((part) => part);
      return en
        ? `The service rejected the request: ${parts.join('; ')}. Correct it and try again.`
        : `Сервис отклонил запрос: ${parts.join('; ')}. Исправьте и повторите попытку.`;
    }
    case 'insufficient-balance': {
      const left = info.availableSeconds === null ? null : formatDurationInWords(info.availableSeconds, lang);
      if (en) {
        const where = info.spaceName === undefined ? 'this space' : info.spaceName;
        if (left === null)
          return `Not enough processing time left in ${where} for this recording. Top up the plan or choose another space.`;
        const need =
          info.neededSeconds === undefined
            ? 'not enough for this recording'
            : `this recording needs ${formatDurationInWords(info.neededSeconds, lang)}`;
        return `${left} of processing time left in ${where}; ${need}.`;
      }
      const where =
        info.spaceName === undefined ? 'В этом пространстве' : `В пространстве «${info.spaceName}»`;
      if (left === null)
        return `${where} недостаточно времени обработки для этой записи. Пополните тариф или выберите другое пространство.`;
      const need =
        info.neededSeconds === undefined
          ? 'этого мало для этой записи'
          : `этой записи нужно ${formatDurationInWords(info.neededSeconds, lang)}`;
      return `${where} осталось ${left} времени обработки; ${need}.`;
    }
    case 'unpaid':
      return en
        ? "The space's plan is not paid, so processing cannot start. Renew the subscription or choose another space."
        : 'Тариф пространства не оплачен, поэтому обработку запустить нельзя. Продлите подписку или выберите другое пространство.';
    case 'bot-low-balance':
      return en
        ? 'Less than 5 minutes of processing time is left in the space, so the bot cannot be sent. Top up the plan or choose another space.'
        : 'В пространстве осталось меньше 5 минут времени обработки, поэтому бота отправить нельзя. Пополните тариф или выберите другое пространство.';
    case 'bot-busy':
      if (info.replayPossible)
        return en
          ? 'The service answered that a bot is already in an active meeting in this space, and no other bot sent from this browser is active there. If the connection dropped, the browser repeated the request by itself, so this bot may have been sent: check whether it joined the meeting. Otherwise wait until that meeting ends or choose another space.'
          : 'Сервис ответил, что бот уже участвует в активной встрече в этом пространстве, а других ботов, отправленных из этого браузера, там нет. Если соединение оборвалось, браузер сам повторил запрос, поэтому этот бот, возможно, отправлен: проверьте, подключился ли он к встрече. Иначе дождитесь окончания той встречи или выберите другое пространство.';
      return en
        ? 'A bot is already in an active meeting in this space. Wait until that meeting ends or choose another space.'
        : 'Бот уже участвует в активной встрече в этом пространстве. Дождитесь её окончания или выберите другое пространство.';
    case 'forbidden':
      return en
        ? 'You have no access to this space, or it does not exist. Choose another space.'
        : 'У вас нет доступа к этому пространству, или его не существует. Выберите другое пространство.';
    case 'not-found':
      return en
        ? 'The recording was not found; it may have been deleted. Refresh the list.'
        : 'Запись не найдена; возможно, она удалена. Обновите список.';
    case 'auth':
      switch (info.reason) {
        case 'invalid-credentials':
          return en
            ? 'Wrong email or password. If you created the account through Google or another third-party sign-in, it has no password yet: set one through password recovery, then sign in here.'
            : 'Неверная почта или пароль. Если аккаунт создан через вход с Google или другим сервисом, пароля у него ещё нет: задайте его через восстановление пароля и войдите снова.';
        case 'not-signed-in':
          return en
            ? 'You are not signed in. Sign in to the service first.'
            : 'Вы не вошли в сервис. Сначала войдите.';
        case 'session-expired':
          return en ? 'Your session has ended. Sign in again.' : 'Сеанс завершён. Войдите снова.';
        case 'token-invalid':
          return en
            ? 'The service did not accept the session. Sign in again.'
            : 'Сервис не принял сеанс. Войдите снова.';
      }
      break;
    case 'server':
      return en
        ? `The service had an internal error (status ${info.status}). Try again later.`
        : `Внутренняя ошибка сервиса (статус ${info.status}). Повторите попытку позже.`;
    case 'outcome-unknown': {
      const name = OPERATION_NAMES[info.operation][lang];
      const title = info.title ? (en ? ` of “${info.title}”` : ` («${info.title}»)`) : '';
      const advice = outcomeAdvice(info.check, info.audioId, lang);
      if (info.check === 'delete-orphan') {
        return en
          ? `The connection failed while ${name}${title}. ${advice}`
          : `Связь прервалась (${name}${title}). ${advice}`;
      }
      return en
        ? `The connection failed while ${name}${title}, so it is unknown whether it took effect. ${advice}`
        : `Связь прервалась (${name}${title}), поэтому неизвестно, выполнено ли действие. ${advice}`;
    }
    case 'missing-etag':
      return en
        ? `The storage did not reveal the ETag of part ${info.partNumber}, so the upload cannot be completed. The storage must expose the ETag header to the extension (CORS).`
        : `Хранилище не передало ETag части ${info.partNumber}, поэтому загрузку нельзя завершить. Хранилище должно открывать заголовок ETag расширению (CORS).`;
    case 'http': {
      const code = info.code === undefined ? '' : en ? `, code ${info.code}` : `, код ${info.code}`;
      const detail = info.detail ? `: ${info.detail}` : '';
      if (info.operation === 'uploadPart') {
        return en
          ? `The storage refused a part of the file (status ${info.status}${code}${detail}). Upload the file again.`
          : `Хранилище не приняло часть файла (статус ${info.status}${code}${detail}). Загрузите файл заново.`;
      }
      return en
        ? `The service answered with status ${info.status}${code}${detail}. Try again later or report the problem.`
        : `Сервис ответил статусом ${info.status}${code}${detail}. Повторите попытку позже или сообщите о проблеме.`;
    }
    case 'unexpected':
      return en
        ? `Unexpected error: ${info.message}. Try again or report the problem.`
        : `Непредвиденная ошибка: ${info.message}. Повторите попытку или сообщите о проблеме.`;
  }
  return en ? 'Unknown error.' : 'Неизвестная ошибка.';
}
