/**
 * The worker part with every Russian text the worker shows: its notifications and menus, the
 * failure sentences (the service's errors among them), the charge incidents and the jobs' states.
 * Loaded the first time a text in Russian is needed (lib/background/texts-loader.ts); English
 * stays in background.js.
 */

export { ru as charges } from '@/lib/charges/texts-ru';
export { ru as failures } from '@/lib/failures/texts-ru';
export { ru as jobs } from '@/lib/jobs/describe-ru';
export { ru as background } from '../texts-ru';
