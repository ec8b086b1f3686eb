/** Text of the names offered from the meeting page, in English and Russian. */
import { computed } from '@preact/signals';
import { defineMessages } from '@/lib/i18n';
import { lang } from '../lang';

const texts = defineMessages(
  {
    namesFromMeeting: 'Names from the meeting:',
    useThem: 'Use them',
    edit: 'Edit',
    evidence: 'Why these names',
    unnamed: 'Unnamed',
    notApplied: (count: number) =>
      count === 1
        ? '1 name was not saved: try again or edit it.'
        : `${count} names were not saved: try again or edit them.`,
  },
  {
    namesFromMeeting: 'Имена со встречи:',
    useThem: 'Применить',
    edit: 'Изменить',
    evidence: 'Почему эти имена',
    unnamed: 'Без имени',
    notApplied: (count: number) => `Не сохранено имён: ${count}. Попробуйте ещё раз или измените вручную.`,
  },
);

export const namesText = computed(() => texts[lang.value]);
