/**
 * The worker's texts in Russian, handed to their catalogs when the worker starts: its notices and
 * menus, the failure sentences (the service's errors among them), the charge incidents and the
 * jobs' states. English comes with each catalog's code.
 */
import { chargeTextRegistry } from '@/lib/charges/texts';
import { ru as chargesRu } from '@/lib/charges/texts-ru';
import { failureTextRegistry } from '@/lib/failures/texts';
import { ru as failuresRu } from '@/lib/failures/texts-ru';
import { jobTextRegistry } from '@/lib/jobs/describe';
import { ru as jobsRu } from '@/lib/jobs/describe-ru';
import { backgroundTextRegistry } from './texts';
import { ru as backgroundRu } from './texts-ru';

export function provideRussianTexts(): void {
  backgroundTextRegistry.provide('ru', backgroundRu);
  failureTextRegistry.provide('ru', failuresRu);
  chargeTextRegistry.provide('ru', chargesRu);
  jobTextRegistry.provide('ru', jobsRu);
}
