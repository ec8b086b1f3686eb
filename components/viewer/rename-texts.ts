/** Text of speaker renames in the viewer, in English and Russian. */
import { computed } from '@preact/signals';
import { defineMessages } from '@/lib/i18n';
import { lang } from '../lang';

const texts = defineMessages(
  {
    rename: 'Rename',
    renameVoice: (name: string) => `Rename ${name}`,
    speakerNameLabel: (label: string) => `Name of ${label}`,
    resetName: 'Service’s name',
    namesLocal:
      'Names given to speakers here are kept in this browser only (the service has no place for them). They are used in the transcript, the search and the exports.',
    namesNeedArchive: 'Speakers can be renamed once the result is kept in this browser (sign in first).',
    renameFailed: 'The name was not saved.',
    choicesFromPage: 'From the meeting page:',
    choicesFromEvent: 'From the calendar event:',
    choicesFromBoth: 'From the meeting page and the calendar event:',
    moreChoices: (count: number) => `Type in the field to find ${count} more.`,
  },
  {
    rename: 'Переименовать',
    renameVoice: (name: string) => `Переименовать: ${name}`,
    speakerNameLabel: (label: string) => `Имя для «${label}»`,
    resetName: 'Имя из сервиса',
    namesLocal:
      'Имена спикеров, данные здесь, хранятся только в этом браузере (в сервисе для них нет места). Они используются в расшифровке, поиске и экспорте.',
    namesNeedArchive:
      'Спикеров можно переименовать, когда результат сохранён в этом браузере (сначала войдите).',
    renameFailed: 'Имя не сохранено.',
    choicesFromPage: 'Со страницы встречи:',
    choicesFromEvent: 'Из события календаря:',
    choicesFromBoth: 'Со страницы встречи и из события календаря:',
    moreChoices: (count: number) => `Ещё имён: ${count}. Начните вводить имя в поле.`,
  },
);

export const renameText = computed(() => texts[lang.value]);
