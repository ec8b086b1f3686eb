/** The size of a text as the viewer shows it; apart from ./time.ts so the popup does not carry it. */
import type { Lang } from '@/lib/i18n';

/** Characters as megabytes of text, e.g. "52.4 MB" (a character of these protocols is about a byte). */
export function formatTextMegabytes(chars: number, lang: Lang): string {
  const value = (chars / 1_000_000).toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    maximumFractionDigits: 1,
  });
  return lang === 'ru' ? `${value} МБ` : `${value} MB`;
}
