/**
 * Every sentence about a failure: the background's refusals, the job failures, the sign-in form's
 * and the page controls' wording (service errors themselves: lib/api/messages.ts). English comes
 * with the code; Russian is handed over when it comes into force, the way the pages' catalogs are
 * loaded (components/catalog.ts loads both together; the background, which cannot load code
 * lazily, hands both over at start).
 */
import type { Lang } from '@/lib/i18n';
import { en, type FailureTexts } from './texts-en';

export type { FailureTexts };

const provided: Partial<Record<Lang, FailureTexts>> = { en };

/** The failure texts of `lang` once provided, else English. */
export function failureTexts(lang: Lang): FailureTexts {
  return provided[lang] ?? en;
}

/** Makes `lang`'s failure texts available (import `./texts-ru` where it is loaded). */
export function provideFailureTexts(lang: Lang, texts: FailureTexts): void {
  provided[lang] = texts;
}
