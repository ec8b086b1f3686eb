/**
 * Failures as a page control says them (made in the background, lib/page/outcome.ts): a page
 * cannot sign in itself, so it points to the popup; the space the action was for is named; a
 * content script that outlived an update asks for a reload. Everything else is `describeError`.
 * Apart from describe.ts so that the extension's own pages do not carry these sentences.
 */
import type { ApiErrorInfo } from '@/lib/api/errors';
import { formatDuration } from '@/lib/format/time';
import { defineMessages, type Lang } from '@/lib/i18n';
import type { JobFailure } from '@/lib/jobs/types';
import { type ErrorInfo, isMessagingError } from '@/lib/messaging';
import { describeError, describeJobFailure } from './describe';

const quote = (name: string) => `“${name}”`;
const guillemets = (name: string) => `«${name}»`;

const pageFailureTexts = defineMessages(
  {
    /**
     * A page whose content script outlived an update or reload of the extension. The control also
     * holds this sentence itself (lib/page/page-text.ts): when it is needed the background may be gone.
     */
    reloadPage: 'Meeting Capture was updated or restarted. Reload this page and try again.',
    botBusy: (space: string) =>
      `A bot is already in a meeting of space ${quote(space)}. Wait until that meeting ends or choose another space.`,
    botLowBalance: (space: string, left: string) =>
      `Not enough minutes in ${quote(space)}: ${left} left, and the bot needs at least 5:00. Top up the plan or choose another space.`,
    signedOut:
      'You are signed out. Open the Meeting Capture popup (its button on the browser toolbar) to sign in, then try again.',
    sessionEnded: 'Your session has ended. Open the Meeting Capture popup to sign in again, then try again.',
  },
  {
    reloadPage: 'Meeting Capture обновился или перезапустился. Перезагрузите страницу и повторите попытку.',
    botBusy: (space: string) =>
      `Бот уже участвует во встрече пространства ${guillemets(space)}. Дождитесь её окончания или выберите другое пространство.`,
    botLowBalance: (space: string, left: string) =>
      `В пространстве ${guillemets(space)} мало времени: осталось ${left}, а боту нужно не меньше 5:00. Пополните тариф или выберите другое пространство.`,
    signedOut:
      'Вы не вошли. Откройте окно Meeting Capture (кнопка расширения на панели браузера), войдите и повторите попытку.',
    sessionEnded: 'Сеанс завершён. Откройте окно Meeting Capture, войдите снова и повторите попытку.',
  },
);

export { pageFailureTexts };

/** The space the page action was for. */
export interface PageSpace {
  name: string;
  availableSeconds: number;
}

/** Chromium's and Firefox's words for a content script whose extension was reloaded or updated. */
const CONTEXT_GONE = /extension context invalidated|receiving end does not exist|message port closed/i;

/** A failure of a page action, with the space it was for when known. */
export function describePageError(error: ErrorInfo, lang: Lang, space?: PageSpace): string {
  const t = pageFailureTexts[lang];
  if (isMessagingError(error)) {
    if (error.kind === 'no-answer' || (error.kind === 'internal' && CONTEXT_GONE.test(error.message)))
      return t.reloadPage;
    return describeError(error, lang);
  }
  const info = error as ApiErrorInfo;
  switch (info.kind) {
    case 'auth':
      return info.reason === 'invalid-credentials' || info.reason === 'not-signed-in'
        ? t.signedOut
        : t.sessionEnded;
    case 'bot-busy':
      // Possibly the answer to the browser's own repeat of the request (lib/charges): the client's
      // sentence says so; otherwise the space with the bot is named.
      if (space && !info.replayPossible) return t.botBusy(space.name);
      break;
    case 'bot-low-balance':
      if (space) return t.botLowBalance(space.name, formatDuration(space.availableSeconds, lang));
      break;
  }
  return describeError(info, lang, { spaceName: space?.name });
}

/** Why the job a page action made ended badly. */
export function describePageJobFailure(
  failure: JobFailure | undefined,
  lang: Lang,
  space?: PageSpace,
): string {
  if (failure?.kind === 'api') return describePageError(failure.error, lang, space);
  return describeJobFailure(failure, lang, { spaceName: space?.name });
}
