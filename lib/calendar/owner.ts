import type { StoredCalendar } from './types';

/** The owner's email: a Google primary calendar is named by it; otherwise the signed-in account. */
export function ownerEmail(calendar: StoredCalendar, account: string | null): string | null {
  if (calendar.name && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(calendar.name)) return calendar.name.toLowerCase();
  return account;
}
