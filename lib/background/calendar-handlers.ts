/**
 * The background side of the calendar messages (privileged: extension pages only). The full
 * calendar address arrives once, in `calendars.add`, and never leaves the background again.
 */

import { CalendarAddError } from '@/lib/calendar/calendars';
import type { CalendarView } from '@/lib/calendar/types';
import { originOf } from '@/lib/permissions';
import { type Handlers, MessageError } from './handler-types';
import type { Background } from './types';

type CalendarMessages =
  | 'calendars.list'
  | 'calendars.add'
  | 'calendars.remove'
  | 'calendars.setRule'
  | 'calendars.sync'
  | 'upcoming.list'
  | 'upcoming.skip'
  | 'upcoming.sendNow';

/** A refusal of `calendars.add` as the plain error object pages describe. */
function refusal(error: CalendarAddError, address: string): MessageError {
  const info = error.info;
  if (info.kind === 'invalid-address')
    return new MessageError({ kind: 'calendar', reason: 'invalid-address', problem: info.problem });
  if (info.kind === 'too-many') return new MessageError({ kind: 'calendar', reason: 'too-many' });
  if (info.kind === 'permission') {
    return new MessageError({
      kind: 'permission-denied',
      origin: originOf(address.trim().replace(/^webcals?:/i, 'https:')),
    });
  }
  return new MessageError({
    kind: 'calendar',
    reason: info.kind,
    ...(info.status ? { status: info.status } : {}),
  });
}

export function createCalendarHandlers(bg: Background): Pick<Handlers, CalendarMessages> {
  return {
    'calendars.list': () => bg.calendar.calendars.list(),

    'calendars.add': async ({ address }): Promise<CalendarView> => {
      try {
        const added = await bg.calendar.calendars.add(address);
        void bg.calendar.balanceShortfalls({ notify: true }).catch(() => undefined);
        return added;
      } catch (error) {
        if (error instanceof CalendarAddError) throw refusal(error, address);
        throw error;
      }
    },

    'calendars.remove': ({ id }) => bg.calendar.calendars.remove(id),

    'calendars.setRule': ({ id, rule }) => bg.calendar.calendars.setRule(id, rule),

    'calendars.sync': async () => {
      await bg.calendar.sync();
      return bg.calendar.calendars.list();
    },

    'upcoming.list': async () => {
      const items = await bg.calendar.calendars.upcoming();
      const calendars = await bg.calendar.calendars.any();
      const shortfalls = await bg.calendar.balanceShortfalls().catch(() => []);
      return { items, shortfalls, calendars };
    },

    'upcoming.skip': ({ key, skip }) => bg.calendar.calendars.skip(key, skip),

    'upcoming.sendNow': ({ key }) => bg.calendar.calendars.sendNow(key),
  };
}
