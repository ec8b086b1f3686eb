/**
 * The extension's own message catalogs (English and Russian). chrome.i18n follows the browser's
 * UI language only; the user can pick the language in options, so pages and injected UI read
 * catalogs from here. Each feature declares its catalog next to its code with `defineMessages`,
 * and the Russian half must have exactly the English keys (checked by the type system).
 */
/** The two languages the extension speaks. */
export type Lang = 'en' | 'ru';

export type LanguageSetting = 'auto' | Lang;

type Message = string | ((...args: never[]) => string);
export type Catalog = Record<string, Message>;

/** A catalog in both languages; `ru` must have the same keys and signatures as `en`. */
export function defineMessages<T extends Catalog>(en: T, ru: { [K in keyof T]: T[K] }): Record<Lang, T> {
  return { en, ru };
}

/** The browser's preferred language mapped onto the two we speak; English unless it is Russian. */
export function detectLang(languages: readonly string[] | undefined): Lang {
  for (const tag of languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ru') return 'ru';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/** The language in force: the user's choice, or the browser's when the choice is `auto`. */
export function resolveLang(setting: LanguageSetting, languages?: readonly string[]): Lang {
  if (setting === 'en' || setting === 'ru') return setting;
  return detectLang(languages ?? (typeof navigator === 'undefined' ? [] : navigator.languages));
}
