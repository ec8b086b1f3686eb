/**
 * What Russian brings to a page, loaded as one piece when it comes into force (components/catalog.ts):
 * the pages' catalog, and the Russian of the registries the pages read, the failure sentences
 * (lib/failures) and the charge incidents (lib/charges). English pages load none of it.
 */
import { chargeTextRegistry } from '@/lib/charges/texts';
import { ru as charges } from '@/lib/charges/texts-ru';
import { failureTextRegistry } from '@/lib/failures/texts';
import { ru as failures } from '@/lib/failures/texts-ru';

export { ru } from './messages-ru';

/** Hands the registries their Russian. */
export function provideRussian(): void {
  failureTextRegistry.provide('ru', failures);
  chargeTextRegistry.provide('ru', charges);
}
