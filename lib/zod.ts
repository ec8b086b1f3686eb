/**
 * zod's functional build (`zod/mini`) with its global settings, for every schema of the extension.
 * Same validation as the chained build, a fraction of its code: the background parses what enters
 * it (service answers, messages) and is started again at every alarm, so its size is start time.
 *
 * - English issue messages, as the chained build gives by default (the mini build has none).
 * - `jitless`: schemas are interpreted, never compiled with `new Function`; extension pages and
 *   the service worker forbid eval, and the probe for it would be refused at every start.
 */
import * as z from 'zod/mini';

z.config({ ...z.locales.en(), jitless: true });

export { z };
