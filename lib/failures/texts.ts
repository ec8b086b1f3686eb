/**
 * Every sentence about a failure: the background's refusals, the job failures, the sign-in form's
 * and the page controls' wording (service errors themselves: ./api-texts-en.ts). English comes
 * with the code; Russian is handed over when it comes into force: the pages load it with their
 * catalog (components/catalog.ts), the worker at its start (lib/background/texts-provided.ts).
 */
import type { Lang } from '@/lib/i18n';
import { lazyTexts } from '@/lib/lazy-texts';
import { en, type FailureTexts } from './texts-en';

export type { FailureTexts };

/** The failure texts by language: English here, others provided where they come into force. */
export const failureTextRegistry = lazyTexts<FailureTexts>('failure', en);

/** The failure texts of `lang`: provided, else loaded by the hook, else English (logged). */
export function failureTexts(lang: Lang): FailureTexts {
  return failureTextRegistry.get(lang);
}
