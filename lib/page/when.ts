import type { Lang } from '@/lib/i18n';

/** Local date and time in the UI's language: "Wed, 4 Mar, 10:00" (Russian "ср, 4 мар., 10:00"). */
export function formatWhen(ms: number, lang: Lang): string {
  return formatter(lang).format(ms);
}

/** A formatter costs far more to make than to use (the panels format on every update): one per language. */
const formatters = new Map<Lang, Intl.DateTimeFormat>();
function formatter(lang: Lang): Intl.DateTimeFormat {
  let found = formatters.get(lang);
  if (!found) {
    found = new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(lang, found);
  }
  return found;
}
