/**
 * Text of the popup, the viewer and the options page, in English and Russian. The pages do not
 * import this module: they load English with their first script and Russian only when it is the
 * language in force (components/lang.ts). Tests and tools that want both read them here.
 */
import { defineMessages } from '@/lib/i18n';
import { en } from './messages-en';
import { ru } from './messages-ru';

export const messages = defineMessages(en, ru);
