import type { Lang } from '@/lib/i18n';

/** Local date and time in the UI's language: "Wed, 4 Mar, 10:00" (Russian "ср, 4 мар., 10:00"). */
export function formatWhen(ms: number, lang: Lang): string {
  // A formatter costs far more to make than to use (the panels format on every update): one per language.
  formatters[lang] ??= new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return formatters[lang].format(ms);
}

const formatters: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
