/** Speaker names for display: an unlabelled voice (`SPEAKER_03`) reads "Speaker 3" / "Спикер 3". */
import type { Lang } from '@/lib/i18n';

const UNLABELLED = /^SPEAKER_(\d+)$/i;

export function speakerLabel(name: string, lang: Lang): string {
  const trimmed = name.trim();
  const match = UNLABELLED.exec(trimmed);
  if (match) return `${lang === 'ru' ? 'Спикер' : 'Speaker'} ${Number.parseInt(match[1]!, 10)}`;
  return trimmed === '' ? (lang === 'ru' ? 'Без имени' : 'Unnamed') : trimmed;
}
