/**
 * What the calendars (lib/calendar/calendars.ts) and the tab rule (lib/calendar/auto-join-service.ts)
 * keep in their IndexedDB store, and their alarms' names: a start of the worker reads this much
 * (lib/background/calendar-services.ts, `wakeCalendars`) before it builds the calendars and the tab
 * rule, so that a start with nothing stored for them does no calendar work; the listeners
 * (lib/background/index.ts) know the alarms by these names.
 */
import type { AutoJoinEntry } from './auto-join';

/** The calendars (with their private addresses and occurrences). */
export const CALENDARS_KEY = 'calendars';
/** One record per occurrence a calendar served (or is serving: `sending`). */
export const DISPATCH_KEY = 'dispatch';
/** Notices already shown (a balance warning once a day). */
export const NOTICES_KEY = 'notices';
/** The tab rule's countdowns and what came of them. */
export const AUTO_JOIN_KEY = 'autoJoin';

export const CALENDAR_SYNC_ALARM = 'calendar-sync';
export const CALENDAR_DISPATCH_ALARM = 'calendar-dispatch';
export const AUTO_JOIN_ALARM = 'auto-join';

/** The reading of a KeyValueStore this module needs (lib/kv.ts). */
export interface KeyReader {
  get<T>(key: string): Promise<T | undefined>;
}

/** Whether at least one calendar is configured. */
export async function hasCalendars(kv: KeyReader): Promise<boolean> {
  const calendars = await kv.get<unknown[]>(CALENDARS_KEY);
  return Array.isArray(calendars) && calendars.length > 0;
}

/**
 * Whether a start of the worker has anything for the calendars or the tab rule: a calendar (its
 * due meetings are served, a send of one that a stop interrupted is settled from the jobs, and its
 * alarms, which the browser may have dropped, are re-armed), or a countdown of the tab rule still
 * running or whose send a stop interrupted. Anything else (records of sends long done, cancelled
 * countdowns) waits for the events that read it. A calendar's dispatch records are settled from
 * its planned meetings, so without a calendar there is none to settle.
 */
export async function calendarsHaveWork(kv: KeyReader): Promise<boolean> {
  const [calendars, entries] = await Promise.all([
    hasCalendars(kv),
    kv.get<Pick<AutoJoinEntry, 'state'>[]>(AUTO_JOIN_KEY),
  ]);
  if (calendars) return true;
  return (
    Array.isArray(entries) &&
    entries.some((entry) => entry?.state === 'counting' || entry?.state === 'sending')
  );
}
