/**
 * The worker's texts in Russian, handed to their catalogs when the worker starts: its notices and
 * menus, the failure sentences (the service's errors among them), the charge incidents and the
 * jobs' states. English comes with each catalog's code.
 */
import { provideChargeTexts } from '@/lib/charges/texts';
import { ru as chargesRu } from '@/lib/charges/texts-ru';
import { provideFailureTexts } from '@/lib/failures/texts';
import { ru as failuresRu } from '@/lib/failures/texts-ru';
import { provideJobTexts } from '@/lib/jobs/describe';
import { ru as jobsRu } from '@/lib/jobs/describe-ru';
import { provideBackgroundTexts } from './texts';
import { ru as backgroundRu } from './texts-ru';

export function provideRussianTexts(): void {
  provideBackgroundTexts('ru', backgroundRu);
  provideFailureTexts('ru', failuresRu);
  provideChargeTexts('ru', chargesRu);
  provideJobTexts('ru', jobsRu);
}
