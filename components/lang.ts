/** The page language: the user's setting resolved against the browser's, kept live. */
import { computed, signal } from '@preact/signals';
import { type Lang, resolveLang } from '@/lib/i18n';
import { getSettings, settingsItem } from '@/lib/storage';
import { messages } from './messages';

export const lang = signal<Lang>(resolveLang('auto'));
/** The catalog of the page language. */
export const text = computed(() => messages[lang.value]);

function apply(next: Lang): void {
  lang.value = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

/** Reads the language setting and follows its changes (options page, another window). */
export async function initLang(): Promise<void> {
  apply(resolveLang('auto'));
  try {
    apply(resolveLang((await getSettings()).language));
    settingsItem.watch((settings) => apply(resolveLang(settings?.language ?? 'auto')));
  } catch {
    // Storage unavailable (tests without a browser): the browser language stays.
  }
}
