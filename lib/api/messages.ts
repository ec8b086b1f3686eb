/**
 * Messages a person can act on, for every error kind, in English and Russian: the texts are in
 * ./messages-en.ts and ./messages-ru.ts, the choice of sentence in ./format-error.ts. The extension
 * loads only the languages in force, through lib/failures; tests and tools use both here (not
 * exported by lib/api/index.ts, which the worker carries whole).
 */
import type { Lang } from '@/lib/i18n';
import type { ApiErrorInfo } from './errors';
import { formatApiErrorWith } from './format-error';
import { en } from './messages-en';
import { ru } from './messages-ru';

/** A message for a person: what happened and what to do about it. */
export function formatApiError(info: ApiErrorInfo, options: { lang: Lang } = { lang: 'en' }): string {
  return formatApiErrorWith(options.lang === 'en' ? en : ru, info);
}
