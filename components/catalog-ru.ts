/**
 * What Russian brings to a page, loaded as one piece when it comes into force (components/catalog.ts):
 * the pages' catalog, and the Russian of the registries the pages read, the failure sentences
 * (lib/failures) and the charge incidents (lib/charges). English pages load none of it.
 */
import { provideChargeTexts } from '@/lib/charges/texts';
import { ru as charges } from '@/lib/charges/texts-ru';
import { provideFailureTexts } from '@/lib/failures/texts';
import { ru as failures } from '@/lib/failures/texts-ru';

export { ru } from './messages-ru';

/** Hands the registries their Russian. */
export function provideRussian(): void {
  provideFailureTexts('ru', failures);
  provideChargeTexts('ru', charges);
}
