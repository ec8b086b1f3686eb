/**
 * Pages load the Russian catalog when it comes into force (components/lang.ts), the worker its
 * Russian texts at its start (lib/background/texts-provided.ts); unit tests
 * call `describeError(..., 'ru')` (lib/failures, whose Russian comes with this catalog), word the
 * background's notices and render components in either language directly, so every catalog is
 * loaded before they run.
 */
import { loadCatalog } from '@/components/catalog';
import { backgroundTextRegistry } from '@/lib/background/texts';
import { ru as backgroundRu } from '@/lib/background/texts-ru';
import { jobTextRegistry } from '@/lib/jobs/describe';
import { ru as jobsRu } from '@/lib/jobs/describe-ru';

await loadCatalog('ru');
backgroundTextRegistry.provide('ru', backgroundRu);
jobTextRegistry.provide('ru', jobsRu);
