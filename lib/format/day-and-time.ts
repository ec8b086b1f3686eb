/**
 * When something happened, without the year (the charges log's incidents); a module of its own
 * so that it stays inside its one importer (lib/charges/texts.ts) and no page carries it twice.
 */
import type { Lang } from '@/lib/i18n';

/** Day, short month and time: "4 Mar, 10:00" (Russian "4 мар., 10:00"). */
export function formatDayAndTime(ms: number, lang: Lang): string {
  return new Date(ms).toLocaleString(lang === 'en' ? 'en-GB' : 'ru-RU', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
