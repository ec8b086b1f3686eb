/**
 * The text catalogs of the pages, a lazy-texts registry as the other catalogs (lib/lazy-texts.ts).
 * English comes with the page's first script; another language's catalog is loaded when it comes
 * into force (components/lang.ts switches once it is loaded), together with that language's
 * failure sentences (lib/failures; components/failures.ts loads the rest of the failure wording
 * when first needed) and charge incident texts (lib/charges): components/catalog-ru.ts.
 */
import type { Lang } from '@/lib/i18n';
import { lazyTexts } from '@/lib/lazy-texts';
import { type Catalog, en } from './messages-en';

const catalogRegistry = lazyTexts<Catalog>('page', en);

/** Loads the catalog of `lang` (once); English is always there. */
export async function loadCatalog(lang: Lang): Promise<Catalog> {
  // With the Russian of the failure sentences' and charge incidents' registries (not imported
  // here: English pages load them only when they show a failure or an incident).
  if (lang !== 'en') {
    const russian = await import('./catalog-ru');
    russian.provideRussian();
    catalogRegistry.provide(lang, russian.ru);
  }
  return catalogRegistry.get(lang);
}

/** The catalog of `lang`: a page renders `lang` only once it is loaded. */
export const catalog = (lang: Lang): Catalog => catalogRegistry.get(lang);
