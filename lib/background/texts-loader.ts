/**
 * The worker's Russian texts come with its part `texts-ru` (lib/background/parts.ts), loaded the
 * first time a text in Russian is asked for: a notification, a menu, a failure sentence, a job's
 * state. Each catalog's hook loads the part, which provides all of them at once. English is in
 * background.js and never loads anything.
 */
import { onMissingChargeTexts, provideChargeTexts } from '@/lib/charges/texts';
import { onMissingFailureTexts, provideFailureTexts } from '@/lib/failures/texts';
import type { Lang } from '@/lib/i18n';
import { onMissingJobTexts, provideJobTexts } from '@/lib/jobs/describe';
import type { Parts } from './parts';
import { onMissingBackgroundTexts, provideBackgroundTexts } from './texts';

/** Sets the catalogs' hooks; `loadRussian` loads the part synchronously (`() => part('texts-ru')`). */
export function loadTextsOnDemand(loadRussian: () => Parts['texts-ru']): void {
  const load = (lang: Lang) => {
    if (lang !== 'ru') return;
    const ru = loadRussian();
    provideBackgroundTexts('ru', ru.background);
    provideFailureTexts('ru', ru.failures);
    provideChargeTexts('ru', ru.charges);
    provideJobTexts('ru', ru.jobs);
  };
  onMissingBackgroundTexts(load);
  onMissingFailureTexts(load);
  onMissingChargeTexts(load);
  onMissingJobTexts(load);
}
