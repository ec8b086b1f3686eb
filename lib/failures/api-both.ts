/**
 * Messages a person can act on, for every error kind, in English and Russian: the texts are in
 * ./api-texts-en.ts and ./api-texts-ru.ts, the choice of sentence in ./api.ts. The extension
 * loads only the languages in force, through lib/failures; tests and tools use both here (not
 * exported by lib/api/index.ts, which the worker carries whole).
 */

import type { ApiErrorInfo } from '@/lib/api/errors';
import type { Lang } from '@/lib/i18n';
import { formatApiErrorWith } from './api';
import { en } from './api-texts-en';
import { ru } from './api-texts-ru';

/** A message for a person: what happened and what to do about it. */
export function formatApiError(info: ApiErrorInfo, options: { lang: Lang } = { lang: 'en' }): string {
  return formatApiErrorWith(options.lang === 'en' ? en : ru, info);
}
