/**
 * Dates and times of day as the page controls say them (a schedule) and as the background's
 * notices say them (the session's end); apart from ./time.ts, which the pages share, so the popup
 * carries none.
 */
import type { Lang } from '@/lib/i18n';

/** Local date and time in the UI's language: "Wed, 4 Mar, 10:00" (Russian "ср, 4 мар., 10:00"). */
export function formatWhen(ms: number, lang: Lang): string {
  // A formatter costs far more to make than to use (the panels format on every update): one per language.
  whenFormatters[lang] ??= new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return whenFormatters[lang].format(ms);
}

const whenFormatters: Partial<Record<Lang, Intl.DateTimeFormat>> = {};

/**
 * Local date with the year and time in the UI's language, for a moment that may be months away
 * (the session notice): "4 Mar 2026, 09:05" (Russian "4 мар. 2026 г., 09:05").
 */
export function formatDateAndTime(ms: number, lang: Lang): string {
  dateAndTimeFormatters[lang] ??= new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return dateAndTimeFormatters[lang].format(ms);
}

const dateAndTimeFormatters: Partial<Record<Lang, Intl.DateTimeFormat>> = {};

/** A local date and time with no language, for a title: "2026-03-04 09:05". */
export function formatLocalStamp(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
