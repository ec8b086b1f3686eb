/**
 * Text of the protocol lines' suggested sources (the viewer, the popup and the side panel) and of
 * the transcript's lines citing an utterance, in English and Russian. Loaded with those views, not
 * with a page's first script. Sources are suggestions: nothing here says they are verified.
 */
import { computed } from '@preact/signals';
import { defineMessages } from '@/lib/i18n';
import { lang } from '../lang';

const texts = defineMessages(
  {
    linking: 'Looking for the sources of the protocol’s lines…',
    failed: (message: string) => `The protocol’s lines have no suggested sources now: ${message}`,
    retry: 'Try again',
    summary: (found: number, total: number) =>
      `Suggested sources for ${found} of ${total} ${total === 1 ? 'line' : 'lines'}: places in the transcript found by their words, not a proof.`,
    incomplete:
      'This protocol is too long to look for the sources of every line: the lines past the limit say “not looked for”.',
    noLines: 'This protocol has no list items or paragraphs to look for sources of.',
    unplaced: 'Lines not found on the page as rendered',
    // The control beside each line (its accessible name and tooltip).
    sourcesCount: (n: number) => (n === 1 ? '1 suggested source' : `${n} suggested sources`),
    noSource: 'No source found',
    notLookedFor: 'Sources not looked for',
    // The panel it opens.
    panelLabel: (line: string) => `Suggested sources of “${line}”`,
    suggestedHint: 'Where this may have been said (suggested by matching words):',
    noSourceHint: 'No source found: nothing said in the transcript matches this line well enough.',
    notLookedForHint: 'Not looked for: this protocol has more lines than are checked for sources.',
    unknownPlace: 'This place is not in the transcript shown.',
    showInTranscript: 'Show in the transcript',
    openInTranscript: 'Open in the transcript',
    showAt: (speaker: string, time: string) => `Show in the transcript: ${speaker} at ${time}`,
    openAt: (speaker: string, time: string) => `Open in the transcript (new tab): ${speaker} at ${time}`,
    // The transcript.
    citedBy: (n: number) => (n === 1 ? 'Cited by 1 protocol line' : `Cited by ${n} protocol lines`),
    citingLines: 'Protocol lines citing this',
    backToLine: (line: string) => `Back to the line: ${line}`,
    // The Markdown export.
    exportTitle: 'Suggested sources of the protocol’s lines',
    exportNone: 'no source found',
    exportNotLookedFor: 'not looked for',
  },
  {
    linking: 'Ищем источники строк протокола…',
    failed: (message: string) => `Предполагаемые источники строк протокола сейчас недоступны: ${message}`,
    retry: 'Повторить',
    summary: (found: number, total: number) =>
      `Предполагаемые источники найдены для строк: ${found} из ${total}. Это места расшифровки, найденные по словам, а не доказательство.`,
    incomplete:
      'Протокол слишком длинный, чтобы искать источники каждой строки: у строк за пределом написано «не искали».',
    noLines: 'В протоколе нет пунктов списков или абзацев, для которых можно искать источники.',
    unplaced: 'Строки, не найденные на странице',
    sourcesCount: (n: number) => `Предполагаемых источников: ${n}`,
    noSource: 'Источник не найден',
    notLookedFor: 'Источники не искали',
    panelLabel: (line: string) => `Предполагаемые источники строки «${line}»`,
    suggestedHint: 'Где это могло прозвучать (предположение по совпадению слов):',
    noSourceHint: 'Источник не найден: ничто в расшифровке не совпадает с этой строкой достаточно.',
    notLookedForHint: 'Не искали: в протоколе больше строк, чем проверяется на источники.',
    unknownPlace: 'Этого места нет в показанной расшифровке.',
    showInTranscript: 'Показать в расшифровке',
    openInTranscript: 'Открыть в расшифровке',
    showAt: (speaker: string, time: string) => `Показать в расшифровке: ${speaker}, ${time}`,
    openAt: (speaker: string, time: string) => `Открыть в расшифровке (новая вкладка): ${speaker}, ${time}`,
    citedBy: (n: number) => `Источник для строк протокола: ${n}`,
    citingLines: 'Строки протокола, ссылающиеся на это место',
    backToLine: (line: string) => `Вернуться к строке: ${line}`,
    exportTitle: 'Предполагаемые источники строк протокола',
    exportNone: 'источник не найден',
    exportNotLookedFor: 'не искали',
  },
);

export const sourcesText = computed(() => texts[lang.value]);
export { texts as sourcesTexts };
