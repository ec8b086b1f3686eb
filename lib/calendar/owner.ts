import { ownerAddress } from './rules';
import type { StoredCalendar } from './types';

/**
 * The owner's email: the one the user gave for this calendar, else the signed-in account's. Never
 * the feed's own name (X-WR-CALNAME): whoever writes the feed would choose whose meetings pass.
 */
export function ownerEmail(calendar: StoredCalendar, account: string | null): string | null {
  return ownerAddress(calendar.rule, account);
}
