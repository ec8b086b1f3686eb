/**
 * Texts whose English comes with the code and whose other language is provided when it comes into
 * force: the pages provide it with their catalog (components/catalog.ts), the worker through the
 * hook of `onMissing` (the worker provides its own at its start, lib/background/texts-provided.ts). A language
 * asked for and still missing after the hook reads in English, and says so in the console.
 * A module of its own: the pages' first script does not carry it (only their lazy chunks do).
 */
import type { Lang } from '@/lib/i18n';

export interface LazyTexts<T> {
  /** The texts of `lang`: provided, else loaded by the hook, else English. */
  get(lang: Lang): T;
  /** Makes `lang`'s texts available. */
  provide(lang: Lang, texts: T): void;
  /** What loads a missing language (it calls `provide`); called at most until it has provided it. */
  onMissing(loader: ((lang: Lang) => void) | undefined): void;
}

export function lazyTexts<T>(name: string, en: T): LazyTexts<T> {
  const provided: Partial<Record<Lang, T>> = { en };
  let loader: ((lang: Lang) => void) | undefined;
  return {
    get(lang) {
      const found = provided[lang];
      if (found) return found;
      try {
        loader?.(lang);
      } catch (error) {
        console.error(`${name} texts (${lang}) not loaded`, error);
      }
      const loaded = provided[lang];
      if (loaded) return loaded;
      console.error(`${name} texts (${lang}) missing: English used`);
      return en;
    },
    provide(lang, texts) {
      provided[lang] = texts;
    },
    onMissing(next) {
      loader = next;
    },
  };
}
