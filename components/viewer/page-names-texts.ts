/** Text of the names offered from the meeting page, in English and Russian. */
import { computed } from '@preact/signals';
import { defineMessages } from '@/lib/i18n';
import { lang } from '../lang';

const texts = defineMessages(
  {
    pageNames: 'Names from the meeting page:',
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
    pageNames: 'Имена со страницы встречи:',
    useThem: 'Применить',
    edit: 'Изменить',
    evidence: 'Почему эти имена',
    unnamed: 'Без имени',
    notApplied: (count: number) => `Не сохранено имён: ${count}. Попробуйте ещё раз или измените вручную.`,
  },
);

export const pageNamesText = computed(() => texts[lang.value]);
