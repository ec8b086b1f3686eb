/** Times, sizes and dates as the pages show them. Pure functions, no browser APIs. */
import type { Lang } from '@/lib/i18n';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Whole milliseconds of a time in seconds, never negative. */
function millisOf(seconds: number): number {
  return Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 1000));
}

/**
 * A cue timestamp: `HH:MM:SS,mmm` for SRT (`separator` `,`), `HH:MM:SS.mmm` for WebVTT (`.`).
 * Hours grow past two digits when needed.
 */
export function formatCueTime(seconds: number, separator: ',' | '.'): string {
  const total = millisOf(seconds);
  const ms = total % 1000;
  const s = Math.floor(total / 1000);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}${separator}${pad(ms, 3)}`;
}

/** A transcript clock: `m:ss` below an hour, `h:mm:ss` from an hour on (whole seconds, rounded down). */
export function formatClock(seconds: number): string {
  const s = Math.floor(millisOf(seconds) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

const DURATION_UNITS: Record<Lang, { h: string; min: string; s: string }> = {
  en: { h: 'h', min: 'min', s: 's' },
  ru: { h: 'ч', min: 'мин', s: 'с' },
};

/**
 * A length or a balance in words, the one form every surface uses, so it can never be read as a
 * time of day: `10 h 00 min`, `12 min 30 s`, `12 min`, `45 s` (Russian `10 ч 00 мин`, ...).
 * From an hour up seconds are left out. Whole seconds, rounded down, so a balance never
 * promises more than there is.
 */
export function formatDuration(seconds: number, lang: Lang = 'en'): string {
  const u = DURATION_UNITS[lang];
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} ${u.h} ${pad(m)} ${u.min}`;
  if (m > 0) return s > 0 ? `${m} ${u.min} ${pad(s)} ${u.s}` : `${m} ${u.min}`;
  return `${s} ${u.s}`;
}

const UNITS: Record<Lang, string[]> = {
  en: ['B', 'KB', 'MB', 'GB', 'TB'],
  ru: ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'],
};

/** Bytes in binary units with one decimal from KB up (`25.0 MB`). */
export function formatBytes(bytes: number, lang: Lang = 'en'): string {
  let value = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  let unit = 0;
  while (value >= 1024 && unit < UNITS[lang].length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = unit === 0 ? String(Math.round(value)) : value.toFixed(1);
  return `${lang === 'ru' ? number.replace('.', ',') : number} ${UNITS[lang][unit]}`;
}

/** A transfer speed (`1.5 MB/s`). */
export function formatSpeed(bytesPerSecond: number, lang: Lang = 'en'): string {
  return `${formatBytes(bytesPerSecond, lang)}/${lang === 'ru' ? 'с' : 's'}`;
}

/** A date and time in the page's language, or the input when it is not a date. */
export function formatDateTime(value: string | number, lang: Lang): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * A time of day on the 24-hour clock: "09:05" (the upcoming meetings' "Bot at 10:00", the viewer's
 * "link valid until 14:30"), with `seconds` "09:05:07" (the deliveries log).
 */
export function formatTimeOfDay(ms: number, lang: Lang, seconds?: boolean): string {
  return new Date(ms).toLocaleTimeString(lang, { timeStyle: seconds ? 'medium' : 'short', hourCycle: 'h23' });
}

/** A calendar date (`YYYY-MM-DD` from the service) in the page's language. */
export function formatDate(value: string, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** Badge text for the elapsed time: "0:42", "9:59", "12m", "1h05" (at most four characters). */
export function formatBadgeElapsed(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  return hours > 9 ? `${hours}h` : `${hours}h${String(minutes % 60).padStart(2, '0')}`;
}
