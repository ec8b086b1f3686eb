/**
 * Pages load the Russian catalog when it comes into force (components/lang.ts); unit tests call
 * `describeError(..., 'ru')` (lib/failures, whose Russian comes with this catalog) and render components in either language directly, so every catalog
 * is loaded before they run.
 */
import { loadCatalog } from '@/components/catalog';

await loadCatalog('ru');
