/**
 * How long something was waited for, as a person says it; a module of its own so that the
 * pages and the background sharing ./time.ts do not carry it.
 */
import type { Lang } from '@/lib/i18n';

/** Minutes (at least one), or whole hours from two hours on: "45 min", "3 h" ("45 мин", "3 ч"). */
export function formatWait(ms: number, lang: Lang): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 120) return lang === 'en' ? `${minutes} min` : `${minutes} мин`;
  const hours = Math.round(minutes / 60);
  return lang === 'en' ? `${hours} h` : `${hours} ч`;
}
