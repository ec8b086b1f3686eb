/**
 * A time of day (the upcoming meetings' "Bot at 10:00"); a module of its own so that it stays
 * inside its one importer (components/app/Upcoming.tsx) and adds no chunk to the pages.
 */
import type { Lang } from '@/lib/i18n';

/** A time of day on the 24-hour clock: "09:05". */
export function formatTimeOfDay(ms: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(ms),
  );
}
