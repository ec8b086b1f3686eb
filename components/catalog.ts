/**
 * The text catalogs of the pages. English comes with the page's first script; another language's
 * catalog is loaded when it comes into force (components/lang.ts switches once it is loaded),
 * together with that language's failure sentences (lib/failures; components/failures.ts loads
 * the rest of the failure wording when first needed) and charge incident texts (lib/charges):
 * components/catalog-ru.ts.
 */
import type { Lang } from '@/lib/i18n';
import { type Catalog, en } from './messages-en';

const catalogs: Partial<Record<Lang, Catalog>> = { en };
const loaders: Record<Lang, () => Promise<Catalog>> = {
  en: async () => en,
  ru: async () => {
    // With the Russian of the failure sentences' and charge incidents' registries (not imported
    // here: English pages load them only when they show a failure or an incident).
    const russian = await import('./catalog-ru');
    russian.provideRussian();
    return russian.ru;
  },
};

/** Loads the catalog of `lang` (once); English is always there. */
export async function loadCatalog(lang: Lang): Promise<Catalog> {
  const loaded = catalogs[lang] ?? (await loaders[lang]());
  catalogs[lang] = loaded;
  return loaded;
}

/** The catalog of `lang` if loaded, else English (a page renders `lang` only once it is loaded). */
export function catalog(lang: Lang): Catalog {
  return catalogs[lang] ?? en;
}
