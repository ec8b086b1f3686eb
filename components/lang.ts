/**
 * The page language: the user's setting resolved against the browser's, kept live. The language
 * switches once its catalog is loaded (components/catalog.ts), never a page half in one language.
 */
import { computed, signal } from '@preact/signals';
import { type Lang, resolveLang } from '@/lib/i18n';
import { getSettings, settingsItem } from '@/lib/storage';
import { catalog, loadCatalog } from './catalog';

export const lang = signal<Lang>('en');
/** The catalog of the page language. */
export const text = computed(() => catalog(lang.value));

let applied = Promise.resolve();
/** Switches to `next` once its catalog is loaded; switches are applied in the order asked. */
function apply(next: Lang): Promise<void> {
  applied = applied
    .then(() => loadCatalog(next))
    .then(
      () => {
        lang.value = next;
        if (typeof document !== 'undefined') document.documentElement.lang = next;
      },
      (error: unknown) => console.warn(`catalog ${next} not loaded`, error),
    );
  return applied;
}

/**
 * Reads the language setting and follows its changes (options page, another window). Resolves
 * when the page language's text is loaded: pages render after it.
 */
export async function initLang(): Promise<void> {
  const first = apply(resolveLang('auto'));
  try {
    const settings = await getSettings();
    settingsItem.watch((changed) => void apply(resolveLang(changed?.language ?? 'auto')));
    await apply(resolveLang(settings.language));
  } catch {
    // Storage unavailable (tests without a browser): the browser language stays.
    await first;
  }
}
