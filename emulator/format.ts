/** Time formatting in the service's time zone (Europe/Moscow, UTC+03:00, no daylight saving). */

const SERVICE_OFFSET_MINUTES = 180;
const OFFSET_TEXT = '+03:00';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Calendar fields of an instant as seen in the service's time zone. */
function localParts(ms: number) {
  const d = new Date(ms + SERVICE_OFFSET_MINUTES * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** `2026-11-20T09:15:02.123456+03:00` from microseconds since the epoch (Django's DateTimeField). */
export function isoMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const p = localParts(ms);
  const fraction = pad(micros - Math.floor(micros / 1_000_000) * 1_000_000, 6);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${fraction}${OFFSET_TEXT}`;
}

/** `YYYY-MM-DD` in the service's time zone. */
export function isoDate(ms: number): string {
  const p = localParts(ms);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** `2026-11-22 10-00`, as used in bot recording titles. */
export function titleStamp(ms: number): string {
  const p = localParts(ms);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}-${pad(p.minute)}`;
}

/** `20261122T101500Z`, the X-Amz-Date format (UTC). */
export function amzDate(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/[-:]/g, '').replace('.000', '');
}

/** Parses an X-Amz-Date back to milliseconds, or NaN. */
export function parseAmzDate(text: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}
