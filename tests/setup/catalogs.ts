/**
 * Pages load the Russian catalog when it comes into force (components/lang.ts); unit tests call
 * `describeError(..., 'ru')` and render components in either language directly, so every catalog
 * is loaded before they run.
 */
import { loadCatalog } from '@/components/catalog';

await loadCatalog('ru');
