/**
 * Texts whose English comes with the code and whose other language is provided when it comes into
 * force: the pages provide it with their catalog (components/catalog.ts, whose own catalog is one
 * of these), the worker at its start (lib/background/texts-provided.ts). A language asked for and
 * not provided reads in English, and says so in the console.
 */
import type { Lang } from '@/lib/i18n';

export interface LazyTexts<T> {
  /** The texts of `lang` if provided, else English. */
  get(lang: Lang): T;
  /** Makes `lang`'s texts available. */
  provide(lang: Lang, texts: T): void;
}

export function lazyTexts<T>(name: string, en: T): LazyTexts<T> {
  const provided: Partial<Record<Lang, T>> = { en };
  return {
    get(lang) {
      const found = provided[lang];
      if (found) return found;
      console.error(`${name} texts (${lang}) missing: English used`);
      return en;
    },
    provide(lang, texts) {
      provided[lang] = texts;
    },
  };
}
