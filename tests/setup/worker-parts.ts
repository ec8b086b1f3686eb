/**
 * In the worker a part is a script loaded with `importScripts` (lib/background/parts.ts); Node has
 * none, so the parts the background loads on demand are registered here, as their scripts do.
 */
import { definePart } from '@/lib/background/parts';
import * as calendars from '@/lib/background/parts/calendars';

definePart('calendars', calendars);
