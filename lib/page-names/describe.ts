/**
 * The words of a suggestion, in English and Russian: its evidence ("spoke 12 min, 94 % of
 * Speaker 1's time") and the summary of a matching ("Anna Petrova, Tom Becker, 1 unnamed").
 * Labels are shown as the viewer shows them (`SPEAKER_01` reads "Speaker 1").
 */
import { speakerLabel } from '@/lib/format/speakers';
import { formatDuration } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import type { Matching, Suggestion } from './match';

const percent = (share: number) => Math.max(0, Math.min(100, Math.round(share * 100)));

/** Why a name was suggested, or how far the best candidate got when none was. */
export function describeEvidence(suggestion: Suggestion, lang: Lang): string {
  const label = speakerLabel(suggestion.label, lang);
  const time = formatDuration(suggestion.seconds, lang);
  const share = percent(suggestion.coverage);
  if (suggestion.name !== null && suggestion.basis === 'alone') {
    return lang === 'ru'
      ? `говорил(а) ${time} один(одна), горела только эта плитка (${share} % времени «${label}» без других)`
      : `spoke ${time} alone, the only tile lit then (${share} % of ${label}’s time alone)`;
  }
  if (suggestion.name !== null) {
    return lang === 'ru'
      ? `говорил(а) ${time}, ${share} % времени «${label}»`
      : `spoke ${time}, ${share} % of ${label}’s time`;
  }
  if (suggestion.reason === 'unaligned') {
    return lang === 'ru'
      ? 'время страницы не удалось совместить с записью'
      : 'the page’s timeline could not be matched to the recording';
  }
  if (suggestion.reason === 'none' || suggestion.seconds <= 0) {
    return lang === 'ru'
      ? 'на странице никто не говорил в это время'
      : 'nobody on the page spoke at these times';
  }
  if (suggestion.reason === 'taken' && suggestion.takenBy) {
    const other = speakerLabel(suggestion.takenBy, lang);
    return lang === 'ru'
      ? `больше всего похоже на ${suggestion.best} (${time}, ${share} %), но это имя уже у «${other}»`
      : `most like ${suggestion.best} (${time}, ${share} %), a name already given to ${other}`;
  }
  return lang === 'ru'
    ? `больше всего похоже на ${suggestion.best} (${time}, ${share} % времени «${label}»), этого мало для уверенности`
    : `most like ${suggestion.best} (${time}, ${share} % of ${label}’s time), too little to be sure`;
}

/** "Anna Petrova, Tom Becker, 1 unnamed" ("…, 1 без имени"); '' when there is nothing to say. */
export function describeMatching(matching: Matching, lang: Lang): string {
  const named = matching.suggestions.filter((s) => s.name !== null).map((s) => s.name!);
  const unnamed = matching.suggestions.length - named.length;
  const parts = [...new Set(named)];
  if (unnamed > 0) parts.push(lang === 'ru' ? `${unnamed} без имени` : `${unnamed} unnamed`);
  return parts.join(', ');
}
