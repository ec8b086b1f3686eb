/**
 * A compact choice of the space, the default one first. Shown with a single space too: every
 * control that spends the balance names the space it spends (signed out, there is none). Each option says the space's time left in the one wording of durations (`10 h 00 min`); the
 * select's title holds the chosen option's full text, for where the select is narrower.
 */
import { formatDuration } from '@/lib/format/time';
import { h, setAttr } from './dom';
import type { PageState } from './page-state';

export function spacePicker(state: PageState, isBusy: () => boolean) {
  const select = h('select', {
    onChange: () => {
      state.spaceId = Number(select.value);
    },
  });
  let drawn = '';
  return {
    element: select,
    update() {
      const spaces = state.spaces;
      select.hidden = spaces.length === 0;
      const texts = spaces.map((space) =>
        space.isActive
          ? state.t('spaceOption', {
              name: space.name,
              left: formatDuration(space.availableSeconds, state.lang),
            })
          : state.t('spaceNotPaid', { name: space.name }),
      );
      const key = spaces.map((space, i) => `${space.id}\n${texts[i]}`).join('\n');
      if (key !== drawn) {
        drawn = key;
        select.replaceChildren(
          ...spaces.map((space, i) => h('option', { value: String(space.id) }, texts[i] ?? '')),
        );
      }
      const value = String(state.spaceId ?? '');
      if (select.value !== value) select.value = value;
      setAttr(select, 'aria-label', state.t('space'));
      setAttr(select, 'title', select.selectedOptions[0]?.textContent || state.t('space'));
      select.disabled = isBusy();
    },
  };
}
